import { describe, expect, it } from 'vitest';
import { documentsPass } from './documents';
import { linksPass, plannedPass } from './links';
import { pagesPass } from './pages';
import { doc, edition, entry, game, official, run, said } from './testing';

const planned = [{ game: 'g', file: 'content/g/planned.yaml', items: [{ id: '9', title: { ja: '九', en: 'nine' } }, { id: '1', title: { ja: '一', en: 'one' } }] }];
const one = (fields: Record<string, unknown>) => run({
  games: [game('g')], documents: [doc('g/rr')], planned,
  entries: [entry('g/rr/1', { rules: [{ id: '1.1', ja: 'あ', en: 'a' }] }), entry('g/rr/2', { rules: [{ id: '2.1', ja: 'い', en: 'b' }], ...fields })],
}, documentsPass, pagesPass, plannedPass, linksPass);

describe('the links pass', () => {
  it.each([
    ['see also a written and a planned id', { seeAlso: ['1.1', '9'] }, []],
    ['see an unknown id', { see: ['7'] }, ['content/g/rr/2.yaml › see[0]: "7" is not an id in g']],
    ['a [[link]] to an unknown id', { rules: [{ id: '2.1', ja: '[[8]] を見る', en: 'see [[1.1]]' }] }, ['content/g/rr/2.yaml › rules[0].ja: the link [[8]] points to no id in g']],
  ])('%s', (_, fields, problems) => {
    const ctx = one(fields);
    // The planned "1" is already written: the plan should go.
    expect(said(ctx.problems.list)).toEqual(['content/g/planned.yaml › planned[1].id: "1" is planned but already written (content/g/rr/1.yaml)', ...problems]);
    expect(ctx.planned.get('g:9')).toEqual({ kind: 'planned', game: 'g', id: '9', title: { ja: '九', en: 'nine' } });
  });

  it('adds the see also of an official file to the page that gathers it, without ids on that page, and checks them against that file', () => {
    const ctx = run({
      games: [game('g')], documents: [doc('g/rr')], planned: [], officialEditions: [edition('g/rr')],
      entries: [entry('g/rr/1', { rules: [{ id: '1.1', ja: 'あ', en: 'a' }], seeAlso: ['2'] }), entry('g/rr/2', { rules: [{ id: '2.1', ja: 'い', en: 'b' }] })],
      official: [official('g/rr/1', { rules: [{ id: '1.1', ja: '公', en: 'o' }], seeAlso: ['2', '1.1', '2.1', '5'] })],
    }, documentsPass, pagesPass, plannedPass, linksPass);
    expect(said(ctx.problems.list)).toEqual(['content/g/rr/official/1.yaml › seeAlso[3]: "5" is not an id in g']);
    expect(ctx.entries.find((e) => e.id === '1')!.data.seeAlso).toEqual(['2', '2.1']);
  });
});
