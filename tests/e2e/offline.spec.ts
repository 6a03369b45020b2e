import { expect, test } from '@playwright/test';
import { at, KICKER } from './helpers';

test('after the first visit, pages and search work with the network off', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(at('/ja/'));
  // The service worker precaches the site on install; wait until it is active.
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await context.setOffline(true);
  await page.goto(at(`/en${KICKER}#702.33d`));
  await expect(page.locator('[id="702.33d"] > .txt[lang="ja"]')).toContainText('キッカー');
  await page.goto(at('/ja/search/?q=置換'));
  await expect(page.locator('#search-results a.r-title').first()).toHaveAttribute('href', /\/ja\/lorcana\/cr\/6\.5\//);
  await page.goto(at('/en/search/?q=kickr'));
  await expect(page.locator('#search-results a.r-title').first()).toHaveAttribute('href', /\/en\/mtg\/cr\/702\.33\//);
  await context.close();
});
