import { describe, expect, it } from 'vitest';
import { documentsPass } from './documents';
import { doc, edition, game, run, said } from './testing';

describe('the documents pass', () => {
  it.each([
    ['a document of an unknown game', [doc('x/rr')], [], ['content/x/rr/document.yaml › game: unknown game "x"']],
    ['a reserved document name', [doc('g/terms'), doc('g/graph')], [], [
      'content/g/terms/document.yaml › document: "terms" is reserved for the site\'s own terms page',
      'content/g/graph/document.yaml › document: "graph" is reserved for the site\'s own graph page',
    ]],
    ['official text of an unknown document', [doc('g/rr')], [edition('g/cr')], ['content/g/cr/official/_edition.yaml › document: official text for an unknown document "g/cr"']],
    ['documents and their edition', [doc('g/rr'), doc('g/guide', { idStyle: 'slug' })], [edition('g/rr')], []],
  ])('%s', (_, documents, officialEditions, problems) => {
    const ctx = run({ games: [game('g')], documents, officialEditions }, documentsPass);
    expect(said(ctx.problems.list)).toEqual(problems);
  });

  it('gives each document its game\'s id style unless it names its own, and its imported edition', () => {
    const ctx = run({ games: [game('g', 'dotted')], documents: [doc('g/rr'), doc('g/guide', { idStyle: 'slug' })], officialEditions: [edition('g/rr', { version: '2.0 · 2.0' })] }, documentsPass);
    expect([...ctx.docs.values()].map((d) => [d.game, d.id, d.style, d.official?.version])).toEqual([['g', 'rr', 'dotted', '2.0 · 2.0'], ['g', 'guide', 'slug', undefined]]);
    expect(ctx.games.get('g')!.docs.map((d) => d.id)).toEqual(['rr', 'guide']);
    expect(ctx.officialEditions.has('g/rr')).toBe(true);
  });
});
