import { expect, test } from '@playwright/test';
import { at } from './helpers';

const column = (page: import('@playwright/test').Page, lang: string) =>
  page.locator(`table.terms tbody td.term[lang="${lang}"]`).evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ''));

test('the dictionary sorts by the page language and re-sorts by the other', async ({ page }) => {
  await page.goto(at('/en/mtg/terms/'));
  const en = await column(page, 'en');
  expect(en.length).toBeGreaterThan(3);
  expect(en).toEqual(en.toSorted((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  await page.getByRole('button', { name: 'Sort by Japanese' }).click();
  await expect(page.locator('th[data-col="ja"]')).toHaveAttribute('aria-sort', 'ascending');
  const keys = await page.locator('table.terms tbody tr').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset['ja'] ?? ''));
  expect(keys).toEqual(keys.toSorted(new Intl.Collator('ja').compare));
});

test('a term has a permanent anchor', async ({ page }) => {
  await page.goto(at('/ja/mtg/terms/#kicker'));
  await expect(page.locator('tr[id="kicker"] td[lang="ja"]')).toContainText('キッカー');
});
