import { describe, expect, it } from 'vitest';
import { documentsPass } from './documents';
import { editionsRecordPass, historyPass } from './editions';
import { linksPass, plannedPass } from './links';
import { pagesPass } from './pages';
import { dictionaryPass, glossaryPass } from './terms';
import { viewsPass } from './views';
import { doc, entry, game, run, terms } from './testing';

const site = viewsPass(run({
  games: [game('g')], documents: [doc('g/rr')],
  planned: [{ game: 'g', file: 'content/g/planned.yaml', items: [{ id: '9', title: { ja: '九', en: 'nine' } }] }],
  entries: [
    entry('g/rr/1', { rules: [{ id: '1', ja: 'ヒーローは戦う。', en: 'A hero fights.' }, { id: '1.1', ja: 'ヒーローとヴィラン。', en: 'Hero and villain, hero.' }] }),
    entry('g/rr/2', { rules: [{ id: '2.1', ja: 'ヴィランは悪役。', en: 'The villain acts.' }], notes: [{ kind: 'tl', ja: '注', en: 'Any hero.' }] }),
  ],
  terms: [terms('g', [
    { id: 'hero', en: 'hero', ja: 'ヒーロー', entries: ['1'] },
    { id: 'villain', en: 'villain', ja: 'ヴィラン', variants: [{ term: '悪役', lang: 'ja', source: 'community' }, { term: 'baddie', lang: 'en', source: 'community' }], entries: ['9', '2.1'] },
  ])],
  editions: [{ game: 'g', file: 'content/g/editions.yaml', data: { documents: { rr: { current: '1.0', earlier: [{ id: '0.9', title: { ja: '旧', en: 'old' }, moved: [{ from: '2.1', to: '1.1', title: { ja: 't', en: 't' } }] }] } } } as never }],
}, documentsPass, pagesPass, plannedPass, linksPass, dictionaryPass, glossaryPass, editionsRecordPass, historyPass));
const [one, two] = [site.entries.find((e) => e.id === '1')!, site.entries.find((e) => e.id === '2')!];

describe('the page views', () => {
  it.each([
    // entry, lang, sub-rule → aliases
    ['the entry\'s term on its first sub-rule', one, 'en', '1', ['hero']],
    ['nothing on its other sub-rules', one, 'en', '1.1', []],
    ['a term whose first entry is planned: on its first written one', two, 'ja', '2.1', ['ヴィラン', '悪役']],
    ['in the page\'s language only', two, 'en', '2.1', ['villain', 'baddie']],
  ] as const)('aliases: %s', (_, page, lang, id, aliases) => {
    expect(site.page(page).aliases[lang].get(id)).toEqual(aliases);
  });

  it('links the first mention of each term per language, in document order, not from the entry that defines it', () => {
    const said = (m: Map<string, Set<string>>) => Object.fromEntries([...m].map(([k, v]) => [k, [...v]]));
    expect(said(site.page(one).mentions.en)).toEqual({ 'rule:1.1': ['villain'] });
    // The villain's first listed entry is planned, so 2.1 (which comes after the note) links it too.
    expect(said(site.page(two).mentions.en)).toEqual({ 'note:0': ['hero'], 'rule:2.1': ['villain'] });
    expect(said(site.page(two).mentions.ja)).toEqual({ 'rule:2.1': ['villain'] });
  });

  it('lists the numbers of a page that held another rule in an earlier edition', () => {
    expect(site.page(two).reused.map((r) => [r.id, r.to, r.editions.map((e) => e.id)])).toEqual([['2.1', '1.1', ['0.9']]]);
    expect(site.page(one).reused).toEqual([]);
  });

  it('works each page out once, and compiles one term matcher per game and language', () => {
    expect(site.page(one)).toBe(site.page(one));
    expect(site.termFinder('g', 'en')).toBe(site.termFinder('g', 'en'));
    expect(site.termFinder('g', 'en')('Baddie and HERO').map((m) => m.termId)).toEqual(['villain', 'hero']);
  });
});
