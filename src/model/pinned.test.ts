// Pinned short links resolved from worked examples: the fixture overlay tests/fixtures/content/history
// (one imported step: 2030-09-01 → 2031-03-07), the bundled Lorcana editions record (no history:
// ja-2.2.0 and rules-class-09 against 2.3.0), and small tables for the resolver's rules. The Magic
// editions fixture (two imported editions) is in src/importers/editions.test.ts.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../content/load-content';
import { parsePin, pinDoc, type PinResult, type PinTable, resolvePin, reusedNumbers } from './pinned';
import { currentEdition, type SiteModel } from './site-model';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
function fixture(...layers: string[]): SiteModel {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-pinned-'));
  dirs.push(dir);
  for (const layer of ['base', ...layers]) cpSync(join('tests/fixtures/content', layer), dir, { recursive: true });
  return loadContent(dir).site;
}

/** A result as one short line: `→ 104.2b`, `removed in 2031-03-07`, `no rule`, `unknown edition`. */
const said = (r: PinResult) => r.kind === 'rule' ? `→ ${r.to}` : r.kind === 'removed' ? `removed in ${r.in}` : r.kind === 'none' ? 'no rule' : 'unknown edition';

describe('parsePin', () => {
  it.each([
    ['104.3@2030-09-01', { id: '104.3', edition: '2030-09-01' }],
    ['8.7@ja-2.2.0', { id: '8.7', edition: 'ja-2.2.0' }],
    ['attack-enemy-activation.step-3@1.8', { id: 'attack-enemy-activation.step-3', edition: '1.8' }],
    ['104.3', undefined],
    ['@2030-09-01', undefined],
    ['104.3@', undefined],
    ['104.3@2030 09 01', undefined],
    ['104.3@<script>', undefined],
    ['10@4.3@2030-09-01', undefined],
  ])('%s', (text, expected) => expect(parsePin(text)).toEqual(expected));
});

describe('the resolver on a small table', () => {
  // Now: 1, 2, 3, 4 (2 was added in B; A's 2 moved to 3; A's 3 was removed in B; A's 4 removed and 4 given to a new rule).
  const table: PinTable = {
    game: 'g',
    docs: [pinDoc({
      doc: 'cr', current: { id: 'B', title: { ja: 'B', en: 'B' } }, ids: ['1', '2', '3', '4', '5'],
      history: [{ id: 'A', title: { ja: 'A', en: 'A' }, ids: ['1', '2', '3', '4'], moved: [{ from: '2', to: '3' }], retired: [{ from: '3', in: 'B' }, { from: '4', in: 'B' }] }],
      record: [{ id: 'R', title: { ja: 'R', en: 'R' }, moved: [{ from: '1', to: '2' }] }],
    })],
  };
  const exists = (_doc: string, id: string) => ['1', '2', '3', '4', '5'].includes(id);
  it.each([
    ['1', 'A', '→ 1'], ['2', 'A', '→ 3'], ['3', 'A', 'removed in B'], ['4', 'A', 'removed in B'], ['5', 'A', 'no rule'], ['9', 'A', 'no rule'],
    ['1', 'B', '→ 1'], ['5', 'B', '→ 5'], ['9', 'B', 'no rule'],
    // The record knows only its moves: an unlisted number is unchanged, a number a move landed on held no rule.
    ['1', 'R', '→ 2'], ['3', 'R', '→ 3'], ['2', 'R', 'no rule'],
    ['1', 'Z', 'unknown edition'],
  ])('%s@%s %s', (id, edition, expected) => expect(said(resolvePin(table, id, edition, exists))).toBe(expected));
  it('keeps only the numbers added since in fresh, and lists the reused ones for the top notice', () => {
    expect(table.docs[0]!.editions.map((e) => [e.id, e.fresh])).toEqual([['B', undefined], ['A', ['5']], ['R', undefined]]);
    expect(reusedNumbers(table.docs[0]!, ['1', '2', '3', '4']).map((r) => `${r.id}: ${r.to ?? `removed in ${r.removedIn}`} (${r.editions.map((e) => e.id).join(', ')})`))
      .toEqual(['1: 2 (R)', '2: 3 (A)', '3: removed in B (A)', '4: removed in B (A)']);
  });
});

describe('pinned links on the history fixture (2030-09-01 → 2031-03-07)', () => {
  const site = fixture('official', 'history');
  const table = site.pins('demo');
  const doc = site.games.find((g) => g.id === 'demo')!.docs.find((d) => d.id === 'cr')!;
  const exists = (_doc: string, id: string) => { const t = site.resolve('demo', id); return !!t && t.kind !== 'planned'; };
  const [now, then] = doc.history!.states;

  it('names the current edition and the earlier one', () => {
    expect(currentEdition(doc)).toBe('2031-03-07');
    expect(table.docs.map((d) => [d.doc, d.editions.map((e) => e.id)])).toEqual([['cr', ['2031-03-07', '2030-09-01']]]);
    expect(table.docs[0]!.editions[1]!.title).toEqual({ ja: '総合ルール 2030-09-01', en: 'the Comprehensive Rules 2030-09-01' });
  });

  // Every id of the first edition, with where its rule is now (docs/testing.md#editions).
  const expected: Record<string, string> = {
    '100.1': '→ 100.1', '100.1a': '→ 100.1a', '100.1c': '→ 100.1c',
    '101.1': '→ 101.1', '101.1a': '→ 101.1a',
    '102.1': '→ 102.1', '102.1a': '→ 102.1a', '102.1b': '→ 102.1b', '102.1c': 'removed in 2031-03-07',
    '103.1': '→ 103.1', '103.1a': '→ 103.1a', '103.1b': '→ 103.1b',
    '104': '→ 104', '104.1': '→ 104.1', '104.2': '→ 104.2', '104.2a': '→ 104.2a', '104.3': '→ 104.2b', '104.4': '→ 104.3',
  };
  it('lands every id of the first edition on the right rule of the second', () => {
    expect([...then!.units.keys()].sort()).toEqual(Object.keys(expected).sort());
    for (const [id, where] of Object.entries(expected)) {
      const r = resolvePin(table, id, '2030-09-01', exists);
      expect(`${id}: ${said(r)}`).toBe(`${id}: ${where}`);
      if (r.kind !== 'rule') continue;
      // The same rule: the same words then and now, but for the two rewordings of the step.
      const reworded = ['100.1a', '101.1a'].includes(id);
      const a = then!.units.get(id)!, b = now!.units.get(r.to)!;
      if (reworded) expect(a).not.toEqual(b);
      else expect({ en: a.en, ja: a.ja, title: a.title }).toEqual({ en: b.en, ja: b.ja, title: b.title });
    }
  });
  it.each([
    // Added in 2031-03-07, so no rule of 2030-09-01; a number of neither edition; an explanation's own number the official text never had.
    ['101.1b', '2030-09-01', 'no rule'], ['104.9', '2030-09-01', 'no rule'], ['100.2', '2030-09-01', 'no rule'],
    // The current edition: every current id is itself; a retired number is none.
    ['104.3', '2031-03-07', '→ 104.3'], ['101.1b', '2031-03-07', '→ 101.1b'], ['100.2', '2031-03-07', '→ 100.2'], ['104.4', '2031-03-07', 'no rule'],
    ['104.3', '2029-01-01', 'unknown edition'],
  ])('%s@%s %s', (id, edition, expected) => expect(said(resolvePin(table, id, edition, exists))).toBe(expected));
  it('says at the top of 104 that 104.3 held another rule in 2030-09-01', () => {
    expect(reusedNumbers(table.docs[0]!, ['104', '104.1', '104.3']).map((r) => [r.id, r.to, r.editions.map((e) => e.id)])).toEqual([['104.3', '104.2b', ['2030-09-01']]]);
  });
});

describe('pinned links from the editions record alone (bundled Lorcana)', () => {
  const { site } = loadContent('content');
  const table = site.pins('lorcana');
  const exists = (_doc: string, id: string) => { const t = site.resolve('lorcana', id); return !!t && t.kind !== 'planned'; };
  const title = (r: PinResult) => {
    if (r.kind !== 'rule') return said(r);
    const t = site.resolve('lorcana', r.to)!;
    return `→ ${r.to} ${t.kind === 'entry' ? t.entry.data.title.en : t.kind === 'rule' ? t.rule.title?.en ?? t.entry.data.title.en : t.title.en}`;
  };
  it('has the current edition and the record\'s, and no table for the guide', () => {
    expect(table.docs.map((d) => [d.doc, d.editions.map((e) => e.id)])).toEqual([['cr', ['2.3.0', 'ja-2.2.0', 'rules-class-09', '2.0.1']]]);
  });
  it.each([
    ['8.7', 'ja-2.2.0', '→ 8.8 Resist'],
    ['8.7', '2.3.0', '→ 8.7 Reckless'],
    ['8.7', 'rules-class-09', '→ 8.8 Resist'],
    ['8.14', 'ja-2.2.0', '→ 8.15 Ward'],
    // 8.5 of the Japanese edition is Evasive (now 8.6): 8.5 itself took Challenger, no rule of ja-2.2.0.
    ['8.5', 'ja-2.2.0', '→ 8.6 Evasive'],
    ['8.15', 'ja-2.2.0', 'no rule'],
    ['1.9.1.5', '2.0.1', '→ 1.9.3 '],
    ['8.7', '9.9.9', 'unknown edition'],
  ])('%s@%s %s', (id, edition, expected) => expect(title(resolvePin(table, id, edition, exists)).startsWith(expected)).toBe(true));
  it('pins Magic\'s bundled document to its English edition (a version per language), and a guide to none', () => {
    expect(site.pins('mtg').docs.map((d) => [d.doc, d.editions.map((e) => e.id)])).toEqual([['cr', ['2026-09-25']]]);
    expect(site.pins('marvel-champions').docs.map((d) => [d.doc, d.editions.map((e) => e.id)])).toEqual([['rr', ['1.8']]]);
  });
});
