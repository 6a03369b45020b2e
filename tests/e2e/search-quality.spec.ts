// Search quality: every query of tests/search/queries.yaml must find its expected entry in the top
// 3 of the real merged search (both Pagefind bundles + direct id jumps), run in Chromium, as the
// header panel lists it on a rule page and as the search page lists it. Prints recall@3 per kind;
// fails below 95%. Japanese queries must give the same lists whatever word segmentation the
// browser would apply (the query is split against the index, not by Intl.Segmenter).
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { at } from './helpers';

interface Query { q: string; expect: string; kind: string; ui?: 'ja' | 'en' }
const { queries } = parse(readFileSync('tests/search/queries.yaml', 'utf8')) as { queries: Query[] };
type Where = 'panel' | 'page';

/** Top URLs for each query, from the header panel on a rule page or from the search page. */
async function lists(page: Page, where: Where): Promise<Map<Query, string[]>> {
  const out = new Map<Query, string[]>();
  for (const ui of ['ja', 'en'] as const) {
    if (where === 'panel') {
      await page.goto(at(`/${ui}/mtg/cr/117/`));
      await page.locator('#site-search-q').focus();
      await page.waitForFunction(() => 'taiyakuPanel' in window);
    } else {
      await page.goto(at(`/${ui}/search/`));
      await page.waitForFunction(() => 'taiyakuSearch' in window);
    }
    for (const query of queries.filter((q) => (q.ui ?? 'ja') === ui)) {
      out.set(query, await page.evaluate(([q, w]) => (w === 'panel'
        ? (window as unknown as { taiyakuPanel: (q: string) => Promise<{ url: string }[]> }).taiyakuPanel(q).then((rs) => rs.map((r) => r.url))
        : (window as unknown as { taiyakuSearch: (q: string) => Promise<string[]> }).taiyakuSearch(q)), [query.q, where] as const));
      if (where !== 'panel') continue;
      // The list the panel shows before its long pages' fragments: the same pages in the same order.
      const quick = await page.evaluate((q) => (window as unknown as { taiyakuPanelQuick: (q: string) => Promise<{ url: string }[]> }).taiyakuPanelQuick(q).then((rs) => rs.map((r) => r.url)), query.q);
      const pages = (urls: string[] | undefined) => (urls ?? []).map((u) => u.replace(/#.*$/, ''));
      expect.soft(pages(quick), `${query.q} (${ui}): the quick list`).toEqual(pages(out.get(query)));
    }
  }
  return out;
}

function recall(found: Map<Query, string[]>, label: string): number {
  const misses: string[] = [];
  const byKind = new Map<string, [number, number]>();
  for (const [query, urls] of found) {
    const ui = query.ui ?? 'ja';
    const [path, anchor] = query.expect.split('#');
    const hit = urls.slice(0, 3).some((u) => u.includes(`/${ui}/${path}/`) && (!anchor || u.endsWith(`#${anchor}`)));
    const [h, n] = byKind.get(query.kind) ?? [0, 0];
    byKind.set(query.kind, [h + (hit ? 1 : 0), n + 1]);
    if (!hit) misses.push(`${query.q} (${ui}) → expected ${query.expect}, got ${urls.slice(0, 3).join(', ') || 'nothing'}`);
  }
  const hits = [...byKind.values()].reduce((s, [h]) => s + h, 0);
  console.log(`search recall@3, ${label}: ${((hits / found.size) * 100).toFixed(1)}% (${hits}/${found.size})`);
  for (const [kind, [h, n]] of byKind) console.log(`  ${kind.padEnd(8)} ${h}/${n}`);
  for (const m of misses) console.log(`  miss: ${m}`);
  return hits / found.size;
}

test.describe('search quality', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(240_000);
  let panel: Map<Query, string[]>;

  test('recall@3 over the query suite is at least 95% in the header panel and on the search page', async ({ page }) => {
    expect(queries.length).toBeGreaterThanOrEqual(70);
    panel = await lists(page, 'panel');
    expect(recall(panel, 'header panel (first 5 results)')).toBeGreaterThanOrEqual(0.95);
    expect(recall(await lists(page, 'page'), 'search page')).toBeGreaterThanOrEqual(0.95);
  });

  for (const [name, segmenter] of [
    // A browser whose segmenter cuts every character apart, and one that never cuts.
    ['splits every character', 'function* (s) { let i = 0; for (const c of s) { yield { segment: c, index: i, input: s, isWordLike: true }; i += c.length; } }'],
    ['never splits', 'function* (s) { yield { segment: s, index: 0, input: s, isWordLike: true }; }'],
  ] as const) {
    test(`Japanese queries give the same lists when the browser's word segmenter ${name}`, async ({ browser }) => {
      const context = await browser.newContext();
      await context.addInitScript(`{
        const Real = Intl.Segmenter;
        Intl.Segmenter = class extends Real {
          constructor(locale, options) { super(locale, options); this.word = options?.granularity === 'word'; }
          segment(s) { return this.word ? { [Symbol.iterator]: () => (${segmenter})(String(s)) } : super.segment(s); }
        };
      }`);
      const page = await context.newPage();
      const other = await lists(page, 'panel');
      const japanese = [...other.keys()].filter((q) => /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u.test(q.q));
      expect(japanese.length).toBeGreaterThan(30);
      // Checked that the stand-in is in force: Intl.Segmenter now gives what it was told to.
      expect(await page.evaluate(() => [...new Intl.Segmenter('ja', { granularity: 'word' }).segment('状況起因')].length)).toBe(name === 'never splits' ? 1 : 4);
      for (const q of japanese) expect.soft(other.get(q)?.slice(0, 3), q.q).toEqual(panel.get(q)?.slice(0, 3));
      await context.close();
    });
  }
});
