#!/usr/bin/env node
// What the first search costs a reader who is on a rule page: Chromium opens the page in a fresh
// profile, then the reader clicks the header search box and types one query; we time from the click
// to the first result on screen and count, at the server, every byte sent from the click until the
// network is quiet (a browser-side count misses what a web worker fetches). The server compresses
// like a static host (gzip for text). It prints figures; it is not a test.
//
//   npm run bench:search -- [dist] [--base /] [--page /ja/mtg/cr/702.33/] [--query 置換] [--runs 3]
//       [--before DIR] [--starlight DIR] [--starlight-page /ja/cr/300/] [--list]
//   npm run bench:search -- [dist] --suite [--before DIR] [--only 100] [--pages ja,en] [--match REGEX] [--list]
//
// With --starlight DIR (a built Starlight site, ../shared/bench/README.md), each run measures Taiyaku
// and then Starlight on the same query (A B A B …) and prints the medians and the ratio of each pair;
// --before DIR (another Taiyaku build, e.g. of an earlier commit) is measured in the same turn.
// A build without the header panel (before it existed) is measured through its search page: the
// query is submitted with Enter and timed to the search page's first result.
//
// --suite measures the first search of every query of the search-quality suite
// (tests/search/queries.yaml), each from a Japanese and from an English rule page
// (/{lang}/mtg/cr/702.33/), once each (the bytes do not vary from run to run), and prints per page
// language the distribution (median, 90th percentile, max) and how many exceed 100 KB; with
// --before DIR each query is measured on both builds in turn (A B). --only N lists only the
// queries over N KB (default: every query); --pages and --match run part of it (rule pages of
// those languages, queries matching the pattern). Each query's bytes are counted twice: before the
// panel's list is first on screen (the budget's count) and until the network is quiet.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { launchChromium, serve } from './bench-common.mjs';

/** What a request was for, to show where the bytes go. */
export function kind(path) {
  if (/pagefind(-worker)?\.js/.test(path)) return path.includes('worker') ? 'pagefind worker' : 'pagefind.js';
  if (/wasm\.[a-z]+\.pagefind/.test(path)) return 'wasm';
  if (/\.pf_meta|pagefind-entry\.json/.test(path)) return 'index metadata';
  if (/\.pf_index/.test(path)) return 'index chunks';
  if (/\.pf_fragment/.test(path)) return 'fragments';
  if (/\.pf_filter/.test(path)) return 'filters';
  if (/pagefind-ui|pagefind-component|pagefind-modular/.test(path)) return 'pagefind ui';
  if (/\.js(\?|$)/.test(path)) return 'site js';
  if (/\.css(\?|$)/.test(path)) return 'css';
  if (/\.json(\?|$)/.test(path)) return 'json';
  return path.endsWith('/') || /\.html(\?|$)|\/\?/.test(path) ? 'html' : 'other';
}

const SITES = {
  taiyaku: { open: '#site-search-q', input: '#site-search-q', result: '#site-search-panel [role="option"]' },
  starlight: { open: 'site-search button[data-open-modal]', input: '.pagefind-ui__search-input', result: '.pagefind-ui__result' },
};

/**
 * One cold first search from `pagePath` on the site in `dist` (served under `base`): a fresh browser
 * context, the page loaded until the network is quiet, then click, type `query`, first result.
 */
export async function firstSearch(browser, { dist, base = '/', pagePath, query, site = 'taiyaku' }) {
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const { server, log, port } = await serve(dist, prefix);
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const sel = SITES[site];
    await page.goto(`http://127.0.0.1:${port}${prefix.slice(0, -1)}${pagePath}`, { waitUntil: 'networkidle' });
    const loadBytes = log.reduce((n, r) => n + r.bytes, 0);
    // A build from before the header panel (its form has no data-panel): the box submits to the
    // search page, so the query is sent with Enter and timed to that page's first result.
    const panel = site !== 'taiyaku' || (await page.locator('form[data-panel]').count()) > 0;
    const via = site !== 'taiyaku' ? 'modal' : panel ? 'panel' : 'search page';
    const mark = log.length;
    // When the panel's list for the query is first on screen (its long pages' excerpts may come
    // after it: docs/search.md): the bytes the server had sent by then are the first search's
    // "before results appear"; the rest (until the network is quiet) is counted too. The panel marks
    // the moment itself (performance.mark), as it renders: an observer's callback may run late on a
    // loaded machine, after the next fetch has gone out.
    const started = Date.now();
    await page.click(sel.open);
    await page.waitForSelector(sel.input, { state: 'visible' });
    await page.fill(sel.input, query);
    if (!panel) await page.press(sel.input, 'Enter');
    const resultSel = panel ? sel.result : '#search-results li';
    // The panel marks its list with the query it answers, so a query that finds nothing is timed too.
    // (The panel's list is made when its script has loaded, after the click.)
    const answered = site === 'taiyaku' && panel
      ? page.waitForFunction((q) => document.querySelector('#site-search-list')?.getAttribute('data-query') === q, query.trim(), { timeout: 20_000 })
      : page.waitForSelector(resultSel, { timeout: 20_000 });
    await answered.catch(async (error) => {
      const status = await page.locator('#site-search-panel .sp-status').textContent().catch(() => null);
      throw new Error(`"${query}" from ${pagePath}: no list after 20 s (panel status: ${status ?? 'none'}): ${String(error.message).split('\n')[0]}`);
    });
    const ms = Date.now() - started;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(250);
    const rows = log.slice(mark).map((r) => ({ ...r, kind: kind(r.path) }));
    const byKind = {};
    for (const r of rows) byKind[r.kind] = (byKind[r.kind] ?? 0) + r.bytes;
    const results = await page.locator(resultSel).count();
    const listAt = site === 'taiyaku' && panel ? await page.evaluate((q) => {
      const mark = performance.getEntriesByName('taiyaku-search-list').find((m) => /** @type {PerformanceMark} */ (m).detail === q);
      return mark ? performance.timeOrigin + mark.startTime : 0;
    }, query.trim()) : 0;
    const bytes = rows.reduce((n, r) => n + r.bytes, 0);
    const listBytes = listAt ? rows.filter((r) => r.at <= listAt).reduce((n, r) => n + r.bytes, 0) : bytes;
    return { ms, bytes, listBytes, listAt, requests: rows.length, byKind, rows, loadBytes, via, results };
  } finally {
    await context.close();
    server.close();
  }
}

/** Runs `firstSearch` for each [lang, query] on one site; used by `npm run bench`. */
export async function measureSearch(dist, base, queries, pageFor = (lang) => `/${lang}/`) {
  const browser = await launchChromium();
  try {
    const out = [];
    for (const [lang, q] of queries) out.push({ lang, q, ...(await firstSearch(browser, { dist, base, pagePath: pageFor(lang), query: q })) });
    return out;
  } finally {
    await browser.close();
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The value at fraction `p` of the sorted list (nearest rank). */
const percentile = (xs, p) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)];
/** The budget of the first search (issue 23). */
const BUDGET = 100 * 1024;

/** Every query of the quality suite from a rule page of each language; prints each and the distribution. */
async function suite(browser, { dist, base, before, only, list = false, pages = ['ja', 'en'], match }) {
  const { queries: all } = parse(readFileSync('tests/search/queries.yaml', 'utf8'));
  const queries = match ? all.filter(({ q }) => match.test(q)) : all;
  const builds = [['now', dist], ...(before ? [['before', before]] : [])];
  const rows = [];
  for (const { q } of queries) {
    for (const lang of pages) {
      const row = { q, lang };
      for (const [label, d] of builds) {
        // A busy machine can miss the 20 s wait: tried again twice before the run stops.
        for (let attempt = 1; !row[label]; attempt++) {
          try {
            row[label] = await firstSearch(browser, { dist: d, base, pagePath: `/${lang}/mtg/cr/702.33/`, query: q });
          } catch (error) {
            if (attempt >= 3) throw error;
            console.log(`  (${label}: ${String(error.message).split('\n')[0]}; again)`);
          }
        }
      }
      rows.push(row);
      const over = builds.some(([label]) => row[label].bytes > only * 1024);
      if (over) console.log(`  ${q} (${lang} page): ${builds.map(([label]) => `${label} ${kb(row[label].listBytes)} before the list, ${kb(row[label].bytes)} in all (${row[label].results} results; fragments ${kb(row[label].byKind.fragments ?? 0)})`).join(' · ')}`);
      // Over the budget: every request, to see why (* after the list was on screen).
      for (const [label] of builds) {
        const r0 = row[label];
        if (r0.listBytes > BUDGET || (r0.bytes > BUDGET && list)) {
          for (const r of r0.rows) console.log(`      ${label} ${kb(r.bytes).padStart(9)}${r.at > (r0.listAt ?? Infinity) ? '*' : ' '} ${r.path}`);
        }
      }
    }
  }
  for (const [label] of builds) {
    for (const lang of pages) {
      const rs = rows.filter((r) => r.lang === lang).map((r) => r[label]);
      const frag = rs.map((r) => r.byKind.fragments ?? 0);
      for (const [what, key] of [['before the list', 'listBytes'], ['until the network is quiet', 'bytes']]) {
        const bytes = rs.map((r) => r[key]);
        const worst = rows.filter((r) => r.lang === lang).reduce((a, r) => (r[label][key] > a[label][key] ? r : a));
        const over = rows.filter((r) => r.lang === lang && r[label][key] > BUDGET).map((r) => r.q);
        console.log(`${label}, ${lang} page, ${rs.length} queries, ${what}: median ${kb(median(bytes))}, p90 ${kb(percentile(bytes, 0.9))}, max ${kb(Math.max(...bytes))} (${worst.q}); over 100 KB: ${over.length}${over.length ? ` (${over.join(', ')})` : ''}`);
      }
      console.log(`${label}, ${lang} page: fragments median ${kb(median(frag))}, max ${kb(Math.max(...frag))}; median ${median(rs.map((r) => r.ms))} ms to the list`);
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const opt = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : d; };
  const dist = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'dist';
  const base = opt('--base', process.env.SITE_BASE ?? '/');
  const runs = Number(opt('--runs', '3'));
  const starlight = opt('--starlight', null);
  const before = opt('--before', null);
  const queries = opt('--query', null) ? [[opt('--page', '/ja/mtg/cr/702.33/'), opt('--query')]]
    : [['/ja/mtg/cr/702.33/', '置換'], ['/en/mtg/cr/702.33/', 'replacement'], ['/ja/lorcana/cr/6.5/', 'kicked'], ['/en/lorcana/cr/6.5/', '702.33d']];
  const size = (d) => (existsSync(d) ? readdirSync(d, { recursive: true }).reduce((n, f) => n + (statSync(join(d, String(f))).isFile() ? statSync(join(d, String(f))).size : 0), 0) : 0);
  for (const lang of ['ja', 'en']) console.log(`index ${lang}: ${kb(size(join(dist, 'pagefind', lang)))} on disk`);
  const browser = await launchChromium();
  if (args.includes('--suite')) {
    try { await suite(browser, { dist, base, before, only: Number(opt('--only', '0')), list: args.includes('--list'), pages: opt('--pages', 'ja,en').split(','), match: opt('--match', null) ? new RegExp(opt('--match')) : undefined }); } finally { await browser.close(); }
    process.exit(0);
  }
  const show = (label, r) => {
    console.log(`  ${label}: ${r.ms} ms to results (${r.via}), ${kb(r.listBytes)} before the list, ${kb(r.bytes)} in ${r.requests} requests in all, ${r.results} results shown; page itself ${kb(r.loadBytes)}`);
    console.log(`    ${Object.entries(r.byKind).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${kb(v)}`).join(' · ')}`);
    if (args.includes('--list')) for (const row of r.rows) console.log(`      ${kb(row.bytes).padStart(9)}  ${row.path}`);
  };
  try {
    for (const [pagePath, query] of queries) {
      console.log(`first search "${query}" from ${pagePath}`);
      const ours = [];
      const theirs = [];
      const earlier = [];
      for (let i = 0; i < runs; i++) {
        const a = await firstSearch(browser, { dist, base, pagePath, query });
        ours.push(a);
        show(`run ${i + 1} Taiyaku  `, a);
        if (before) {
          const c = await firstSearch(browser, { dist: before, base, pagePath, query });
          earlier.push(c);
          show(`run ${i + 1} before   `, c);
        }
        if (starlight) {
          const b = await firstSearch(browser, { dist: starlight, pagePath: opt('--starlight-page', '/ja/cr/300/'), query, site: 'starlight' })
            .catch((error) => { console.log(`  run ${i + 1} Starlight: no result (${String(error.message).split('\n')[0]})`); return undefined; });
          if (b) { theirs.push(b); show(`run ${i + 1} Starlight`, b); }
        }
      }
      const m = (rs, k) => median(rs.map((r) => r[k]));
      console.log(`  median Taiyaku: ${m(ours, 'ms')} ms, ${kb(m(ours, 'listBytes'))} before the list, ${kb(m(ours, 'bytes'))} in all`);
      if (before) console.log(`  median before: ${m(earlier, 'ms')} ms, ${kb(m(earlier, 'listBytes'))} before the list, ${kb(m(earlier, 'bytes'))} in all`);
      if (starlight && theirs.length === ours.length) {
        console.log(`  median Starlight: ${m(theirs, 'ms')} ms, ${kb(m(theirs, 'bytes'))}`);
        const ratios = ours.map((a, i) => a.ms / theirs[i].ms);
        console.log(`  time Taiyaku/Starlight per pair: ${ratios.map((x) => x.toFixed(2)).join(', ')} (median ${median(ratios).toFixed(2)}); bytes ${(m(ours, 'bytes') / m(theirs, 'bytes')).toFixed(2)}`);
      }
    }
  } finally {
    await browser.close();
  }
}
