#!/usr/bin/env node
// What a reader's first visit downloads: opens one page in a fresh Chromium profile and counts, at
// the server, every byte it sends in the first N seconds — the page, its styles and scripts, the
// service worker and whatever the worker fetches in the background (a browser-side count misses the
// worker's own requests). The server compresses like a static host (gzip for text).
//
//   npm run bench:first-visit -- [dist] [--base /taiyaku/] [--page /ja/mtg/cr/702.33/] [--seconds 10]
//
// Prints the figures; it is not a test (see the budget in docs/offline.md).
import { launchChromium, serve } from './bench-common.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : d; };
const dist = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'dist';
const base = opt('--base', process.env.SITE_BASE ?? '/');
const pagePath = opt('--page', '/ja/mtg/cr/702.33/');
const seconds = Number(opt('--seconds', '10'));

const prefix = base.endsWith('/') ? base : `${base}/`;
const { server, log, port } = await serve(dist, prefix);
const browser = await launchChromium();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const start = Date.now();
  await page.goto(`http://127.0.0.1:${port}${prefix.slice(0, -1)}${pagePath}`);
  await page.waitForTimeout(seconds * 1000 - (Date.now() - start));
  const within = log.filter((r) => r.at - start <= seconds * 1000);
  const total = within.reduce((n, r) => n + r.bytes, 0);
  const byKind = {};
  for (const r of within) {
    const kind = r.path.includes('/pagefind/') ? 'search' : /\.(css)$/.test(r.path) ? 'css' : /sw\.js$/.test(r.path) ? 'service worker' : /\.js$/.test(r.path) ? 'js' : /\.json$/.test(r.path) ? 'json' : r.path.endsWith('/') || r.path.endsWith('.html') ? 'html' : 'other';
    byKind[kind] = (byKind[kind] ?? 0) + r.bytes;
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`first visit to ${pagePath} (${dist}, base ${prefix}): ${kb(total)} in ${within.length} requests within ${seconds} s`);
  console.log(`  by kind: ${Object.entries(byKind).map(([k, v]) => `${k} ${kb(v)}`).join(', ')}`);
  if (args.includes('--list')) for (const r of within) console.log(`  ${String(r.at - start).padStart(5)} ms  ${kb(r.bytes).padStart(9)}  ${r.path}`);
  await context.close();
} finally {
  await browser.close();
  server.close();
}
