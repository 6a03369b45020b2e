import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDesc, junk } from '../testing/arbitrary';
import { codes, errorsOf, outline, unwrap } from '../testing/helpers';
import { TIER_OF, tiersEngine, tiersSchema, TIERS_PRESETS, type TiersScenario } from './engine';

const run = (s: TiersScenario) => unwrap(tiersEngine.run(s));
const P = 'ability.timing-priority';

describe('timing priority: the eight tiers (seed 000, ABILITY)', () => {
  it('sorts one ability of each tier from 1 to 8, whatever the listed order', () => {
    const r = run(TIERS_PRESETS['all-tiers']);
    expect(r.end.order.map((o) => o.kind)).toEqual([
      'keyword', 'status-card', 'forced-interrupt', 'interrupt', 'boost', 'forced-response', 'response', 'consequential-damage',
    ]);
    expect(r.steps.filter((s) => s.key === 'mc.timing.resolve').map((s) => s.cite.id)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${P}.tier-${n}`),
    );
    expect(r.end.needsChoice).toEqual([]);
  });

  it.each([
    ['constant', 1], ['delayed', 1], ['lasting', 1], ['keyword', 1], ['icon', 1],
    ['status-card', 2], ['forced-interrupt', 3], ['interrupt', 4],
    ['boost', 5], ['when-defeated', 5], ['when-revealed', 5],
    ['forced-response', 6], ['response', 7], ['consequential-damage', 8],
  ] as const)('%s is tier %i', (kind, tier) => {
    expect(TIER_OF[kind]).toBe(tier);
  });

  it('follows the players’ order within a tier', () => {
    const r = run(TIERS_PRESETS['choice-in-tier']);
    expect(r.end.order.map((o) => o.name)).toEqual(['B', 'C', 'A']);
    expect(outline(r)).toEqual([
      `mc.timing.start @ ${P}`,
      `mc.timing.tier @ ${P}.tier-5`,
      `mc.timing.resolve @ ${P}.tier-5`,
      `mc.timing.tier @ ${P}.tier-6`,
      `mc.timing.resolve @ ${P}.tier-6`,
      `mc.timing.resolve @ ${P}.tier-6`,
      `mc.timing.end @ ${P}`,
    ]);
  });

  it('without an order, keeps the listed one and reports the tier as needing a choice', () => {
    const r = run({ ...TIERS_PRESETS['choice-in-tier'], choices: [] });
    expect(r.end.order.map((o) => o.name)).toEqual(['B', 'A', 'C']);
    expect(r.end.needsChoice).toEqual([6]);
    expect(r.steps.find((s) => s.key === 'mc.timing.choice-needed')!.params).toEqual({ tier: 6, count: 2 });
  });

  const base = TIERS_PRESETS['choice-in-tier'];
  it.each([
    ['a repeated ability', { ...base, choices: [{ tier: 6, order: [0, 0] }] }, ['not-a-permutation choices.0.order']],
    ['an ability missing', { ...base, choices: [{ tier: 6, order: [0] }] }, ['not-a-permutation choices.0.order']],
    ['an ability of another tier', { ...base, choices: [{ tier: 6, order: [0, 1] }] }, ['not-a-permutation choices.0.order']],
    ['an index out of range', { ...base, choices: [{ tier: 6, order: [0, 9] }] }, ['not-a-permutation choices.0.order']],
    ['a tier given twice', { ...base, choices: [{ tier: 6, order: [0, 2] }, { tier: 6, order: [2, 0] }] }, ['duplicate-choice choices.1.tier']],
    ['a tier with one ability', { ...base, choices: [{ tier: 5, order: [1] }] }, ['no-choice-needed choices.0.tier']],
    ['tier 9', { ...base, choices: [{ tier: 9, order: [] }] }, ['too-large choices.0.tier']],
    ['unknown kind', { ...base, abilities: [{ kind: 'reaction' }] }, ['unknown-value abilities.0.kind']],
    ['no abilities', { abilities: [], choices: [] }, ['too-few abilities']],
  ])('refuses %s', (_, input, expected) => {
    expect(codes(errorsOf(tiersEngine.run(input)))).toEqual(expected);
  });
});

describe('timing priority: properties', () => {
  const scenarios = (fromDesc(tiersSchema) as fc.Arbitrary<TiersScenario>)
    .map((s) => ({ ...s, choices: [] }))
    .chain((s) => {
      // a random valid order for every tier with several abilities
      const tiers = [...new Set(s.abilities.map((a) => TIER_OF[a.kind]))].filter(
        (t) => s.abilities.filter((a) => TIER_OF[a.kind] === t).length > 1,
      );
      return fc.tuple(...tiers.map((t) => fc.shuffledSubarray(s.abilities.flatMap((a, i) => (TIER_OF[a.kind] === t ? [i] : [])), { minLength: 0 })))
        .map((orders) => ({
          ...s,
          choices: tiers.flatMap((tier, k) => {
            const members = s.abilities.flatMap((a, i) => (TIER_OF[a.kind] === tier ? [i] : []));
            const order = orders[k]!;
            return order.length === members.length ? [{ tier, order }] : [];
          }),
        }));
    });

  it('resolves every ability once, tiers never going down, chosen orders kept', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        const r = run(s);
        const tiers = r.end.order.map((o) => o.tier);
        expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
        expect(r.end.order.map((o) => o.index).sort((a, b) => a - b)).toEqual(s.abilities.map((_, i) => i));
        for (const c of s.choices) {
          expect(r.end.order.filter((o) => o.tier === c.tier).map((o) => o.index)).toEqual(c.order);
        }
      }),
    );
  });

  it('links round-trip exactly; junk is refused with codes', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        expect(unwrap(tiersEngine.scenarioFromQuery(tiersEngine.scenarioToQuery(s)))).toEqual(s);
      }),
    );
    fc.assert(
      fc.property(junk, (input) => {
        expect(tiersEngine.run(input).ok).toBe(false);
      }),
    );
  });
});
