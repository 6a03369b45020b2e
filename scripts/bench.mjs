#!/usr/bin/env node
// `npm run bench`: builds a synthetic bilingual corpus (400 entries × 15 sub-rules ≈ 6,000 sub-rules,
// with cross-references) and prints build wall time and peak memory (median of N runs), page count,
// dist size, the median rule page's weight (HTML + CSS + JS, gzip) and its JavaScript alone; each run
// also prints its time split by phase (from the build's log lines), to show where to look next.
// It prints figures; it is not a test and asserts nothing.
// usage: npm run bench -- [--runs 3] [--entries 400] [--rules 15]
import { watchPeakMemory } from './bench-common.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { measureSearch } from './bench-search.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 3);
const ENTRIES = arg('entries', 400);
const RULES = arg('rules', 15);
const work = join(tmpdir(), 'taiyaku-bench');
const content = join(work, 'content');
const LETTERS = 'abcdefghijkmnpqrstuvwxyz'; // Magic skips l and o

/** Deterministic pseudo-random numbers, so every run builds the same corpus. */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const JA_WORDS = ['呪文', 'を', '唱える', 'とき', '、', 'コントローラー', 'は', '追加コスト', 'を', '支払う', '。', '能力', 'が', '誘発', 'し', 'スタック', 'に', '置かれる', '対象', 'を', '選ぶ', '効果', 'は', '解決', 'する'];
const EN_WORDS = ['when', 'a', 'player', 'casts', 'the', 'spell', 'they', 'may', 'pay', 'an', 'additional', 'cost', 'and', 'its', 'ability', 'triggers', 'on', 'the', 'stack', 'then', 'chooses', 'targets', 'before', 'it', 'resolves'];

function generate() {
  rmSync(content, { recursive: true, force: true });
  mkdirSync(join(content, 'bench', 'cr'), { recursive: true });
  writeFileSync(join(content, 'bench', 'game.yaml'), 'name: { ja: ベンチ, en: Bench }\ndescription: { ja: 合成コーパス。, en: A synthetic corpus. }\nidStyle: mtg\n');
  writeFileSync(join(content, 'bench', 'cr', 'document.yaml'), 'title: { ja: 総合ルール, en: Comprehensive Rules }\npublisher: Bench\nversion: "1.0"\nabout: { ja: 合成された規則。, en: Synthetic rules. }\n');
  const rand = rng(42);
  const pick = (list, n) => Array.from({ length: n }, () => list[Math.floor(rand() * list.length)]).join('');
  const entryId = (i) => `${100 + Math.floor(i / 20)}.${(i % 20) + 1}`;
  for (let i = 0; i < ENTRIES; i++) {
    const id = entryId(i);
    const ref = () => `${entryId(Math.floor(rand() * ENTRIES))}${LETTERS[Math.floor(rand() * RULES)]}`;
    const rules = Array.from({ length: RULES }, (_, r) => {
      const ja = `${pick(JA_WORDS, 40)}（${ref()} 参照）`;
      const en = `${pick(EN_WORDS.map((w) => `${w} `), 35).trim()} (see rule ${ref()}).`;
      return `  - id: ${id}${LETTERS[r]}\n    ja: "${ja}"\n    en: "${en}"\n`;
    });
    const seeAlso = [entryId((i + 1) % ENTRIES), entryId((i + 7) % ENTRIES)].map((s) => `"${s}"`).join(', ');
    writeFileSync(join(content, 'bench', 'cr', `${id}.yaml`), `title: { ja: 規則${i}, en: Rule ${i} }\nchecked: 2026-11-30\nseeAlso: [${seeAlso}]\nrules:\n${rules.join('')}`);
  }
}

/** Log lines that end the phases of a build, in order. */
const PHASE_MARKS = [
  ['sync', /\[types\] Generated/],
  ['vite', /generating static routes/],
  ['pages', /✓ Completed in/],
  ['shortLinks', /\[taiyaku\] \d+ short links/],
  ['search', /\[taiyaku\] search index/],
  ['sw', /\[taiyaku\] service worker/],
];

/** A build's time split by phase (from the first run), for finding where to look next. */
function phases(r) {
  const m = r.marks;
  const span = (a, b) => (m[b] !== undefined && (a === 0 || m[a] !== undefined) ? `${((m[b] ?? 0) - (a === 0 ? 0 : m[a])).toFixed(1)} s` : '?');
  return `start-up and content sync ${span(0, 'sync')} · Vite ${span('sync', 'vite')} · pages ${span('vite', 'pages')} · `
    + `short links and search index ${span('pages', 'search')} · service worker ${span('search', 'sw')} · exit ${m.sw !== undefined ? `${(r.secs - m.sw).toFixed(1)} s` : '?'}`;
}

/** Runs the build, polling the child's peak resident memory (VmHWM) from /proc. */
function build(run) {
  // Inside the project: Astro keeps its prerender chunks next to outDir, or in ./.astro/ (shared by
  // every build of this tree) when outDir is outside the working directory.
  const out = join('.out', 'bench-dist');
  rmSync(out, { recursive: true, force: true });
  const cache = join(work, `cache-${run}`);
  rmSync(cache, { recursive: true, force: true });
  return settle().then(() => new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      env: { ...process.env, TAIYAKU_CONTENT: content, TAIYAKU_OUT: out, TAIYAKU_CACHE: cache },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    // When each phase's log line arrives, in seconds since the start (the log's own clock has whole seconds).
    const marks = {};
    let pending = '';
    child.stdout.on('data', (d) => {
      const at = Number(process.hrtime.bigint() - started) / 1e9;
      const lines = (pending + d).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // In order: a phase's line only counts after the previous phase's.
        const next = PHASE_MARKS.find(([name]) => marks[name] === undefined);
        if (next && next[1].test(line)) marks[next[0]] = at;
      }
    });
    const memory = watchPeakMemory(child);
    child.on('exit', (code) => {
      const peakMb = memory.stop();
      const secs = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`build failed (${code}):\n${stderr.slice(-2000)}`));
      else resolve({ secs, peakMb, out, marks });
    });
  }));
}

/**
 * Each run starts from a flushed disk: the previous run's output (56 MB in 8,500 files) and its
 * deletion are still being written back for seconds afterwards, and a build that starts meanwhile
 * spends up to twice as long writing its small files.
 */
async function settle() {
  spawnSync('sync');
  await sleep(2000);
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

const gz = (buf) => gzipSync(buf, { level: 9 }).length;
const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function pageWeight(dist, htmlFile) {
  const html = readFileSync(htmlFile, 'utf8');
  const assets = [...html.matchAll(/<(?:link[^>]+rel="stylesheet"[^>]+href|script[^>]+src)="([^"]+)"/g)].map((m) => m[1]);
  let css = 0;
  let js = 0;
  for (const a of assets) {
    const file = join(dist, a.replace(/^\/+/, ''));
    if (!existsSync(file)) continue;
    if (a.endsWith('.css')) css += gz(readFileSync(file));
    else js += gz(readFileSync(file));
  }
  // Inline scripts are part of the HTML's bytes; they are counted once in the total, and shown in the
  // page's JavaScript figure (inline + external) too.
  let inlineJs = 0;
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g)) inlineJs += gz(Buffer.from(m[1]));
  return { html: gz(Buffer.from(html)), css, js, inlineJs };
}

generate();
console.log(`corpus: ${ENTRIES} entries × ${RULES} sub-rules = ${ENTRIES * RULES} sub-rules (both languages), ${RUNS} build(s)`);
const runs = [];
for (let i = 0; i < RUNS; i++) {
  const r = await build(i);
  runs.push(r);
  console.log(`  run ${i + 1}: ${r.secs.toFixed(2)} s, peak ${r.peakMb.toFixed(0)} MB — ${phases(r)}`);
}
const dist = runs[0].out;
const files = walk(dist);
const pages = files.filter((f) => f.endsWith('.html'));
const rulePages = pages.filter((f) => /\/(ja|en)\/bench\/cr\/[^/]+\/index\.html$/.test(f));
const weights = rulePages.map((f) => pageWeight(dist, f));
const total = (w) => w.html + w.css + w.js;
const mid = weights.toSorted((a, b) => total(a) - total(b))[Math.floor(weights.length / 2)];
const distBytes = files.reduce((n, f) => n + statSync(f).size, 0);
console.log(`
build wall time (median of ${RUNS}): ${median(runs.map((r) => r.secs)).toFixed(2)} s
peak memory (median):               ${median(runs.map((r) => r.peakMb)).toFixed(0)} MB
pages:                              ${pages.length} (${rulePages.length} rule pages)
dist size:                          ${(distBytes / 1024 / 1024).toFixed(1)} MB in ${files.length} files
median rule page (gzip):            ${kb(total(mid))} = HTML ${kb(mid.html)} (inline scripts and styles included) + CSS ${kb(mid.css)} + JS files ${kb(mid.js)}
JavaScript on that page (gzip):     ${kb(mid.inlineJs + mid.js)} (${kb(mid.inlineJs)} inline + ${kb(mid.js)} in files)`);
const dirSize = (d) => (existsSync(d) ? walk(d).reduce((n, f) => n + statSync(f).size, 0) : 0);
for (const lang of ['ja', 'en']) console.log(`search index, ${lang} bundle:             ${(dirSize(join(dist, 'pagefind', lang)) / 1024 / 1024).toFixed(2)} MB on disk`);
if (!process.argv.includes('--no-search')) {
  for (const r of await measureSearch(dist, '/', [['ja', '追加コスト'], ['en', 'additional']], (lang) => `/${lang}/bench/cr/100.1/`)) {
    console.log(`first search "${r.q}" from a ${r.lang} rule page: ${r.ms} ms to results (${r.via}), ${kb(r.bytes)} fetched in ${r.requests} requests`);
  }
}
