#!/usr/bin/env node
// `npm test`: every check, in order of cost, stopping at the first failure:
// layers and cycles → the engines' type check (no DOM) → unit + content + fixture-build tests →
// astro check → the service worker's type check → originality → build under a sub-path → output
// checks → browser tests. Prints the time each stage took. First it checks that the machine has what
// the browser tests need (Chromium, a Japanese font), installing them when it can (scripts/preflight.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { preflight } from './preflight.mjs';

const BASE = '/taiyaku/'; // test the harder deployment: everything must work under a sub-path
const env = { ...process.env, SITE_BASE: BASE };
const bin = (name) => `node_modules/.bin/${name}`;
const stages = [
  ['layers and cycles (dependency-cruiser, .dependency-cruiser.cjs)', process.execPath, ['scripts/check-layers.mjs']],
  ['type check of the engines (tsc -p src/engines, no DOM)', bin('tsc'), ['-p', 'src/engines']],
  ['unit, content and fixture-build tests (vitest)', bin('vitest'), ['run']],
  ['type check (astro check)', bin('astro'), ['check']],
  ['type check of the service worker (tsc -p src/sw, WebWorker types)', bin('tsc'), ['-p', 'src/sw']],
  ['originality (../shared/tools/check-originality.mjs)', process.execPath, ['../shared/tools/check-originality.mjs'], () => existsSync('../shared/tools/check-originality.mjs')],
  [`build under ${BASE}`, bin('astro'), ['build']],
  ['output checks (links, anchors, lang, title, description, origins, script URLs, Content-Security-Policy, html-validate)', process.execPath, ['scripts/check-dist.mjs', 'dist']],
  ['browser tests (Playwright + axe, Debian Chromium)', bin('playwright'), ['test']],
];

if (!preflight()) process.exit(1);

const times = [];
for (const [name, cmd, args, when] of stages) {
  if (when && !when()) {
    console.log(`\n── ${name}: skipped (not available here)`);
    continue;
  }
  console.log(`\n── ${name}`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { stdio: 'inherit', env });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  times.push(`${secs.padStart(6)} s  ${name}`);
  if (run.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${run.status ?? run.signal}) after ${secs} s`);
    process.exit(1);
  }
}
console.log(`\n✓ all checks passed\n${times.join('\n')}`);
