#!/usr/bin/env node
// Builds a fixture site with the real `astro build`: a copy of tests/fixtures/content/base with
// overlays (other folders under tests/fixtures/content/) and extra files written over it, so a
// build may write its permalinks.json into the copy and never into the repository.
// usage: node scripts/build-fixture.mjs <name> [overlay…]   (output in .out/fixture-<name>/; SITE_BASE applies)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const FIXTURES = 'tests/fixtures/content';

/** The content folder, output folder and cache of fixture `name` (all under .out/, git-ignored). */
export const fixturePaths = (name) => ({
  content: resolve('.out', `fixture-${name}-content`),
  // outDir inside the project keeps Astro's prerender chunks per build (docs/architecture.md).
  out: join('.out', `fixture-${name}`),
  cache: resolve('.out', `fixture-${name}-cache`),
});

/**
 * Lays out the content: base, then each overlay, then `files` (path → text; null deletes).
 * @param {string} name
 * @param {{ overlays?: string[], files?: Record<string, string | null> }} [options]
 */
export function prepareFixture(name, { overlays = [], files = {} } = {}) {
  const { content } = fixturePaths(name);
  rmSync(content, { recursive: true, force: true });
  for (const layer of ['base', ...overlays]) cpSync(join(FIXTURES, layer), content, { recursive: true });
  writeFiles(content, files);
  return content;
}

export function writeFiles(content, files) {
  for (const [path, text] of Object.entries(files)) {
    const file = join(content, path);
    if (text === null) rmSync(file, { force: true });
    else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  }
}

/** Runs `astro build` on the prepared content of `name`; returns its exit status and output. */
export function buildPrepared(name, env = {}) {
  const { content, out, cache } = fixturePaths(name);
  // Vitest puts Vite's import.meta.env values (BASE_URL=/, MODE, …) into process.env; in the child
  // they would override the build's own base, so they stay behind.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR'].includes(k)));
  const run = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    encoding: 'utf8',
    env: { ...inherited, TAIYAKU_CONTENT: content, TAIYAKU_OUT: out, TAIYAKU_CACHE: cache, FORCE_COLOR: '0', NO_COLOR: '1', ...env },
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}`, content, out };
}

export function buildFixture(name, options = {}) {
  prepareFixture(name, options);
  return buildPrepared(name, options.env);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [name, ...overlays] = process.argv.slice(2);
  if (!name) {
    console.error('usage: node scripts/build-fixture.mjs <name> [overlay…]');
    process.exit(2);
  }
  const r = buildFixture(name, { overlays });
  console.log(r.output);
  process.exit(r.status ?? 1);
}
