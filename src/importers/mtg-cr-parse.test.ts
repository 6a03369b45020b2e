// The Comprehensive Rules text format: the fixture files end to end, then one behaviour per row.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isHeading, parseCr, type CrLang } from './mtg-cr-parse';

const read = (name: string) => readFileSync(`tests/fixtures/mtg-cr/${name}`, 'utf8');
const ids = (text: string, lang: CrLang = 'en') => parseCr(text, lang).units.map((u) => u.id);
const diag = (text: string, lang: CrLang = 'en') => parseCr(text, lang).diagnostics.map((d) => `${d.level} ${d.line ?? '-'}: ${d.message}`);

describe('the English fixture', () => {
  const p = parseCr(read('en.txt'), 'en');

  it('reads every unit after the table of contents, in order', () => {
    expect(p.units.map((u) => `${u.kind} ${u.id}`)).toEqual([
      'section 1', 'rule 100', 'numbered 100.1', 'sub 100.1a', 'sub 100.1b', 'numbered 100.2', 'sub 100.2a', 'sub 100.2b',
      'numbered 100.3', 'sub 100.3a', 'rule 101', 'numbered 101.1', 'numbered 101.2', 'numbered 101.3',
      'section 7', 'rule 702', 'numbered 702.1', 'sub 702.1a', 'numbered 702.2', 'sub 702.2a', 'sub 702.2b',
      'numbered 702.4', 'sub 702.4a', 'sub 702.4b', 'sub 702.4c', 'sub 702.4d',
    ]);
  });

  it('counts everything, including what is not a rule', () => {
    expect(p.counts).toEqual({
      sections: 2, rules: 3, numbered: 9, subRules: 12, examples: 1, glossaryTerms: 4, obsoleteTerms: 1,
      continuations: 0, malformed: 2, headerLines: 4, tocLines: 8, creditsLines: 2,
    });
  });

  it('reports the malformed lines with their line numbers and goes on', () => {
    expect(p.diagnostics).toEqual([
      { level: 'error', lang: 'en', line: 47, message: 'malformed line (starts like a rule number but is not one): line skipped: 1O1.3 This line has a capital O where a zero belongs.' },
      { level: 'error', lang: 'en', line: 75, message: 'malformed rule number "702.4l" (sub-rule letters skip l and o): line skipped: 702.4l This sub-rule uses the letter l, which the numberi…' },
    ]);
    expect(p.units.find((u) => u.id === '101.3')?.line).toBe(49);
  });

  it('reads headings, rule text, trailing spaces and the Example line', () => {
    const unit = (id: string) => p.units.find((u) => u.id === id)!;
    expect(unit('1').heading).toBe('Game Basics');
    expect(unit('100').heading).toBe('General');
    expect(unit('702.2')).toMatchObject({ heading: 'Swiftness', paragraphs: [] });
    expect(unit('100.1')).toMatchObject({ paragraphs: ['These test rules cover a pretend card game for two or more people.'] });
    expect(unit('100.1').heading).toBeUndefined();
    expect(unit('100.1a').paragraphs).toEqual(['A duel is a game that starts with exactly two players.']);
    expect(unit('100.2a')).toMatchObject({
      examples: 1,
      paragraphs: ['In a constructed event, every deck holds at least forty cards.', 'Example: A player brings forty-two cards. That deck may be used.'],
    });
  });

  it('reads the effective date from the header', () => {
    expect(p.effective).toBe('2031-03-07');
    expect(p.version).toBeUndefined();
  });

  it('reads the glossary: aliases, obsolete terms, multi-line definitions', () => {
    expect(p.glossary.map(({ term, names, obsolete, definition }) => ({ term, names, obsolete, lines: definition.length }))).toEqual([
      { term: 'Active Player, Nonactive Player', names: ['Active Player', 'Nonactive Player'], obsolete: false, lines: 1 },
      { term: 'Echoing', names: ['Echoing'], obsolete: false, lines: 1 },
      { term: 'Swiftness', names: ['Swiftness'], obsolete: false, lines: 1 },
      { term: 'Tapping Dance', names: ['Tapping Dance'], obsolete: true, lines: 2 },
    ]);
  });
});

describe('the Japanese fixture', () => {
  const p = parseCr(read('ja.txt'), 'ja');

  it('reads the translation version and effective date from the header', () => {
    expect(p.version).toBe('20310301.0');
    expect(p.effective).toBe('2031-03-07');
  });

  it('reads the example line 例：… and the Japanese-only sub-rule', () => {
    expect(p.units.find((u) => u.id === '100.2a')?.paragraphs[1]).toBe('例：あるプレイヤーが42枚のデッキを持ってきた。そのデッキは使ってよい。');
    expect(p.units.map((u) => u.id)).toContain('702.2c');
    expect(p.units.map((u) => u.id)).not.toContain('100.3a');
  });

  it('splits glossary term lines into the Japanese names and the English ones', () => {
    expect(p.glossary.map(({ names, enNames, obsolete }) => ({ names, enNames, obsolete }))).toEqual([
      { names: ['アクティブ・プレイヤー', '非アクティブ・プレイヤー'], enNames: ['Active Player', 'Nonactive Player'], obsolete: false },
      { names: ['俊足'], enNames: ['Swiftness'], obsolete: false },
      { names: ['タップ踊り'], enNames: ['Tapping Dance'], obsolete: true },
      { names: ['日本語だけの用語'], enNames: ['Japanese Only Term'], obsolete: false },
      { names: ['反響'], enNames: ['Echoing'], obsolete: false },
    ]);
    expect(p.diagnostics).toEqual([]);
  });
});

describe('parseCr, one behaviour per row', () => {
  const body = '1. Basics\n100. General\n100.1. Rule text.\n';

  it.each([
    ['no table of contents', body, ['1', '100', '100.1']],
    ['a table of contents without "Contents"', `1. Basics\n100. General\n7. More\n${body}`, ['1', '100', '100.1']],
    ['a table of contents with "Contents" and the glossary line', `Title\n\nContents\n1. Basics\n100. General\nGlossary\nCredits\n\n${body}`, ['1', '100', '100.1']],
    ['目次 in Japanese', '目次\n1. 基本\n100. 総則\n用語集\n\n1. 基本\n100. 総則\n100.1. 文。\n', ['1', '100', '100.1']],
    ['a sub-rule with a trailing period', `${body}100.1a. Sub text.\n`, ['1', '100', '100.1', '100.1a']],
    ['a numbered rule without its period', '1. Basics\n100. General\n100.1 Rule text.\n', ['1', '100', '100.1']],
    ['tabs after the number', '1. Basics\n100. General\n100.1.\tRule text.\n100.1a\tSub.\n', ['1', '100', '100.1', '100.1a']],
    ['two letters after z (704.5aa)', `${body}100.1y Y.\n100.1z Z.\n100.1aa After z.\n`, ['1', '100', '100.1', '100.1y', '100.1z', '100.1aa']],
    ['stops at the glossary', `${body}Glossary\n\n100.2. Not a rule: a term.\nIts definition.\n`, ['1', '100', '100.1']],
  ])('%s', (_, text, expected) => {
    expect(ids(text)).toEqual(expected);
  });

  it.each([
    ['a letter o', `${body}100.1o Bad letter.\n`, 'error 4: malformed rule number "100.1o" (sub-rule letters skip l and o): line skipped: 100.1o Bad letter.'],
    ['a number in a wrong shape', `${body}100.1.2 Three levels.\n`, 'error 4: malformed line (starts like a rule number but is not one): line skipped: 100.1.2 Three levels.'],
    ['a duplicate number', `${body}100.1. Again.\n`, 'error 4: duplicate rule number 100.1 (first on line 3): line skipped'],
    ['numbers out of order', `${body}100.3. Third.\n100.2. Second.\n`, 'warning 5: rule 100.2 comes after 100.3: out of order'],
    ['a sub-rule without its numbered rule', `${body}100.2a Orphan.\n`, 'warning 4: sub-rule 100.2a has no numbered rule 100.2 before it'],
    ['an unnumbered line', `${body}A stray sentence.\n`, 'warning 4: unnumbered line attached to 100.1 as a further paragraph: A stray sentence.'],
    ['an example after a skipped line', `${body}100.1o Bad.\nExample: lost.\n`, 'error 5: "Example" line with no rule to attach to (after a skipped line): line skipped: Example: lost.'],
    ['no rules at all', 'Just a title\n', 'error -: no rules found: expected a section line like "1. Game Concepts" followed by numbered rules like "100.1. …"'],
  ])('reports %s', (_, text, expected) => {
    expect(diag(text)).toContain(expected);
  });

  it('attaches an unnumbered line to the rule above as a paragraph, and counts it', () => {
    const p = parseCr(`${body}A stray sentence.\n`, 'en');
    expect(p.units.at(-1)?.paragraphs).toEqual(['Rule text.', 'A stray sentence.']);
    expect(p.counts.continuations).toBe(1);
  });

  it('reads a glossary sentence after a blank line as more of the previous definition', () => {
    const p = parseCr(`${body}Glossary\n\nTerm\nFirst part.\n\nSecond part after a blank line.\n\nLone Term\n`, 'en');
    expect(p.glossary.map((t) => [t.term, t.definition])).toEqual([['Term', ['First part.', 'Second part after a blank line.']], ['Lone Term', []]]);
    expect(p.diagnostics.map((d) => d.message).filter((m) => m.startsWith('glossary'))).toEqual([
      'glossary line attached to the definition of "Term": Second part after a blank line.',
      'glossary term "Lone Term" has no definition',
    ]);
  });

  it.each([
    ['キッカー/Kicker', ['キッカー'], ['Kicker'], false],
    ['キッカー／Kicker', ['キッカー'], ['Kicker'], false],
    ['キッカー（Kicker）', ['キッカー'], ['Kicker'], false],
    ['古い語/Old Word (Obsolete)', ['古い語'], ['Old Word'], true],
    ['古い語（廃止）', ['古い語'], [], true],
    ['A、B/Alpha, Beta', ['A', 'B'], ['Alpha', 'Beta'], false],
  ])('splits the Japanese term line %s', (line, names, enNames, obsolete) => {
    const [term] = parseCr(`1. 基本\n100. 総則\n100.1. 文。\n用語集\n\n${line}\n定義。\n`, 'ja').glossary;
    expect(term).toMatchObject({ names, enNames, obsolete });
  });

  it.each([
    ['Kicker', true],
    ['General', true],
    ['俊足/Swiftness', true],
    ['These rules apply to any game.', false],
    ['A spell’s controller chooses one of the following:', false],
    ['この規則はすべてのゲームに適用される。', false],
    ['He said “stop.”', false],
  ])('isHeading(%s) is %s', (text, expected) => {
    expect(isHeading(text)).toBe(expected);
  });

  it.each([
    ['These rules are effective as of November 14, 2031.', 'en', '2031-11-14', undefined],
    ['本ルールは2031年11月14日から有効である。', 'ja', '2031-11-14', undefined],
    ['MJMJ訳 20231117.0 版', 'ja', undefined, '20231117.0'],
    ['日本語訳 バージョン: 2.1', 'ja', undefined, '2.1'],
  ] as const)('reads the header line %s', (line, lang, effective, version) => {
    const p = parseCr(`${line}\n\n${body}`, lang);
    expect(p.effective).toBe(effective);
    expect(p.version).toBe(version);
  });
});
