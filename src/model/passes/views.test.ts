import { describe, expect, it } from 'vitest';
import { documentsPass } from './documents';
import { editionsRecordPass, historyPass } from './editions';
import { linksPass, plannedPass } from './links';
import { pagesPass } from './pages';
import { dictionaryPass, glossaryPass } from './terms';
import { viewsPass } from './views';
import { doc, entry, game, run } from './testing';

const all = [documentsPass, pagesPass, plannedPass, linksPass, dictionaryPass, glossaryPass, editionsRecordPass, historyPass];
const model = () => viewsPass(run({
  games: [game('b', 'dotted', 1), game('a', 'dotted', 1), game('z', 'dotted', 0)],
  documents: [doc('a/rr', { order: 2 }), doc('a/guide', { order: 1, idStyle: 'slug' }), doc('b/rr'), doc('z/rr')],
  entries: [
    entry('a/rr/10', { rules: [{ id: '10.1', ja: 'あ', en: 'a' }] }),
    entry('a/rr/2', { rules: [{ id: '2.1', en: 'b' }], missing: { ja: 'later' }, seeAlso: ['10.1'] }),
    entry('a/rr/3', { rules: [{ id: '3.1', ja: 'う', en: 'c' }], order: -1 }),
    entry('a/guide/start', { rules: [{ id: 'start', ja: 'え', en: 'd' }] }),
  ],
  editions: [{ game: 'a', file: 'content/a/editions.yaml', data: { documents: { rr: { current: '1.0', earlier: [{ id: '0.9', title: { ja: '旧', en: 'old' }, moved: [{ from: '2.1', to: '10.1', title: { ja: 't', en: 't' } }, { from: '4.1', to: '3.1', title: { ja: 't', en: 't' } }] },
    { id: '0.8', title: { ja: '旧旧', en: 'older' }, moved: [{ from: '5.1', to: '10.1', title: { ja: 't', en: 't' } }, { from: '2.1', to: '3.1', title: { ja: 't', en: 't' } }] }] } } } as never }],
}, ...all));

describe('the views pass', () => {
  const site = model();
  it('orders games, documents and entries (order, then id in rule order)', () => {
    expect(site.games.map((g) => g.id)).toEqual(['z', 'a', 'b']);
    expect(site.games[1]!.docs.map((d) => d.id)).toEqual(['guide', 'rr']);
    expect(site.games[1]!.docs[1]!.entries.map((e) => e.id)).toEqual(['3', '2', '10']);
  });

  it('counts the translation coverage per game and language', () => {
    expect(site.coverage.filter((c) => c.game === 'a')).toEqual([
      { game: 'a', lang: 'ja', rules: 4, missing: 1, entriesMissing: ['rr/2'] },
      { game: 'a', lang: 'en', rules: 4, missing: 0, entriesMissing: [] },
    ]);
  });

  it('resolves ids, links them both ways, and reads the renumbering of a number', () => {
    expect(site.resolve('a', '2.1')?.kind).toBe('rule');
    expect(site.resolve('b', '2.1')).toBeUndefined();
    const ten = site.entries.find((e) => e.id === '10')!;
    expect(site.links.incoming(ten).map((e) => `${e.kind} ${e.from.id}`)).toEqual(['see-also 2']);
    // Every move from and to a number, in the record's order, and only the game's own.
    expect(site.renumbering('a', '2.1').reused.map((m) => `${m.edition.id} ${m.to}`)).toEqual(['0.9 10.1', '0.8 3.1']);
    expect(site.renumbering('a', '10.1').formerly.map((m) => `${m.edition.id} ${m.from}`)).toEqual(['0.9 2.1', '0.8 5.1']);
    expect(site.renumbering('a', '3.1').formerly.map((m) => m.from)).toEqual(['4.1', '2.1']);
    // A number that is no id now reuses nothing; another game's numbers have no moves.
    expect(site.renumbering('a', '4.1')).toEqual({ reused: [], formerly: [] });
    expect(site.renumbering('b', '2.1')).toEqual({ reused: [], formerly: [] });
    expect(site.moves('a').map((m) => [m.from, m.retired])).toEqual([['2.1', false], ['4.1', true], ['5.1', true], ['2.1', false]]);
  });

  it('builds a pinned-link table for each document with an edition id', () => {
    expect(site.pins('a').docs.map((d) => [d.doc, d.editions.map((e) => e.id)])).toEqual([['guide', ['1.0']], ['rr', ['1.0', '0.9', '0.8']]]);
  });
});
