// Search over fragment groups, in the browser, on the fixture site, which is built with
// TAIYAKU_SEARCH_FRAGMENTS set below its page count (playwright.config.ts): its pages' search
// texts share group files (docs/search.md#fragment-groups), and a search still finds them and
// shows their excerpts, in both languages.
import { expect, test } from '@playwright/test';
import { at } from './helpers';
import { FIXTURE_PORT } from '../../playwright.config';

test.use({ baseURL: `http://localhost:${FIXTURE_PORT}` });

for (const [lang, q, page] of [['en', 'marigoldish', '/en/demo/cr/104.2/'], ['ja', 'マリゴールド', '/ja/demo/cr/104.2/']] as const) {
  test(`${lang}: a result in a group file is found and shown with its excerpt`, async ({ page: tab }) => {
    const fragments: string[] = [];
    tab.on('request', (r) => { if (r.url().includes(`/pagefind/${lang}/fragment/`)) fragments.push(r.url().split('/').at(-1)!); });
    await tab.goto(at(`/${lang}/search/?q=${encodeURIComponent(q)}`));
    const first = tab.locator('#search-results a.r-title').first();
    await expect(first).toHaveAttribute('href', new RegExp(`^${at(page).replace(/\./g, '\\.')}`), { timeout: 15_000 });
    await expect(tab.locator('#search-results mark').first()).toContainText(q);
    // The result's fragment came from a group file: this bundle has no file of the page's own.
    expect(fragments.length).toBeGreaterThan(0);
    expect(fragments.every((f) => f.startsWith(`${lang}_group_`)), fragments.join(' ')).toBe(true);
  });
}

test('the header panel lists grouped results with excerpts, each group fetched once', async ({ page }) => {
  const fragments: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/pagefind/en/fragment/')) fragments.push(r.url()); });
  await page.goto(at('/en/demo/cr/104/'));
  await page.locator('#site-search-q').click();
  await page.locator('#site-search-q').fill('rule');
  const options = page.locator('#site-search-panel [role="option"]');
  await expect(options.first()).toBeVisible({ timeout: 15_000 });
  expect(await options.count()).toBeGreaterThan(1);
  await expect(page.locator('#site-search-panel mark').first()).toBeVisible();
  expect(fragments.some((u) => u.includes('/en_group_'))).toBe(true);
  expect(new Set(fragments).size).toBe(fragments.length);
});

test('a saved game searches its grouped pages with the network off (the saved copy holds the group files)', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(at('/en/offline/'));
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const row = page.locator('[data-part="demo"]');
  await row.locator('button').click();
  await expect(row.locator('[data-role="state"]')).toHaveText('Saved', { timeout: 60_000 });
  await context.setOffline(true);
  // Never searched before: the bundle, its metadata and the group come from the saved copy.
  for (const [lang, q] of [['en', 'marigoldish'], ['ja', 'タリクイスト']] as const) {
    await page.goto(at(`/${lang}/search/?q=${encodeURIComponent(q)}`));
    await expect(page.locator('#search-results a.r-title').first()).toHaveAttribute('href', new RegExp(`^${at(`/${lang}/demo/cr/104.2/`).replace(/\./g, '\\.')}`), { timeout: 15_000 });
    await expect(page.locator('#search-results mark').first()).toContainText(q);
  }
  await context.close();
});
