import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDesc, junk } from '../testing/arbitrary';
import { codes, errorsOf, outline, unwrap } from '../testing/helpers';
import { TIER_OF, TIERS, tiersEngine, tiersSchema, TIERS_PRESETS, type TiersScenario } from './engine';
import { v1ToV2 } from './formats';

const run = (s: TiersScenario) => unwrap(tiersEngine.run(s));
const P = 'ability.timing-priority';

describe('timing priority: the 1.8 chart (ABILITY)', () => {
  it('sorts one ability of each rung from 1 to 5, whatever the listed order', () => {
    const r = run(TIERS_PRESETS['all-tiers']);
    expect(r.end.order.map((o) => o.kind)).toEqual([
      'constant', 'status-card', 'forced-interrupt', 'interrupt', 'boost', 'forced-response', 'response', 'consequential-damage',
    ]);
    expect(r.end.order.map((o) => o.tier)).toEqual(['1', '2a', '2b', '2c', '3', '4a', '4b', '5']);
    expect(r.steps.filter((s) => s.key === 'mc.timing.resolve').map((s) => s.cite.id)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${P}.tier-${n}`),
    );
    expect(r.end.needsChoice).toEqual([]);
  });

  it.each([
    ['constant', '1'], ['delayed', '1'], ['lasting', '1'],
    ['status-card', '2a'], ['forced-interrupt', '2b'], ['when-defeated', '2b'], ['when-completed', '2b'], ['interrupt', '2c'],
    ['boost', '3'], ['when-revealed', '3'],
    ['forced-response', '4a'], ['response', '4b'], ['consequential-damage', '5'],
  ] as const)('%s is in tier %s', (kind, tier) => {
    expect(TIER_OF[kind]).toBe(tier);
  });

  it.each([
    // [ruling, scenario, who orders the rung, the rule]
    ['two forced responses: the first player puts them in order', TIERS_PRESETS['choice-in-tier'], '4a', 'first', 'forced.order'],
    ['two optional responses: the players decide, the first player first', TIERS_PRESETS['optional-responses'], '4b', 'players', 'first-player'],
    ['two constant abilities: the first player decides the order', { abilities: [{ kind: 'constant' }, { kind: 'lasting' }], choices: [] }, '1', 'first', 'simultaneous-resolution'],
    ['a When Defeated ability and a forced interrupt share 2b (1.8): the first player orders them', { abilities: [{ kind: 'when-defeated' }, { kind: 'forced-interrupt' }], choices: [] }, '2b', 'first', 'forced.order'],
  ] as const)('%s', (_, s, tier, chooser, cite) => {
    const step = run(s as TiersScenario).steps.find((x) => x.key === 'mc.timing.chooser' && x.params['tier'] === tier)!;
    expect(step.params['chooser']).toBe(chooser);
    expect(step.cite.id).toBe(cite);
  });

  it('follows the players’ order within a tier', () => {
    const r = run(TIERS_PRESETS['choice-in-tier']);
    expect(r.end.order.map((o) => o.name)).toEqual(['B', 'C', 'A']);
    expect(outline(r)).toEqual([
      `mc.timing.start @ ${P}`,
      `mc.timing.tier @ ${P}.tier-3`,
      `mc.timing.resolve @ ${P}.tier-3`,
      `mc.timing.tier @ ${P}.tier-6`,
      'mc.timing.chooser @ forced.order',
      `mc.timing.resolve @ ${P}.tier-6`,
      `mc.timing.resolve @ ${P}.tier-6`,
      `mc.timing.end @ ${P}`,
    ]);
  });

  it('without an order, keeps the listed one and reports the tier as needing a choice', () => {
    const r = run({ ...TIERS_PRESETS['choice-in-tier'], choices: [] });
    expect(r.end.order.map((o) => o.name)).toEqual(['B', 'A', 'C']);
    expect(r.end.needsChoice).toEqual(['4a']);
    expect(r.steps.find((s) => s.key === 'mc.timing.choice-needed')!.params).toEqual({ tier: '4a', count: 2 });
  });

  const base = TIERS_PRESETS['choice-in-tier'];
  it.each([
    ['a repeated ability', { ...base, choices: [{ tier: '4a', order: [0, 0] }] }, ['not-a-permutation choices.0.order']],
    ['an ability missing', { ...base, choices: [{ tier: '4a', order: [0] }] }, ['not-a-permutation choices.0.order']],
    ['an ability of another tier', { ...base, choices: [{ tier: '4a', order: [0, 1] }] }, ['not-a-permutation choices.0.order']],
    ['an index out of range', { ...base, choices: [{ tier: '4a', order: [0, 9] }] }, ['not-a-permutation choices.0.order']],
    ['a tier given twice', { ...base, choices: [{ tier: '4a', order: [0, 2] }, { tier: '4a', order: [2, 0] }] }, ['duplicate-choice choices.1.tier']],
    ['a tier with one ability', { ...base, choices: [{ tier: '2b', order: [1] }] }, ['no-choice-needed choices.0.tier']],
    ['a tier that is not on the chart', { ...base, choices: [{ tier: '6', order: [] }] }, ['unknown-value choices.0.tier']],
    ['a kind 1.8 does not list', { ...base, abilities: [{ kind: 'keyword' }] }, ['unknown-value abilities.0.kind']],
    ['unknown kind', { ...base, abilities: [{ kind: 'reaction' }] }, ['unknown-value abilities.0.kind']],
    ['no abilities', { abilities: [], choices: [] }, ['too-few abilities']],
  ])('refuses %s', (_, input, expected) => {
    expect(codes(errorsOf(tiersEngine.run(input)))).toEqual(expected);
  });
});

describe('format 1 (Rules Reference 1.7, tiers 1–8)', () => {
  it('maps tier numbers to 1.8’s rungs and keywords and icons to constant abilities, keeping their place', () => {
    expect(
      v1ToV2({ abilities: [{ kind: 'keyword' }, { name: 'I', kind: 'icon' }, { kind: 'when-defeated' }], choices: [{ tier: 1, order: [1, 0] }, { tier: 6, order: [] }, { tier: 8, order: [] }] }),
    ).toEqual({
      abilities: [{ kind: 'constant' }, { name: 'I', kind: 'constant' }, { kind: 'when-defeated' }],
      choices: [{ tier: '1', order: [1, 0] }, { tier: '4a', order: [] }, { tier: '5', order: [] }],
    });
  });

  it('opens the format-1 preset links as the same examples', () => {
    expect(unwrap(tiersEngine.scenarioFromQuery('mt1.3.*.A.11.*.B.9.*.C.11.1.6.2.2.0'))).toEqual(TIERS_PRESETS['choice-in-tier']);
    expect(run(unwrap(tiersEngine.scenarioFromQuery('mt1.8._.13._.12._.11._.8._.7._.6._.5._.3.0'))).end.order.map((o) => o.tier)).toEqual([...TIERS]);
  });

  // Format 1 wrote tiers 1–8 only; a link with another number was never written by it, and would
  // have opened as tier 1 (the migration has no rung for it). Refused, at the field.
  it.each([
    ['tier 9', 'mt1.3.*.A.11.*.B.9.*.C.11.1.9.2.2.0', 'too-large choices.0.tier', { max: 8 }],
    ['tier 0', 'mt1.3.*.A.11.*.B.9.*.C.11.1.0.2.2.0', 'too-small choices.0.tier', { min: 1 }],
    ['an ability position of 12', 'mt1.3.*.A.11.*.B.9.*.C.11.1.6.2.12.0', 'too-large choices.0.order.0', { max: 11 }],
  ])('refuses a format-1 link with %s, naming the field', (_, link, code, detail) => {
    const errs = errorsOf(tiersEngine.scenarioFromQuery(link));
    expect(codes(errs)).toEqual([code]);
    expect(errs[0]!.detail).toEqual(detail);
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
        const rank = tiers.map((x) => TIERS.indexOf(x));
        expect(rank).toEqual([...rank].sort((a, b) => a - b));
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
