// The record of served editions (src/model/served.ts): the build adds the current editions and
// never removes one; a served edition the document no longer knows is an error naming the line.
import { describe, expect, it } from 'vitest';
import type { PinTable } from './pinned';
import { addServed, servedProblems, type Served } from './served';

const ed = (id: string) => ({ id, title: { ja: id, en: id }, moved: [], retired: [] });
const tables: PinTable[] = [
  { game: 'mtg', docs: [{ doc: 'cr', editions: [ed('2022-04-29'), ed('2022-02-18')] }] },
  { game: 'lorcana', docs: [{ doc: 'cr', editions: [ed('2.3.0'), ed('ja-2.2.0')] }] },
];
const table = (game: string) => tables.find((t) => t.game === game);

describe('addServed', () => {
  it.each<[string, Served, Served | undefined]>([
    ['a first build records every current edition', {}, { lorcana: { cr: { '2.3.0': '2026-12-01' } }, mtg: { cr: { '2022-04-29': '2026-12-01' } } }],
    ['an edition served before keeps its first date, and the new current one is added after it',
      { mtg: { cr: { '2022-02-18': '2026-03-01' } }, lorcana: { cr: { '2.3.0': '2026-01-01' } } },
      { lorcana: { cr: { '2.3.0': '2026-01-01' } }, mtg: { cr: { '2022-02-18': '2026-03-01', '2022-04-29': '2026-12-01' } } }],
    ['nothing new: no rewrite', { mtg: { cr: { '2022-04-29': '2026-03-01' } }, lorcana: { cr: { '2.3.0': '2026-01-01' } } }, undefined],
  ])('%s', (_, before, after) => {
    const copy = structuredClone(before);
    expect(addServed(before, tables, '2026-12-01')).toEqual(after);
    expect(before).toEqual(copy); // the input is left alone
  });
});

describe('servedProblems', () => {
  it.each<[string, Served, string[]]>([
    ['known editions, current or earlier', { mtg: { cr: { '2022-02-18': '2026-03-01', '2022-04-29': '2026-06-01' } }, lorcana: { cr: { 'ja-2.2.0': '2026-01-01' } } }, []],
    ['an edition the history no longer has', { mtg: { cr: { '2021-11-19': '2026-01-01' } } }, ['mtg.cr.2021-11-19: mtg/cr was served at edition 2021-11-19, which its imported history']],
    ['a document that is gone', { mtg: { rules: { '1.0': '2026-01-01' } } }, ['mtg.rules.1.0: names the document mtg/rules, which the site no longer has']],
    ['a game that is gone', { sorcery: { cr: { '1.0': '2026-01-01' } } }, ['sorcery.cr.1.0: names the game "sorcery", which the site no longer has']],
  ])('%s', (_, served, expected) => {
    const problems = servedProblems(served, table, 'content/served.json');
    // Each problem's field and the start of its message.
    expect(problems.map((p, i) => `${p.field}: ${p.message}`.slice(0, expected[i]?.length))).toEqual(expected);
    for (const p of problems) expect(p.file).toBe('content/served.json');
  });
});
