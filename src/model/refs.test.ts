import { describe, expect, it } from 'vitest';
import { findRefs } from './refs';

const refs = (style: 'mtg' | 'dotted' | 'slug', text: string) => findRefs(text, style).map((m) => [m.text, m.ids]);

describe('rule references: Magic', () => {
  it.each([
    ['see rule 601.2b.', [['601.2b', ['601.2b']]]],
    ['rules 601.2f–h apply', [['601.2f–h', ['601.2f', '601.2g', '601.2h']]]],
    ['(rule 601.2b and rules 601.2f-h)', [['601.2b', ['601.2b']], ['601.2f-h', ['601.2f', '601.2g', '601.2h']]]],
    ['601.2f-601.2h', [['601.2f-601.2h', ['601.2f', '601.2g', '601.2h']]]],
    ['ルール601.2bを参照', [['601.2b', ['601.2b']]]],
    ['601.2b参照。', [['601.2b', ['601.2b']]]],
    ['（601.2b と 601.2f〜h）', [['601.2b', ['601.2b']], ['601.2f〜h', ['601.2f', '601.2g', '601.2h']]]],
    ['see rule 607, linked abilities', [['rule 607', ['607']]]],
    ['607「関連している能力」参照', [['607', ['607']]]],
    ['ルール 607 を参照', [['ルール 607', ['607']]]],
    ['rule 702.33', [['702.33', ['702.33']]]],
    ['702.33k-m skips l', [['702.33k-m', ['702.33k', '702.33m']]]],
    ['(see rule 704.5aa)', [['704.5aa', ['704.5aa']]]],
    ['704.5z と 704.5aa 参照', [['704.5z', ['704.5z']], ['704.5aa', ['704.5aa']]]],
  ] as const)('%s', (text, expected) => {
    expect(refs('mtg', text)).toEqual(expected);
  });

  it.each([
    'In 2024, players drew 7 cards.', // a year, a card count
    'MJMJ訳 20231117.0', // a version number
    'deal 3 damage to any target', // a plain number
    '607 cards in the deck', // three digits without a cue
    'version 1.65.1', // dotted version
    '702.33l', // l is never a rule letter
    '704.5al', // nor in a pair of letters
    '12.5 percent',
    '1702.33a', // part of a longer number
  ])('does not match: %s', (text) => {
    expect(refs('mtg', text)).toEqual([]);
  });
});

describe('rule references: Lorcana', () => {
  it.each([
    ['総合ルール 1.9.3 を参照', [['1.9.3', ['1.9.3']]]],
    ['(6.4.2.1)', [['6.4.2.1', ['6.4.2.1']]]],
    ['総合ルール 6.5', [['総合ルール 6.5', ['6.5']]]],
    ['「6.5」を見よ', [['6.5', ['6.5']]]],
    ['rule 1.8 applies', [['rule 1.8', ['1.8']]]],
    ['6.5参照', [['6.5', ['6.5']]]],
    ['1.9.2.1〜1.9.2.4', [['1.9.2.1〜1.9.2.4', ['1.9.2.1', '1.9.2.2', '1.9.2.3', '1.9.2.4']]]],
  ] as const)('%s', (text, expected) => {
    expect(refs('dotted', text)).toEqual(expected);
  });

  it.each([
    'Resist +2 reduces 2 damage to 0.',
    'Shenzi gets +3 strength.',
    'about 1.5 times as strong', // a decimal without a cue
    'v2.0.1 of the rules', // a version
  ])('does not match: %s', (text) => {
    expect(refs('dotted', text)).toEqual([]);
  });
});

describe('rule references: Marvel Champions', () => {
  it('has no numeric grammar (glossary links are explicit)', () => {
    expect(refs('slug', 'see step 3 of 601.2b')).toEqual([]);
  });
});

describe('rule references: Magic sections and を参照', () => {
  it.each([
    ['see section 8', [['section 8', ['8']]]],
    ['セクション8を見よ', [['セクション8', ['8']]]],
    ['607を参照', [['607', ['607']]]],
  ] as const)('%s', (text, expected) => {
    expect(refs('mtg', text)).toEqual(expected);
  });
});
