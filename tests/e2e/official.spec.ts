// Official text and Taiyaku's explanation on one page, in the browser, on the fixture site
// (tests/fixtures/content/base + moved + official, invented official text, served under /taiyaku/).
import { expect, test } from '@playwright/test';
import { FIXTURE_PORT } from '../../playwright.config';
import { at, axeOnPages, wideOnPhone } from './helpers';

test.use({ baseURL: `http://localhost:${FIXTURE_PORT}` });

test.describe('official text and explanation on one page', () => {
  test('each sub-rule shows the official text with the explanation under it, labelled, and the badges say which is which', async ({ page }) => {
    await page.goto(at('/ja/demo/cr/104.2/'));
    const row = page.locator('[id="104.2a"]');
    const ja = row.locator('.txt[lang="ja"]');
    await expect(ja.locator('.official')).toHaveText('組の得点は、その数字の合計である（タリクイスト計算）。');
    await expect(ja.locator('.explanation .layer-label')).toHaveText('解説');
    await expect(ja.locator('.explanation')).toContainText('マリゴールド');
    await expect(row.locator('.txt[lang="en"] .layer-label')).toHaveText('Explanation');
    // The explanation stands under the official text.
    const official = await ja.locator('.official').boundingBox();
    const explanation = await ja.locator('.explanation').boundingBox();
    expect(explanation!.y).toBeGreaterThanOrEqual(official!.y + official!.height - 1);
    // An official sub-rule that no explanation covers shows alone.
    await expect(page.locator('[id="104.2b"] .explanation')).toHaveCount(0);
    await expect(page.locator('[id="104.2b"] .txt[lang="ja"] .official')).toHaveText('金の札の組は得点が2倍になる。');
    const badges = page.getByRole('list', { name: '翻訳状況' });
    await expect(badges.locator('li').first()).toHaveText(/^日本語: 公式テキスト 公式 · 解説 コミュニティ訳/);
    await expect(page.getByRole('list', { name: '出典' })).toContainText('公式テキストの版: 2031-03-07 · 日本語版 20310301.0');
    await expect(page.locator('footer')).toContainText('公式テキストは発行元の文書から取り込んだものです。');
    // The display toggle hides a whole column, explanation included.
    await page.getByLabel('日本語のみ').check();
    await expect(row.locator('.txt[lang="en"] .explanation')).toBeHidden();
    await expect(ja.locator('.explanation')).toBeVisible();
  });

  test('where the official text lacks a language, the explanation stands alone there and the badge gives the reason', async ({ page }) => {
    await page.goto(at('/ja/demo/cr/102.1/'));
    const ja = page.locator('[id="102.1a"] .txt[lang="ja"]');
    await expect(ja.locator('.official')).toHaveCount(0);
    await expect(ja.locator('.layer-label')).toHaveText('解説');
    await expect(page.locator('[id="102.1b"] .txt[lang="ja"]')).toHaveClass(/missing/);
    await expect(page.getByRole('list', { name: '翻訳状況' }).locator('li').first()).toContainText('公式テキスト なし — 日本語版にこの規則はない');
    // Its explanation follows another edition than the official text: the page says so.
    await expect(page.getByRole('note', { name: '版の違い' })).toContainText('解説は 2030-11-02 に基づいています');
  });

  test('copy as quote quotes the official text with its edition; an explanation is named as one', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const quoteOf = async (id: string) => {
      await page.locator(`[id="${id}"]`).getByRole('button', { name: /Copy as quote|引用としてコピー/ }).click();
      return page.evaluate(() => navigator.clipboard.readText());
    };
    await page.goto(at('/en/demo/cr/104.2/'));
    // The link is pinned to the document's current edition (docs/architecture.md#pinned-short-links).
    expect(await quoteOf('104.2a')).toBe(`> **104.2a** (104.2 Sets · Comprehensive Rules 2031-03-07)\n> A set scores the sum of its numbers (the tallyquist count).\n${baseURL}${at('/r/demo/104.2a@2031-03-07/')}`);
    await page.goto(at('/ja/demo/cr/104.2/'));
    expect(await quoteOf('104.2a')).toBe(`> **104.2a** (104.2 組 · 総合ルール 20310301.0)\n> 組の得点は、その数字の合計である（タリクイスト計算）。\n${baseURL}${at('/r/demo/104.2a@2031-03-07/')}`);
    // No official Japanese: the official English, with its edition.
    await page.goto(at('/ja/demo/cr/102.1/'));
    expect(await quoteOf('102.1a')).toMatch(/^> \*\*102\.1a\*\* \(102\.1 ダイス · Comprehensive Rules 2031-03-07\)\n> Roll both dice at once; their total is the roll\.\n/);
    // A page of explanations only quotes as before.
    await page.goto(at('/en/demo/cr/100.2/'));
    expect(await quoteOf('100.2a')).toMatch(/^> \*\*100\.2a\*\* \(100\.2 Second rule\)\n> English text\.\n/);
  });

  test('the JSON API gives official and explanation per sub-rule, ja/en/text being what the page shows first', async ({ request }) => {
    const body = await (await request.get(at('/api/demo/cr/102.1.json'))).json();
    expect(body.official.status).toEqual({ ja: 'missing', en: 'official' });
    expect(body.explanation.status).toEqual({ ja: 'community', en: 'community' });
    const [a] = body.rules;
    expect(a.official).toEqual({ ja: null, en: 'Roll both dice at once; their total is the roll.', text: { ja: null, en: 'Roll both dice at once; their total is the roll.' }, edition: { ja: null, en: '2031-03-07' }, jaFollows: null });
    expect(a.explanation.en).toBe('Both dice are thrown together, and what counts is the sum of the two.');
    expect([a.ja, a.en]).toEqual([a.explanation.ja, a.official.en]);
    expect(a.text).toEqual({ ja: a.explanation.text.ja, en: a.official.text.en });
  });

  test('search finds a page by its official text and by its explanation, in both languages', async ({ page }) => {
    await page.goto(at('/en/search/'));
    const urls = await page.evaluate(async (bundles) => {
      const out: Record<string, string[]> = {};
      for (const [lang, bundle] of Object.entries(bundles)) {
        const pagefind = await import(bundle);
        await pagefind.init();
        for (const q of lang === 'en' ? ['tallyquist', 'marigoldish'] : ['タリクイスト', 'マリゴールド']) {
          const { results } = await pagefind.search(q);
          out[q] = await Promise.all(results.map(async (r: { data(): Promise<{ url: string }> }) => (await r.data()).url));
        }
      }
      return out;
    }, { en: at('/pagefind/en/pagefind.js'), ja: at('/pagefind/ja/pagefind.js') });
    for (const [q, lang] of [['tallyquist', 'en'], ['marigoldish', 'en'], ['タリクイスト', 'ja'], ['マリゴールド', 'ja']] as const) {
      expect(urls[q], q).toEqual([at(`/${lang}/demo/cr/104.2/`)]);
    }
    // And through the search page.
    await page.goto(at('/en/search/?q=marigoldish'));
    await expect(page.locator(`main a[href^="${at('/en/demo/cr/104.2/')}"]`).first()).toBeVisible({ timeout: 15_000 });
  });

  test('URLs of official text shown on an explanation\'s page land there', async ({ page }) => {
    await page.goto(at('/en/demo/cr/104/#104.2a'));
    await expect(page).toHaveURL(new RegExp(`${at('/en/demo/cr/104.2/').replace(/\./g, '\\.')}#104\\.2a$`));
    await expect(page.locator(':target')).toHaveAttribute('id', '104.2a');
    await page.goto(at('/ja/demo/cr/103.1/'));
    await expect(page).toHaveURL(new RegExp(`${at('/ja/demo/cr/103/').replace(/\./g, '\\.')}#103\\.1$`));
    await page.goto(at('/r/demo/103.1b/'));
    await expect(page).toHaveURL(new RegExp(`/demo/cr/103/#103\\.1b$`));
  });

  const PAGES = ['/ja/demo/cr/104.2/', '/en/demo/cr/104.2/', '/en/demo/cr/102.1/', '/ja/demo/cr/103/', '/en/demo/cr/104/', '/ja/demo/cr/glossary/', '/en/demo/cr/glossary/', '/en/demo/terms/'];
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe on pages with both kinds of text (${scheme})`, async ({ browser }) => {
      test.slow(); // axe over several pages: three times the usual time on a busy machine
      expect(await axeOnPages(browser, `http://localhost:${FIXTURE_PORT}`, scheme, PAGES)).toEqual([]);
    });
  }

  test('nothing scrolls sideways at 360 px', async ({ browser }) => {
    expect(await wideOnPhone(browser, `http://localhost:${FIXTURE_PORT}`, PAGES)).toEqual([]);
  });
});
