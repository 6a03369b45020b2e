// What each rule was in every imported edition (src/model/lineage.ts), on the two fixtures that have
// imported history: the site fixture (base + official + history: five → seven counters, 101.1a
// reworded in Japanese only, 101.1b added, 102.1c removed, 104.3 → 104.2b and 104.4 → 104.3) and the
// importer's Magic editions (100.1j–100.1n shifted to 100.1k–100.1p by an insertion, then a newer
// Japanese translation of the same edition).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '~/content/load-content';
import { runImport } from '~/importers/apply';
import { docHistories, editionChanges, historyChanged, historyIndex, historyPages, historyWritten, type Lineage, unchangedSince, writtenHistories } from '~/model/lineage';
import { editionsBody, historyBody } from '~/model/api';
import type { DocHistory, SiteModel } from '~/model/types';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
const tmp = () => { const d = mkdtempSync(join(tmpdir(), 'taiyaku-lineage-')); dirs.push(d); return d; };

/** A lineage in short: each version as `edition…edition id: en | ja`. */
const short = (l: Lineage | undefined) => l && {
  versions: l.versions.map((v) => `${v.editions.join(',')} ${v.id}: ${v.unit.en ?? '—'} | ${v.unit.ja ?? '—'}`),
  since: l.since, added: l.added, removed: l.removed, formerly: l.formerly,
};

describe('the site fixture: one step, 2030-09-01 → 2031-03-07', () => {
  let history: DocHistory;
  let site: SiteModel;
  beforeAll(() => {
    const dir = tmp();
    for (const layer of ['base', 'official', 'history']) cpSync(join('tests/fixtures/content', layer), dir, { recursive: true });
    ({ site } = loadContent(dir));
    history = site.games.find((g) => g.id === 'demo')!.docs.find((d) => d.id === 'cr')!.history!;
  });

  it.each([
    ['100.1a, reworded in both languages (five → seven counters)', '100.1a', {
      versions: [
        '2031-03-07 100.1a: Every player begins with a zephyrine pool of seven counters. See rule 101.1a. | 各プレイヤーは、7個のカウンターからなるゼフィリン置き場を持って始める。101.1a参照。',
        '2030-09-01 100.1a: Every player begins with a zephyrine pool of five counters. See rule 101.1a. | 各プレイヤーは、5個のカウンターからなるゼフィリン置き場を持って始める。101.1a参照。',
      ],
      since: '2030-09-01', added: undefined, removed: undefined, formerly: [],
    }],
    ['101.1a, reworded in Japanese only', '101.1a', {
      versions: [
        '2031-03-07 101.1a: Turns pass to the left, one player after another. | 手番は左隣のプレイヤーへ順に移る。',
        '2030-09-01 101.1a: Turns pass to the left, one player after another. | 手番は左のプレイヤーへ順番に移っていく。',
      ],
      since: '2030-09-01', added: undefined, removed: undefined, formerly: [],
    }],
    ['101.1b, added in 2031-03-07', '101.1b', {
      versions: ['2031-03-07 101.1b: A player may end a turn early by saying so. | プレイヤーは、そう宣言することで手番を早く終えてよい。'],
      since: '2031-03-07', added: '2031-03-07', removed: undefined, formerly: [],
    }],
    ['104.2b, which was 104.3 (same words)', '104.2b', {
      versions: ['2031-03-07 104.2b: A set of gold cards scores double. | 金の札の組は得点が2倍になる。', '2030-09-01 104.3: A set of gold cards scores double. | 金の札の組は得点が2倍になる。'],
      since: '2030-09-01', added: undefined, removed: undefined, formerly: [{ id: '104.3', editions: ['2030-09-01'] }],
    }],
    ['104.3, which was 104.4', '104.3', {
      versions: ['2031-03-07 104.3: The player with the most points wins. | 得点が最も多いプレイヤーが勝つ。', '2030-09-01 104.4: The player with the most points wins. | 得点が最も多いプレイヤーが勝つ。'],
      since: '2030-09-01', added: undefined, removed: undefined, formerly: [{ id: '104.4', editions: ['2030-09-01'] }],
    }],
    ['104.1, unchanged in every imported edition', '104.1', {
      versions: ['2031-03-07,2030-09-01 104.1: Points are counted when the last card is played. | 得点は最後の札が出されたときに数える。'],
      since: '2030-09-01', added: undefined, removed: undefined, formerly: [],
    }],
  ])('%s', (_, id, expected) => {
    expect(short(historyIndex(history).lineage(0, id))).toEqual(expected);
  });

  it('knows where every number of the earlier edition is now, and which numbers held another rule', () => {
    const index = historyIndex(history);
    expect(['104.3', '104.4', '102.1c', '100.1a', '999'].map((id) => index.now(1, id))).toEqual([{ id: '104.2b' }, { id: '104.3' }, { removedIn: '2031-03-07' }, { id: '100.1a' }, undefined]);
    expect(index.reused('104.3')).toEqual([{ editions: ['2030-09-01'], now: { id: '104.2b' } }]);
    expect(index.reused('104.2b')).toEqual([]);
    expect(index.reused('100.1a')).toEqual([]);
  });

  it('lists a removed rule with its last text under the rule above it now', () => {
    const removed = historyIndex(history).removed('mtg');
    expect(removed.map((r) => ({ under: r.under, ...short(r.lineage) }))).toEqual([{
      under: '102.1', versions: ['2030-09-01 102.1c: A die that lands on its edge counts as a one. | —'],
      since: '2030-09-01', added: undefined, removed: '2031-03-07', formerly: [],
    }]);
  });

  it('says what the edition changed, with each rule\'s number now', () => {
    const c = editionChanges(history, 0)!;
    expect(c.edition).toBe('2031-03-07');
    expect(c.previous).toBe('2030-09-01');
    expect(c.added.map((a) => [a.id, a.now])).toEqual([['101.1b', { id: '101.1b' }]]);
    expect(c.removed.map((r) => [r.id, r.unit.en])).toEqual([['102.1c', 'A die that lands on its edge counts as a one.']]);
    expect(c.reworded.map((r) => [r.from, r.to, r.fields, r.before.ja?.slice(0, 10), r.after.ja?.slice(0, 10)])).toEqual([
      ['100.1a', '100.1a', ['en', 'ja'], '各プレイヤーは、5個', '各プレイヤーは、7個'],
      ['101.1a', '101.1a', ['ja'], '手番は左のプレイヤー', '手番は左隣のプレイヤ'],
    ]);
    expect(c.moved.map((m) => [m.from, m.to, m.reworded])).toEqual([['104.3', '104.2b', false], ['104.4', '104.3', false]]);
    expect(editionChanges(history, 1)).toBeUndefined(); // the oldest imported edition has no step
  });

  it('gives each entry with official text its history, the removed rule on the page of the rule it was under', () => {
    const game = site.games.find((g) => g.id === 'demo')!;
    const doc = game.docs.find((d) => d.id === 'cr')!;
    const all = docHistories(site, game, doc);
    expect([...all].map(([entry, h]) => [entry, h.rules.map((r) => r.lineage.id), h.removed.map((l) => l.id)])).toEqual([
      ['100.1', ['100.1', '100.1a', '100.1c'], []],
      ['101.1', ['101.1', '101.1a', '101.1b'], []],
      ['102.1', ['102.1', '102.1a', '102.1b'], ['102.1c']],
      // The official 103.1 is shown on the explanation 103; 104.2b on the explanation 104.2.
      ['103', ['103.1', '103.1a', '103.1b'], []],
      ['104', ['104', '104.1', '104.3'], []],
      ['104.2', ['104.2', '104.2a', '104.2b'], []],
    ]);
    expect(all.has('100.2')).toBe(false); // an explanation only
  });

  it('the JSON API bodies: editions.json answers where a number of 2030-09-01 is now and which file has its history', () => {
    const game = site.games.find((g) => g.id === 'demo')!;
    const doc = game.docs.find((d) => d.id === 'cr')!;
    const histories = docHistories(site, game, doc);
    const body = editionsBody(game, doc, { moves: site.moves('demo'), histories }, 'https://example.org', '/');
    expect(body.current).toBe('2031-03-07');
    expect(body.numberings).toEqual([{ edition: '2030-09-01', title: { ja: '総合ルール 2030-09-01', en: 'the Comprehensive Rules 2030-09-01' }, moved: { '104.3': '104.2b', '104.4': '104.3' }, retired: { '102.1c': { in: '2031-03-07', entry: '102.1' } } }]);
    expect(body.ids).toMatchObject({ '104.3': '104', '104.2b': '104.2', '103.1a': '103' });
    expect(body.history).toBe('https://example.org/api/demo/cr/{entry}/history.json');
    const h = historyBody(doc, doc.entries.find((e) => e.id === '104.2')!, histories.get('104.2')!, 'https://example.org', '/');
    expect(h.rules.find((r) => r.id === '104.2b')).toMatchObject({
      since: '2030-09-01', added: null, formerly: [{ id: '104.3', editions: ['2030-09-01'] }],
      versions: [{ editions: ['2031-03-07'], id: '104.2b', en: 'A set of gold cards scores double.' }, { editions: ['2030-09-01'], id: '104.3', ja: '金の札の組は得点が2倍になる。' }],
    });
  });
});

describe('history where there is history: which entries get a history page (historyWritten)', () => {
  const STEP = 'demo/cr/official/_history/2031-03-07.yaml';
  /** The site fixture with history, `files` written over it (path → text). */
  const siteWith = (files: Record<string, string> = {}) => {
    const dir = tmp();
    for (const layer of ['base', 'official', 'history']) cpSync(join('tests/fixtures/content', layer), dir, { recursive: true });
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
    const { site } = loadContent(dir);
    const game = site.games.find((g) => g.id === 'demo')!;
    const doc = game.docs.find((d) => d.id === 'cr')!;
    const all = docHistories(site, game, doc);
    return { site, doc, all, rows: [...all].map(([entry, h]) => [entry, historyChanged(h), historyWritten(doc, h), unchangedSince(doc, h) ?? null]) };
  };
  const step = readFileSync(join('tests/fixtures/content/history', STEP), 'utf8');

  it.each([
    ['the fixture as it is: 103 (103.1, 103.1a, 103.1b) reads the same in both editions', {}, [
      // [entry, a change shown, page written, unchanged since]
      ['100.1', true, true, null], // 100.1a reworded
      ['101.1', true, true, null], // 101.1a reworded in Japanese, 101.1b added
      ['102.1', true, true, null], // 102.1c removed from under it
      ['103', false, false, '2030-09-01'],
      ['104', true, true, null], // 104.3 was 104.4, and the number held another rule
      ['104.2', true, true, null], // 104.2b was 104.3
    ]],
    ['a step that rewords 103.1b: 103 has a change, so a page', { [STEP]: `${step}  - id: 103.1b\n    en: Numbers run from one to eight.\n` }, [
      ['100.1', true, true, null], ['101.1', true, true, null], ['102.1', true, true, null],
      ['103', true, true, null],
      ['104', true, true, null], ['104.2', true, true, null],
    ]],
    ['103\'s history page published (in permalinks.json): written though nothing changed', { 'permalinks.json': JSON.stringify({ '/en/demo/cr/103/history/': [], '/ja/demo/cr/103/history/': [], '/en/demo/cr/1033/history/': [] }) }, [
      ['100.1', true, true, null], ['101.1', true, true, null], ['102.1', true, true, null],
      ['103', false, true, '2030-09-01'],
      ['104', true, true, null], ['104.2', true, true, null],
    ]],
  ])('%s', (_, files, expected) => {
    const { site, doc, rows } = siteWith(files);
    expect(rows).toEqual(expected);
    // The pages and their JSON are written for exactly the entries historyWritten names.
    expect(historyPages(site).map((p) => p.entry.id)).toEqual(expected.filter((r) => r[2]).map((r) => r[0]));
    // What the manifest names, whatever exists now (a gone entry's history page is the redirects' to answer).
    expect([...doc.history!.published!].sort()).toEqual('permalinks.json' in files ? ['103', '1033'] : []);
  });

  it('editions.json names a history file only for entries that have one; the entry file says unchanged since', () => {
    const { site, doc } = siteWith();
    const game = site.games.find((g) => g.id === 'demo')!;
    const body = editionsBody(game, doc, { moves: site.moves('demo'), histories: writtenHistories(site, game, doc) }, 'https://example.org', '/');
    expect(body.ids).toMatchObject({ '104.3': '104', '100.1a': '100.1' });
    expect(Object.keys(body.ids!).filter((id) => id.startsWith('103'))).toEqual([]);
  });
});

describe('a document with only the hand-written editions record (the bundled Lorcana rules)', () => {
  it('editions.json lists each earlier numbering\'s moved numbers, and no history', () => {
    const { site } = loadContent('content');
    const game = site.games.find((g) => g.id === 'lorcana')!;
    const doc = game.docs.find((d) => d.id === 'cr')!;
    expect(doc.history).toBeUndefined();
    const body = editionsBody(game, doc, { moves: site.moves('lorcana'), histories: docHistories(site, game, doc) }, 'https://example.org', '/');
    expect([body.current, body.editions, body.ids, body.history]).toEqual(['2.3.0', [], null, null]);
    expect(body.numberings.map((n) => n.edition)).toEqual(['ja-2.2.0', 'rules-class-09', '2.0.1']);
    expect(body.numberings[0]!.moved['8.7']).toBe('8.8');
    expect(body.numberings[2]!.moved['1.9.1.1']).toBe('1.9.2.1');
  });
});

describe('the importer\'s Magic editions: an insertion that shifts 100.1j–100.1n, then a newer translation', () => {
  let history: DocHistory;
  beforeAll(async () => {
    const dir = tmp();
    cpSync('tests/fixtures/mtg-cr/content', dir, { recursive: true });
    const ED = 'tests/fixtures/mtg-cr/editions';
    const run = (en: string, ja: string, today: string) => runImport({ game: 'mtg', en: join(ED, en), ja: join(ED, ja), out: join(dir, 'mtg/cr'), today });
    for (const [en, ja, today] of [['en-e1.txt', 'ja-e1.txt', '2032-01-20'], ['en-e2.txt', 'ja-e2.txt', '2032-04-05'], ['en-e2.txt', 'ja-e2b.txt', '2032-04-21']] as const) {
      expect((await run(en, ja, today)).problems).toEqual([]);
    }
    const { site } = loadContent(dir);
    history = site.games.find((g) => g.id === 'mtg')!.docs.find((d) => d.id === 'cr')!.history!;
  });

  it('has three editions, newest first', () => {
    expect(history.editions.map((e) => e.id)).toEqual(['ja-20320420.0', '2032-04-02', '2032-01-10']);
  });

  it.each([
    // [id now, its number in each edition newest first (null: not there), added in]
    ['100.1j', ['100.1j', '100.1j', null], '2032-04-02'],
    ['100.1k', ['100.1k', '100.1k', '100.1j'], undefined],
    ['100.1m', ['100.1m', '100.1m', '100.1k'], undefined],
    ['100.1n', ['100.1n', '100.1n', '100.1m'], undefined],
    ['100.1p', ['100.1p', '100.1p', '100.1n'], undefined],
    ['101.2', ['101.2', '101.2', '101.3'], undefined],
    ['101.3', ['101.3', '101.3', '101.4'], undefined],
    ['100.3', ['100.3', '100.3', null], '2032-04-02'],
    ['100.1a', ['100.1a', '100.1a', '100.1a'], undefined],
  ] as const)('%s was %j', (id, numbers, added) => {
    const l = historyIndex(history).lineage(0, id)!;
    const byEdition = new Map(l.versions.flatMap((v) => v.editions.map((e) => [e, v.id])));
    expect(history.editions.map((e) => byEdition.get(e.id) ?? null)).toEqual(numbers);
    expect(l.added).toBe(added);
  });

  it('splits a rule into versions where its words change: 100.2 in the newer translation, 100.1m for its cross-reference', () => {
    const index = historyIndex(history);
    const v = index.lineage(0, '100.2')!.versions;
    expect(v.map((x) => x.editions)).toEqual([['ja-20320420.0'], ['2032-04-02', '2032-01-10']]);
    expect(v[0]!.unit.en).toBe(v[1]!.unit.en);
    expect(v[0]!.unit.ja).not.toBe(v[1]!.unit.ja);
    expect(index.lineage(0, '100.1m')!.versions.map((x) => [x.id, x.editions])).toEqual([['100.1m', ['ja-20320420.0', '2032-04-02']], ['100.1k', ['2032-01-10']]]);
  });

  it('the numbers 100.1j–100.1n held other rules in 2032-01-10, and 100.3 a removed one', () => {
    const index = historyIndex(history);
    expect(['100.1j', '100.1k', '100.1m', '100.1n', '100.3', '101.2'].map((id) => index.reused(id))).toEqual([
      [{ editions: ['2032-01-10'], now: { id: '100.1k' } }],
      [{ editions: ['2032-01-10'], now: { id: '100.1m' } }],
      [{ editions: ['2032-01-10'], now: { id: '100.1n' } }],
      [{ editions: ['2032-01-10'], now: { id: '100.1p' } }],
      [{ editions: ['2032-01-10'], now: { removedIn: '2032-04-02' } }],
      [{ editions: ['2032-01-10'], now: { removedIn: '2032-04-02' } }],
    ]);
  });

  it('lists the removed rules under the entry above them', () => {
    expect(historyIndex(history).removed('mtg').map((r) => [r.lineage.id, r.under, r.lineage.removed, r.lineage.versions.at(-1)!.editions])).toEqual([
      ['100.3', '100', '2032-04-02', ['2032-01-10']],
      ['101.2', '101', '2032-04-02', ['2032-01-10']],
      ['102.1b', '102.1', '2032-04-02', ['2032-01-10']],
    ]);
  });

  it('the Japanese-only step changes one text and moves nothing', () => {
    const c = editionChanges(history, 0)!;
    expect([c.edition, c.previous, c.added, c.removed, c.moved]).toEqual(['ja-20320420.0', '2032-04-02', [], [], []]);
    expect(c.reworded.map((r) => [r.from, r.fields])).toEqual([['100.2', ['ja']]]);
    expect(editionChanges(history, 1)!.moved.map((m) => `${m.from}→${m.to}${m.reworded ? ' (reworded)' : ''}`)).toEqual([
      '100.1j→100.1k', '100.1k→100.1m (reworded)', '100.1m→100.1n (reworded)', '100.1n→100.1p', '101.3→101.2', '101.4→101.3',
    ]);
  });
});
