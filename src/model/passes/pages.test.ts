import { describe, expect, it } from 'vitest';
import { documentsPass } from './documents';
import { pagesPass } from './pages';
import { doc, edition, entry, game, official, run, said } from './testing';

const base = { games: [game('g')], documents: [doc('g/rr')] };

describe('the pages pass: each file on its own', () => {
  it.each([
    // [rules, declared status, reason] → [ja status, en status], problems
    ['both languages written', [{ id: '1.1', ja: 'あ', en: 'a' }], {}, undefined, ['community', 'community'], []],
    ['one language partly written', [{ id: '1.1', ja: 'あ', en: 'a' }, { id: '1.2', en: 'b' }], {}, undefined, ['draft', 'community'], []],
    ['one language not written, with a reason', [{ id: '1.1', en: 'a' }], {}, { ja: 'not yet' }, ['missing', 'community'], []],
    ['one language not written, no reason', [{ id: '1.1', en: 'a' }], {}, undefined, ['missing', 'community'], ['content/g/rr/1.yaml › missing.ja: the ja text is marked missing without a reason']],
    ['a declared status over gaps', [{ id: '1.1', en: 'a' }, { id: '1.2', ja: 'い', en: 'b' }], { ja: 'community' }, undefined, ['community', 'community'], ['content/g/rr/1.yaml › status.ja: is "community", but 1 sub-rule has no ja text (rules[0])']],
    ['a sub-rule of another entry', [{ id: '1.1', ja: 'あ', en: 'a' }, { id: '2.1', ja: 'い', en: 'b' }], {}, undefined, ['community', 'community'], ['content/g/rr/1.yaml › rules[1].id: "2.1" is not a sub-rule id of entry "1"']],
  ])('%s', (_, rules, status, missing, expected, problems) => {
    const ctx = run({ ...base, entries: [entry('g/rr/1', { rules, status, ...(missing ? { missing } : {}) })] }, documentsPass, pagesPass);
    expect(said(ctx.problems.list)).toEqual(problems);
    const page = ctx.entries[0]!;
    expect([page.status.ja, page.status.en]).toEqual(expected);
  });

  it('counts a text that shows nothing as missing, and says so in a notice', () => {
    const ctx = run({ ...base, entries: [entry('g/rr/1', { rules: [{ id: '1.1', ja: '<b></b>', en: 'a' }], missing: { ja: 'empty' } })] }, documentsPass, pagesPass);
    expect(ctx.entries[0]!.data.rules[0]!.ja).toBeUndefined();
    expect(ctx.entries[0]!.missing).toEqual({ ja: 1, en: 0 });
    expect(said(ctx.notices.list)).toEqual(['content/g/rr/1.yaml › rules[0].ja: shows nothing (only invisible characters, empty HTML or a comment), so it counts as missing']);
    // The Markdown check reads the file as written.
    expect(ctx.written[0]!.data.rules[0]!.ja).toBe('<b></b>');
  });

  it('reports an unknown document and an invalid entry id, and indexes nothing for them', () => {
    const ctx = run({ ...base, entries: [entry('g/cr/1'), entry('g/rr/Not an id')] }, documentsPass, pagesPass);
    expect(said(ctx.problems.list)).toEqual([
      'content/g/cr/1.yaml › document: unknown document "cr" in g',
      'content/g/rr/Not an id.yaml › file name: "Not an id" is not a valid entry id for g/rr',
    ]);
    expect(ctx.entries).toEqual([]);
  });
});

describe('the pages pass: official text placed', () => {
  const input = {
    ...base,
    officialEditions: [edition('g/rr')],
    entries: [entry('g/rr/1', { rules: [{ id: '1.1', ja: '説明', en: 'explained' }] })],
    official: [
      official('g/rr/1', { rules: [{ id: '1.1', ja: '公式', en: 'official' }, { id: '1.2', ja: '二', en: 'two' }], seeAlso: ['2'] }),
      official('g/rr/2', { rules: [{ id: '2.1', ja: '三', en: 'three' }] }),
    ],
  };
  const ctx = run(input, documentsPass, pagesPass);

  it('joins an official entry to the explanation that holds its id, one row per sub-rule', () => {
    expect(ctx.problems.list).toEqual([]);
    const page = ctx.entries.find((e) => e.id === '1')!;
    expect(page.data.rules.map((r) => [r.id, r.official?.en, r.explanation?.en, r.en])).toEqual([
      ['1.1', 'official', 'explained', 'official'],
      ['1.2', 'two', undefined, 'two'],
    ]);
    expect([page.status.ja, page.status.en, page.official?.files]).toEqual(['official', 'official', ['content/g/rr/official/1.yaml']]);
    expect(ctx.placements).toEqual([{ game: 'g', doc: 'rr', entry: '1', file: 'content/g/rr/official/1.yaml', home: '1', ids: [{ id: '1.1', to: '1' }, { id: '1.2', to: '1' }] }]);
    expect(ctx.gathered.map((g) => [g.entry.id, g.from.map((f) => f.file)])).toEqual([['1', ['content/g/rr/official/1.yaml']]]);
  });

  it('gives an official entry no explanation holds a page of its own, and indexes every id once', () => {
    expect(ctx.entries.map((e) => [e.id, e.file, !!e.explanation])).toEqual([['1', 'content/g/rr/1.yaml', true], ['2', 'content/g/rr/official/2.yaml', false]]);
    expect([...ctx.index.keys()]).toEqual(['g:1', 'g:1.1', 'g:1.2', 'g:2', 'g:2.1']);
    expect([...ctx.officialKeys]).toEqual(['g:1', 'g:1.1', 'g:1.2', 'g:2', 'g:2.1']);
    expect(ctx.docs.get('g/rr')!.entries.map((e) => e.id)).toEqual(['1', '2']);
  });

  it('reports official text whose _edition.yaml is missing', () => {
    const bare = run({ ...base, official: [official('g/rr/2')] }, documentsPass, pagesPass);
    expect(said(bare.problems.list)).toEqual(['content/g/rr/official/2.yaml › (file): official text without content/g/rr/official/_edition.yaml']);
  });
});

describe('the pages pass: editions that differ', () => {
  it.each([
    ['the explanation follows the official edition', '2.0', undefined, []],
    ['the explanation follows another edition', '1.0', '1.0', ['content/g/rr/official/_edition.yaml › version: the official text (2.0) is not the edition the explanations follow (1.0) on 1 page that shows both (1): a number may hold another rule in each, and those pages say so']],
  ])('%s', (_, follows, differs, notices) => {
    const ctx = run({
      ...base, officialEditions: [edition('g/rr')],
      entries: [entry('g/rr/1', { rules: [{ id: '1.1', ja: '説明', en: 'explained' }], source: { version: follows } })],
      official: [official('g/rr/1', { rules: [{ id: '1.1', ja: '公式', en: 'official' }] })],
    }, documentsPass, pagesPass);
    expect(ctx.entries[0]!.official?.differs).toBe(differs);
    expect(said(ctx.notices.list)).toEqual(notices);
  });
});
