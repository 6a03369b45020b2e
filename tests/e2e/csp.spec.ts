import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { BASE } from '../../playwright.config';
import { headersFor, parseHeadersFile, serveDist } from '../../scripts/serve-dist.mjs';
import { KICKER } from './helpers';

// 置換 (replacement) finds a page on replacement effects first: each game has one.
const REPLACEMENT = /\/ja\/(lorcana\/cr\/6\.5|mtg\/cr\/614|marvel-champions\/rr\/replacement-effect)\//;

// Every page type, loaded from dist as a static host serves it, with the headers of dist/_headers
// (the Content-Security-Policy of docs/deploy.md, Referrer-Policy, X-Content-Type-Options) and the
// policy's <meta> copy on the page. The reader's usual actions on each page (previews, simulator,
// sorting, graph, search with Pagefind's WebAssembly and worker, short-link forwarding, the service
// worker) must run with zero policy violations and no script errors. Both copies of the policy
// apply at once, so passing here means each passes alone.

let server: { url: string; close: () => Promise<unknown> } | undefined;
test.beforeAll(async () => { server = await serveDist({ dist: 'dist', base: BASE }); });
test.afterAll(async () => { await server?.close(); });
const url = (path: string) => `${server!.url}${BASE.replace(/\/$/, '')}${path}`;

const rules = parseHeadersFile(readFileSync('dist/_headers', 'utf8'));
const policy = headersFor(rules, `${BASE}ja/`)['content-security-policy'] ?? '';

/** Collects every CSP violation (page, frames, workers, service worker) and every uncaught script error. */
async function watch(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeBinding('__cspViolation', (_source, text: string) => { seen.push(text); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`);
    });
  });
  const console = (where: string) => (m: { type: () => string; text: () => string }) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.push(`${where} console ${m.type()}: ${m.text()}`);
  };
  page.on('console', console('page'));
  page.on('worker', (w) => w.on('console', console('worker')));
  page.context().on('serviceworker', (w) => w.on('console', console('service worker')));
  page.on('pageerror', (e) => seen.push(`script error on ${page.url()}: ${e.message}`));
  return seen;
}

test.describe('Content-Security-Policy', () => {
  test('the host sends the documented headers and every page carries the policy in a <meta>', async ({ page }) => {
    expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
    for (const path of ['/', '/ja/', `/en${KICKER}`, '/r/mtg/702.33d/', '/en/search/', '/no-such-page/']) {
      const res = await page.request.get(url(path), { maxRedirects: 0 });
      expect(res.headers()['content-security-policy'], path).toBe(policy);
      expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers()['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      const meta = /<meta http-equiv="content-security-policy" content="([^"]+)">/.exec(await res.text())?.[1];
      expect(meta, path).toBe(policy.replace(/; frame-ancestors 'none'$/, ''));
    }
  });

  test('is live: an injected inline script or style attribute is refused and reported', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(url('/ja/'));
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.injected = true';
      document.head.append(s);
      document.body.setAttribute('style', 'outline: 1px solid red');
      return (window as unknown as { injected?: boolean }).injected === true;
    });
    expect(ran).toBe(false);
    // Reported both as events and on the console (once per copy of the policy).
    await expect.poll(() => seen.join('\n')).toMatch(/script-src-elem blocked inline/);
    await expect.poll(() => seen.join('\n')).toMatch(/style-src-attr blocked inline/);
    expect(seen.join('\n')).toMatch(/page console error: Executing inline script violates/);
  });

  test('doorway, home, game, contents, dictionary and 404 pages', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(url('/'));
    await page.goto(url('/ja/'));
    await page.getByRole('radio', { name: 'ダーク' }).check();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'ダーク' })).toBeChecked(); // the inline settings script ran
    await page.goto(url('/en/mtg/'));
    await page.goto(url('/ja/mtg/cr/'));
    await page.goto(url('/en/mtg/terms/'));
    await page.getByRole('button', { name: 'Sort by Japanese' }).click();
    await expect(page.locator('th[data-col="ja"]')).toHaveAttribute('aria-sort', 'ascending'); // sort-table.ts ran
    const res = await page.goto(url('/no-such-page/'));
    expect(res?.status()).toBe(404);
    expect(seen).toEqual([]);
  });

  test('a rule page: preview, copy buttons and the service worker', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(url(`/ja${KICKER}`));
    await expect(page.locator('.tools').first()).toBeVisible(); // rule-tools.ts ran
    await page.locator('[id="702.33a"] > .txt[lang="ja"] a.ref[data-ref]').first().hover();
    await expect(page.locator('#ref-card p[lang="en"]')).not.toBeEmpty(); // fetched the cited entry's JSON
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await page.reload(); // now through the service worker
    await expect(page.locator('[id="702.33d"]')).toBeVisible();
    expect(seen).toEqual([]);
  });

  test('a guide with simulators and the graph page', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(url('/ja/marvel-champions/rr/villain-phase/'));
    const sim = page.locator('#sim-mc-attack');
    await expect(sim.locator('[data-role="nav"]')).toBeVisible();
    await sim.getByRole('button', { name: '次へ' }).click();
    await expect(sim.locator('[data-role="counter"]')).toContainText('2');
    await page.goto(url('/en/mtg/graph/'));
    await page.getByLabel('Filter').fill('kicker');
    await expect(page.locator('svg.graph .n.match')).toHaveCount(1);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(seen).toEqual([]);
  });

  test('search, in both bundles (WebAssembly and a worker), including words Object.prototype knows', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(url('/ja/search/?q=置換'));
    await expect(page.locator('#search-results a.r-title').first()).toHaveAttribute('href', REPLACEMENT);
    for (const q of ['constructor', '__proto__', 'toString']) {
      await page.locator('#search-q').fill(q);
      await expect(page.locator('#search-status')).not.toHaveText(/検索中|^$/);
      await expect(page.locator('#search-status')).not.toHaveText(/読み込めません|could not/i);
    }
    await page.goto(url('/en/search/?q=kickr'));
    await expect(page.locator('#search-results a.r-title').first()).toHaveAttribute('href', /\/en\/mtg\/cr\/702\.33\//);
    expect(seen).toEqual([]);
  });

  test('a short link forwards to the reader\'s language under the policy', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(url('/ja/'));
    await page.goto(url('/r/mtg/702.33d/'));
    await expect(page).toHaveURL(/\/ja\/mtg\/cr\/702\.33\/#702\.33d$/);
    await page.goto(url('/en/'));
    await page.goto(url('/r/mtg/702.33d/'));
    await expect(page).toHaveURL(/\/en\/mtg\/cr\/702\.33\/#702\.33d$/);
    expect(seen).toEqual([]);
  });
});
