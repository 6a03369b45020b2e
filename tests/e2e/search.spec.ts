import { expect, test } from '@playwright/test';
import { at, KICKER } from './helpers';

// 置換 (replacement) finds a page on replacement effects first: each game has one.
const REPLACEMENT = /\/ja\/(lorcana\/cr\/6\.5|mtg\/cr\/614|marvel-champions\/rr\/replacement-effect)\//;

test.describe('search', () => {
  test('from any page: "/" focuses the box, Enter opens results that link to the sub-rule', async ({ page }) => {
    await page.goto(at(`/ja${KICKER}`));
    await page.keyboard.press('/');
    // A search box, and once the header panel has loaded (on focus) a combobox over its results.
    const box = page.getByRole('combobox', { name: 'ルールを検索' });
    await expect(box).toBeFocused();
    await box.fill('置換');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/ja\/search\/\?q=/);
    const first = page.locator('#search-results a.r-title').first();
    await expect(first).toHaveAttribute('href', REPLACEMENT);
    await expect(page.locator('#search-results mark').first()).toContainText('置換');
    await expect(page.locator('#search-status')).toContainText('件');
  });

  test('a rule number goes straight to that sub-rule', async ({ page }) => {
    await page.goto(at('/en/search/?q=702.33d'));
    const first = page.locator('#search-results a.r-title').first();
    await expect(first).toHaveAttribute('href', at('/en/mtg/cr/702.33/#702.33d'));
    await expect(page.locator('#search-results .r-meta').first()).toContainText('Rule number');
    await first.click();
    await expect(page.locator('[id="702.33d"]')).toBeInViewport();
  });

  test('filter values tag a page without becoming its searchable text', async ({ page }) => {
    await page.goto(at('/en/search/'));
    const hit = await page.evaluate(async (bundle) => {
      const pagefind = await import(bundle);
      await pagefind.init();
      const { results } = await pagefind.search('kicker');
      const data = await results[0].data();
      // A long page's fragment is a head without its text, which is in its blocks (docs/search.md).
      let content = data.content as string;
      const blocks = (data.taiyaku?.blocks ?? []) as [number, string][];
      if (blocks.length) {
        const words: string[] = [];
        for (const [, name] of blocks) {
          const res = await fetch(bundle.replace('pagefind.js', `fragment/${name}.pf_fragment`));
          const text = await new Response((await res.blob()).stream().pipeThrough(new DecompressionStream('gzip'))).text();
          words.push(...(JSON.parse(text.slice('pagefind_dcd'.length)) as { w: string[] }).w);
        }
        content = words.join(' ');
      }
      return { url: data.url as string, content, split: blocks.length, filters: data.filters };
    }, at('/pagefind/en/pagefind.js'));
    expect(hit.url).toContain('/en/mtg/cr/702.33/');
    // Unsplit by default (TAIYAKU_SEARCH_BLOCKS off); split, its blocks are read back above.
    expect(hit.split).toBe(0);
    expect(hit.filters).toEqual({ game: ['mtg'], doc: ['mtg/cr'] });
    expect(hit.content).not.toContain('mtg/cr');
    expect(hit.content).toContain('Kicker');
    // Each bundle holds one language: the Japanese half of the page's bilingual example is not in
    // the English bundle (the Japanese one has it).
    expect(hit.content).toContain('Casting it kicked goes through the steps in this order');
    expect(hit.content).not.toContain('キッカーして唱える場合、手順は次の順番で進む');
  });

  test('an English query finds the rule on a Japanese page, with stemming', async ({ page }) => {
    await page.goto(at('/ja/search/?q=kicked'));
    await expect(page.locator('#search-results a.r-title').first()).toHaveAttribute('href', /\/ja\/mtg\/cr\/702\.33\//);
  });

  test('filters by game and document', async ({ page }) => {
    await page.goto(at('/en/search/?q=damage'));
    await expect(page.locator('#search-results li').first()).toBeVisible({ timeout: 15_000 }); // two bundles load on a cold page
    // Lorcana has two documents (cr and guide); Marvel Champions has only its Rules Reference.
    await page.getByLabel('Game', { exact: true }).selectOption('lorcana');
    await expect(page).toHaveURL(/game=lorcana/);
    await expect.poll(async () => (await page.locator('#search-results a.r-title').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).every((h) => h?.includes('/lorcana/'))).toBe(true);
    await page.getByLabel('Document', { exact: true }).selectOption('lorcana/guide');
    await expect.poll(async () => (await page.locator('#search-results a.r-title').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).every((h) => h?.includes('/lorcana/guide/'))).toBe(true);
  });

  test('is usable with the keyboard', async ({ page }) => {
    await page.goto(at('/en/search/?q=resist'));
    const links = page.locator('#search-results a.r-title');
    await expect(links.first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search the rules' }).last().focus();
    await page.keyboard.press('ArrowDown');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(links.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(page.locator('#search-q')).toBeFocused();
  });

  test('says so when nothing matches', async ({ page }) => {
    await page.goto(at('/ja/search/?q=zzzzqqqq'));
    await expect(page.locator('#search-status')).toContainText('見つかりませんでした');
  });

  test('only requests its own origin', async ({ page }) => {
    const foreign: string[] = [];
    page.on('request', (r) => { if (!r.url().startsWith('http://localhost')) foreign.push(r.url()); });
    await page.goto(at('/ja/search/?q=キッカー'));
    await expect(page.locator('#search-results li').first()).toBeVisible();
    expect(foreign).toEqual([]);
  });
});
