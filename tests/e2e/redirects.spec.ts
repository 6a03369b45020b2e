// Moved URLs in the browser, on the fixture site (tests/fixtures/content/moved, served under
// /taiyaku/): 100.3 became 100.5 (its 100.3c went to 100.6) and 100.1b moved to 100.6. Anchors are
// only known to the browser, so each old link must land on the new place of its sub-rule.
import { expect, test } from '@playwright/test';
import { FIXTURE_PORT } from '../../playwright.config';
import { at } from './helpers';

test.use({ baseURL: `http://localhost:${FIXTURE_PORT}` });

const landsOn = async (page: import('@playwright/test').Page, path: string, id?: string) => {
  await expect(page).toHaveURL(new RegExp(`${at(path).replace(/[.?]/g, '\\$&')}${id ? `#${id.replace(/\./g, '\\.')}` : ''}$`));
  if (id) {
    await expect(page.locator(':target')).toHaveAttribute('id', id);
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
  }
};

for (const [from, to, id] of [
  ['/en/demo/cr/100.3/#100.3a', '/en/demo/cr/100.5/', '100.5a'],
  ['/ja/demo/cr/100.3/#100.3b', '/ja/demo/cr/100.5/', '100.5b'],
  ['/en/demo/cr/100.3/#100.3c', '/en/demo/cr/100.6/', '100.6b'],
  ['/ja/demo/cr/100.1/#100.1b', '/ja/demo/cr/100.6/', '100.6a'],
] as const) {
  test(`${from} lands on ${to}#${id}`, async ({ page }) => {
    await page.goto(at(from));
    await landsOn(page, to, id);
  });
}

test('a moved page without an anchor lands on its new page', async ({ page }) => {
  await page.goto(at('/en/demo/cr/100.3/'));
  await landsOn(page, '/en/demo/cr/100.5/');
  await expect(page.locator('h1')).toContainText('Moved rule');
});

test('an anchor that did not move stays where it is, and a moved one is followed within the page too', async ({ page }) => {
  await page.goto(at('/ja/demo/cr/100.1/#100.1a'));
  await landsOn(page, '/ja/demo/cr/100.1/', '100.1a');
  await page.evaluate(() => { location.hash = '100.1b'; });
  await landsOn(page, '/ja/demo/cr/100.6/', '100.6a');
});

test('a fragment the old page never had (a simulator scenario) is carried to the new page', async ({ page }) => {
  await page.goto(at('/en/demo/cr/100.3/#sim=demo:x:1'));
  await expect(page).toHaveURL(new RegExp(`${at('/en/demo/cr/100.5/').replace(/\./g, '\\.')}#sim=demo:x:1$`));
});

test('the short link of a moved id goes to its new place', async ({ page }) => {
  await page.goto(at('/r/demo/100.3c/'));
  await landsOn(page, '/en/demo/cr/100.6/', '100.6b');
});

test('without JavaScript, a moved page still forwards to its new page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: `http://localhost:${FIXTURE_PORT}` });
  const page = await context.newPage();
  await page.goto(at('/ja/demo/cr/100.3/#100.3a'));
  await expect(page).toHaveURL(new RegExp(`${at('/ja/demo/cr/100.5/').replace(/\./g, '\\.')}$`));
  await context.close();
});
