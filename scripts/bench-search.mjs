// Measures one cold search in Chromium against a built site: time from loading the search page
// with ?q= to the first rendered results, and the bytes fetched on the way. Used by bench.mjs.
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function serve(dist, base, port) {
  const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'preview', '--port', String(port)], {
    env: { ...process.env, TAIYAKU_OUT: dist, SITE_BASE: base }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => { if (String(d).includes('localhost')) resolve(); });
    child.on('exit', (code) => reject(new Error(`preview exited ${code}`)));
  });
  return child;
}

export async function measureSearch(dist, base, queries, port = 4455) {
  const server = await serve(dist, base, port);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  const out = [];
  try {
    for (const [lang, q] of queries) {
      const context = await browser.newContext(); // cold: empty cache
      const page = await context.newPage();
      let bytes = 0;
      let requests = 0;
      const counting = [];
      page.on('response', (r) => {
        requests++;
        // Bytes on the wire for the body (compressed when the server compresses), once it has arrived.
        counting.push(r.request().sizes().then((z) => { bytes += z.responseBodySize; }, () => undefined));
      });
      const started = Date.now();
      await page.goto(`http://localhost:${port}${base}${lang}/search/?q=${encodeURIComponent(q)}`);
      await page.locator('#search-results li').first().waitFor({ timeout: 60_000 });
      const ms = Date.now() - started;
      const results = await page.locator('#search-results li').count();
      // Bytes: everything the search fetched, counted once the network is quiet (bodies still
      // arriving when the first results appear were undercounted before, so the figure drifted).
      await page.waitForLoadState('networkidle');
      await Promise.all(counting);
      out.push({ lang, q, ms, bytes, requests, results });
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill();
  }
  return out;
}

// `npm run bench:search` (after `npm run build`): the bundled site's cold-search figures.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { existsSync, readdirSync, statSync } = await import('node:fs');
  const { join } = await import('node:path');
  const size = (d) => (existsSync(d) ? readdirSync(d, { recursive: true }).reduce((n, f) => n + (statSync(join(d, String(f))).isFile() ? statSync(join(d, String(f))).size : 0), 0) : 0);
  for (const lang of ['ja', 'en']) console.log(`index ${lang}: ${(size(join('dist', 'pagefind', lang)) / 1024).toFixed(0)} KB on disk`);
  const rows = await measureSearch('dist', process.env.SITE_BASE ?? '/', [['ja', '置換'], ['en', 'replacement'], ['ja', 'kicked'], ['en', '702.33d']]);
  for (const r of rows) console.log(`cold search "${r.q}" (${r.lang} page): ${r.ms} ms to results, ${(r.bytes / 1024).toFixed(1)} KB in ${r.requests} requests, ${r.results} results`);
}
