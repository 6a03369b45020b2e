// The API page's bot example, run against this build's JSON files, and the page's highlighted code.
import { expect, test } from '@playwright/test';
import { quote } from '../../docs/examples/quote-bot';
import { at } from './helpers';

test.describe('JSON API page and its bot example', () => {
  test('the example bot quotes a sub-rule in each language from the built files, and refuses what is not a rule', async ({ request, baseURL }) => {
    const site = `${baseURL}${at('/')}`;
    const file = await (await request.get(at('/api/mtg/cr/702.33.json'))).json();
    const rule = file.rules.find((r: { id: string }) => r.id === '702.33d');
    for (const lang of ['ja', 'en'] as const) {
      const reply = await quote(site, 'mtg', '702.33d', lang);
      expect(reply.split('\n')[0]).toBe(`**702.33d** ${file.title[lang]}`);
      expect(reply).toContain(rule.text[lang]);
      expect(reply).toContain(`<${rule.links.short}>`);
    }
    // A short link from the reply opens the sub-rule.
    const short = new URL(rule.links.short).pathname;
    expect((await request.get(short)).ok()).toBe(true);
    expect(await quote(site, 'mtg', '999.99z')).toBe('There is no rule 999.99z in mtg.');
    expect(await quote(site, 'mtg', 'constructor', 'ja')).toBe('mtg に constructor というルールはありません。');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`highlighted code with no JavaScript and no inline styles (${scheme})`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: scheme, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(at('/en/api/'));
      // The index and entry requests and responses, the editions example (the bundled Lorcana rules'
      // editions record: one request and response), the bot and its command line.
      await expect(page.locator('pre.code')).toHaveCount(8);
      expect(await page.locator('[style]').count()).toBe(0);
      // A keyword and a string in the bot example get different colours, and the scheme changes them.
      const colours = await page.locator('pre.code').filter({ hasText: 'export async function' }).evaluate((pre) => {
        const find = (text: string) => [...pre.querySelectorAll('span')].find((s) => s.textContent?.trim() === text);
        return { keyword: getComputedStyle(find('export')!).color, plain: getComputedStyle(pre).color, bg: getComputedStyle(pre).backgroundColor };
      });
      expect(colours.keyword).not.toBe(colours.plain);
      expect(colours.bg).toBe(scheme === 'light' ? 'rgb(255, 255, 255)' : 'rgb(13, 17, 23)');
      // The example response is this build's file.
      const file = await (await page.request.get(at('/api/mtg/cr/702.33.json'))).json();
      const example = await page.locator('pre.code').nth(3).textContent();
      expect(JSON.parse(example!.replace(/,\s*"…"/g, '')).rules[0]).toEqual(file.rules.find((r: { id: string }) => r.id === '702.33d'));
      await context.close();
    });
  }
});
