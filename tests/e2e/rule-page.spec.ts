import { expect, test } from '@playwright/test';
import { at, KICKER } from './helpers';

test.describe('rule page', () => {
  test('names its source and version, and leads to the open questions about the document', async ({ page }) => {
    await page.goto(at('/en/marvel-champions/rr/ability/'));
    const source = page.getByRole('list', { name: 'Source' });
    await expect(source).toContainText('Rules Reference (Fantasy Flight Games)');
    await expect(source).toContainText('Version: 1.8');
    await page.goto(at('/ja/lorcana/cr/8.3/'));
    const line = page.getByRole('list', { name: '出典' });
    await expect(line).toContainText('版: 2.3.0');
    await expect(line).toContainText('施行日: 2026-10-16');
    await line.getByRole('link', { name: 'この文書についての要確認' }).click();
    await expect(page).toHaveURL(new RegExp(`${at('/ja/lorcana/cr/')}$`));
    await expect(page.getByRole('note', { name: '要確認' })).toContainText('2.0.1');
  });

  test('a number that now holds another rule says what it held before, in both languages, and links to where that rule is now', async ({ page }) => {
    await page.goto(at('/en/lorcana/cr/8.7/'));
    const notice = page.locator('[id="8.7"]').getByRole('note', { name: 'Renumbered' });
    await expect(notice.locator('[lang="en"]')).toContainText('8.7 was Resist; that rule is now 8.8.');
    await expect(notice.locator('[lang="ja"]')).toContainText('8.7 は「耐久」でした。その条文は現在 8.8 です。');
    // Above the rule's own text, which is Reckless now.
    const box = await notice.boundingBox();
    const text = await page.locator('[id="8.7"] > .txt[lang="en"]').boundingBox();
    expect(box!.y).toBeLessThan(text!.y);
    await page.getByLabel('English only').check();
    await expect(notice.locator('[lang="ja"]')).toBeHidden();
    // The Japanese edition numbers the keywords one lower (no Boost), so 8.7 is Resist there too,
    // and Reckless, 8.7 here, is its 8.6.
    await expect(notice.locator('[lang="en"]')).toContainText('In the Japanese Comprehensive Rules v2.2.0, 8.7 was Resist; that rule is now 8.8.');
    await expect(notice.locator('[lang="en"]')).toContainText('In the Japanese Comprehensive Rules v2.2.0, this rule was numbered 8.6.');
    await notice.getByRole('link', { name: '8.8' }).first().click();
    await expect(page).toHaveURL(new RegExp(`${at('/en/lorcana/cr/8.8/')}$`));
    // The moved rule names its old number.
    await expect(page.locator('[id="8.8"]').getByRole('note', { name: 'Renumbered' })).toContainText('this rule was numbered 8.7');
  });

  test('shows every sub-rule as a Japanese and English pair with its own lang', async ({ page }) => {
    await page.goto(at(`/ja${KICKER}`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const rule = page.locator('[id="702.33d"]');
    await expect(rule.locator('.txt[lang="ja"]')).toContainText('キッカーされた');
    await expect(rule.locator('.txt[lang="en"]')).toContainText('kicked');
    // The page language's column comes first.
    const ja = await rule.locator('.txt[lang="ja"]').boundingBox();
    const en = await rule.locator('.txt[lang="en"]').boundingBox();
    expect(ja!.x).toBeLessThan(en!.x);
    await page.goto(at(`/en${KICKER}`));
    const ja2 = await page.locator('[id="702.33d"] > .txt[lang="ja"]').boundingBox();
    const en2 = await page.locator('[id="702.33d"] > .txt[lang="en"]').boundingBox();
    expect(en2!.x).toBeLessThan(ja2!.x);
  });

  test('the display toggle hides one language and the choice persists', async ({ page }) => {
    await page.goto(at(`/ja${KICKER}`));
    const en = page.locator('[id="702.33a"] > .txt[lang="en"]');
    const ja = page.locator('[id="702.33a"] > .txt[lang="ja"]');
    await expect(en).toBeVisible();
    await page.getByLabel('日本語のみ').check();
    await expect(en).toBeHidden();
    await expect(ja).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('日本語のみ')).toBeChecked();
    await expect(en).toBeHidden();
    await page.getByLabel('英語のみ').check();
    await expect(ja).toBeHidden();
    await expect(en).toBeVisible();
  });

  test('without JavaScript the page is readable and the toggle still works', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(at(`/en${KICKER}`));
    await expect(page.locator('[id="702.33h"] > .txt[lang="ja"]')).toBeVisible();
    await expect(page.locator('[id="702.33h"] > .txt[lang="en"]')).toBeVisible();
    await expect(page.locator('.tools').first()).toBeHidden(); // copy buttons need JS, so they stay out of the way
    await page.getByLabel('English only').check();
    await expect(page.locator('[id="702.33h"] > .txt[lang="ja"]')).toBeHidden();
    await context.close();
  });

  test('an anchor highlights its sub-rule', async ({ page }) => {
    await page.goto(at(`/en${KICKER}#702.33d`));
    const bg = (id: string) => page.locator(`[id="${id}"]`).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bg('702.33d')).not.toBe(await bg('702.33c'));
  });

  test('copy link and copy as quote put the link pinned to the edition and the quote on the clipboard; the link lands on the rule', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(at(`/ja${KICKER}`));
    const rule = page.locator('[id="702.33d"]');
    await rule.getByRole('button', { name: /リンクをコピー/ }).click();
    await expect(rule.getByRole('button', { name: /リンクをコピー/ })).toHaveText('コピーしました');
    // The Magic pages follow the English Comprehensive Rules 2026-09-25 (content/mtg/cr/document.yaml).
    const pinned = `${baseURL}${at('/r/mtg/702.33d@2026-09-25/')}`;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pinned);
    await rule.getByRole('button', { name: /引用としてコピー/ }).click();
    const quote = await page.evaluate(() => navigator.clipboard.readText());
    expect(quote).toMatch(/^> \*\*702\.33d\*\* \(702\.33 キッカー\)\n> .*キッカーされた/);
    expect(quote.trim().endsWith(pinned)).toBe(true);
    await page.goto(pinned);
    await expect(page).toHaveURL(/\/(ja|en)\/mtg\/cr\/702\.33\/[^#]*#702\.33d$/);
    await expect(page.locator('[id="702.33d"]')).toBeVisible();
  });

  test('switching language keeps the page and the anchor', async ({ page }) => {
    await page.goto(at(`/ja${KICKER}#702.33f`));
    await page.getByRole('link', { name: 'English', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${at(`/en${KICKER}`)}#702\\.33f$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('on a phone the pair stacks', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(at(`/ja${KICKER}`));
    const ja = await page.locator('[id="702.33a"] > .txt[lang="ja"]').boundingBox();
    const en = await page.locator('[id="702.33a"] > .txt[lang="en"]').boundingBox();
    expect(en!.y).toBeGreaterThan(ja!.y + ja!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  test('printing drops the chrome and keeps the paired text', async ({ page }) => {
    await page.goto(at(`/ja${KICKER}`));
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('[id="702.33a"] > .txt[lang="en"]')).toBeVisible();
    await expect(page.locator('[id="702.33a"] > .txt[lang="ja"]')).toBeVisible();
  });

  test('dark mode follows the system and can be switched', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(at(`/en${KICKER}`));
    const bg = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const dark = await bg();
    await page.getByLabel('Light').check();
    expect(await bg()).not.toBe(dark);
    await page.reload();
    await expect(page.getByLabel('Light')).toBeChecked();
    await context.close();
  });
});

test.describe('short links', () => {
  test('lead to the page and anchor in the reader\'s last language', async ({ page }) => {
    await page.goto(at('/ja/'));
    await page.goto(at('/r/mtg/702.33d/'));
    await expect(page).toHaveURL(new RegExp(`${at(`/ja${KICKER}`)}#702\\.33d$`));
    await page.goto(at('/en/'));
    await page.goto(at('/r/mtg/702.33d/'));
    await expect(page).toHaveURL(new RegExp(`${at(`/en${KICKER}`)}#702\\.33d$`));
  });

  test('use the browser language on a first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'ja-JP' });
    const page = await context.newPage();
    await page.goto(at('/r/mtg/702.33/'));
    await expect(page).toHaveURL(new RegExp(`${at(`/ja${KICKER}`)}$`));
    await context.close();
  });
});
