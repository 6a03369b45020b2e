import { describe, expect, it } from 'vitest';
import { createContext, define, known } from './context';
import type { Target } from '../types';

describe('the shared context', () => {
  it('indexes an id once and reports a second definition with the file (and field) of the first', () => {
    const ctx = createContext({ games: [], documents: [], entries: [], planned: [] });
    const a: Target = { kind: 'planned', game: 'g', id: '1.1', title: { ja: 'a', en: 'a' } };
    const b: Target = { kind: 'planned', game: 'g', id: '1.1', title: { ja: 'b', en: 'b' } };
    define(ctx, 'g', '1.1', a, 'content/g/rr/1.yaml', 'rules[0].id');
    define(ctx, 'g', '1.1', b, 'content/g/rr/2.yaml', 'file name');
    define(ctx, 'h', '1.1', b, 'content/h/rr/1.yaml', 'file name');
    expect(ctx.index.get('g:1.1')).toBe(a);
    expect(ctx.problems.list.map((p) => `${p.file} › ${p.field}: ${p.message}`)).toEqual([
      'content/g/rr/2.yaml › file name: duplicate id "1.1" (already defined in content/g/rr/1.yaml › rules[0].id)',
    ]);
    expect([known(ctx, 'g', '1.1'), known(ctx, 'h', '1.1'), known(ctx, 'g', '1.2')]).toEqual([true, true, false]);
    ctx.planned.set('g:1.2', a);
    expect(known(ctx, 'g', '1.2')).toBe(true);
  });
});
