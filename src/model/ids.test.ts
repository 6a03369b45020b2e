import { describe, expect, it } from 'vitest';
import { belongsTo, compareIds, depth, isEntryId, isRuleId } from './ids';

describe('rule ids', () => {
  it.each([
    ['mtg', '702.33', true],
    ['mtg', '607', true],
    ['mtg', '702.33a', false],
    ['dotted', '6.4.2', true],
    ['dotted', '6.4.', false],
    ['slug', 'attack-enemy-activation', true],
    ['slug', 'Attack', false],
    ['slug', 'attack.step-1', false],
  ] as const)('%s entry id %s → %s', (style, id, ok) => {
    expect(isEntryId(style, id)).toBe(ok);
  });

  it.each([
    ['mtg', '702.33d', true],
    ['mtg', '702.33l', false], // letters skip l and o
    ['mtg', '702.33o', false],
    ['mtg', '704.5aa', true], // after z, two letters
    ['mtg', '704.5al', false],
    ['mtg', '704.5aaa', false],
    ['mtg', '702.33', true],
    ['dotted', '6.4.2.1', true],
    ['slug', 'attack-enemy-activation.step-3', true],
    ['slug', 'attack-enemy-activation.', false],
  ] as const)('%s rule id %s → %s', (style, id, ok) => {
    expect(isRuleId(style, id)).toBe(ok);
  });

  it.each([
    ['mtg', '702.33d', '702.33', true],
    ['mtg', '702.33', '702.33', true],
    ['mtg', '702.3a', '702.33', false],
    ['mtg', '702.330a', '702.33', false],
    ['mtg', '607.1', '607', true],
    ['mtg', '704.5aa', '704.5', true],
    ['mtg', '704.5aa', '704', true],
    ['dotted', '6.4.2.1', '6.4', true],
    ['dotted', '6.45', '6.4', false],
    ['slug', 'ability.tier-1', 'ability', true],
    ['slug', 'ability-x.tier-1', 'ability', false],
  ] as const)('%s: %s belongs to %s → %s', (style, rule, entry, ok) => {
    expect(belongsTo(style, rule, entry)).toBe(ok);
  });

  it('measures depth below the entry', () => {
    expect(depth('mtg', '702.33', '702.33')).toBe(0);
    expect(depth('mtg', '702.33a', '702.33')).toBe(1);
    expect(depth('dotted', '6.4.2.1', '6.4')).toBe(2);
    expect(depth('slug', 'a.step-3', 'a')).toBe(1);
  });

  it('sorts naturally', () => {
    const ids = ['702.33b', '702.9', '702.33', '702.100', '702.33a', '6.4.2.1', '6.5', '6.4.2', '10.1', '704.5aa', '704.5z', '704.5b'];
    expect([...ids].sort(compareIds)).toEqual([
      '6.4.2', '6.4.2.1', '6.5', '10.1', '702.9', '702.33', '702.33a', '702.33b', '702.100', '704.5b', '704.5z', '704.5aa',
    ]);
  });
});
