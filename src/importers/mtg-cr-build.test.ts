// Pairing English and Japanese by rule number, and the shapes the importer writes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plainText } from '../model/markdown-text';
import { renderMarkdown } from '../render/markdown/pipeline';
import { buildImport, escapeMarkdown, findCrossRefs, slug } from './mtg-cr-build';
import { parseCr } from './mtg-cr-parse';

const read = (name: string) => readFileSync(`tests/fixtures/mtg-cr/${name}`, 'utf8');
const en = parseCr(read('en.txt'), 'en');
const ja = parseCr(read('ja.txt'), 'ja');
const built = buildImport(en, ja, { enSource: 'en.txt, effective 2031-03-07', jaSource: '20310301.0' });
const entry = (id: string) => built.entries.find((e) => e.id === id)!;

describe('buildImport on the fixture pair', () => {
  it('makes one entry per section, rule and numbered rule, with their rules', () => {
    expect(built.entries.map((e) => `${e.kind} ${e.id}: ${e.rules.map((r) => r.id).join(' ')}`)).toEqual([
      'section 1: ', 'rule 100: ', 'numbered 100.1: 100.1 100.1a 100.1b', 'numbered 100.2: 100.2 100.2a 100.2b',
      'numbered 100.3: 100.3 100.3a', 'rule 101: ', 'numbered 101.1: 101.1', 'numbered 101.2: 101.2', 'numbered 101.3: 101.3',
      'section 7: ', 'rule 702: ', 'numbered 702.1: 702.1a', 'numbered 702.2: 702.2a 702.2b 702.2c', 'numbered 702.4: 702.4a 702.4b 702.4c 702.4d',
    ]);
    expect(built.counts.entries).toEqual({ section: 2, rule: 3, numbered: 9 });
  });

  it('titles entries by their heading, or by their rule\'s heading, in both languages', () => {
    expect(Object.fromEntries(built.entries.map((e) => [e.id, `${e.title.en} / ${e.title.ja}`]))).toEqual({
      '1': 'Game Basics / ゲームの基本',
      '100': 'General / 総則',
      '100.1': 'General / 総則',
      '100.2': 'General / 総則',
      '100.3': 'General / 総則',
      '101': 'Winning and Losing / 勝利と敗北',
      '101.1': 'Winning and Losing / 勝利と敗北',
      '101.2': 'Winning and Losing / 勝利と敗北',
      '101.3': 'Winning and Losing / 勝利と敗北',
      '7': 'Further Rules / その他のルール',
      '702': 'Keyword Abilities / キーワード能力',
      '702.1': 'General / 総則',
      '702.2': 'Swiftness / 俊足', // 「俊足/Swiftness」 loses the English echo
      '702.4': 'Echoing / 反響',
    });
  });

  it('pairs by number and marks a rule present in one language missing in the other, with a reason', () => {
    expect(built.unpaired).toEqual({ en: ['100.3a'], ja: ['702.2c'] });
    expect(entry('100.3')).toMatchObject({
      status: { ja: 'missing', en: 'official' },
      missing: { ja: '日本語訳（20310301.0）にない条文: 100.3a。' },
      rules: [{ id: '100.3' }, { id: '100.3a', en: 'This sub-rule is only in the English file.' }],
    });
    expect(entry('100.3').rules[1]).not.toHaveProperty('ja');
    expect(entry('702.2')).toMatchObject({ status: { ja: 'official', en: 'missing' }, missing: { en: 'Not in the English rules (en.txt, effective 2031-03-07): 702.2c.' } });
    expect(entry('100.1')).toMatchObject({ status: { ja: 'official', en: 'official' } });
    expect(entry('100.1')).not.toHaveProperty('missing');
  });

  it('keeps Example lines as a following paragraph of their rule', () => {
    const rule = entry('100.2').rules.find((r) => r.id === '100.2a')!;
    expect(rule.en).toBe('In a constructed event, every deck holds at least forty cards.\n\nExample: A player brings forty-two cards. That deck may be used.');
    expect(rule.ja).toBe('構築戦では、どのデッキも40枚以上のカードからなる。\n\n例：あるプレイヤーが42枚のデッキを持ってきた。そのデッキは使ってよい。');
  });

  it('collects the cross-references that point outside the entry, keeping the text as is', () => {
    expect(entry('100.2').refs).toEqual(['101.3', '702.4b', '702.4c', '702.4d']);
    expect(entry('100.2').rules.find((r) => r.id === '100.2b')?.en).toBe('In a draft event, decks are built from cards opened at the table. See rule 101.3 and rules 702.4b–d.');
    expect(entry('100.1').refs).toEqual(['8']);
    expect(entry('702.1').refs).toEqual(['100.1']);
    expect(built.counts.crossReferences).toBe(12);
  });

  it('lists what is below sections and rules', () => {
    expect(entry('1').children).toEqual(['100', '101']);
    expect(entry('702').children).toEqual(['702.1', '702.2', '702.4']);
  });

  it('reads the effective date and the translation version', () => {
    expect(built).toMatchObject({ effective: '2031-03-07', jaEffective: '2031-03-07', version: '20310301.0' });
  });

  it('pairs glossary terms by their English names, in any order', () => {
    expect(built.glossary.map((t) => ({ id: t.id, en: t.en, ja: t.ja, obsolete: t.obsolete, refs: t.refs }))).toEqual([
      { id: 'active-player', en: 'Active Player', ja: 'アクティブ・プレイヤー', obsolete: false, refs: ['101.1'] },
      { id: 'echoing', en: 'Echoing', ja: '反響', obsolete: false, refs: ['702.4'] },
      { id: 'swiftness', en: 'Swiftness', ja: '俊足', obsolete: false, refs: ['702.2'] },
      { id: 'tapping-dance', en: 'Tapping Dance', ja: 'タップ踊り', obsolete: true, refs: [] },
      { id: 'japanese-only-term', en: 'Japanese Only Term', ja: '日本語だけの用語', obsolete: false, refs: [] },
    ]);
    expect(built.glossary[0]).toMatchObject({ enAliases: ['Nonactive Player'], jaAliases: ['非アクティブ・プレイヤー'] });
    expect(built.glossaryUnpaired).toEqual({ en: [], ja: ['日本語だけの用語/Japanese Only Term'] });
  });
});

describe('buildImport without a Japanese file', () => {
  const alone = buildImport(en, undefined, { enSource: 'en.txt' });
  it('marks every entry\'s Japanese missing and borrows the English title', () => {
    expect(alone.entries.every((e) => e.status.ja === 'missing' && e.missing?.ja === '日本語訳は取り込まれていない（英語版のみを取り込んだ）。')).toBe(true);
    expect(alone.entries.find((e) => e.id === '702.2')?.title).toEqual({ ja: 'Swiftness', en: 'Swiftness' });
    expect(alone.unpaired).toEqual({ en: [], ja: [] });
  });
});

describe('findCrossRefs', () => {
  it.each([
    ['See rule 702.19.', ['702.19']],
    ['See rules 601.2f–h.', ['601.2f', '601.2g', '601.2h']],
    ['rules 601.2b and 601.2f-601.2h', ['601.2b', '601.2f', '601.2g', '601.2h']],
    ['See rule 117, "Timing and Priority."', ['117']],
    ['See section 8, "Multiplayer Rules."', ['8']],
    ['ルール601.2b参照。', ['601.2b']],
    ['607参照。', ['607']],
    ['セクション8参照。', ['8']],
    ['702.4b～d', ['702.4b', '702.4c', '702.4d']],
    ['a 100.5 fraction? no: 1.5, 20.25 and 2031 are not rules', ['100.5']],
    ['rule 601.2l uses a letter the numbering skips', []],
    ['the rule number 702.19c, then 702.19c again', ['702.19c']],
  ])('%s → %j', (text, expected) => {
    expect(findCrossRefs(text)).toEqual(expected);
  });
});

describe('escapeMarkdown', () => {
  it.each([
    'Kicker [cost] means "You may pay [cost] as you cast this."',
    'A */* creature has power and toughness equal to *.',
    'Use _underscores_, `backticks` and <angle brackets>.',
    '# not a heading',
    '- not a list item',
    '1. not a list either',
    'Tilde ~~struck~~ and pipes | stay.',
    '[[100.1]] is not a link here; &amp; is not an entity.',
    'Back\\slash',
  ])('renders %s as exactly that text', (text) => {
    const md = escapeMarkdown(text);
    expect(plainText(md)).toBe(text);
    expect(renderMarkdown(md)).not.toMatch(/<(em|strong|code|h1|ul|ol|del|a)\b/);
  });

  it('leaves ordinary text alone (it takes the fast path)', () => {
    expect(escapeMarkdown('A player wins once every opponent has left the game.')).toBe('A player wins once every opponent has left the game.');
  });
});

describe('slug', () => {
  it.each([['Active Player', 'active-player'], ['Phasing, Phased In', 'phasing-phased-in'], ['Café Rule', 'cafe-rule'], ['{T}', 't']])('%s → %s', (s, expected) => {
    expect(slug(s)).toBe(expected);
  });
});
