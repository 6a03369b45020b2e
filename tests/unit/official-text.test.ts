// Official text and explanations on one page (docs/architecture.md#official-text-and-explanations-on-one-page):
// the placement rule on worked examples, the model on the fixture overlay tests/fixtures/content/official
// (invented official text) and the problems a bad combination gets, each naming its own file.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '~/content/load-content';
import { type Holder, placeOfficial } from '~/model/official';
import type { IdStyle } from '~/model/ids';
import { ContentError } from '~/model/problems';
import { entryBody } from '~/model/api';
import { contentRedirects } from '~/content/redirects-file';

describe('placeOfficial: where each official sub-rule is shown', () => {
  const hand = (entry: string, ids: string[], doc = 'cr'): Holder => ({ entry, doc, file: `${doc}/${entry}.yaml`, ids: new Set([entry, ...ids]) });
  // [what, style, official entry and its sub-rules, hand-written entries, the page of the official entry (null: its own), the page of each sub-rule]
  const cases: [string, IdStyle, string, string[], Holder[], string | null, (string | null)[]][] = [
    ['no explanation: a page of its own', 'mtg', '101.1', ['101.1a', '101.1b'], [], null, [null, null]],
    ['the same entry id: one page, every sub-rule on it', 'mtg', '702.33', ['702.33a', '702.33b'], [hand('702.33', ['702.33a'])], '702.33', ['702.33', '702.33']],
    ['a larger explanation holding one sub-rule takes the whole official entry', 'mtg', '103.1', ['103.1', '103.1a', '103.1b'], [hand('103', ['103.1a'])], '103', ['103', '103', '103']],
    ['a larger explanation holding the official id (115 holds 115.1)', 'mtg', '115.1', ['115.1', '115.1a', '115.1d'], [hand('115', ['115.1', '115.1a'])], '115', ['115', '115', '115']],
    ['a smaller explanation takes its part and what is below it; the rest stays', 'mtg', '104', ['104.1', '104.2', '104.2a', '104.2b', '104.3'], [hand('104.2', ['104.2a'])], null, [null, '104.2', '104.2', '104.2', null]],
    ['the lead\'s example: 601.2 explained, the official entry 601', 'mtg', '601', ['601.1', '601.2', '601.2a', '601.2i', '601.3'], [hand('601.2', ['601.2a'])], null, [null, '601.2', '601.2', '601.2', null]],
    ['dotted numbers: an explanation of 6.7.2 inside the official 6.7', 'dotted', '6.7', ['6.7.1', '6.7.2', '6.7.2.1', '6.7.2.2', '6.7.3'], [hand('6.7.2', ['6.7.2.1'])], null, [null, '6.7.2', '6.7.2', '6.7.2', null]],
    ['the deepest explanation above a sub-rule wins', 'dotted', '6', ['6.7.2', '6.7.2.1', '6.7.3'], [hand('6', ['6.7.3']), hand('6.7.2', ['6.7.2.5'])], '6', ['6.7.2', '6.7.2', '6']],
    ['slugs: the glossary entry and its steps', 'slug', 'attack', ['attack', 'attack.step-1', 'attack.step-2'], [hand('attack', ['attack.step-1'])], 'attack', ['attack', 'attack', 'attack']],
    ['slugs: an explanation of another heading is not above', 'slug', 'and', ['and'], [hand('andor', ['andor.x'])], null, [null]],
  ];
  it.each(cases)('%s', (_, style, entry, rules, holders, home, pages) => {
    const byId = new Map(holders.flatMap((h) => [...h.ids].map((id) => [id, h] as const)));
    const placed = placeOfficial(style, { entry, doc: 'cr', rules }, (id) => byId.get(id));
    expect(placed.problems).toEqual([]);
    expect(placed.home?.entry ?? null).toBe(home);
    expect(placed.rules.map((h) => h?.entry ?? null)).toEqual(pages);
  });

  it('refuses explanations in another document: ids are unique in a game', () => {
    const guide = hand('villain-phase', ['villain-phase.step-1'], 'guide');
    const byId = new Map([...guide.ids].map((id) => [id, guide] as const));
    const whole = placeOfficial('slug', { entry: 'villain-phase', doc: 'rr', rules: ['villain-phase'] }, (id) => byId.get(id));
    expect(whole.problems).toEqual([expect.objectContaining({ index: -1, message: expect.stringContaining('in another document') })]);
    const one = placeOfficial('slug', { entry: 'villain', doc: 'rr', rules: ['villain', 'villain-phase.step-1'] }, (id) => byId.get(id));
    expect(one.problems.map((p) => p.index)).toEqual([1]);
  });
});

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
/** A copy of the base fixture with the official overlay. */
function fixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-official-'));
  dirs.push(dir);
  for (const layer of ['base', 'official']) cpSync(join('tests/fixtures/content', layer), dir, { recursive: true });
  return dir;
}
const problemsOf = (dir: string) => {
  try {
    loadContent(dir);
    return [];
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    return e.problems.map((p) => `${p.file.slice(p.file.indexOf('demo/'))} › ${p.field}: ${p.message}`);
  }
};

describe('the site model with official text (fixture overlay "official")', () => {
  const { site } = loadContent(fixture());
  const entry = (id: string) => site.entries.find((e) => e.id === id)!;
  const kinds = (id: string) => entry(id).data.rules.map((r) => `${r.id}${r.official ? ' official' : ''}${r.explanation ? ' explanation' : ''}`);

  it('has one page per entry id of either kind, official entries inside an explanation having none', () => {
    expect(site.games[0]!.docs[0]!.entries.map((e) => `${e.id}${e.official ? ' O' : ''}${e.explanation ? ' E' : ''}`)).toEqual([
      '100.1 O E', '100.2 E', '101.1 O', '102.1 O E', '103 O E', '104 O', '104.2 O E',
    ]);
    expect(site.resolve('demo', '103.1')).toMatchObject({ kind: 'rule', entry: { id: '103' } });
  });

  it('puts official text and explanation of one sub-rule on one row, in rule order, official sub-rules without explanation too', () => {
    expect(kinds('100.1')).toEqual(['100.1a official explanation', '100.1c official']);
    expect(kinds('103')).toEqual(['103.1 official', '103.1a official explanation', '103.1b official']);
    expect(kinds('104.2')).toEqual(['104.2 official explanation', '104.2a official explanation', '104.2b official']);
    expect(kinds('104')).toEqual(['104.1 official', '104.3 official']);
    expect(kinds('100.2')).toEqual(['100.2a explanation']);
    const row = entry('100.1').data.rules[0]!;
    expect(row.official).toEqual({ en: expect.stringContaining('zephyrine'), ja: expect.stringContaining('ゼフィリン'), edition: { en: '2031-03-07', ja: '20310301.0' } });
    expect(row.explanation).toEqual({ ja: '日本語の文。[[100.2]]を参照。', en: 'English text. See [[100.2]].' });
    // What the page shows first: the official text.
    expect([row.ja, row.en]).toEqual([row.official!.ja, row.official!.en]);
  });

  it('shows the explanation first in a language the official text lacks, and says why', () => {
    const dice = entry('102.1');
    const [a, b] = dice.data.rules;
    expect(a!.ja).toBe(a!.explanation!.ja);
    expect(a!.en).toBe(a!.official!.en);
    expect(a!.official!.edition).toEqual({ en: '2031-03-07' });
    expect(b!.ja).toBeUndefined();
    expect(dice.official).toMatchObject({ status: { ja: 'missing', en: 'official' }, missing: { ja: expect.stringContaining('日本語版') } });
    expect(dice.explanation?.status).toEqual({ ja: 'community', en: 'community' });
    expect(dice.status).toEqual({ ja: 'community', en: 'official' });
    expect(dice.missing).toEqual({ ja: 1, en: 0 });
  });

  it('notes where the explanation follows another edition than the official text', () => {
    expect(site.entries.filter((e) => e.official?.differs).map((e) => [e.id, e.official!.differs])).toEqual([['102.1', '2030-11-02']]);
    expect(site.notices.map((n) => `${n.file.slice(n.file.indexOf('demo/'))} › ${n.field}`)).toEqual(['demo/cr/official/_edition.yaml › version']);
  });

  it('points an official page to the explanation that took some of its sub-rules, and keeps the entries\' own links', () => {
    expect(entry('104').data.see).toEqual(['104.2']);
    expect(entry('100.1').data.seeAlso).toEqual(['100.2a', '999.1', '101.1']);
    expect(entry('100.1').official?.files).toEqual([expect.stringContaining('demo/cr/official/100.1.yaml')]);
    expect(entry('103').official?.version).toBe('2031-03-07 · 日本語版 20310301.0');
  });

  it('gives the JSON API both kinds per sub-rule, with ja/en/text as the page shows them first', () => {
    const doc = site.games[0]!.docs[0]!;
    const body = entryBody(doc, entry('102.1'), 'https://example.org');
    expect(body.official).toEqual({ status: { ja: 'missing', en: 'official' }, version: '2031-03-07 · 日本語版 20310301.0', effective: '2031-03-07', jaFollows: null });
    expect(body.explanation).toEqual({ status: { ja: 'community', en: 'community' } });
    expect(body.rules[0]).toMatchObject({
      id: '102.1a',
      ja: expect.stringContaining('ダイスは2個'),
      en: 'Roll both dice at once; their total is the roll.',
      text: { ja: expect.stringContaining('ダイスは2個'), en: 'Roll both dice at once; their total is the roll.' },
      official: { ja: null, en: 'Roll both dice at once; their total is the roll.', edition: { ja: null, en: '2031-03-07' } },
      explanation: { ja: expect.stringContaining('ダイスは2個'), en: 'Both dice are thrown together, and what counts is the sum of the two.' },
    });
    expect(body.rules[1]).toMatchObject({ id: '102.1b', explanation: null, official: { en: expect.stringContaining('off the table') } });
    expect(entryBody(doc, entry('100.2'), undefined).rules[0]).toMatchObject({ official: null, explanation: { en: 'English text.' } });
  });

  it('forwards the URLs of official text shown on an explanation\'s page; a line of redirects.yaml for the same URL wins', () => {
    expect(site.placements.map((p) => ({ entry: p.entry, home: p.home, ids: p.ids }))).toEqual([
      { entry: '100.1', home: '100.1', ids: [{ id: '100.1a', to: '100.1' }, { id: '100.1c', to: '100.1' }] },
      { entry: '102.1', home: '102.1', ids: [{ id: '102.1a', to: '102.1' }, { id: '102.1b', to: '102.1' }] },
      { entry: '103.1', home: '103', ids: [{ id: '103.1', to: '103' }, { id: '103.1a', to: '103' }, { id: '103.1b', to: '103' }] },
      { entry: '104', home: undefined, ids: [{ id: '104.2', to: '104.2' }, { id: '104.2a', to: '104.2' }, { id: '104.2b', to: '104.2' }] },
    ]);
    const dir = fixture();
    const finals = (rules: ReturnType<typeof contentRedirects>) => Object.fromEntries([...rules.byFrom.values()].filter((r) => r.from.startsWith('/en/')).map((r) => [r.from, r.final]));
    expect(finals(contentRedirects(dir, [], site.placements))).toEqual({
      '/en/demo/cr/103.1/': '/en/demo/cr/103/#103.1',
      '/en/demo/cr/103.1/#103.1': '/en/demo/cr/103/#103.1',
      '/en/demo/cr/103.1/#103.1a': '/en/demo/cr/103/#103.1a',
      '/en/demo/cr/103.1/#103.1b': '/en/demo/cr/103/#103.1b',
      '/en/demo/cr/104/#104.2': '/en/demo/cr/104.2/',
      '/en/demo/cr/104/#104.2a': '/en/demo/cr/104.2/#104.2a',
      '/en/demo/cr/104/#104.2b': '/en/demo/cr/104.2/#104.2b',
    });
    writeFileSync(join(dir, 'redirects.yaml'), 'redirects:\n  /{lang}/demo/cr/104/#104.2a: /{lang}/demo/cr/104.2/\n');
    const problems: unknown[] = [];
    const rules = contentRedirects(dir, problems as never, site.placements);
    expect(problems).toEqual([]);
    expect(finals(rules)['/en/demo/cr/104/#104.2a']).toBe('/en/demo/cr/104.2/');
    expect(rules.byFrom.get('/ja/demo/cr/104/#104.2a')?.line.file).toContain('redirects.yaml');
    expect(rules.byFrom.get('/ja/demo/cr/104/#104.2b')?.line).toMatchObject({ file: expect.stringContaining('official/104.yaml'), field: '(official 104.2b, shown on cr/104.2)' });
  });

  it('leaves an explanation that shares no id with official text as it was', () => {
    const { site: plain } = loadContent('tests/fixtures/content/base');
    const before = plain.entries.find((e) => e.id === '100.2')!;
    expect(entry('100.2').data.rules.map(({ id, ja, en }) => ({ id, ja, en }))).toEqual(before.data.rules.map(({ id, ja, en }) => ({ id, ja, en })));
    expect(entry('100.2').status).toEqual(before.status);
  });
});

describe('an official glossary', () => {
  it('is the document\'s, each term joined with the dictionary\'s term of the same English wording', () => {
    const { site } = loadContent(fixture());
    const glossary = site.games[0]!.docs[0]!.glossary!;
    expect(glossary.file).toContain('demo/cr/official/_glossary.yaml');
    expect(glossary.terms.map((t) => [t.id, t.term ?? null, t.obsolete, t.entries])).toEqual([
      ['rule', 'rule', false, ['100.1']], ['zephyrine-counter', null, false, ['100.1a', '100.1c']], ['old-dice', null, true, ['102.1']],
    ]);
  });

  it.each([
    ['a rule link to an id the site lacks', (dir: string) => writeFileSync(join(dir, 'demo/cr/official/_glossary.yaml'), 'edition: { en: 2031-03-07 }\nfrom: x.txt\nterms:\n  - { id: a, en: A, def: { en: See rule 555. }, entries: ["555"] }\n'),
      'demo/cr/official/_glossary.yaml › terms[0].entries[0]: "555" is not an id in demo'],
    ['a term id twice', (dir: string) => writeFileSync(join(dir, 'demo/cr/official/_glossary.yaml'), 'edition: { en: 2031-03-07 }\nfrom: x.txt\nterms:\n  - { id: a, en: A }\n  - { id: a, en: A again }\n'),
      'demo/cr/official/_glossary.yaml › terms[1].id: duplicate term id "a"'],
    ['an entry that would take the glossary\'s page', (dir: string) => {
      mkdirSync(join(dir, 'demo/gl/official'), { recursive: true });
      writeFileSync(join(dir, 'demo/gl/document.yaml'), 'title: { ja: 用語, en: Terms }\npublisher: Test\nversion: "1"\nabout: { ja: 試験。, en: A test. }\nidStyle: slug\n');
      writeFileSync(join(dir, 'demo/gl/glossary.yaml'), 'title: { ja: 用語集, en: Glossary }\nchecked: 2031-03-10\nrules:\n  - { id: glossary, ja: 説明。, en: An explanation. }\n');
      writeFileSync(join(dir, 'demo/gl/official/_glossary.yaml'), 'edition: { en: 2031-03-07 }\nfrom: x.txt\nterms:\n  - { id: a, en: A }\n');
    }, 'demo/gl/official/_glossary.yaml › (file): the document has an entry "glossary"'],
  ] as const)('reports %s', (_, change, expected) => {
    const dir = fixture();
    change(dir);
    expect(problemsOf(dir)).toEqual(expect.arrayContaining([expect.stringContaining(expected)]));
  });
});

describe('problems with official text name the file that has them', () => {
  const official = (rules: string, more = '') => `title: { ja: 一, en: One }\nedition: { en: 2031-03-07 }\nchecked: 2031-03-10\nstatus: { ja: missing, en: official }\nmissing: { ja: 試験。 }\n${more}rules:\n${rules}`;
  it.each([
    ['a hand-written entry of another document with an official entry\'s id',
      { 'demo/xr/document.yaml': 'title: { ja: 別文書, en: Another }\npublisher: Test\nversion: "1"\nabout: { ja: 試験。, en: A test. }\n', 'demo/xr/101.1.yaml': 'title: { ja: 別, en: Other }\nchecked: 2031-03-10\nrules:\n  - { id: 101.1a, ja: 別。, en: Other. }\n' },
      'demo/cr/official/101.1.yaml › file name: the official entry cr/101.1 has the id of the hand-written xr/101.1'],
    ['an official status over a language its file lacks',
      { 'demo/cr/official/102.1.yaml': 'title: { ja: Dice, en: Dice }\nedition: { en: 2031-03-07 }\nchecked: 2031-03-10\nstatus: { ja: official, en: official }\nrules:\n  - { id: 102.1a, en: Roll. }\n' },
      'demo/cr/official/102.1.yaml › status.ja: is "official", but 1 sub-rule has no ja text (rules[0])'],
    ['a See also of an official file gathered onto an explanation, pointing nowhere',
      { 'demo/cr/official/103.1.yaml': official('  - { id: 103.1a, en: Red. }\n', 'seeAlso: ["555"]\n') },
      'demo/cr/official/103.1.yaml › seeAlso[0]: "555" is not an id in demo'],
    ['an official sub-rule outside its entry',
      { 'demo/cr/official/101.1.yaml': official('  - { id: 101.1a, en: One. }\n  - { id: 100.1z, en: Misplaced. }\n') },
      'demo/cr/official/101.1.yaml › rules[1].id: "100.1z" is not a sub-rule id of entry "101.1"'],
    ['an official sub-rule at an anchor the pages retired (redirects.yaml sends it elsewhere)',
      { 'redirects.yaml': 'redirects:\n  /{lang}/demo/cr/104.2/#104.2b: /{lang}/demo/cr/104.2/#104.2a\n' },
      'demo/cr/official/104.yaml › rules[3].id: "104.2b" would stand on cr/104.2, where'],
    ['one sub-rule in two official files that meet on an explanation',
      { 'demo/cr/official/100.yaml': official('  - { id: 100.2a, en: Two. }\n'), 'demo/cr/official/100.2.yaml': official('  - { id: 100.2a, en: Two again. }\n') },
      'rules[0].id: duplicate id "100.2a" (already official text in'],
  ] as const)('%s', (_, files, expected) => {
    const dir = fixture();
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    expect(problemsOf(dir)).toEqual(expect.arrayContaining([expect.stringContaining(expected)]));
  });
});
