import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDesc, junk } from '../testing/arbitrary';
import { codes, errorsOf, outline, unwrap } from '../testing/helpers';
import { DAMAGE_EVENT_PRESETS, damageEventEngine, damageEventSchema, type DamageEventScenario } from './engine';

const run = (s: DamageEventScenario) => unwrap(damageEventEngine.run(s));
const damageOf = (r: ReturnType<typeof run>) => Object.fromEntries(r.end.cards.map((c) => [c.name, c.damage]));

describe('damage effects: worked examples (seed 004)', () => {
  it('Seven Dwarfs’ Mine + Beast + Flounder: 1 → 2 (self-replacement) → 2 counters put on Beast', () => {
    const r = run(DAMAGE_EVENT_PRESETS['mine-beast-flounder']);
    expect(outline(r)).toEqual([
      'lorcana.effect.start @ 1.9.1.1',
      'lorcana.damage.base @ 1.9.4.1',
      'lorcana.damage.order @ 6.7',
      'lorcana.replace.set-amount @ 6.5.6',
      'lorcana.replace.redirect-put @ 6.5',
      'lorcana.damage.put @ 1.9.1.2',
      'lorcana.damage.takes @ 1.9.3',
      'lorcana.bag.add @ 7.7',
      'lorcana.gsc.none @ 1.8',
      'lorcana.bag.resolve @ 7.7',
      'lorcana.bag.empty @ 7.7',
    ]);
    expect(r.steps[3]!.params).toEqual({ name: "Seven Dwarfs' Mine", self: true, target: 'Flounder', from: 1, amount: 2 });
    expect(r.steps[4]!.params).toEqual({ name: 'Beast', self: false, target: 'Flounder', to: 'Beast', amount: 2 });
    expect(r.end.event).toEqual({ verb: 'put', target: 'Beast', amount: 2 });
    expect(r.end.replaced).toBe(true);
    expect(damageOf(r)).toEqual({ Flounder: 0, Beast: 2 });
    expect(r.end.resolved.map((e) => e.ability)).toEqual(['Beast']);
  });

  it('the self-replacement goes first even when listed last', () => {
    const s = DAMAGE_EVENT_PRESETS['mine-beast-flounder'];
    const r = run({ ...s, replacements: [...s.replacements].reverse() });
    expect(r.end.event).toEqual({ verb: 'put', target: 'Beast', amount: 2 });
  });

  it('Resist on Beast does not reduce counters that are put', () => {
    const r = run(DAMAGE_EVENT_PRESETS['mine-beast-resist']);
    expect(r.steps.find((s) => s.key === 'lorcana.damage.resist-ignored')!.params).toEqual({ target: 'Beast', resist: 2, verb: 'put' });
    expect(damageOf(r)).toEqual({ Flounder: 0, Beast: 2 });
  });

  it('Resist +2 against 2 dealt: dealt, but no counters and no trigger', () => {
    const r = run(DAMAGE_EVENT_PRESETS['resist-deal']);
    expect(outline(r)).toEqual([
      'lorcana.effect.start @ 1.9.1.1',
      'lorcana.damage.base @ 1.9.4.1',
      'lorcana.damage.resist @ 8.8',
      'lorcana.damage.deal @ 1.9.1.1',
      'lorcana.damage.no-counters @ 1.9.3',
      'lorcana.gsc.none @ 1.8',
    ]);
    expect(r.end.event).toEqual({ verb: 'deal', target: 'A', amount: 0 });
    expect(r.end.resolved).toEqual([]);
  });

  it('the same 2 put: counters placed, "takes damage" triggers', () => {
    const r = run(DAMAGE_EVENT_PRESETS['resist-put']);
    expect(damageOf(r)).toEqual({ A: 2 });
    expect(r.end.resolved.map((e) => [e.ability, e.player])).toEqual([['A', 'opponent']]);
  });

  it('moved damage leaves one card and lands on the other, Resist ignored', () => {
    const r = run(DAMAGE_EVENT_PRESETS.move);
    expect(damageOf(r)).toEqual({ A: 2, B: 1 });
    expect(r.steps.find((s) => s.key === 'lorcana.damage.move')!.params).toEqual({ target: 'A', amount: 2, damage: 2, from: 'B' });
  });

  it('Resist applies once, to the amount a "deal N instead" leaves (6.7.2.3)', () => {
    const s = DAMAGE_EVENT_PRESETS['resist-deal'];
    const r = run({ ...s, replacements: [{ name: 'S', self: true, effect: { type: 'set-amount', amount: 3 } }] });
    expect(r.end.event).toEqual({ verb: 'deal', target: 'A', amount: 1 });
  });

  it('a "move N instead" cannot move more damage than the card has', () => {
    const s = DAMAGE_EVENT_PRESETS.move;
    const r = run({ ...s, replacements: [{ name: 'S', self: true, effect: { type: 'set-amount', amount: 5 } }] });
    expect(r.end.event).toEqual({ verb: 'move', target: 'A', amount: 3, from: 'B' });
    expect(damageOf(r)).toEqual({ A: 3, B: 0 });
  });

  it('banishment by counters, then a returning ability from the bag', () => {
    const s = DAMAGE_EVENT_PRESETS['resist-put'];
    const a = { ...s.cards[0]!, willpower: 2, onBanished: [{ name: 'back', when: 'any', effect: 'return-to-hand' }] } as const;
    const r = run({ ...s, cards: [{ ...a, onBanished: [...a.onBanished] }] });
    expect(r.end.banished).toEqual(['A']);
    expect(r.end.resolved.map((e) => e.ability)).toEqual(['A', 'back']);
    expect(r.end.cards[0]!.zone).toBe('hand');
  });
});

// Rulings worked out by hand against Comprehensive Rules 2.0.1 (its numbers in brackets; the steps
// cite the ids the content uses today).
describe('damage and its triggers: rulings', () => {
  const flounder = DAMAGE_EVENT_PRESETS['replace-before-resist'].cards[0]!;
  const beast = DAMAGE_EVENT_PRESETS['replace-before-resist'].cards[1]!;
  const one = (wording: 'takes' | 'dealt', verb: 'deal' | 'put' | 'move', resist = 0): DamageEventScenario => ({
    verb, amount: 2, target: 'A', ...(verb === 'move' ? { from: 'B' } : {}),
    cards: [
      { name: 'A', owner: 'opponent', willpower: 5, damage: 0, resist, onDamage: [{ name: 'trig', wording }], onBanished: [] },
      { name: 'B', owner: 'active', willpower: 5, damage: 3, resist: 0, onDamage: [], onBanished: [] },
    ],
    replacements: [],
  });
  it.each([
    // [ruling, scenario, Flounder, Beast, triggered abilities]
    ['replacement effects first, then the damage is calculated: Beast takes all 2 and Flounder’s Resist never counts (6.7.2.2–6.7.2.3)', DAMAGE_EVENT_PRESETS['replace-before-resist'], 0, 2, ['Beast']],
    ['with no replacement, Resist lowers the damage dealt (8.8.1)', { ...DAMAGE_EVENT_PRESETS['replace-before-resist'], replacements: [] }, 1, 0, ['Flounder']],
    ['Resist of the card that gets the counters does not reduce them (8.8.3)', { ...DAMAGE_EVENT_PRESETS['replace-before-resist'], cards: [flounder, { ...beast, resist: 2 }] }, 0, 2, ['Beast']],
  ] as const)('%s', (_, s, f, b, resolved) => {
    const r = run(s as DamageEventScenario);
    expect(damageOf(r)).toMatchObject({ Flounder: f, Beast: b });
    expect(r.end.resolved.map((e) => e.ability)).toEqual(resolved);
  });

  it.each([
    // [ruling, scenario, triggers?, step that explains it]
    ['"takes damage" triggers on damage dealt (1.9.1.5)', one('takes', 'deal'), true, 'lorcana.damage.takes'],
    ['"takes damage" triggers on damage put (1.9.1.5)', one('takes', 'put'), true, 'lorcana.damage.takes'],
    ['"takes damage" triggers on damage moved (1.9.1.5)', one('takes', 'move'), true, 'lorcana.damage.takes'],
    ['"is dealt damage" means "takes damage": put damage sets it off (1.9.2)', one('dealt', 'put'), true, 'lorcana.damage.reads-as-takes'],
    ['"is dealt damage" means "takes damage": moved damage sets it off (1.9.2)', one('dealt', 'move'), true, 'lorcana.damage.reads-as-takes'],
    ['damage reduced to 0 was not dealt and sets off nothing (8.8.2)', one('dealt', 'deal', 2), false, 'lorcana.damage.no-counters'],
  ] as const)('%s', (_, s, triggers, key) => {
    const r = run(s);
    expect(r.end.resolved.map((e) => e.ability)).toEqual(triggers ? ['trig'] : []);
    expect(r.steps.map((x) => x.key)).toContain(key);
  });
});

describe('damage effects: bad input', () => {
  const base = DAMAGE_EVENT_PRESETS.move;
  it.each([
    ['target missing', { ...base, target: 'Z' }, ['unknown-card target']],
    ['move without from', { ...base, from: undefined }, ['missing-field from']],
    ['move from itself', { ...base, from: 'A' }, ['same-card from']],
    ['moving more than is there', { ...base, amount: 4 }, ['too-large amount']],
    ['from on a deal', { ...DAMAGE_EVENT_PRESETS['resist-deal'], from: 'A' }, ['not-allowed from']],
    ['unknown verb', { ...base, verb: 'banish' }, ['unknown-value verb']],
    ['no cards', { ...base, cards: [] }, ['too-few cards']],
    ['self-replacement naming a card', { ...base, replacements: [{ name: 'S', self: true, appliesTo: 'A', effect: { type: 'prevent' } }] }, ['not-allowed replacements.0.appliesTo']],
  ])('%s', (_, input, expected) => {
    expect(codes(errorsOf(damageEventEngine.run(input)))).toEqual(expected);
  });
});

const scenarios = (fromDesc(damageEventSchema) as fc.Arbitrary<DamageEventScenario>)
  .map((s): DamageEventScenario => {
    const cards = s.cards.map((c, i) => ({ ...c, name: `K${i}`, damage: c.damage % c.willpower }));
    const names = cards.map((c) => c.name);
    const { from: _, ...rest } = s;
    const from = s.verb === 'move' && names.length > 1 ? { from: names[1]! } : {};
    return {
      ...rest,
      verb: s.verb === 'move' && names.length < 2 ? 'deal' : s.verb,
      ...from,
      amount: s.verb === 'move' && names.length > 1 ? Math.min(s.amount, cards[1]!.damage) : s.amount,
      target: names[0]!,
      cards,
      replacements: s.replacements.map((r, i) => {
        const { appliesTo: __, ...r2 } = r;
        const effect = r.effect.type === 'redirect-put' ? { type: 'redirect-put' as const, to: names[(i + 1) % names.length]! } : r.effect;
        return r.self ? { ...r2, effect } : { ...r2, appliesTo: names[i % names.length]!, effect };
      }),
    };
  })
  .filter((s) => damageEventEngine.validate(s).ok);

describe('damage effects: properties', () => {
  it('a replaced event leaves no "takes damage" on its first target unless it still lands there', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        const r = run(s);
        const tookDamage = r.steps.filter((x) => x.key === 'lorcana.damage.takes').map((x) => x.params['target']);
        if (r.end.event?.target !== s.target) expect(tookDamage).not.toContain(s.target);
        if (r.end.event === undefined) expect(tookDamage).toEqual([]);
        expect(tookDamage.length).toBeLessThanOrEqual(1);
        for (const c of r.end.cards) expect(c.damage).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('Resist never reduces damage put or moved', () => {
    fc.assert(
      fc.property(scenarios.filter((s) => s.verb !== 'deal' && s.replacements.length === 0), (s) => {
        expect(run(s).end.event).toEqual({ verb: s.verb, target: s.target, amount: s.amount, ...(s.from === undefined ? {} : { from: s.from }) });
      }),
    );
  });

  it('links round-trip exactly; junk is refused with codes', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        expect(unwrap(damageEventEngine.scenarioFromQuery(damageEventEngine.scenarioToQuery(s)))).toEqual(s);
      }),
    );
    fc.assert(
      fc.property(junk, (input) => {
        expect(damageEventEngine.run(input).ok).toBe(false);
      }),
    );
  });
});
