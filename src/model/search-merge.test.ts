import { describe, expect, it } from 'vitest';
import { aliasTable, bestSub, candidates, definitionFirst, definitionTable, firstResults, looksLikeId, mergeResults, own, partialWordings, searchTerms, toLang, WORDING_SHARDS, wordingShard, wordingShards, wordingTables, type MergedResult, type PagefindData } from './search-merge';

const data = (url: string, subs: [string, number][], title = 'T'): PagefindData => ({
  url, excerpt: 'page', meta: { title }, filters: { game: ['mtg'], doc: ['mtg/cr'] },
  sub_results: subs.map(([u, n]) => ({ url: u, title: u, excerpt: `ex ${u}`, locations: Array<number>(n).fill(0), ...(u.includes('#') ? { anchor: { id: u.split('#')[1] ?? '' } } : {}) })),
});

describe('search merge', () => {
  it('maps a result to the interface language, keeping the anchor', () => {
    expect(toLang('/t/en/mtg/cr/702.33/#702.33d', '/t/', 'ja')).toBe('/t/ja/mtg/cr/702.33/#702.33d');
    expect(toLang('/ja/x/', '/', 'en')).toBe('/en/x/');
  });

  it('picks the sub-rule with the most matches, a sub-rule over the page on a tie', () => {
    expect(bestSub(data('/ja/a/', [['/ja/a/', 1], ['/ja/a/#a1', 3], ['/ja/a/#a2', 2]]))?.url).toBe('/ja/a/#a1');
    expect(bestSub(data('/ja/a/', [['/ja/a/', 2], ['/ja/a/#a1', 2]]))?.url).toBe('/ja/a/#a1');
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
});

describe('first results, loading as few fragments as the page needs', () => {
  const page = (lang: string, id: string, doc = 'mtg/cr') => ({ url: `/${lang}/${id}/`, excerpt: id, meta: { title: id }, filters: { game: ['mtg'], doc: [doc] },
    sub_results: [{ url: `/${lang}/${id}/#${id}a`, title: `${id}a`, excerpt: `ex ${id}`, locations: [1], anchor: { id: `${id}a` } }] });
  const hits = (lang: string, scored: [string, number, string?][]) => scored.map(([id, score, doc]) => ({ score, id, data: page(lang, id, doc) }));
  const run = async (lists: ReturnType<typeof hits>[], n: number) => {
    const asked: string[] = [];
    const out = await firstResults(lists.map((l) => ({ hits: l, weight: 1 })), async (h) => { asked.push(`${h.data.url}`); return h.data; }, n, '/', 'ja');
    return { urls: out.results.map((r) => r.url), asked, loaded: out.loaded };
  };

  it('loads only the first page of results when scores fall off', async () => {
    const ja = hits('ja', [['a', 10], ['b', 8], ['c', 6], ['d', 4], ['e', 2], ['f', 1]]);
    const r = await run([ja], 3);
    expect(r.urls).toEqual(['/ja/a/#aa', '/ja/b/#ba', '/ja/c/#ca']);
    expect(r.loaded).toBe(3);
  });

  it('loads one more when the same rule came from both bundles', async () => {
    const ja = hits('ja', [['a', 10], ['b', 5]]);
    const en = hits('en', [['a', 4], ['c', 1]]);
    const r = await run([ja, en], 2);
    expect(r.urls).toEqual(['/ja/a/#aa', '/ja/b/#ba']);
    // a (ja) and a (en) both scale to 1 and merge into one result, so b is loaded to fill the page.
    expect(r.asked).toEqual(['/ja/a/', '/en/a/', '/ja/b/']);
  });

  it('keeps loading while an unloaded result could outrank the last one shown (dictionary rows weigh half)', async () => {
    const ja = hits('ja', [['terms', 10, 'mtg/terms'], ['x', 9], ['y', 8]]);
    const r = await run([ja], 1);
    expect(r.urls).toEqual(['/ja/x/#xa']);
    expect(r.loaded).toBe(2);
  });

  it('shows a result found by both bundles in the interface language', async () => {
    const merged = mergeResults([hits('en', [['a', 3]]), hits('ja', [['a', 2]])], '/', 'ja');
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ url: '/ja/a/#aa', lang: 'ja', excerpt: 'ex a' });
    expect(merged[0]!.score).toBeCloseTo(1.25);
  });

  it('counts a page found by both bundles as agreement even when they pick different sub-rules', () => {
    const ja = [{ score: 5, data: data('/ja/ally/', [['/ja/ally/#ally.damage', 2]]) }, { score: 4, data: data('/ja/limit/', [['/ja/limit/#limit', 2]]) }];
    const en = [{ score: 9, data: data('/en/ally/', [['/en/ally/#ally', 3]]) }];
    const merged = mergeResults([ja, en], '/', 'ja');
    expect(merged.map((r) => r.url)).toEqual(['/ja/ally/#ally.damage', '/ja/limit/#limit']);
    expect(merged[0]!.score).toBeCloseTo(1.25);
  });

  it('orders candidates by score scaled to each list and weighted, leaving out lists of weight 0', () => {
    expect(candidates([{ hits: [{ score: 10 }, { score: 5 }], weight: 1 }, { hits: [{ score: 2 }, { score: 1.5 }], weight: 1 }]).map((c) => [c.list, c.index]))
      .toEqual([[0, 0], [1, 0], [1, 1], [0, 1]]);
    expect(candidates([{ hits: [{ score: 10 }, { score: 5 }], weight: 1 }, { hits: [{ score: 2 }], weight: 0.5 }, { hits: [{ score: 9 }], weight: 0 }]).map((c) => [c.list, c.index, c.score]))
      .toEqual([[0, 0, 1], [1, 0, 0.5], [0, 1, 0.5]]); // a tie: the higher place in its list first
  });
});

describe('dictionary wordings and look-ups', () => {
  // What the search reads arrives through JSON.parse, so its objects inherit from Object.prototype.
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

  it('maps every wording of a term, in any case, to its preferred wording in the same script', () => {
    const table = aliasTable(JSON.parse('[["ヴィラン","villain","悪役","Villain"],["アライ","ally","味方","allies"],["__proto__","constructor"]]') as string[][]);
    expect(searchTerms(table, '悪役')).toEqual(['ヴィラン']);
    expect(searchTerms(table, 'ヴィラン')).toEqual(['ヴィラン']);
    expect(searchTerms(table, 'VILLAIN')).toEqual(['villain']);
    expect(searchTerms(table, '味方')).toEqual(['アライ']);
    expect(searchTerms(table, 'allies')).toEqual(['ally']);
    expect(searchTerms(table, '__proto__')).toEqual(['constructor']);
    expect(searchTerms(table, 'toString')).toEqual(['toString']);
  });
});

describe('Japanese wordings typed part-way', () => {
  it.each<[string, string | undefined]>([
    ['プレインズウォー', 'プレインズウォーカー'],
    ['プレインズウォーカ', 'プレインズウォーカー'],
    ['プレインズウォーカー', undefined], // the wording itself
    ['プレインズ', undefined], // less than two thirds of it
    ['状況起因処', undefined], // a kanji word cut part-way: the index finds it (queryTerms)
    ['ヴィラ', undefined], // fewer than 4 characters
    ['キッカ', undefined],
    ['多重キッカ', '多重キッカー'],
    ['護衛効果', undefined], // a wording itself, though it begins 護衛効果音
    ['spel', undefined], // Japanese script only
    ['プレインズウォーカー・ト', 'プレインズウォーカー・トランプル'],
    ['スタート', undefined], // begins スタートフェイズ and スタートステップ, neither the start of the other
    ['スタートフ', undefined], // less than two thirds of スタートフェイズ
    ['スタートフェ', 'スタートフェイズ'],
  ])('%s → %s', (typed, wording) => {
    const table = partialWordings(['プレインズウォーカー', 'プレインズウォーカー・トランプル', '状況起因処理', 'ヴィラン', 'キッカー', '多重キッカー', '護衛効果', '護衛効果音', 'spells', 'スタートフェイズ', 'スタートステップ']);
    expect(table.get(typed)).toBe(wording);
  });
  it('gives the shard row of the wording it stands for', () => {
    const shards = wordingShards([['プレインズウォーカー', 'planeswalker', 'PW']], ['/ja/mtg/terms/#planeswalker']);
    const { aliases, definitions } = wordingTables(shards[wordingShard('プレインズウォー')]);
    expect(searchTerms(aliases, 'プレインズウォー')).toEqual(['プレインズウォーカー']);
    expect(own(definitions, 'プレインズウォー')).toBe('/ja/mtg/terms/#planeswalker');
  });
});

describe('the wordings split into files, one fetched per query', () => {
  const terms = JSON.parse('[["ヴィラン","villain","悪役","Villain"],["アライ","ally","味方","allies"],["__proto__","constructor"],["種類別","layer"]]') as string[][];
  const defs = ['/ja/marvel-champions/rr/villain/', null, '/ja/x/', '/ja/mtg/cr/613/#613.1'];
  const shards = wordingShards(terms, defs);
  // What the browser gets: the file the query hashes to, through JSON.
  const lookUp = (q: string) => wordingTables(JSON.parse(JSON.stringify(shards[wordingShard(q.trim().toLowerCase())])));

  it('answers every query as the whole tables do', () => {
    const aliases = aliasTable(terms);
    const definitions = definitionTable(terms, defs);
    expect(shards).toHaveLength(WORDING_SHARDS);
    for (const q of ['悪役', 'VILLAIN', 'ヴィラン', 'allies', '味方', '__proto__', 'constructor', 'toString', 'layer', '種類別', 'nothing']) {
      const { aliases: a, definitions: d } = lookUp(q);
      expect(searchTerms(a, q), q).toEqual(searchTerms(aliases, q));
      expect(own(d, q.toLowerCase()), q).toBe(own(definitions, q.toLowerCase()));
    }
    expect(searchTerms(lookUp('悪役').aliases, '悪役')).toEqual(['ヴィラン']);
    expect(own(lookUp('Villain').definitions, 'villain')).toBe('/ja/marvel-champions/rr/villain/');
    expect(own(lookUp('ally').definitions, 'ally')).toBeUndefined();
  });

  it('puts each wording in the one file its hash names, and spreads them', () => {
    const rows = shards.flat();
    expect(rows).toHaveLength(new Set(rows.map((r) => r[0])).size);
    shards.forEach((rows, k) => { for (const [w] of rows) expect(wordingShard(w)).toBe(k); });
    expect(shards.filter((x) => x.length > 0).length).toBeGreaterThan(4);
    expect(wordingShard('キッカー')).toBe(wordingShard('キッカー'));
    expect(wordingShard('')).toBeGreaterThanOrEqual(0);
  });

  it('reads a broken file as no wordings', () => {
    for (const bad of [null, {}, 'x', [[1, 'a', 'b']], [['w', 2, {}]]]) {
      const { aliases, definitions } = wordingTables(bad);
      expect(Object.keys(aliases).length + Object.keys(definitions).length).toBe(0);
    }
    expect(Object.getPrototypeOf(wordingTables([['__proto__', 'x', null]]).aliases)).toBeNull();
  });
});

describe('a dictionary wording finds its definition first', () => {
  const terms = [['ヴィラン', 'villain', '悪役'], ['種類別', 'layer'], ['__proto__', 'constructor']];
  const defs = definitionTable(terms, ['/ja/marvel-champions/rr/villain/', '/ja/mtg/cr/613/#613.1', null]);
  const r = (url: string, score = 1): MergedResult => ({ url, title: url, excerpt: '', score });
  const made = () => r('/b/made', Infinity);

  it.each([
    ['悪役', '/ja/marvel-champions/rr/villain/'],
    ['VILLAIN', '/ja/marvel-champions/rr/villain/'],
    ['layer', '/ja/mtg/cr/613/#613.1'],
  ])('%s → %s', (q, path) => expect(own(defs, q.toLowerCase())).toBe(path));

  it('knows no definition for a term without one, nor for Object.prototype', () => {
    expect(own(defs, 'constructor')).toBeUndefined();
    expect(own(defs, 'tostring')).toBeUndefined();
  });

  it.each([
    ['moves the definition up when the search found it', [r('/b/ja/mtg/cr/614/#614.9', 3), r('/b/ja/mtg/cr/613/#613.1', 2)], '/ja/mtg/cr/613/#613.1', ['/b/ja/mtg/cr/613/#613.1', '/b/ja/mtg/cr/614/#614.9']],
    ['matches a page-level definition by its page', [r('/b/ja/x/', 3), r('/b/ja/marvel-champions/rr/villain/#villain.deck', 2)], '/ja/marvel-champions/rr/villain/', ['/b/ja/marvel-champions/rr/villain/#villain.deck', '/b/ja/x/']],
    ['lists the definition\'s page once: its result at another sub-rule is left out', [r('/b/ja/x/', 3), r('/b/ja/mtg/cr/613/#613.4', 2)], '/ja/mtg/cr/613/#613.1', ['/b/made', '/b/ja/x/']],
    ['places it the same from a page\'s line without its sub-rule (the quick list)', [r('/b/ja/x/', 3), r('/b/ja/mtg/cr/613/', 2)], '/ja/mtg/cr/613/#613.1', ['/b/made', '/b/ja/x/']],
    ['adds it when the search did not find it', [r('/b/ja/x/', 3)], '/ja/mtg/terms/#planeswalker', ['/b/made', '/b/ja/x/']],
    ['changes nothing without a definition', [r('/b/ja/x/', 3), r('/b/ja/y/', 2)], undefined, ['/b/ja/x/', '/b/ja/y/']],
  ])('%s', (_, results, def, urls) => {
    expect(definitionFirst(results as MergedResult[], def as string | undefined, '/b/', made).map((x) => x.url)).toEqual(urls);
  });
});
