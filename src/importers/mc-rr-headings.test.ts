// Rules Reference headings as 1.8 prints them (the heading names are facts; the text is invented).
import { describe, expect, it } from 'vitest';
import { headingSlug, isHeadingLine, parseRulesReference } from './mc-rr';
import type { Source } from './source';

const source = (lines: string[]): Source => ({
  path: 'rr.txt', name: 'rr.txt', format: 'text', dropped: [], describe: '',
  lines: lines.map((text, i) => ({ text, line: i + 1, lines: 1, level: 0 })),
} as unknown as Source);

describe('a heading with the arrow icon', () => {
  it.each(['COST ARROW ICON (→)', 'ARROW ICON (→)'])('%s is a heading, with the slug of its page', (h) => {
    expect(isHeadingLine(h)).toBe(true);
    expect(headingSlug(h)).toBe(h.startsWith('COST') ? 'cost-arrow-icon' : 'arrow-icon');
  });

  it('starts an entry of its own, not more text of the heading above', () => {
    const parsed = parseRulesReference(source(['Version 1.8', 'GLOSSARY', 'COST', 'Invented: what a cost is.', '', 'COST ARROW ICON (→)', 'Invented: the arrow between a cost and its effect.', '', 'APPENDIX I']));
    expect(parsed.headings.map((h) => h.slug)).toEqual(['cost', 'cost-arrow-icon']);
  });
});
