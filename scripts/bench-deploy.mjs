#!/usr/bin/env node
// `npm run bench:deploy`: a full deployment, assembled from fetched and generated files into a
// scratch folder (nothing of it is committed), built once, and measured: files, bytes, wall time,
// peak memory and the count by kind of output (the build's own classes, src/integrations/output-cost.ts),
// against the budget of a free static host (20,000 files, 1 GB) and 60 s.
// The deployment:
// - the bundled content (every explanation), as a first deployment: no permalinks.json, no served.json;
// - Magic: the official Comprehensive Rules through every edition of a git history (the public archive
//   lzybluee/CR, 26 editions 2017-08-25 → 2022-04-29; bring it with the search tool's fetch), imported
//   one after another by `npm run bench:history` into its own scratch folder, whose official/ (the
//   current text and the 25 steps) is then put beside the bundled explanations;
// - Lorcana and the Marvel Champions Rules Reference: real files when given (--lorcana, --mc), else
//   generated in their layout (scripts/bench-corpora.mjs, invented text), imported as usual;
// - --served <n>: served.json says the n newest earlier Magic editions were served before (as if the
//   site had been updated with each), so their pinned links keep pages; default 0 (a first deployment).
// With TAIYAKU_MAX_FILES or TAIYAKU_MAX_BYTES set, a build the limits stop prints how long it ran and
// what it said, and exits 1. It prints figures and asserts nothing.
// usage: npm run bench:deploy -- --git <lzybluee/CR git dir> [--path MagicCompRules.txt] [--served <n>]
//        [--lorcana <en file>] [--mc <rr file>] [--scratch <dir>] [--reuse]   (--reuse keeps the imported Magic history)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { timedRun } from './bench-common.mjs';
import { lorcanaCorpus, marvelCorpus } from './bench-corpora.mjs';
import { measureOutput } from '../src/integrations/output-cost.ts';

const argv = process.argv.slice(2);
const arg = (name) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : undefined; };
const gitDir = arg('git');
if (!gitDir) {
  console.error('usage: npm run bench:deploy -- --git <lzybluee/CR git dir> [--path MagicCompRules.txt] [--served <n>] [--lorcana <file>] [--mc <file>] [--scratch <dir>] [--reuse]');
  process.exit(2);
}
const scratch = resolve(arg('scratch') ?? '.out/deploy');
const served = Number(arg('served') ?? 0);
const node = process.execPath;
const content = join(scratch, 'content');
const out = join('.out', 'deploy-dist');
mkdirSync(scratch, { recursive: true });

const run = (args, env = {}) => timedRun(node, args, env);

// 1. Magic's history, imported edition after edition (the slow part; --reuse keeps it).
const history = join(scratch, 'mtg-history');
const official = join(history, 'content', 'mtg', 'cr', 'official');
if (!(argv.includes('--reuse') && existsSync(join(official, '_history')))) {
  console.log('importing the Magic editions one after another (npm run bench:history)…');
  const h = await run(['scripts/bench-history.mjs', '--git', gitDir, '--path', arg('path') ?? 'MagicCompRules.txt', '--scratch', history, '--no-git', '--runs', '1']);
  console.log(`  ${h.secs.toFixed(0)} s`);
}
const steps = readdirSync(join(official, '_history')).filter((f) => f.endsWith('.yaml')).sort();

// 2. The deployment's content: the bundled one, a first deployment.
rmSync(content, { recursive: true, force: true });
cpSync('content', content, { recursive: true });
for (const f of ['permalinks.json', 'served.json']) rmSync(join(content, f), { force: true });
rmSync(join(content, 'mtg', 'cr', 'official'), { recursive: true, force: true });
cpSync(official, join(content, 'mtg', 'cr', 'official'), { recursive: true });

// 3. Lorcana and the Rules Reference: real files when given, else generated in their layout.
const sources = join(scratch, 'sources');
mkdirSync(sources, { recursive: true });
const notes = { mtg: `${steps.length + 1} editions of ${gitDir} (${steps[0]?.replace(/\.yaml$/, '')} … the current one), English only` };
for (const [game, doc, flag, generate] of [['lorcana', 'cr', 'lorcana', lorcanaCorpus], ['marvel-champions', 'rr', 'mc', marvelCorpus]]) {
  let file = arg(flag);
  notes[game] = file ? `real file ${file}` : '';
  if (!file) {
    file = join(sources, `${game}.txt`);
    notes[game] = generate(file, 'content').note;
  }
  const imported = await run(['scripts/import.ts', game, resolve(file), '--out', join(content, game, doc)]);
  notes[game] += ` — ${/entries → (\d+) written/.exec(imported.out)?.[0] ?? 'imported'}`;
}

// 4. Editions served before this build (their pinned links keep pages), newest first.
if (served > 0) {
  const earlier = steps.map((f) => readFileSync(join(official, '_history', f), 'utf8')).map((t) => /^follows:\s*"?([^"\s]+)"?/m.exec(t)?.[1]).filter(Boolean).reverse().slice(0, served);
  writeFileSync(join(content, 'served.json'), `${JSON.stringify({ mtg: { cr: Object.fromEntries(earlier.map((id) => [id, '2026-01-01'])) } }, null, 1)}\n`);
  notes.served = `served before: mtg/cr ${earlier.join(', ')}`;
}

// 5. The build, from a flushed disk, under a sub-path as GitHub Pages would serve it.
rmSync(out, { recursive: true, force: true });
spawnSync('sync');
await new Promise((r) => setTimeout(r, 2000));
const started = performance.now();
const built = await run(['node_modules/astro/bin/astro.mjs', 'build'], {
  TAIYAKU_CONTENT: content, TAIYAKU_OUT: out, TAIYAKU_CACHE: resolve('.out', 'deploy-cache'), SITE_BASE: '/taiyaku/', SITE_URL: 'https://example.github.io',
}).catch((error) => ({ failed: String(error.out ?? error.message ?? error), secs: (performance.now() - started) / 1000 }));
const limitsSet = ['TAIYAKU_MAX_FILES', 'TAIYAKU_MAX_BYTES'].filter((k) => process.env[k]).map((k) => `${k}=${process.env[k]}`).join(', ');
if (built.failed !== undefined) {
  // A build the host's limits stopped (or any failure): how long the deployer waited, and what it said.
  console.log('\nA full deployment (figures as measured on this machine; nothing of it committed)');
  for (const [k, v] of Object.entries(notes)) console.log(`  ${k.padEnd(17)} ${v}`);
  console.log(`  the build stopped after ${built.secs.toFixed(1)} s${limitsSet ? ` (${limitsSet})` : ''}; ${existsSync(out) ? `${out} is there` : `no ${out}`}. Its last words:`);
  const said = built.failed.split('\n');
  const from = said.findIndex((l) => /\[taiyaku\] content check:|output planned before rendering|taiyaku: this site would be/.test(l));
  for (const l of said.slice(Math.max(0, from)).filter((l) => l.trim() && !/^\s+at |Stack trace:|Location:|^\s+\/\S+:\d+:\d+$/.test(l))) console.log(`    ${l}`);
  process.exit(1);
}
const m = await measureOutput(out);
const mb = (n) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log('\nA full deployment (figures as measured on this machine; nothing of it committed)');
for (const [k, v] of Object.entries(notes)) console.log(`  ${k.padEnd(17)} ${v}`);
console.log(`  files            ${m.files.toLocaleString('en-US')} (budget 20,000)`);
console.log(`  bytes            ${mb(m.bytes)} (budget 1 GB)`);
console.log(`  wall             ${built.secs.toFixed(1)} s (budget 60 s)`);
console.log(`  peak memory      ${built.peakMb.toFixed(0)} MB (the build's process tree)`);
console.log('  by kind');
for (const k of m.kinds) console.log(`    ${k.kind.padEnd(34)} ${String(k.files).padStart(6)} files ${mb(k.bytes).padStart(9)}`);
// The history's share (docs/architecture.md, "History where there is history"): entries whose text changed, or whose page was published.
const historyFiles = readdirSync(join(out, 'api'), { recursive: true }).filter((f) => String(f).endsWith('/history.json')).length;
console.log(`    (of the JSON API, history.json: ${historyFiles}, one per entry with a history page)`);
// The search index's share, per language: fragment files (groups among them), index chunks, the rest.
for (const lang of ['ja', 'en']) {
  const dir = join(out, 'pagefind', lang);
  if (!existsSync(dir)) continue;
  const frag = readdirSync(join(dir, 'fragment'));
  const groups = frag.filter((f) => /_group_/.test(f)).length;
  const chunks = readdirSync(join(dir, 'index')).length;
  console.log(`    (of the search index, ${lang}: ${frag.length} fragment files, ${groups} of them groups; ${chunks} index chunks)`);
}
const log = built.out.split('\n').filter((l) => /\[taiyaku\] (content check:|output planned before rendering|\d+ short links written|search index:|output:|  )/.test(l));
console.log('  the build\'s own log of its costs');
for (const l of log) console.log(`    ${l.replace(/^\S+ \[taiyaku\] /, '')}`);
