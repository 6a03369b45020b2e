// A pair is always the same rule (docs/import.md#pairs), in the browser, on the fixture site
// (tests/fixtures/content/base + moved + official + history + pairs, served under /taiyaku/): 104.1's
// English changed after the edition its Japanese follows (2030-09-01), 101.1b was added since (no
// Japanese yet), 104.2b's Japanese was carried from 104.3 with its English unchanged (no mark).
import { expect, test } from '@playwright/test';
import { FIXTURE_PORT } from '../../playwright.config';
import { at, axeOnPages, wideOnPhone } from './helpers';

test.use({ baseURL: `http://localhost:${FIXTURE_PORT}` });

test.describe('which edition each side follows', () => {
  test('a rule whose English changed since its translation is marked in both languages and links the change in its history', async ({ page }) => {
    await page.goto(at('/en/demo/cr/104/'));
    const note = page.locator('[id="104.1"]').getByRole('note', { name: 'Translation' });
    await expect(note.locator('[lang="en"]')).toHaveText('The Japanese translates the English of 2030-09-01; the English has changed since (see the change in the history).');
    await expect(note.locator('[lang="ja"]')).toHaveText('この日本語訳は英語版 2030-09-01の訳で、英語の条文はその後変わった（履歴で変更を見る）。');
    await expect(page.locator('[id="104.3"] .pair-edition')).toHaveCount(0); // (its renumbering notice is another note)
    await note.getByRole('link', { name: 'see the change in the history' }).click();
    await expect(page).toHaveURL(new RegExp(`${at('/en/demo/cr/104/history/').replace(/\./g, '\\.')}#104\\.1$`));
    await expect(page.locator(':target')).toHaveAttribute('id', '104.1');
    await expect(page.locator('[id="104.1"] .h-version')).toHaveCount(2);
  });

  test('copy as quote names the English edition the Japanese translates', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(at('/ja/demo/cr/104/'));
    await page.locator('[id="104.1"]').getByRole('button', { name: /引用としてコピー/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`> **104.1** (104 得点 · 総合ルール 20310301.0（英語版 2030-09-01 の訳）)\n> 得点は、最後の札が出され、全員がパスしてから数える。\n${baseURL}${at('/r/demo/104.1@2031-03-07/')}`);
  });

  test('a rule added since says there is no Japanese yet', async ({ page }) => {
    await page.goto(at('/ja/demo/cr/101.1/'));
    const row = page.locator('[id="101.1b"]');
    await expect(row.getByRole('note', { name: '訳の版' }).locator('[lang="ja"]')).toHaveText('日本語訳が従う英語版 2030-09-01 の後に加わった条文で、日本語訳はまだない。');
    await expect(row.locator(':scope > .txt[lang="ja"]')).toHaveClass(/missing/);
    await expect(page.locator('[id="101.1a"] .pair-edition')).toHaveCount(0);
  });

  const PAGES = ['/en/demo/cr/104/', '/ja/demo/cr/104/', '/en/demo/cr/101.1/', '/ja/demo/cr/101.1/', '/en/demo/cr/104/history/'];
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe on the marked pages (${scheme})`, async ({ browser }) => {
      test.slow(); // axe over several pages: three times the usual time on a busy machine
      expect(await axeOnPages(browser, `http://localhost:${FIXTURE_PORT}`, scheme, PAGES)).toEqual([]);
    });
  }

  test('nothing scrolls sideways at 360 px', async ({ browser }) => {
    expect(await wideOnPhone(browser, `http://localhost:${FIXTURE_PORT}`, PAGES)).toEqual([]);
  });
});
