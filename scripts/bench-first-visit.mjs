#!/usr/bin/env node
// What a reader's first visit downloads: opens one page in a fresh Chromium profile and counts, at
// the server, every byte it sends in the first N seconds — the page, its styles and scripts, the
// service worker and whatever the worker fetches in the background (a browser-side count misses the
// worker's own requests). The server compresses like a static host (gzip for text).
//
//   npm run bench:first-visit -- [dist] [--base /taiyaku/] [--page /ja/mtg/cr/702.33/] [--seconds 10]
//
// Prints the figures; it is not a test (see the budget in docs/offline.md).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const opt = (k, d) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : d; };
const dist = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'dist';
const base = opt('--base', process.env.SITE_BASE ?? '/');
const pagePath = opt('--page', '/ja/mtg/cr/702.33/');
const seconds = Number(opt('--seconds', '10'));

const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.xml': 'application/xml', '.txt': 'text/plain', '.pagefind': 'application/octet-stream', '.pf_meta': 'application/octet-stream' };
const compressible = (t) => /^text\/|json|svg|xml/.test(t);

/** A gzip static server for `dir` under `base` that logs what it sends. */
function serve(dir, prefix) {
  const log = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let rel = decodeURIComponent(url.pathname);
    if (!rel.startsWith(prefix)) { res.writeHead(404); res.end(); return; }
    rel = normalize(rel.slice(prefix.length)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, rel);
    let s = await stat(file).catch(() => null);
    if (s?.isDirectory()) { file = join(file, 'index.html'); s = await stat(file).catch(() => null); }
    const status = s ? 200 : 404;
    if (!s) file = join(dir, '404.html');
    const body = await readFile(file).catch(() => Buffer.alloc(0));
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const gz = compressible(type) && /gzip/.test(String(req.headers['accept-encoding']));
    const out = gz ? gzipSync(body) : body;
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache', ...(gz ? { 'content-encoding': 'gzip' } : {}) });
    res.end(out);
    log.push({ at: Date.now(), path: url.pathname + url.search, bytes: out.length, sw: req.headers['service-worker'] === 'script' });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, log, port: server.address().port })));
}

const prefix = base.endsWith('/') ? base : `${base}/`;
const { server, log, port } = await serve(dist, prefix);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
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
