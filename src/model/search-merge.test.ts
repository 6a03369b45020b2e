import { describe, expect, it } from 'vitest';
import { bestSub, looksLikeId, mergeResults, own, searchTerms, toLang, type PagefindData } from './search-merge';

const data = (url: string, subs: [string, number][], title = 'T'): PagefindData => ({
  url, excerpt: 'page', meta: { title }, filters: { game: ['mtg'], doc: ['mtg/cr'] },
  sub_results: subs.map(([u, n]) => ({ url: u, title: u, excerpt: `ex ${u}`, locations: Array<number>(n).fill(0), ...(u.includes('#') ? { anchor: { id: u.split('#')[1] ?? '' } } : {}) })),
});

describe('search merge', () => {
  it('maps a result to the interface language, keeping the anchor', () => {
    expect(toLang('/t/en/mtg/cr/702.33/#702.33d', '/t/', 'ja')).toBe('/t/ja/mtg/cr/702.33/#702.33d');
    expect(toLang('/ja/x/', '/', 'en')).toBe('/en/x/');
  });

  it('picks the sub-rule with the most matches', () => {
    expect(bestSub(data('/ja/a/', [['/ja/a/', 1], ['/ja/a/#a1', 3], ['/ja/a/#a2', 2]]))?.url).toBe('/ja/a/#a1');
  });

  it('merges both bundles, dedupes the same rule, and ranks agreement first', () => {
    const ja = [{ score: 10, data: data('/ja/a/', [['/ja/a/#a1', 2]]) }, { score: 5, data: data('/ja/b/', [['/ja/b/#b1', 1]]) }];
    const en = [{ score: 2, data: data('/en/b/', [['/en/b/#b1', 1]]) }, { score: 1, data: data('/en/c/', [['/en/c/', 1]]) }];
    const merged = mergeResults([ja, en], '/', 'ja');
    expect(merged.map((r) => r.url)).toEqual(['/ja/b/#b1', '/ja/a/#a1', '/ja/c/']);
    expect(merged[0]).toMatchObject({ game: 'mtg', doc: 'mtg/cr', subTitle: '/ja/b/#b1' });
  });

  it.each([['702.33d', true], ['6.4.2.1', true], ['607', true], ['ability.timing-priority', true], ['kicker', false], ['置換', false], ['2 damage', false]])(
    'treats %s as an id: %s', (q, yes) => { expect(looksLikeId(q)).toBe(yes); },
  );

  // The search page's config arrives through JSON.parse, so its objects inherit from Object.prototype.
  const aliases = JSON.parse('{"villain":["ヴィラン","villain"],"悪役":["ヴィラン","villain"],"__proto__":["プロト","proto"],"constructor":["構築","constructor"]}') as Record<string, string[]>;
  const plain = JSON.parse('{"villain":["ヴィラン","villain"]}') as Record<string, string[]>;
  it.each([
    [aliases, 'Villain', ['ヴィラン', 'villain']],
    [aliases, '悪役', ['ヴィラン', 'villain']],
    [aliases, '__proto__', ['プロト', 'proto']],
    [aliases, 'constructor', ['構築', 'constructor']],
    [plain, 'constructor', ['constructor']],
    [plain, '__proto__', ['__proto__']],
    [plain, 'toString', ['toString']],
    [plain, 'hasOwnProperty', ['hasOwnProperty']],
    [plain, 'kicker', ['kicker']],
  ])('searches a dictionary wording as its term (%#: %s)', (table, q, expected) => {
    expect(searchTerms(table, q)).toEqual(expected);
  });

  it('looks up only keys a record holds itself', () => {
    const ids = JSON.parse('{"702.33d":"cr/702.33"}') as Record<string, string>;
    expect(own(ids, '702.33d')).toBe('cr/702.33');
    expect(own(ids, 'constructor')).toBeUndefined();
    expect(own(ids, '__proto__')).toBeUndefined();
    expect(own(undefined, 'x')).toBeUndefined();
  });
});
