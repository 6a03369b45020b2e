// The Lorcana Comprehensive Rules parser (src/importers/lorcana-cr.ts) on text-layer lines as the
// official PDFs' text files have them. Invented sentences; only the shape of the lines is the
// documents' (a section is "5. CARDS", a diagram label or a wrapped icon line starts with a bare number).
import { describe, expect, it } from 'vitest';
import { parseLorcana } from './lorcana-cr';
import type { Source } from './source';

const source = (lines: string[]): Source => ({
  path: 'lorcana-en.txt', name: 'lorcana-en.txt', format: 'text', dropped: [], describe: '',
  lines: lines.map((text, i) => ({ text, line: i + 1, lines: 1, level: 0 })),
} as unknown as Source);

describe('a number without its period is not a section', () => {
  const parsed = parseLorcana(source([
    '1. CONCEPTS', '1.1. General', '1.1.1. Invented: a rule that mentions a cost of',
    '1 ⬡ less for the next invented thing, wrapped after the icon.',
    'Example: an invented example that stays with 1.1.1.',
    '4. PLAY', '4.1. Turns', '4.1.1. Invented: the last rule before a card diagram.',
    '5', 'CARD DIAGRAM', '5 Strength', '7 Abilities and Effects 8', '2 BANISHED',
    '5. CARDS', '5.1. States', '5.1.1. Invented: a card state.',
    '7. ZONES', '7.1. General', '7.1.1. Invented: a zone.',
  ]), 'en');

  it('keeps the real sections 5 and 7, with their headings', () => {
    expect(parsed.units.map((u) => u.id)).toEqual(['1', '1.1', '1.1.1', '4', '4.1', '4.1.1', '5', '5.1', '5.1.1', '7', '7.1', '7.1.1']);
    expect(parsed.units.find((u) => u.id === '5')?.heading).toBe('CARDS');
    expect(parsed.units.find((u) => u.id === '7')?.heading).toBe('ZONES');
  });

  it('reads the wrapped icon line and the diagram labels as text of the rule above, with no error', () => {
    expect(parsed.diagnostics.filter((d) => d.level === 'error')).toEqual([]);
    const rule = parsed.units.find((u) => u.id === '1.1.1')!;
    expect(rule.blocks.map((b) => b.text)).toEqual([
      'Invented: a rule that mentions a cost of', '1 ⬡ less for the next invented thing, wrapped after the icon.', 'Example: an invented example that stays with 1.1.1.',
    ]);
    expect(parsed.units.find((u) => u.id === '4.1.1')!.blocks.map((b) => b.text)).toEqual([
      'Invented: the last rule before a card diagram.', '5', 'CARD DIAGRAM', '5 Strength', '7 Abilities and Effects 8', '2 BANISHED',
    ]);
    expect(parsed.counts.sections).toBe(4);
  });
});

describe('a line wrapped just before a cross-reference is text of the rule above', () => {
  const en = parseLorcana(source([
    '1. CONCEPTS', '1.1. General', '1.1.1. Invented: this rule sends the reader to another (see',
    '1.2, “Invented”). The rule goes on after the reference.', '1.1.2. Invented: a second rule ends with a reference (see rule',
    '1.1.1).', '1.1.3. Invented: a card diagram follows.', '0', '0 3', '1.2. Other', '1.2.1. Invented: another rule.',
  ]), 'en');
  const ja = parseLorcana(source([
    '1. 考え方', '1.1. 総則', '1.1.1. 架空の条文で、ここで行が折り返して', '1.1.2～1.1.3.の手順に従う。', '1.1.2. 架空の条文の次の行は',
    '1.1.1.の条件を満たしたときに続く。', '1.1.3. 架空の三つ目。',
  ]), 'ja');

  it('keeps the wrapped lines with their rule, with no error and no rule of that number', () => {
    expect(en.diagnostics.filter((d) => d.level === 'error')).toEqual([]);
    expect(en.units.map((u) => u.id)).toEqual(['1', '1.1', '1.1.1', '1.1.2', '1.1.3', '1.2', '1.2.1']);
    expect(en.units.find((u) => u.id === '1.1.1')!.blocks.map((b) => b.text)[1]).toBe('1.2, “Invented”). The rule goes on after the reference.');
    expect(en.units.find((u) => u.id === '1.1.2')!.blocks.map((b) => b.text)[1]).toBe('1.1.1).');
    expect(en.units.find((u) => u.id === '1.1.3')!.blocks.map((b) => b.text)).toEqual(['Invented: a card diagram follows.', '0', '0 3']);
    expect(ja.diagnostics.filter((d) => d.level === 'error')).toEqual([]);
    expect(ja.units.map((u) => u.id)).toEqual(['1', '1.1', '1.1.1', '1.1.2', '1.1.3']);
    expect(ja.units.find((u) => u.id === '1.1.2')!.blocks.map((b) => b.text)).toEqual(['架空の条文の次の行は', '1.1.1.の条件を満たしたときに続く。']);
  });
});
