#!/usr/bin/env node
// `npm test`'s layer check: dependency-cruiser with the rules of .dependency-cruiser.cjs (the folder
// map at the top of docs/architecture.md). dependency-cruiser reads TypeScript and JavaScript but not
// .astro files, so the check runs on a copy of the tree (in the system's temporary folder, removed
// afterwards) in which each .astro file
// is also written as `<name>.astro.ts`: its frontmatter and its bundled <script> blocks, the only
// places a component imports from, with imports of `.astro` files pointing at those copies. A rule
// broken in a component is then reported as `src/…/X.astro.ts`. An import of a file as text
// (`X?raw`, which dependency-cruiser would read as an import of X's code) points at a copy `X.raw`
// instead, so the rules can tell the two apart.
// usage: node scripts/check-layers.mjs [root]   (exit 1 on any violation or cycle)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, globSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The import-bearing code of an .astro file, as TypeScript: frontmatter, then bundled scripts. */
export function astroImports(source) {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(source)?.[1] ?? '';
  const scripts = [...source.matchAll(/<script(?![^>]*\bis:inline)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const code = [front, ...scripts].join('\n;\n');
  // `import X from './Y.astro'` → the copy './Y.astro.ts' (query suffixes such as ?raw stay).
  return code.replace(/(['"])([^'"\n]+?\.astro)\1/g, (_, q, spec) => `${q}${spec}.ts${q}`);
}

/**
 * Points each `?raw` import of `code` (a file at `file` in the copy `out`) at an empty `X.raw` beside
 * X, written when X exists (so a text import of a missing file stays unresolved).
 */
export function rawImports(code, file, out) {
  return code.replace(/(['"])([^'"\n]+?)\?raw\1/g, (_, q, spec) => {
    const target = spec.startsWith('~/') ? join(out, 'src', spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(file), spec) : undefined;
    if (target !== undefined && existsSync(target)) writeFileSync(`${target}.raw`, '');
    return `${q}${spec}.raw${q}`;
  });
}

/** Lays out the copy of `root` that the check reads; returns its folder. */
export function prepare(root) {
  const out = mkdtempSync(join(tmpdir(), 'taiyaku-layers-'));
  for (const name of ['src', 'scripts', 'docs/examples']) {
    if (existsSync(join(root, name))) cpSync(join(root, name), join(out, name), { recursive: true });
  }
  for (const name of ['astro.config.mjs', 'tsconfig.json', '.dependency-cruiser.cjs']) {
    if (existsSync(join(root, name))) cpSync(join(root, name), join(out, name));
  }
  if (existsSync(join(root, 'node_modules'))) symlinkSync(resolve(root, 'node_modules'), join(out, 'node_modules'), 'dir');
  for (const file of globSync('src/**/*.astro', { cwd: out })) {
    writeFileSync(join(out, `${file}.ts`), astroImports(readFileSync(join(out, file), 'utf8')));
    rmSync(join(out, file));
  }
  for (const file of globSync('src/**/*.{ts,mts,mjs,js}', { cwd: out })) {
    const path = join(out, file);
    const code = readFileSync(path, 'utf8');
    if (code.includes('?raw')) writeFileSync(path, rawImports(code, path, out));
  }
  return out;
}

/** Runs the check on `root`; returns dependency-cruiser's exit status and report. */
export function checkLayers(root = process.cwd()) {
  const out = prepare(resolve(root));
  const bin = join(dirname(new URL(import.meta.url).pathname), '..', 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
  try {
    const run = spawnSync(process.execPath, [bin, '--config', '.dependency-cruiser.cjs', '--output-type', 'err-long', ...['src', 'scripts', 'astro.config.mjs'].filter((p) => existsSync(join(out, p)))], { cwd: out, encoding: 'utf8' });
    return { status: run.status ?? 1, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { status, output } = checkLayers(process.argv[2] ?? process.cwd());
  process.stdout.write(output);
  process.exit(status);
}
