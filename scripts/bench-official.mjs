#!/usr/bin/env node
// `npm run bench:official`: what a deployment that imports official text costs, for a full-size
// document of each game. For each game it copies that game's bundled explanations into a temporary
// content folder (no published manifest, no redirects: a first deployment), imports the official
// file into it (`npm run import`), builds the site from it and prints the import time, the build
// time and peak memory, the page weight (median and largest rule page, pages with official text
// alone and with an explanation beside it, the entry JSON, the official glossary) and the search
// bundles. Real files are given on the command line (they are never committed); a game without one
// gets a corpus generated in its official format (invented text, said so in the output).
// With --history, Magic's generated corpus is imported twice, an earlier edition first (made from the
// current one: sub-rules inserted that shift the letters after them, rules reworded, rules removed),
// so the build has one step of imported history, and the figures say what the history pages,
// changes pages and history JSON add.
// It prints figures; it is not a test and asserts nothing.
// usage: npm run bench:official -- [--mtg <en.txt> [--mtg-ja <ja.txt>]] [--lorcana <en.pdf> [--lorcana-ja <ja.pdf>]]
//        [--mc <rr.pdf>] [--games mtg,lorcana,marvel-champions] [--history]
import { timedRun as timed } from './bench-common.mjs';
import { earlierMagic, magicCorpus, marvelCorpus } from './bench-corpora.mjs';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const GAMES = { mtg: 'cr', lorcana: 'cr', 'marvel-champions': 'rr' };
const games = (arg('games') ?? Object.keys(GAMES).join(',')).split(',');
const work = join(tmpdir(), 'taiyaku-bench-official');

/** A first deployment's content folder for one game: its bundled explanations, nothing published yet. */
function contentFor(game) {
  const dir = join(work, game, 'content');
  rmSync(join(work, game), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join('content', game), join(dir, game), { recursive: true });
  return dir;
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
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** A page's weight as a reader downloads it: HTML, its stylesheets and script files (gzip). */
function pageWeight(dist, file) {
  const html = readFileSync(file, 'utf8');
  let assets = 0;
  for (const m of html.matchAll(/<(?:link[^>]+rel="stylesheet"[^>]+href|script[^>]+src)="([^"]+)"/g)) {
    const asset = join(dist, m[1].replace(/^\/+/, ''));
    if (existsSync(asset)) assets += gz(readFileSync(asset));
  }
  return { total: gz(Buffer.from(html)) + assets, both: html.includes('class="explanation"'), official: html.includes('class="official"') };
}

async function bench(game) {
  const doc = GAMES[game];
  const content = contentFor(game);
  const src = join(work, game, 'source');
  mkdirSync(src, { recursive: true });
  const flag = game === 'marvel-champions' ? 'mc' : game;
  let en = arg(flag);
  const ja = arg(`${flag}-ja`);
  let note = `real file: ${en}${ja ? ` + ${ja}` : ''}`;
  if (!en) {
    if (game === 'lorcana') return { game, skipped: 'no file given (--lorcana <en.pdf> [--lorcana-ja <ja.pdf>])' };
    en = join(src, game === 'mtg' ? 'generated-cr.txt' : 'generated-rr.txt');
    ({ note } = game === 'mtg' ? magicCorpus(en) : marvelCorpus(en, 'content'));
  }
  const node = process.execPath;
  const history = process.argv.includes('--history') && game === 'mtg' && !arg('mtg');
  if (history) {
    const earlier = join(src, 'generated-cr-earlier.txt');
    earlierMagic(en, earlier);
    await timed(node, ['scripts/import.ts', game, resolve(earlier), '--out', join(content, game, doc)]);
  }
  const imported = await timed(node, ['scripts/import.ts', game, resolve(en), ...(ja ? [resolve(ja)] : []), '--out', join(content, game, doc)]);
  const step = history ? /Changes since the last import[^\n]*/.exec(imported.out)?.[0] : undefined;
  const written = /entries → (\d+) written \((\d+) pages of their own, (\d+) with an explanation\)/.exec(imported.out);
  const out = join('.out', `bench-official-${game}`);
  rmSync(out, { recursive: true, force: true });
  spawnSync('sync');
  const built = await timed(node, ['node_modules/astro/bin/astro.mjs', 'build'], { TAIYAKU_CONTENT: content, TAIYAKU_OUT: out, TAIYAKU_CACHE: resolve('.out', `bench-official-${game}-cache`) });
  const files = walk(out);
  const pages = files.filter((f) => f.endsWith('index.html') && new RegExp(`/(ja|en)/${game}/${doc}/[^/]+/index\\.html$`).test(f) && !f.includes('/glossary/'));
  const weights = pages.map((f) => ({ f, ...pageWeight(out, f) }));
  const json = files.filter((f) => new RegExp(`/api/${game}/${doc}/[^/]+\\.json$`).test(f)).map((f) => statSync(f).size);
  const largest = weights.toSorted((a, b) => b.total - a.total)[0];
  const glossary = join(out, 'en', game, doc, 'glossary', 'index.html');
  const bundle = (lang) => walk(join(out, 'pagefind', lang)).reduce((n, f) => n + statSync(f).size, 0);
  const bytes = (test) => { const fs = files.filter(test); return { n: fs.length, raw: fs.reduce((n, f) => n + statSync(f).size, 0) }; };
  const historyPages = bytes((f) => /\/history\/index\.html$/.test(f));
  const changesPages = bytes((f) => /\/changes\/[^/]+\/index\.html$/.test(f));
  const historyJson = bytes((f) => /\/history\.json$|\/editions\.json$/.test(f));
  const historyWeights = files.filter((f) => /\/history\/index\.html$/.test(f)).map((f) => pageWeight(out, f).total);
  return {
    game, note,
    import: `${imported.secs.toFixed(1)} s (peak ${imported.peakMb.toFixed(0)} MB)${written ? `: ${written[1]} official entries, ${written[3]} of them with an explanation` : ''}`,
    build: `${built.secs.toFixed(1)} s (peak ${built.peakMb.toFixed(0)} MB), ${files.filter((f) => f.endsWith('.html')).length} HTML files`,
    pages: `${pages.length / 2} entry pages per language; median ${kb(median(weights.map((w) => w.total)))} (official only ${kb(median(weights.filter((w) => w.official && !w.both).map((w) => w.total)))}, with an explanation ${kb(median(weights.filter((w) => w.both).map((w) => w.total)))}), largest ${largest ? `${kb(largest.total)} (${largest.f.replace(`${out}/`, '')})` : '–'}`,
    json: `median ${kb(median(json))}, largest ${kb(Math.max(0, ...json))} (uncompressed)`,
    ...(existsSync(glossary) ? { glossary: `${kb(gz(readFileSync(glossary)))} gzip (${kb(statSync(glossary).size)} raw)` } : {}),
    search: `ja ${(bundle('ja') / 1024 / 1024).toFixed(2)} MB, en ${(bundle('en') / 1024 / 1024).toFixed(2)} MB`,
    dist: `${(files.reduce((n, f) => n + statSync(f).size, 0) / 1024 / 1024).toFixed(1)} MB in ${files.length} files`,
    ...(history ? {
      step: step ?? '(no step reported)',
      history: `${historyPages.n} history pages (${(historyPages.raw / 1024 / 1024).toFixed(1)} MB raw; median ${kb(median(historyWeights))} gzip with CSS and JS), ${changesPages.n} changes pages (${kb(changesPages.raw)} raw), history and editions JSON ${historyJson.n} files ${(historyJson.raw / 1024 / 1024).toFixed(1)} MB raw`,
    } : {}),
  };
}

console.log('Official text beside the bundled explanations, one game at a time (page weights: HTML + CSS + JS, gzip)\n');
for (const game of games) {
  if (!(game in GAMES)) throw new Error(`unknown game "${game}" (one of ${Object.keys(GAMES).join(', ')})`);
  const r = await bench(game);
  console.log(`${r.game}${r.skipped ? `: skipped, ${r.skipped}` : ''}`);
  for (const [k, v] of Object.entries(r)) if (!['game', 'skipped'].includes(k)) console.log(`  ${k.padEnd(9)} ${v}`);
  console.log('');
}
