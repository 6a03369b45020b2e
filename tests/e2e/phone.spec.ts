// At 360 px (a small phone), nothing on any page type scrolls sideways: wide tables and code scroll
// inside their own box. Checked as a phone (meta viewport, touch) and as a narrow desktop window.
import { expect, test } from '@playwright/test';
import { at, KICKER } from './helpers';

const PAGES = ['/', '/ja/', '/en/', '/ja/mtg/', '/en/mtg/cr/', `/ja${KICKER}`, `/en${KICKER}`, '/ja/mtg/terms/', '/en/marvel-champions/terms/',
  '/ja/marvel-champions/rr/villain-phase/', '/en/marvel-champions/rr/villain-phase/', '/ja/marvel-champions/rr/ability/', '/en/marvel-champions/rr/attack-enemy-activation/',
  '/en/lorcana/guide/challenges-and-damage/', '/ja/lorcana/cr/7.7/', '/en/mtg/graph/', '/ja/lorcana/cr/', '/ja/api/', '/en/api/', '/404.html'];
const SCROLL_BOXES = '.table-scroll, pre, .graph-viewport';

async function overflow(page: import('@playwright/test').Page) {
  return page.evaluate((boxes) => {
    const w = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > w + 1; })
      .filter((e) => !e.parentElement?.closest(boxes))
      .slice(0, 3)
      .map((e) => `<${e.tagName.toLowerCase()} class="${e.className}"> right=${Math.round(e.getBoundingClientRect().right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, width: w, wide };
  }, SCROLL_BOXES);
}

for (const mobile of [true, false]) {
  test(`no page type scrolls sideways at 360 px (${mobile ? 'phone' : 'narrow window'})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: mobile, hasTouch: mobile });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const path of PAGES) {
      await page.goto(at(path));
      const o = await overflow(page);
      if (o.scrollWidth > 360 || o.wide.length) problems.push(`${path}: scrollWidth ${o.scrollWidth}; ${o.wide.join(', ')}`);
    }
    // The search page once results and filters are shown.
    for (const path of ['/ja/search/?q=キッカー', '/en/search/?q=kicker']) {
      await page.goto(at(path));
      await expect(page.locator('.pagefind-ui__result, [data-search-results] li, .search-results li').first()).toBeVisible({ timeout: 15_000 });
      const o = await overflow(page);
      if (o.scrollWidth > 360 || o.wide.length) problems.push(`${path}: scrollWidth ${o.scrollWidth}; ${o.wide.join(', ')}`);
    }
    // The header search panel, open over a rule page.
    for (const [path, q] of [[`/ja${KICKER}`, '置換'], [`/en${KICKER}`, 'kicker']] as const) {
      await page.goto(at(path));
      const box = page.locator('#site-search-q');
      await (mobile ? box.tap() : box.click());
      await box.fill(q);
      await expect(page.locator('#site-search-panel [role="option"]').first()).toBeVisible({ timeout: 15_000 });
      const o = await overflow(page);
      const panel = await page.locator('#site-search-panel').evaluate((e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, bottom: r.bottom }; });
      if (o.scrollWidth > 360 || o.wide.length) problems.push(`${path} with the search panel open: scrollWidth ${o.scrollWidth}; ${o.wide.join(', ')}`);
      if (panel.left < 0 || panel.right > 360) problems.push(`${path}: the search panel spans ${Math.round(panel.left)}–${Math.round(panel.right)} px`);
      if (panel.bottom > 740) problems.push(`${path}: the search panel ends below the screen (${Math.round(panel.bottom)} px)`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}
