// Pinned short links /r/{game}/{id}@{edition}/ in the browser, on the fixture site (base + moved +
// official + history: one imported step 2030-09-01 → 2031-03-07 that moves the old 104.3 to 104.2b and
// the old 104.4 to 104.3, and removes 102.1c), served under /taiyaku/ under the site's policy.
import { expect, test, type Page } from '@playwright/test';
import { FIXTURE_PORT } from '../../playwright.config';
import { at, axeViolations } from './helpers';

test.use({ baseURL: `http://localhost:${FIXTURE_PORT}`, locale: 'en-US' });

/** Every CSP violation and script error on the page. */
async function watch(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeBinding('__csp', (_s, text: string) => { seen.push(text); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __csp: (t: string) => void }).__csp(`${e.effectiveDirective} ${e.blockedURI} on ${location.pathname}`));
  });
  page.on('pageerror', (e) => seen.push(`script error: ${e.message}`));
  return seen;
}

test.describe('pinned short links', () => {
  test('a pinned link to a moved rule lands where the rule is now, with a line saying what it was', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(at('/r/demo/104.3@2030-09-01/'));
    await expect(page).toHaveURL(/\/en\/demo\/cr\/104\.2\/\?pin=104\.3@2030-09-01#104\.2b$/);
    const line = page.getByRole('note', { name: 'Pinned link' });
    await expect(line).toBeVisible();
    await expect(line.locator('[lang="en"]')).toHaveText('A link to 104.3 in the Comprehensive Rules 2030-09-01; that rule is now 104.2b.');
    await expect(line.locator('[lang="ja"]')).toHaveText('総合ルール 2030-09-01の 104.3 へのリンクです。その条文は現在 104.2b です。');
    // The line stands right above the rule it names.
    await expect(page.locator('.pinned-line + .rule')).toHaveAttribute('id', '104.2b');
    expect(seen).toEqual([]);
  });

  test('the old 104.4 lands on 104.3, and a number that kept its rule is answered by the 404 page', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(at('/r/demo/104.4@2030-09-01/'));
    await expect(page).toHaveURL(/\/en\/demo\/cr\/104\/\?pin=104\.4@2030-09-01#104\.3$/);
    // 100.1c kept its number: no page was written for it, the 404 page resolves it from the table.
    const res = await page.goto(at('/r/demo/100.1c@2030-09-01/'));
    expect(res?.status()).toBe(404);
    await expect(page).toHaveURL(/\/en\/demo\/cr\/100\.1\/\?pin=100\.1c@2030-09-01#100\.1c$/);
    await expect(page.getByRole('note', { name: 'Pinned link' }).locator('[lang="en"]')).toHaveText('A link to 100.1c in the Comprehensive Rules 2030-09-01; this rule is still 100.1c.');
    expect(seen).toEqual([]);
  });

  test('a removed rule: a page saying so, with its last text in both languages and where its entry is now', async ({ page }) => {
    await page.goto(at('/r/demo/102.1c@2030-09-01/'));
    await expect(page.locator('h1')).toHaveText('102.1c（総合ルール 2030-09-01）は削除された条文です / 102.1c (the Comprehensive Rules 2030-09-01) was removed');
    const en = page.locator('.pinned-removed .txt[lang="en"]');
    await expect(en).toContainText('was removed in 2031-03-07');
    await expect(en.locator('blockquote')).toHaveText('A die that lands on its edge counts as a one.');
    // The fixture's 102.1c was English only: the Japanese column says no text was kept.
    await expect(page.locator('.pinned-removed .txt[lang="ja"] .missing')).toHaveText('この言語の条文は残っていません。');
    await en.getByRole('link', { name: /102\.1/ }).click();
    await expect(page).toHaveURL(/\/en\/demo\/cr\/102\.1\/$/);
  });

  test('a number no rule had then, and an unknown edition, get a clear message and no rule', async ({ page }) => {
    const seen = await watch(page);
    await page.goto(at('/r/demo/101.1b@2030-09-01/'));
    const box = page.locator('.pinned-404');
    await expect(box.locator('[lang="en"]')).toHaveText('The number in this link held no rule in the Comprehensive Rules 2030-09-01.');
    await expect(page).toHaveURL(/\/r\/demo\/101\.1b@2030-09-01\/$/);
    await page.goto(at('/r/demo/104.3@1999-01-01/'));
    await expect(box.locator('[lang="en"]')).toHaveText('This link names an edition the site does not know.');
    await expect(box.locator('[lang="ja"]')).toHaveText('このリンクが指定する版は、このサイトにありません。');
    // The URL's text is not echoed into the page.
    await page.goto(at('/r/demo/%3Cb%3Ex@2030-09-01/'));
    await expect(box.locator('[lang="en"]')).toHaveText('The number in this link held no rule in the Comprehensive Rules 2030-09-01.');
    await expect(page.locator('b', { hasText: 'x' })).toHaveCount(0);
    // A forged ?pin= on a page shows nothing: it is resolved again against the table.
    await page.goto(at('/en/demo/cr/104/?pin=999@2030-09-01#104.3'));
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.pinned-line')).toBeHidden();
    expect(seen).toEqual([]);
  });

  test('copy link gives the pinned form; copy as quote ends with it', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(at('/en/demo/cr/104/'));
    const row = page.locator('[id="104.3"]');
    await row.getByRole('button', { name: 'Copy link: 104.3' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseURL}${at('/r/demo/104.3@2031-03-07/')}`);
    await row.getByRole('button', { name: 'Copy as quote: 104.3' }).click();
    expect((await page.evaluate(() => navigator.clipboard.readText())).split('\n').at(-1)).toBe(link);
    // The copied link opens the same rule, saying it is the current edition's.
    await page.goto(link);
    await expect(page).toHaveURL(/\/en\/demo\/cr\/104\/\?pin=104\.3@2031-03-07#104\.3$/);
    await expect(page.getByRole('note', { name: 'Pinned link' }).locator('[lang="en"]')).toHaveText('A link to 104.3 in the Comprehensive Rules 2031-03-07, the current edition.');
  });

  test('the page of 104.3 says at the top that the number held another rule, linking to where it went', async ({ page }) => {
    await page.goto(at('/ja/demo/cr/104/'));
    const top = page.getByRole('note', { name: '以前は別の条文だった番号' });
    await expect(top).toBeVisible();
    await expect(top.locator('[lang="ja"]')).toHaveText('総合ルール 2030-09-01では、104.3 は別の条文の番号でした。その条文は現在 104.2b です。');
    await expect(top.locator('[lang="en"]')).toHaveText('In the Comprehensive Rules 2030-09-01, 104.3 was the number of another rule; that rule is now 104.2b.');
    // At the top: before the first rule of the page.
    const box = await top.boundingBox();
    const first = await page.locator('.rule').first().boundingBox();
    expect(box!.y).toBeLessThan(first!.y);
    await expect(top).toHaveAttribute('data-pagefind-ignore', 'all');
    await top.locator('[lang="ja"]').getByRole('link', { name: '104.2b' }).click();
    await expect(page).toHaveURL(/\/ja\/demo\/cr\/104\.2\/#104\.2b$/);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe on the pinned pages (${scheme})`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: scheme, baseURL: `http://localhost:${FIXTURE_PORT}`, locale: 'en-US' });
      const page = await context.newPage();
      const found: string[] = [];
      for (const [path, ready] of [
        ['/r/demo/104.3@2030-09-01/', '.pinned-line:not([hidden])'],
        ['/r/demo/102.1c@2030-09-01/', '.pinned-removed'],
        ['/r/demo/101.1b@2030-09-01/', '.pinned-404:not([hidden])'],
        ['/ja/demo/cr/104/', '.renumber-top'],
      ] as const) {
        await page.goto(at(path));
        await page.locator(ready).waitFor();
        found.push(...(await axeViolations(page)).map((v) => `${path} ${v}`));
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
