// Offline on request (docs/offline.md): pages stay readable once read, whole games once saved, a page
// neither read nor saved says so, and a new version waits for the reader's consent.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { at, KICKER } from './helpers';

// 置換 (replacement) finds a page on replacement effects first: each game has one.
const REPLACEMENT = /\/ja\/(lorcana\/cr\/6\.5|mtg\/cr\/614|marvel-champions\/rr\/replacement-effect)\//;

// The update test rewrites the built worker for a moment: keep this file's tests in one worker.
test.describe.configure({ mode: 'serial' });

// Saving Magic fetches about 1,600 files through the worker: 20 s on a quiet machine, 50 s and more on a
// slower or busy 2-core one (2026-12-02). The limit only catches a save that never ends.
const SAVE_TIMEOUT = 150_000;

async function controlled(page: Page, path: string) {
  await page.goto(at(path));
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  // The worker claims the page when it activates; from then on every request goes through it.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}
const cacheNames = (page: Page) => page.evaluate(() => caches.keys());
const swStatus = (page: Page) => page.evaluate(() => new Promise<{ version: string; saved: string[] }>((resolve) => {
  navigator.serviceWorker.addEventListener('message', (e) => { if (e.data?.type === 'status') resolve(e.data); });
  navigator.serviceWorker.controller!.postMessage({ type: 'status' });
}));

test('a first visit fetches nothing in the background; what was read stays readable offline, and an unread page says so', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const requested: string[] = [];
  context.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await controlled(page, '/ja/');
  await page.waitForTimeout(1000);
  // Nothing but the page, its files, the worker and the icon: no rules, no search data.
  expect(requested.filter((p) => /\/(mtg|lorcana|marvel-champions|pagefind|api|offline)\//.test(p))).toEqual([]);
  await page.goto(at(`/en${KICKER}#702.33d`));
  await page.goto(at('/ja/search/?q=置換'));
  await expect(page.locator('#search-results a.r-title').first()).toHaveAttribute('href', REPLACEMENT);
  await context.setOffline(true);
  await page.goto(at(`/en${KICKER}#702.33d`));
  await expect(page.locator('[id="702.33d"] > .txt[lang="ja"]')).toContainText('キッカー');
  await page.goto(at('/ja/search/?q=置換'));
  await expect(page.locator('#search-results a.r-title').first()).toHaveAttribute('href', REPLACEMENT);
  await page.goto(at('/en/marvel-champions/rr/ability/'));
  await expect(page.locator('h1')).toHaveText('You are offline');
  await expect(page.locator('a[href$="/en/offline/"]')).toBeVisible();
  await context.close();
});

test('a game saved on the offline page can be read and searched with the network off; the others cannot', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await controlled(page, '/en/offline/');
  const row = page.locator('[data-part="mtg"]');
  await expect(row.locator('[data-role="size"]')).toHaveText(/\(up to \d+(\.\d)? MB\)/);
  await expect(row.locator('[data-role="state"]')).toHaveText('Not saved');
  await row.locator('button').click();
  await expect(row.locator('[data-role="state"]')).toHaveText('Saved', { timeout: SAVE_TIMEOUT });
  await expect(page.locator('[data-offline] [role="status"]')).toHaveText('Done.');
  expect((await swStatus(page)).saved).toEqual(['mtg']);
  await context.setOffline(true);
  // Never opened, but saved:
  await page.goto(at('/ja/mtg/cr/607/'));
  await expect(page.locator('h1')).toContainText('607');
  await page.goto(at('/en/search/?q=kickr'));
  await expect(page.locator('#search-results a.r-title').first()).toHaveAttribute('href', /\/en\/mtg\/cr\/702\.33\//);
  await page.goto(at('/ja/lorcana/cr/6.5/'));
  await expect(page.locator('h1')).toHaveText('オフラインです');
  // Removing it frees the files again.
  await context.setOffline(false);
  await page.goto(at('/en/offline/'));
  await row.locator('button').click();
  await expect(row.locator('[data-role="state"]')).toHaveText('Not saved');
  expect((await swStatus(page)).saved).toEqual([]);
  await context.close();
});

test('a new version is announced and taken only on consent: until then the old one serves everything', async ({ browser }) => {
  test.setTimeout(2 * SAVE_TIMEOUT + 90_000);
  const dist = join(process.cwd(), process.env.TAIYAKU_OUT ?? 'dist');
  const files = ['sw.js', 'offline/index.json', 'offline/shared.json', 'offline/mtg.json'].map((f) => join(dist, f));
  const originals = files.map((f) => readFileSync(f, 'utf8'));
  const version = /TAIYAKU_VERSION="([0-9a-f]+)"/.exec(originals[0]!)![1]!;
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext();
    const page = await context.newPage();
    await controlled(page, '/en/offline/');
    await page.locator('[data-part="mtg"] button').click();
    await expect(page.locator('[data-part="mtg"] [data-role="state"]')).toHaveText('Saved', { timeout: SAVE_TIMEOUT });
    // The site is "deployed" again: a new version id in the worker and the lists.
    files.forEach((f, i) => writeFileSync(f, originals[i]!.replaceAll(version, 'feedfacefeedface')));
    await page.goto(at('/en/mtg/cr/607/'));
    await page.evaluate(async () => { await (await navigator.serviceWorker.ready).update(); });
    const banner = page.locator('[data-update]');
    // The new version downloads the saved game before it waits: as long as the save took.
    await expect(banner).toBeVisible({ timeout: SAVE_TIMEOUT });
    await expect(banner).toContainText('An update is available.');
    // The new worker has downloaded the saved game again, but the old one still answers.
    expect((await cacheNames(page)).some((n) => n.endsWith(':saved:feedfacefeedface'))).toBe(true);
    expect((await swStatus(page)).version).toBe(version);
    await page.goto(at('/ja/mtg/cr/117/'));
    expect((await swStatus(page)).version).toBe(version);
    await expect(page.locator('[data-update]')).toBeVisible({ timeout: 30_000 });
    await Promise.all([page.waitForEvent('load'), page.locator('[data-update] button').click()]);
    await expect.poll(async () => (await swStatus(page)).version, { timeout: 30_000 }).toBe('feedfacefeedface');
    // The old version's caches are gone, the saved game came along.
    const names = await cacheNames(page);
    expect(names.some((n) => n.includes(`:${version}`))).toBe(false);
    expect((await swStatus(page)).saved).toEqual(['mtg']);
  } finally {
    files.forEach((f, i) => writeFileSync(f, originals[i]!));
    await context?.close();
  }
});
