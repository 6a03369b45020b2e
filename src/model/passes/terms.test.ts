import { describe, expect, it } from 'vitest';
import { documentsPass } from './documents';
import { plannedPass } from './links';
import { pagesPass } from './pages';
import { dictionaryPass, glossaryPass } from './terms';
import { doc, entry, game, run, said, terms } from './testing';

const input = (list: Record<string, unknown>[], glossary?: Record<string, unknown>[]) => ({
  games: [game('g')], documents: [doc('g/rr')], entries: [entry('g/rr/1', { rules: [{ id: '1.1', ja: 'あ', en: 'a' }] })],
  terms: [terms('g', list)],
  ...(glossary ? { officialGlossaries: [{ id: 'g/rr', file: 'content/g/rr/official/_glossary.yaml', data: { edition: { en: '2.0' }, terms: glossary } as never }] } : {}),
});

describe('the dictionary and glossary passes', () => {
  it.each([
    ['two terms', [{ id: 'hero', en: 'Hero', ja: 'ヒーロー', entries: ['1.1'] }, { id: 'villain', en: 'Villain', ja: 'ヴィラン' }], []],
    ['one wording under two ids', [{ id: 'hero', en: 'Hero', ja: 'ヒーロー' }, { id: 'champion', en: 'champion', ja: 'チャンピオン', variants: [{ term: 'HERO', lang: 'en', source: 'community' }] }], [
      'content/g/terms.yaml › terms[1].variants[0].term: the wording "HERO" is already term "hero" (terms[0].en)',
    ]],
    ['a duplicate id', [{ id: 'hero', en: 'Hero', ja: 'ヒーロー' }, { id: 'hero', en: 'Heroine', ja: 'ヒロイン' }], ['content/g/terms.yaml › terms[1].id: duplicate term id "hero"']],
    ['an entry that is no id', [{ id: 'hero', en: 'Hero', ja: 'ヒーロー', entries: ['4.4'] }], ['content/g/terms.yaml › terms[0].entries[0]: "4.4" is not an id in g']],
  ])('%s', (_, list, problems) => {
    const ctx = run(input(list), documentsPass, pagesPass, plannedPass, dictionaryPass, glossaryPass);
    expect(said(ctx.problems.list)).toEqual(problems);
    expect(ctx.games.get('g')!.terms.map((t) => t.id)).toEqual(list.map((t) => t.id));
  });

  it('joins an official glossary term with the dictionary term of the same English wording', () => {
    const ctx = run(input([{ id: 'hero', en: 'Hero', ja: 'ヒーロー', variants: [{ term: 'Heroine', lang: 'en', source: 'community' }] }], [
      { id: 'heroine', en: 'heroine', enAliases: [], entries: ['1.1'] },
      { id: 'other', en: 'Other', enAliases: [], entries: ['5'] },
    ]), documentsPass, pagesPass, plannedPass, dictionaryPass, glossaryPass);
    expect(said(ctx.problems.list)).toEqual(['content/g/rr/official/_glossary.yaml › terms[1].entries[0]: "5" is not an id in g']);
    expect(ctx.docs.get('g/rr')!.glossary!.terms.map((t) => [t.id, t.term])).toEqual([['heroine', 'hero'], ['other', undefined]]);
  });

  it('joins nothing when the dictionary has not been read (the glossary pass runs after the dictionary pass)', () => {
    const ctx = run(input([{ id: 'hero', en: 'Hero', ja: 'ヒーロー' }], [{ id: 'hero', en: 'hero', enAliases: [], entries: [] }]), documentsPass, pagesPass, plannedPass, glossaryPass);
    expect(ctx.docs.get('g/rr')!.glossary!.terms.map((t) => [t.id, t.term])).toEqual([['hero', undefined]]);
  });
});
