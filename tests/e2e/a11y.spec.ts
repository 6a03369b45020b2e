import { expect, test } from '@playwright/test';
import { at, axeViolations, KICKER } from './helpers';

// One page of every type, in both interface languages and both colour schemes.
const PAGES = ['/', '/ja/', '/en/', '/ja/mtg/', '/en/mtg/cr/', `/ja${KICKER}`, `/en${KICKER}`, '/ja/mtg/terms/', '/en/mtg/terms/', '/ja/search/?q=キッカー', '/en/search/?q=kicker', '/404.html',
  // pages with simulator widgets
  '/ja/marvel-champions/rr/villain-phase/', '/en/marvel-champions/rr/ability/', '/en/lorcana/guide/challenges-and-damage/', '/ja/lorcana/cr/7.7/'];
// The link graph page (both languages) and an entry page with a large local graph.
PAGES.push('/en/mtg/graph/', '/ja/mtg/graph/', '/ja/marvel-champions/rr/ability/');
// A document contents page with notes about the document.
PAGES.push('/en/lorcana/cr/');
// The JSON API page: highlighted code in both schemes.
PAGES.push('/ja/api/', '/en/api/');
// Renumbering notices (a number that held another rule, and a moved rule).
PAGES.push('/ja/lorcana/cr/8.7/', '/en/lorcana/cr/6.7/');

for (const scheme of ['light', 'dark'] as const) {
  // A page with the header search panel open, results listed and one chosen with the keyboard.
  for (const [path, q] of [[`/ja${KICKER}`, '置換'], [`/en/mtg/cr/117/`, 'kicker']] as const) {
    test(`axe: ${path} with the search panel open (${scheme})`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(at(path));
      await page.locator('#site-search-q').click();
      await page.locator('#site-search-q').fill(q);
      await page.locator('#site-search-panel [role="option"]').first().waitFor();
      await page.keyboard.press('ArrowDown');
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  for (const path of PAGES) {
    test(`axe: ${path} (${scheme})`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(at(path));
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
}
