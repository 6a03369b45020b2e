// The service worker across tabs and updates (docs/offline.md#several-tabs, issue 26): the tab that
// did not click "Reload" moves with the update too; while an update waits, saved games are the old
// version and complete, and any other page the new version with all its files, as the offline page
// says; a save that fails leaves nothing behind; the header search says so when its script or index
// cannot load, instead of "nothing matches".
//
// The site is served by a small server of this file that can play two versions of the built site:
// version 2 is dist with another version id in the worker and its lists, the header search script
// under another hashed name (the old name is gone, as after a real deployment), and a marker in every
// page, so a test can tell which version a page came from.
import { readFileSync, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { BASE } from '../../playwright.config';


const DIST = join(process.cwd(), process.env.TAIYAKU_OUT ?? 'dist');
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml', '.wasm': 'application/wasm' };
const TEXT = new Set(['.html', '.js', '.json', '.css']);
const V2 = 'feedfacefeedface';
const MARKER = '<meta name="taiyaku-test-version" content="2">';

interface Site { url: string; version: 1 | 2; fail: Set<string>; requests: string[]; close: () => Promise<void> }

async function serve(): Promise<Site> {
  const v1 = /TAIYAKU_VERSION="([0-9a-f]+)"/.exec(readFileSync(join(DIST, 'sw.js'), 'utf8'))![1]!;
  const panel = /data-panel="[^"]*\/(_astro\/search-panel\.[^"/]+\.js)"/.exec(readFileSync(join(DIST, 'en/index.html'), 'utf8'))![1]!;
  const panel2 = panel.replace(/\.([^.]+)\.js$/, '.v2v2v2v2.js');
  const fileAt = (rel: string) => {
    const p = normalize(join(DIST, rel));
    return p.startsWith(DIST) && existsSync(p) && statSync(p).isFile() ? p : undefined;
  };
  const site: Site = { url: '', version: 1, fail: new Set(), requests: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    site.requests.push(path);
    const send = (status: number, file: string) => {
      const ext = extname(file);
      let body: string | Buffer = readFileSync(file);
      if (site.version === 2 && TEXT.has(ext)) {
        // By file name, not path: the panel's lazy chunks (excerpt, spelling) import it as ./search-panel.….js.
        let text = body.toString('utf8').replaceAll(v1, V2).replaceAll(panel.split('/').at(-1)!, panel2.split('/').at(-1)!);
        if (ext === '.html') text = text.replace('<head>', `<head>${MARKER}`);
        body = text;
      }
      res.writeHead(status, { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      res.end(body);
    };
    const notFound = () => send(404, join(DIST, '404.html'));
    if (site.fail.has(path)) { res.writeHead(500); res.end(); return; }
    if (!path.startsWith(BASE)) return notFound();
    let rel = path.slice(BASE.length - 1);
    // Version 2 has the search script under its new name only.
    if (site.version === 2 && rel === `/${panel}`) return notFound();
    if (site.version === 2 && rel === `/${panel2}`) rel = `/${panel}`;
    const file = fileAt(rel.endsWith('/') ? join(rel, 'index.html') : rel);
    return file ? send(200, file) : notFound();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  site.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  site.close = () => new Promise((done) => server.close(() => done()));
  return site;
}

let site: Site;
test.beforeEach(async () => { site = await serve(); });
test.afterEach(async () => { await site.close(); });
const at = (path: string) => `${site.url}${BASE.replace(/\/$/, '')}${path}`;

async function controlled(page: Page, path: string) {
  await page.goto(at(path));
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
const isV2 = (page: Page) => page.evaluate(() => Boolean(document.querySelector('meta[name="taiyaku-test-version"]')));
/** Types into the header search box and waits for the panel's status line. */
async function panelSearch(page: Page, q: string) {
  await page.locator('#site-search-q').click();
  await page.locator('#site-search-q').fill(q);
  const status = page.locator('.search-panel .sp-status');
  await expect(status).not.toHaveText(/^$|Searching|検索中/, { timeout: 30_000 });
  return status;
}
// A new version downloads the saved games before it waits (src/sw/sw.ts, install), so with a game
// saved its wait takes as long as the save did: the same limit (150 s), which only catches a hang
// (a save took 50–60 s on a slow machine with the suite running beside it).
const SAVE_TIMEOUT = 150_000;
async function updateWaiting(page: Page, timeout = 60_000) {
  await page.evaluate(async () => { await (await navigator.serviceWorker.ready).update(); });
  await expect(page.locator('[data-update]')).toBeVisible({ timeout });
}

test('the update taken in one tab moves the other tab too: it reloads into the new version and its search works', async ({ browser }) => {
  test.setTimeout(120_000);
  const context: BrowserContext = await browser.newContext();
  try {
    const a = await context.newPage();
    const b = await context.newPage();
    let loads = 0;
    a.on('load', () => loads++);
    await controlled(a, '/en/mtg/cr/607/');
    await controlled(b, '/en/lorcana/cr/6.5/');
    expect(await isV2(b)).toBe(false);
    // The first worker taking control of a first visit is no update: nothing reloads.
    await a.waitForTimeout(500);
    expect(loads).toBe(1);
    site.version = 2;
    await updateWaiting(a);
    await Promise.all([a.waitForEvent('load'), a.locator('[data-update] button').click()]);
    await expect.poll(() => isV2(a), { timeout: 30_000 }).toBe(true);
    // Tab b did not click, and its page is of version 1, whose search script is gone from the server.
    await expect.poll(() => isV2(b), { timeout: 30_000 }).toBe(true);
    const status = await panelSearch(b, 'kicker');
    await expect(status).toHaveText(/^\d+ results$/);
    await expect(b.locator('#site-search-list [role="option"]').first()).toHaveAttribute('href', /\/en\/mtg\/cr\/702\.33\//);
  } finally {
    await context.close();
  }
});

test('while an update waits, a saved game is the old version, complete, and a page not saved the new one with all its files, as the offline page says', async ({ browser }) => {
  test.setTimeout(2 * SAVE_TIMEOUT + 90_000);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await controlled(page, '/en/offline/');
    await page.locator('[data-part="mtg"] button').click();
    await expect(page.locator('[data-part="mtg"] [data-role="state"]')).toHaveText('Saved', { timeout: SAVE_TIMEOUT });
    site.version = 2;
    await updateWaiting(page, SAVE_TIMEOUT);
    const failed: string[] = [];
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    // Saved, never opened: the old version.
    await page.goto(at('/en/mtg/cr/117/'));
    expect(await isV2(page)).toBe(false);
    await expect(await panelSearch(page, 'kicker')).toHaveText(/^\d+ results$/);
    // Neither saved nor read: the new version, every file of it there.
    await page.goto(at('/en/lorcana/cr/6.5/'));
    expect(await isV2(page)).toBe(true);
    await expect(page.locator('[data-update]')).toBeVisible({ timeout: 30_000 });
    await expect(await panelSearch(page, 'kicker')).toHaveText(/^\d+ results$/);
    expect(failed).toEqual([]);
    // What the offline page promises is what just happened.
    await page.goto(at('/en/offline/'));
    await expect(page.locator('main')).toContainText('the games you saved open in the version you saved them in');
    await expect(page.locator('main')).toContainText('a page you have not saved is fetched from the site as it is now, so it shows the new version');
    await page.goto(at('/ja/offline/'));
    await expect(page.locator('main')).toContainText('保存していないページはその時点のサイトから取ってくるため、新しい版で表示されます');
  } finally {
    await context.close();
  }
});

test('a save that fails midway leaves nothing in the caches, and the game reads from the network as before', async ({ browser }) => {
  test.setTimeout(120_000);
  const list = JSON.parse(readFileSync(join(DIST, 'offline/mtg.json'), 'utf8')) as { files: { url: string }[] };
  // The last file of the game's list: every other file has been downloaded when it fails.
  site.fail.add(list.files.at(-1)!.url);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await controlled(page, '/en/offline/');
    const row = page.locator('[data-part="mtg"]');
    await row.locator('button').click();
    await expect(page.locator('[data-offline] [role="status"]')).toHaveText(/Could not reach the network/, { timeout: 60_000 });
    await expect(row.locator('[data-role="state"]')).toHaveText('Not saved');
    const kept = await page.evaluate(async () => {
      const out: Record<string, number> = {};
      for (const name of await caches.keys()) if (/:(saved|staging):/.test(name)) out[name] = (await (await caches.open(name)).keys()).length;
      return out;
    });
    expect(Object.values(kept).reduce((n, k) => n + k, 0), JSON.stringify(kept)).toBe(0);
    // Nothing answers from a half save: a page of the game is asked of the network.
    site.requests.length = 0;
    await page.goto(at('/en/mtg/cr/607/'));
    expect(site.requests).toContain(`${BASE}en/mtg/cr/607/`);
  } finally {
    await context.close();
  }
});

test.describe('the header search says when it cannot load, instead of "nothing matches"', () => {
  test('an index chunk that fails', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.route('**/pagefind/en/index/**', (route) => route.fulfill({ status: 404, body: '' }));
      await page.goto(at('/en/mtg/cr/607/'));
      await expect(await panelSearch(page, 'kicker')).toHaveText('Search could not be loaded.');
    } finally {
      await context.close();
    }
  });
  test('the search script that fails', async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.route('**/_astro/search-panel.*', (route) => route.fulfill({ status: 404, body: '' }));
      await page.goto(at('/ja/mtg/cr/607/'));
      await page.locator('#site-search-q').click();
      await expect(page.locator('.search-panel .sp-status')).toHaveText('検索を読み込めませんでした。');
    } finally {
      await context.close();
    }
  });
});
