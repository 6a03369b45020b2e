import { describe, expect, it } from 'vitest';
import { documentsPass } from './documents';
import { editionsRecordPass, historyPass } from './editions';
import { plannedPass } from './links';
import { pagesPass } from './pages';
import { doc, entry, game, run, said } from './testing';

const record = (documents: Record<string, unknown>) => [{ game: 'g', file: 'content/g/editions.yaml', data: { documents } as never }];
const earlier = (moved: { from: string; to: string }[]) => ({ id: '0.9', title: { ja: '旧版', en: 'the old edition' }, moved: moved.map((m) => ({ ...m, title: { ja: 't', en: 't' } })) });
const site = (documents: Record<string, unknown>) => run({
  games: [game('g')], documents: [doc('g/rr', { version: '1.0' })],
  entries: [entry('g/rr/1', { rules: [{ id: '1.1', ja: 'あ', en: 'a' }, { id: '1.2', ja: 'い', en: 'b' }] })],
  editions: record(documents),
}, documentsPass, pagesPass, plannedPass, editionsRecordPass, historyPass);

describe('the editions pass: the editions record', () => {
  it.each([
    ['a move to a written id', { rr: { current: '1.0', earlier: [earlier([{ from: '1.1', to: '1.2' }])] } }, []],
    ['another current edition than the document\'s', { rr: { current: '1.1', earlier: [] } }, ['content/g/editions.yaml › documents.rr.current: "1.1" is not the version named in content/g/rr/document.yaml ("1.0")']],
    ['an unknown document', { cr: { current: '1.0', earlier: [] } }, ['content/g/editions.yaml › documents.cr: unknown document "cr" in g']],
    ['a move to the same number', { rr: { current: '1.0', earlier: [earlier([{ from: '1.1', to: '1.1' }])] } }, ['content/g/editions.yaml › documents.rr.earlier[0].moved[0].to: "1.1" is the same number as before']],
    ['a move to no id', { rr: { current: '1.0', earlier: [earlier([{ from: '1.1', to: '3.3' }])] } }, ['content/g/editions.yaml › documents.rr.earlier[0].moved[0].to: "3.3" is not an id in g']],
  ])('%s', (_, documents, problems) => {
    expect(said(site(documents).problems.list)).toEqual(problems);
  });

  it('records each move with its edition, for notices and pinned links', () => {
    const ctx = site({ rr: { current: '1.0', earlier: [earlier([{ from: '1.1', to: '1.2' }, { from: '1.3', to: '1.1' }])] } });
    expect(ctx.moves.map((m) => `${m.edition.id}: ${m.from} → ${m.to}`)).toEqual(['0.9: 1.1 → 1.2', '0.9: 1.3 → 1.1']);
  });

  it('names the Japanese edition the pages follow when the record\'s newest translation numbering is another', () => {
    const ctx = site({ rr: { current: '1.0', earlier: [{ ...earlier([{ from: '1.1', to: '1.2' }]), id: 'ja-0.9' }] } });
    expect(ctx.docs.get('g/rr')!.japanese).toEqual({ id: 'ja-0.9', title: { ja: '旧版', en: 'the old edition' } });
  });
});

describe('the editions pass: imported history', () => {
  it('reports history for an unknown document and leaves documents without history alone', () => {
    const ctx = run({
      games: [game('g')], documents: [doc('g/rr')], entries: [entry('g/rr/1', { rules: [{ id: '1.1', ja: 'あ', en: 'a' }] })],
      officialHistory: [{ doc: 'g/cr', id: '2.0', file: 'content/g/cr/official/_history/2.0.yaml', data: {} as never }],
    }, documentsPass, pagesPass, plannedPass, historyPass);
    expect(said(ctx.problems.list)).toEqual(['content/g/cr/official/_history/2.0.yaml › (file): history for an unknown document "g/cr"']);
    expect(ctx.docs.get('g/rr')!.history).toBeUndefined();
    expect(ctx.moves).toEqual([]);
  });
});
