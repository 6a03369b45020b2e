import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// Browser tests run against the built site served under a sub-path, the harder deployment case.
// Debian's Chromium only: no test tool downloads a browser (see docs/testing.md).
const port = Number(process.env.E2E_PORT ?? 4327);
export const BASE = process.env.SITE_BASE ?? '/taiyaku/';
/**
 * A second site, built from tests/fixtures/content (base + moved + official + history + pairs): redirects and moved
 * anchors, invented official text beside the explanations, and an earlier edition of it.
 */
export const FIXTURE_PORT = port + 1;
const fixture = 'e2e-fixture';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      // --ignore-lock: another preview of this project (another build folder) may already be running
      command: `npx astro preview --port ${port} --ignore-lock`,
      url: `http://localhost:${port}${BASE}`,
      env: { SITE_BASE: BASE },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `"${process.execPath}" scripts/build-fixture.mjs ${fixture} moved official history pairs && npx astro preview --port ${FIXTURE_PORT} --ignore-lock`,
      url: `http://localhost:${FIXTURE_PORT}${BASE}`,
      // Fewer search fragment files than the fixture has pages a language: its search runs on fragment groups (tests/e2e/search-groups.spec.ts).
      env: { SITE_BASE: BASE, TAIYAKU_OUT: `.out/fixture-${fixture}`, TAIYAKU_CONTENT: resolve(`.out/fixture-${fixture}-content`), TAIYAKU_SEARCH_FRAGMENTS: '4' },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
