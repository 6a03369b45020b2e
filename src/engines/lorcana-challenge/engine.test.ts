import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDesc, junk } from '../testing/arbitrary';
import { codes, errorsOf, outline, unwrap } from '../testing/helpers';
import { challengeEngine, challengeSchema, type ChallengeScenario } from './engine';
import { CHALLENGE_PRESETS } from './presets';

const run = (s: ChallengeScenario) => unwrap(challengeEngine.run(s));
const card = (r: ReturnType<typeof run>, name: string) => r.end.cards.find((c) => c.name === name)!;

describe('challenge: worked examples (seed 004)', () => {
  it('example C, Rafiki vs Shenzi: +3 at a location counts, Rafiki takes none of it', () => {
    const r = run(CHALLENGE_PRESETS['rafiki-shenzi']);
    expect(r.end.strength).toEqual({ challenger: 3, defender: 3 });
    expect(outline(r)).toEqual([
      'lorcana.challenge.declare @ 4.6.4',
      'lorcana.challenge.shield @ 4.6.5',
      'lorcana.challenge.strength @ 4.6.6.1',
      'lorcana.challenge.strength @ 4.6.6.1',
      'lorcana.damage.base @ 1.9.4.1',
      'lorcana.damage.base @ 1.9.4.1',
      'lorcana.challenge.no-damage @ 4.6.6.2',
      'lorcana.challenge.damage @ 4.6.6.2',
      'lorcana.damage.deal @ 1.9.2.1',
      'lorcana.damage.takes @ 1.9.3',
      'lorcana.gsc.none @ 1.8.1',
      'lorcana.challenge.end @ 4.6.7',
    ]);
    expect(r.steps[3]!.params).toEqual({ name: 'Shenzi', printed: 0, modifiers: 3, strength: 3 });
    expect(r.steps[5]!.params).toEqual({ target: 'Rafiki', amount: 3 });
    expect([card(r, 'Rafiki').damage, card(r, 'Shenzi').damage]).toEqual([0, 3]);
  });

  it('example B, Marshmallow vs Cheshire Cat: banished by an ability, still during the challenge', () => {
    const r = run(CHALLENGE_PRESETS['marshmallow-cheshire']);
    expect(outline(r).slice(5)).toEqual([
      'lorcana.challenge.damage @ 4.6.6.2',
      'lorcana.damage.deal @ 1.9.2.1',
      'lorcana.damage.deal @ 1.9.2.1',
      'lorcana.damage.takes @ 1.9.3',
      'lorcana.damage.no-counters @ 1.9.3',
      'lorcana.gsc.banish @ 1.8.1.4',
      'lorcana.bag.add @ 7.7.3.1',
      'lorcana.bag.resolve @ 7.7.4',
      'lorcana.effect.banish @ 4.6.7',
      // Marshmallow's ability goes in while the opponent resolves, so it waits for its turn (7.7.6)
      'lorcana.bag.add @ 7.7.6',
      'lorcana.bag.pass @ 7.7.4',
      'lorcana.bag.resolve @ 7.7.4',
      'lorcana.effect.return-to-hand @ 7.7.4',
      'lorcana.bag.empty @ 7.7.4',
      'lorcana.challenge.end @ 4.6.7',
    ]);
    expect(r.steps.find((s) => s.key === 'lorcana.gsc.banish')!.params).toEqual({ name: 'Cheshire Cat', damage: 5, willpower: 3 });
    // once the bag has passed back, the step's state shows the active player resolving
    expect(r.steps.find((s) => s.key === 'lorcana.bag.pass')!.state.resolving).toBe('active');
    expect(r.steps.find((s) => s.key === 'lorcana.effect.banish')!.params).toEqual({ name: 'Marshmallow', inChallenge: true });
    expect(r.end.resolved.map((e) => [e.ability, e.player])).toEqual([
      ['Cheshire Cat', 'opponent'],
      ['Marshmallow', 'active'],
    ]);
    expect(r.end.banished).toEqual(['Cheshire Cat', 'Marshmallow']);
    expect([card(r, 'Marshmallow').zone, card(r, 'Cheshire Cat').zone]).toEqual(['hand', 'discard']);
  });

  it('Marshmallow’s ability would not trigger once the challenge is over', () => {
    const s = CHALLENGE_PRESETS['marshmallow-cheshire'];
    const r = run({ ...s, challenger: { ...s.challenger, onBanished: [{ name: 'M', when: 'in-challenge', effect: 'return-to-hand' }] } });
    // the state says the challenge is still under way when Marshmallow leaves
    const banish = r.steps.find((x) => x.key === 'lorcana.effect.banish')!;
    expect(banish.state.inChallenge).toBe(true);
    expect(r.steps.at(-1)!.state.inChallenge).toBe(false);
  });

  it('a location takes damage and deals none back', () => {
    const r = run(CHALLENGE_PRESETS.location);
    expect(r.end.events).toEqual([{ verb: 'deal', target: "Seven Dwarfs' Mine", amount: 2, by: 'A' }]);
    expect(outline(r)).toContain('lorcana.challenge.location-no-strength @ 4.6.8.3');
    expect(r.end.banished).toEqual(["Seven Dwarfs' Mine"]);
    expect(card(r, 'A').damage).toBe(0);
  });

  it('Challenger +N is a strength change made before negative strength counts as 0', () => {
    const r = run(CHALLENGE_PRESETS['challenger-negative']);
    expect(r.steps.slice(1, 6).map((s) => [s.key, s.params['strength']])).toEqual([
      ['lorcana.challenge.strength', -3],
      ['lorcana.challenge.challenger-bonus', -1],
      ['lorcana.challenge.zero-strength', -1],
      ['lorcana.challenge.strength', -1],
      ['lorcana.challenge.zero-strength', -1],
    ]);
    expect(r.steps[2]!.cite.id).toBe('8.5.1');
    expect(r.end.strength).toEqual({ challenger: 0, defender: 0 });
    expect(r.end.events.map((e) => e.amount)).toEqual([0, 0]);
  });

  it('Challenger +N does nothing for the defender', () => {
    const s = CHALLENGE_PRESETS.resist;
    const r = run({ ...s, defender: { ...s.defender, challenger: 3 } });
    expect(r.end.strength.defender).toBe(2);
  });

  it('Resist lowers challenge damage; what remains is still taken and triggers', () => {
    const r = run(CHALLENGE_PRESETS.resist);
    expect(r.steps.find((s) => s.key === 'lorcana.damage.resist')!.params).toEqual({ target: 'B', resist: 2, before: 3, after: 1 });
    expect(r.end.resolved.map((e) => e.ability)).toEqual(['B']);
    expect([card(r, 'A').damage, card(r, 'B').damage]).toEqual([2, 1]);
  });

  it('Beast: damage dealt to Flounder becomes counters put on Beast; Resist does not apply', () => {
    const r = run(CHALLENGE_PRESETS['beast-protects']);
    expect(outline(r).slice(3, 7)).toEqual([
      'lorcana.damage.base @ 1.9.4.1',
      'lorcana.damage.order @ 4.6.6.2',
      'lorcana.replace.redirect-put @ 6.5.7',
      'lorcana.damage.resist-ignored @ 8.8.3',
    ]);
    expect(r.end.events).toEqual([
      { verb: 'put', target: 'Beast', amount: 3 },
      { verb: 'deal', target: 'A', amount: 1, by: 'Flounder' },
    ]);
    // Flounder's own "takes damage" ability never triggers: its event was replaced
    expect(r.steps.some((s) => s.key === 'lorcana.damage.takes' && s.params['target'] === 'Flounder')).toBe(false);
    expect(r.end.resolved.map((e) => e.ability)).toEqual(['Beast']);
  });

  it('a prevention replacement stops the event and its trigger', () => {
    const s = CHALLENGE_PRESETS['beast-protects'];
    const r = run({ ...s, replacements: [{ name: 'P', self: false, appliesTo: 'Flounder', effect: { type: 'prevent' } }] });
    expect(r.end.events).toEqual([{ verb: 'deal', target: 'A', amount: 1, by: 'Flounder' }]);
    expect(r.end.resolved).toEqual([]);
  });

  it('two replacements: the affected player’s listed order decides, each applies once', () => {
    const s = CHALLENGE_PRESETS['beast-protects'];
    const prevent = { name: 'P', self: false, appliesTo: 'Flounder', effect: { type: 'prevent' } } as const;
    const first = run({ ...s, replacements: [prevent, ...s.replacements] });
    expect(first.end.events.map((e) => e.target)).toEqual(['A']);
    const second = run({ ...s, replacements: [...s.replacements, prevent] });
    expect(second.end.events.map((e) => e.target)).toEqual(['Beast', 'A']);
  });

  it('both sides banished at once by challenge damage', () => {
    const r = run({
      ...CHALLENGE_PRESETS.resist,
      defender: { ...CHALLENGE_PRESETS.resist.defender, resist: 0, strength: 4, willpower: 3 },
    });
    expect(r.end.banished).toEqual(['A', 'B']);
  });
});

describe('challenge damage and its triggers: rulings', () => {
  it('in a challenge the damage is calculated first, Resist included, and Beast’s replacement then takes what is left (4.6.6.1–4.6.6.2)', () => {
    const r = run(CHALLENGE_PRESETS['resist-then-beast']);
    expect(r.end.events[0]).toEqual({ verb: 'put', target: 'Beast', amount: 2 });
    expect(outline(r).filter((x) => /resist|replace|order/.test(x))).toEqual([
      'lorcana.damage.resist @ 8.8.1',
      'lorcana.damage.order @ 4.6.6.2',
      'lorcana.replace.redirect-put @ 6.5.7',
    ]);
  });

  // Rulings worked out by hand against Comprehensive Rules v2.3.0.
  const dz = CHALLENGE_PRESETS['deals-reduced-to-zero'];
  it.each([
    // [ruling, scenario, abilities resolved, the step that says why, its rule]
    ['only the character whose damage is really dealt sets off "deals damage": A’s became counters put on Beast (6.5.4)', CHALLENGE_PRESETS['deals-replaced'], ['Flounder'], 'lorcana.damage.deals', '4.6.6.2'],
    ['without Beast, both characters deal damage and both trigger', { ...CHALLENGE_PRESETS['deals-replaced'], replacements: [] }, ['A', 'Flounder'], 'lorcana.damage.deals', '4.6.6.2'],
    ['damage that Resist brings down to 0 still counts as dealt by A, though Flounder takes none (1.9.5)', dz, ['A', 'Flounder'], 'lorcana.damage.deals-zero', '1.9.5'],
    ['Flounder takes none of it: no counter, and its "takes damage" ability stays quiet (1.9.5, 8.8.2)', dz, ['A', 'Flounder'], 'lorcana.damage.no-counters', '1.9.5'],
    ['a character with 0 strength deals no damage at all: nothing is reduced, so nothing counts as dealt', { ...dz, challenger: { ...dz.challenger, strength: 0 } }, ['Flounder'], 'lorcana.damage.no-counters', '1.9.3'],
    ['Beast takes over damage that Resist left at 0: the event is replaced, so A has not dealt it (6.5.4)', { ...dz, others: [...CHALLENGE_PRESETS['deals-replaced'].others], replacements: [...CHALLENGE_PRESETS['deals-replaced'].replacements] }, ['Flounder'], 'lorcana.replace.redirect-put', '6.5.7'],
  ] as const)('%s', (_, s, resolved, key, rule) => {
    const r = run(s as ChallengeScenario);
    expect(r.end.resolved.map((e) => e.ability)).toEqual(resolved);
    expect(outline(r)).toContain(`${key} @ ${rule}`);
  });

  it('Resist +3 against 3: the step names the 0 and who still dealt it', () => {
    const r = run(CHALLENGE_PRESETS['deals-reduced-to-zero']);
    expect(r.steps.find((s) => s.key === 'lorcana.damage.resist')!.params).toEqual({ target: 'Flounder', resist: 3, before: 3, after: 0 });
    expect(r.steps.find((s) => s.key === 'lorcana.damage.deals-zero')!.params).toEqual({ ability: 'A', name: 'A', target: 'Flounder' });
    expect(r.end.events).toEqual([
      { verb: 'deal', target: 'Flounder', amount: 0, by: 'A', zeroed: true },
      { verb: 'deal', target: 'A', amount: 1, by: 'Flounder' },
    ]);
  });
});

describe('challenge: bad input', () => {
  const base = CHALLENGE_PRESETS['beast-protects'];
  it.each([
    ['exerted challenger', { ...base, challenger: { ...base.challenger, exerted: true } }, ['cannot-challenge challenger.exerted']],
    ['ready defender', { ...base, defender: { ...base.defender, exerted: false } }, ['cannot-be-challenged defender.exerted']],
    ['damage already at willpower', { ...base, challenger: { ...base.challenger, damage: 4 } }, ['already-banished challenger.damage']],
    ['same name twice', { ...base, challenger: { ...base.challenger, name: 'Beast' } }, ['duplicate-name others.0.name']],
    ['empty name', { ...base, challenger: { ...base.challenger, name: '' } }, ['empty-field challenger.name']],
    ['negative strength printed', { ...base, challenger: { ...base.challenger, strength: -1 } }, ['negative-number challenger.strength']],
    ['NaN resist', { ...base, challenger: { ...base.challenger, resist: NaN } }, ['not-a-number challenger.resist']],
    ['unknown defender kind', { ...base, defender: { ...base.defender, kind: 'item' } }, ['unknown-value defender.kind']],
    ['location with strength', { ...base, defender: { kind: 'location', name: 'L', willpower: 3, damage: 0, resist: 0, onDamage: [], onBanished: [], strength: 2 } }, ['unknown-field defender.strength']],
    ['replacement on an unknown card', { ...base, replacements: [{ ...base.replacements[0]!, appliesTo: 'Nobody' }] }, ['unknown-card replacements.0.appliesTo']],
    ['redirect to itself', { ...base, replacements: [{ ...base.replacements[0]!, appliesTo: 'Beast' }] }, ['same-card replacements.0.effect.to']],
    ['redirect across players', { ...base, replacements: [{ ...base.replacements[0]!, appliesTo: 'A' }] }, ['not-same-owner replacements.0.effect.to']],
    ['self-replacement in a challenge', { ...base, replacements: [{ name: 'S', self: true, effect: { type: 'set-amount', amount: 1 } }] }, ['self-replacement-outside-ability replacements.0.self']],
    ['other replacement without a card', { ...base, replacements: [{ name: 'S', self: false, effect: { type: 'prevent' } }] }, ['missing-field replacements.0.appliesTo']],
  ])('%s', (_, input, expected) => {
    expect(codes(errorsOf(challengeEngine.run(input)))).toEqual(expected);
  });
});

// Random challenges with distinct names and replacements that point at cards on the table.
const scenarios = (fromDesc(challengeSchema) as fc.Arbitrary<ChallengeScenario>)
  .map((s): ChallengeScenario => {
    const names = ['C', 'D', ...s.others.map((_, i) => `O${i}`)];
    const fixDamage = <X extends { damage: number; willpower: number }>(x: X): X => ({ ...x, damage: x.damage % x.willpower });
    return {
      challenger: fixDamage({ ...s.challenger, name: 'C', exerted: false }),
      defender: fixDamage(s.defender.kind === 'character' ? { ...s.defender, name: 'D', exerted: true } : { ...s.defender, name: 'D' }),
      others: s.others.map((o, i) => fixDamage({ ...o, name: `O${i}` })),
      replacements: s.replacements.map((r, i) => {
        const { appliesTo: _, ...rest } = r;
        const effect = r.effect.type === 'redirect-put' ? { type: 'redirect-put' as const, to: names[(i + 1) % names.length]! } : r.effect;
        return { ...rest, self: false, appliesTo: names[i % names.length]!, effect };
      }),
    };
  })
  .filter((s) => challengeEngine.validate(s).ok);

describe('challenge: properties', () => {
  it('counters never go negative; dealt and put amounts are never negative', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        for (const step of run(s).steps) {
          for (const c of step.state.cards) expect(c.damage).toBeGreaterThanOrEqual(0);
          const amount = step.params['amount'];
          if (typeof amount === 'number') expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('a replaced event leaves no "takes damage" for the card it was aimed at', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        const r = run(s);
        const replacedTargets = new Set(
          r.steps.filter((x) => x.key === 'lorcana.replace.redirect-put' || x.key === 'lorcana.replace.prevent').map((x) => x.params['target']),
        );
        for (const step of r.steps) {
          if (step.key === 'lorcana.damage.takes') expect(replacedTargets.has(step.params['target']!)).toBe(false);
        }
      }),
    );
  });

  it('without damage increases, no more damage lands than the strength behind it', () => {
    const plain = scenarios.filter(
      (s) => s.replacements.every((r) => r.effect.type !== 'set-amount') && [s.challenger, s.defender].every((x) => !('damageMods' in x) || x.damageMods.every((m) => m <= 0)),
    );
    fc.assert(
      fc.property(plain, (s) => {
        const r = run(s);
        const landed = r.end.events.reduce((a, e) => a + e.amount, 0);
        expect(landed).toBeLessThanOrEqual(r.end.strength.challenger + r.end.strength.defender);
      }),
    );
  });

  it('links round-trip exactly; junk is refused with codes, never thrown', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        expect(unwrap(challengeEngine.scenarioFromQuery(challengeEngine.scenarioToQuery(s)))).toEqual(s);
      }),
    );
    fc.assert(
      fc.property(fc.oneof(junk, fromDesc(challengeSchema)), (input) => {
        const r = challengeEngine.run(input);
        if (!r.ok) expect(r.error.map((e) => e.code)).not.toContain('internal-error');
      }),
    );
  });
});
