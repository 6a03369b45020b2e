// Every entry's history and what changed in each edition, in the browser, on the fixture site
// (tests/fixtures/content/base + moved + official + history: one imported step, 2030-09-01 →
// 2031-03-07, served under /taiyaku/).
import { expect, test } from '@playwright/test';
import { FIXTURE_PORT } from '../../playwright.config';
import { at, axeOnPages, wideOnPhone } from './helpers';

test.use({ baseURL: `http://localhost:${FIXTURE_PORT}` });
const re = (path: string) => new RegExp(`${at(path).replace(/[.]/g, '\\.')}$`);

test.describe('history and changes pages', () => {
  test('the entry links its history, which shows 100.1a\'s five → seven struck through and underlined, in both languages', async ({ page }) => {
    await page.goto(at('/en/demo/cr/100.1/'));
    await page.getByRole('list', { name: 'Source' }).getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(re('/en/demo/cr/100.1/history/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('History of 100.1 First rule');
    const rows = page.locator('[id="100.1a"] .h-version');
    await expect(rows).toHaveCount(2);
    const en = rows.first().locator('.txt[lang="en"]');
    await expect(en.locator('del')).toHaveText('[deleted: five]');
    await expect(en.locator('ins')).toHaveText('[inserted: seven]');
    // Marked by more than colour: the deletion is struck through, the insertion underlined; the
    // bracketed words are for screen readers only.
    expect(await en.locator('del').evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe('line-through');
    expect(await en.locator('ins').evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe('underline');
    expect(await en.locator('del .visually-hidden').first().boundingBox()).toMatchObject({ width: 1 });
    await expect(rows.first().locator('.txt[lang="ja"] del')).toHaveText('［削除：5］');
    await expect(rows.first().locator('.txt[lang="ja"] ins')).toHaveText('［追加：7］');
    // The same toggle as rule pages: one language hides the other column.
    await page.getByLabel('English only').check();
    await expect(rows.first().locator('.txt[lang="ja"]')).toBeHidden();
    await expect(en).toBeVisible();
  });

  test('104\'s history says the number 104.3 held the rule that is 104.2b now, and links it; 104.2\'s says 104.2b was 104.3', async ({ page }) => {
    await page.goto(at('/ja/demo/cr/104/history/'));
    const section = page.locator('[id="104.3"]');
    await expect(section).toContainText('以前の番号：2030-09-01 では 104.4');
    await expect(section).toContainText('2030-09-01 の 104.3 は別の規則で、その規則は現在 104.2b です。');
    await section.getByRole('link', { name: '104.2b' }).click();
    await expect(page).toHaveURL(re('/ja/demo/cr/104.2/#104.2b'));
    await page.goto(at('/ja/demo/cr/104.2/history/'));
    await expect(page.locator('[id="104.2b"]')).toContainText('以前の番号：2030-09-01 では 104.3');
    await expect(page.locator('[id="104.2b"] .h-version').nth(1).locator('.gutter')).toContainText('当時の番号 104.3');
  });

  test('the changes page lists added 101.1b, removed 102.1c, the rewordings marked and the moves; reached from the home page and the document page', async ({ page }) => {
    await page.goto(at('/en/'));
    await page.getByRole('link', { name: 'Demo, Comprehensive Rules: what changed in 2031-03-07' }).click();
    await expect(page).toHaveURL(re('/en/demo/cr/changes/2031-03-07/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('What changed in Comprehensive Rules 2031-03-07');
    const list = (name: RegExp) => page.getByRole('region', { name });
    await expect(list(/^Added/).locator('.gutter')).toHaveText(['101.1b History']);
    await expect(list(/^Removed/).locator('.gutter')).toHaveText(['102.1c History']);
    await expect(list(/^Removed/)).toContainText('A die that lands on its edge counts as a one.');
    await expect(list(/^Reworded/).locator('.gutter')).toHaveText(['100.1a History', '101.1a History', '104.1 History']); // 104.1: the pairs overlay
    await expect(list(/^Reworded/).locator('.txt[lang="en"] del').first()).toHaveText('[deleted: five]');
    await expect(list(/^Moved/).getByRole('listitem')).toHaveText(['104.3 → 104.2b History', '104.4 → 104.3 History']);
    // A removed rule's history is on the page of the rule it was under.
    await list(/^Removed/).getByRole('link', { name: 'History' }).click();
    await expect(page).toHaveURL(re('/en/demo/cr/102.1/history/#removed-102.1c-2031-03-07'));
    await expect(page.locator(':target')).toContainText('Removed in 2031-03-07');
    await page.goto(at('/ja/demo/cr/'));
    await page.getByRole('link', { name: '2031-03-07 の変更点' }).click();
    await expect(page).toHaveURL(re('/ja/demo/cr/changes/2031-03-07/'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('総合ルール 2031-03-07 の変更点');
  });

  test('an entry without official text has no history link', async ({ page }) => {
    await page.goto(at('/en/demo/cr/100.2/'));
    await expect(page.getByRole('link', { name: 'History' })).toHaveCount(0);
  });

  const PAGES = ['/ja/demo/cr/100.1/history/', '/en/demo/cr/104/history/', '/en/demo/cr/102.1/history/', '/ja/demo/cr/changes/2031-03-07/', '/en/demo/cr/changes/2031-03-07/', '/en/demo/cr/', '/ja/'];
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe on the history and changes pages (${scheme})`, async ({ browser }) => {
      test.slow(); // axe over several pages: three times the usual time on a busy machine
      expect(await axeOnPages(browser, `http://localhost:${FIXTURE_PORT}`, scheme, PAGES)).toEqual([]);
    });
  }

  test('nothing scrolls sideways at 360 px', async ({ browser }) => {
    expect(await wideOnPhone(browser, `http://localhost:${FIXTURE_PORT}`, PAGES)).toEqual([]);
  });
});
