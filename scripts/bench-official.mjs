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
import { watchPeakMemory } from './bench-common.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { load } from 'js-yaml';

const arg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const GAMES = { mtg: 'cr', lorcana: 'cr', 'marvel-champions': 'rr' };
const games = (arg('games') ?? Object.keys(GAMES).join(',')).split(',');
const work = join(tmpdir(), 'taiyaku-bench-official');

/** Deterministic pseudo-random numbers, so every run generates the same corpus. */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const WORDS = ['a', 'player', 'may', 'choose', 'one', 'card', 'that', 'ability', 'the', 'turn', 'each', 'object', 'cost', 'if', 'when', 'then', 'its', 'controller', 'puts', 'into', 'play', 'counter', 'effect', 'resolves', 'before', 'after', 'another', 'is', 'not', 'and', 'or', 'with'];
const sentence = (rand, n) => {
  const words = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]);
  return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
};
const LETTERS = 'abcdefghijkmnpqrstuvwxyz';

/**
 * A Comprehensive Rules text file in the publisher's layout, about the size of a real one (9 sections,
 * 135 rules, ~1,050 numbered rules, ~1,700 sub-rules, 620 glossary terms). Invented text.
 */
function magicCorpus(file) {
  const rand = rng(7);
  const toc = ['Contents', ''];
  const body = [];
  const ids = [];
  for (let s = 1; s <= 9; s++) {
    toc.push(`${s}. Section ${s}`);
    body.push(`${s}. Section ${s}`, '');
    for (let r = 0; r < 15; r++) {
      const rule = s * 100 + r;
      toc.push(`${rule}. Rule ${rule}`);
      body.push(`${rule}. Rule ${rule}`, '');
      const numbered = 6 + Math.floor(rand() * 4);
      for (let n = 1; n <= numbered; n++) {
        const id = `${rule}.${n}`;
        const cite = ids.length ? ` See rule ${ids[Math.floor(rand() * ids.length)]}.` : '';
        body.push(`${id}. ${sentence(rand, 14 + Math.floor(rand() * 20))}${cite}`, '');
        ids.push(id);
        const subs = Math.floor(rand() * 3.3);
        for (let k = 0; k < subs; k++) {
          body.push(`${id}${LETTERS[k]} ${sentence(rand, 12 + Math.floor(rand() * 24))}`, '');
          ids.push(`${id}${LETTERS[k]}`);
        }
        if (rand() < 0.25) body.push(`Example: ${sentence(rand, 18)}`, '');
      }
    }
  }
  const glossary = ['Glossary', ''];
  for (let g = 0; g < 620; g++) glossary.push(`Term ${g}`, `${sentence(rand, 16)} See rule ${ids[Math.floor(rand() * ids.length)]}.`, '');
  const text = ['Magic: The Gathering Comprehensive Rules (generated for a benchmark)', '', 'These rules are effective as of March 7, 2031.', '', 'Introduction', '',
    'Generated text in the layout of the Comprehensive Rules; not the official wording.', '', ...toc, 'Glossary', 'Credits', '', ...body, ...glossary, 'Credits', '', 'Generated.', ''].join('\n');
  writeFileSync(file, text);
  return { note: 'generated corpus in the Comprehensive Rules text layout (invented text)' };
}

/**
 * An earlier edition of a generated Comprehensive Rules text (the current one's lines): every 12th
 * numbered rule with two or more sub-rules lacks its first sub-rule (so the current edition inserted
 * it, and the letters after it moved up one), one rule in 15 has a word it no longer has, and one
 * numbered rule in 60 has a sub-rule the current edition removed. Cheap: one pass over the lines.
 */
function earlierMagic(current, file) {
  const rand = rng(23);
  const lines = readFileSync(current, 'utf8').split('\n');
  const out = [];
  let numbered = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const head = /^(\d{3}\.\d+)\. /.exec(line);
    if (head) {
      numbered++;
      const subs = [];
      for (let j = i + 2; j < lines.length && lines[j].startsWith(`${head[1]}`) && /^[a-z] /.test(lines[j].slice(head[1].length)); j += 2) subs.push(j);
      out.push(rand() < 1 / 15 ? line.replace(/ (a|the|one) /, ' each such ') : line, '');
      const drop = numbered % 12 === 0 && subs.length >= 2;
      const kept = subs.slice(drop ? 1 : 0).map((j, k) => `${head[1]}${LETTERS[k]}${lines[j].slice(head[1].length + 1)}`);
      for (const l of kept) out.push(rand() < 1 / 15 ? l.replace(/ (a|the|one) /, ' each such ') : l, '');
      if (numbered % 60 === 0) out.push(`${head[1]}${LETTERS[kept.length]} A rule of the earlier edition that the current one no longer has, numbered ${numbered}.`, '');
      i = (subs.at(-1) ?? i) + 1;
      continue;
    }
    out.push(line);
  }
  writeFileSync(file, out.join('\n').replace('These rules are effective as of March 7, 2031.', 'These rules are effective as of September 1, 2030.'));
}

/**
 * A Rules Reference text with a glossary heading for every Rules Reference entry written so far
 * (their printed headings, so official text meets the explanations as it would) and invented ones
 * up to about the real document's size (~250 headings, steps, bullets, See also lists).
 */
function marvelCorpus(file, contentDir) {
  const rand = rng(11);
  const headings = [];
  for (const name of readdirSync(join(contentDir, 'marvel-champions', 'rr'))) {
    if (!/\.(yaml|mdx)$/.test(name) || name === 'document.yaml') continue;
    const text = readFileSync(join(contentDir, 'marvel-champions', 'rr', name), 'utf8');
    const data = load(name.endsWith('.mdx') ? text.split(/^---$/m)[1] : text);
    const printed = data.sourceTitle ?? data.title.en.toUpperCase();
    if (!/[a-z]/.test(printed)) headings.push(printed);
  }
  for (let i = headings.length; i < 250; i++) headings.push(`INVENTED TERM ${i}`);
  const lines = ['RULES REFERENCE', 'Marvel Champions: The Card Game — generated for a benchmark, Version 1.8', 'Generated text in the layout of the Rules Reference; not the official wording.', '', 'GLOSSARY', ''];
  const title = (h) => h.toLowerCase().replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
  for (const h of headings.toSorted()) {
    lines.push(h, sentence(rand, 20 + Math.floor(rand() * 30)));
    if (rand() < 0.3) {
      lines.push(sentence(rand, 10));
      const steps = 2 + Math.floor(rand() * 4);
      for (let s = 1; s <= steps; s++) lines.push(`${s}. ${sentence(rand, 12 + Math.floor(rand() * 12))}`);
    }
    if (rand() < 0.3) lines.push(`• ${sentence(rand, 14)}`, `• ${sentence(rand, 14)}`);
    if (rand() < 0.5) lines.push(`See also: ${[0, 1, 2].map(() => title(headings[Math.floor(rand() * headings.length)])).join(', ')}`);
    lines.push('');
  }
  lines.push('APPENDIX I: GENERATED', 'Not a glossary entry.', '');
  writeFileSync(file, lines.join('\n'));
  return { note: `generated corpus in the Rules Reference layout (invented text; ${headings.length} headings, the Rules Reference entries written so far among them)` };
}

/** A first deployment's content folder for one game: its bundled explanations, nothing published yet. */
function contentFor(game) {
  const dir = join(work, game, 'content');
  rmSync(join(work, game), { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join('content', game), join(dir, game), { recursive: true });
  return dir;
}

function timed(command, args, env = {}) {
  const started = process.hrtime.bigint();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    const memory = watchPeakMemory(child);
    child.on('exit', (code) => {
      const peakMb = memory.stop();
      const secs = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${out.slice(-3000)}`));
      else resolvePromise({ secs, peakMb, out });
    });
  });
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
