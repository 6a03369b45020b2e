import { describe, expect, it } from 'vitest';
import { documentsPass } from './documents';
import { checkFiles } from './files';
import { placeOfficialText } from './placement';
import { doc, edition, entry, game, official, run, said } from './testing';

// Hand-written: 6.7 (with 6.7.2) and 6.9; official: 6.7 (6.7.1, 6.7.2, 6.7.2.3) and 7 (7.1).
const ctx = run({
  games: [game('g')], documents: [doc('g/rr')], officialEditions: [edition('g/rr')],
  entries: [entry('g/rr/6.7', { rules: [{ id: '6.7.2', ja: 'あ', en: 'a' }] }), entry('g/rr/6.9', { rules: [{ id: '6.9', ja: 'い', en: 'b' }] })],
  official: [
    official('g/rr/6.7', { rules: [{ id: '6.7.1', ja: '一', en: 'one' }, { id: '6.7.2', ja: '二', en: 'two' }, { id: '6.7.2.3', ja: '三', en: 'three' }] }),
    official('g/rr/7', { rules: [{ id: '7.1', ja: '七', en: 'seven' }] }),
  ],
}, documentsPass);
const files = checkFiles(ctx);
const layout = placeOfficialText(ctx, files);

describe('the placement of official text', () => {
  it('checks every file on its own first', () => {
    expect(files.hand.map((p) => p.id)).toEqual(['6.7', '6.9']);
    expect(files.official.map((p) => [p.id, p.rules.map((r) => r.id)])).toEqual([['6.7', ['6.7.1', '6.7.2', '6.7.2.3']], ['7', ['7.1']]]);
    expect(said(ctx.problems.list)).toEqual([]);
  });

  it.each([
    // hand-written page → the official entries it is home to, and the official rows it shows
    ['6.7', ['6.7'], ['6.7.1', '6.7.2', '6.7.2.3']],
    ['6.9', [], []],
  ])('%s', (id, homes, rows) => {
    const join = [...layout.joins].find(([p]) => p.id === id)?.[1] ?? { homes: [], rows: [] };
    expect(join.homes.map((o) => o.id)).toEqual(homes);
    expect(join.rows.map((r) => r.from.rules[r.index]!.id)).toEqual(rows);
  });

  it('gives an official entry no explanation holds a page of its own, and records what is shown elsewhere', () => {
    expect(layout.ownPages.map((p) => [p.part.id, p.rows, p.elsewhere])).toEqual([['7', [0], []]]);
    expect(ctx.placements.map((p) => [p.entry, p.home, p.ids.map((i) => `${i.id}→${i.to}`)])).toEqual([['6.7', '6.7', ['6.7.1→6.7', '6.7.2→6.7', '6.7.2.3→6.7']]]);
    expect([...ctx.officialKeys]).toEqual(['g:6.7', 'g:6.7.1', 'g:6.7.2', 'g:6.7.2.3', 'g:7', 'g:7.1']);
  });
});
