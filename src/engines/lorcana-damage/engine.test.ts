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
      'lorcana.effect.start @ 1.9.2.1',
      'lorcana.damage.base @ 1.9.4.1',
      'lorcana.damage.order @ 6.7.2.3',
      'lorcana.replace.set-amount @ 6.5.6',
      'lorcana.replace.redirect-put @ 6.5.7',
      'lorcana.damage.put @ 1.9.2.2',
      'lorcana.damage.takes @ 1.9.3',
      'lorcana.bag.add @ 7.7.3.1',
      'lorcana.gsc.none @ 1.8.1',
      'lorcana.bag.resolve @ 7.7.4',
      'lorcana.bag.empty @ 7.7.4',
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
      'lorcana.effect.start @ 1.9.2.1',
      'lorcana.damage.base @ 1.9.4.1',
      'lorcana.damage.resist @ 8.8.1',
      'lorcana.damage.deal @ 1.9.2.1',
      'lorcana.damage.no-counters @ 1.9.5',
      'lorcana.gsc.none @ 1.8.1',
    ]);
    expect(r.end.event).toEqual({ verb: 'deal', target: 'A', amount: 0, zeroed: true });
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

  it('a "deal N instead" after the calculation: Resist lowers the new amount, not the old one twice (要確認 reading)', () => {
    const s = DAMAGE_EVENT_PRESETS['resist-deal'];
    const r = run({ ...s, replacements: [{ name: 'S', self: true, effect: { type: 'set-amount', amount: 3 } }] });
    expect(r.end.event).toEqual({ verb: 'deal', target: 'A', amount: 1 });
    expect(outline(r).slice(2, 6)).toEqual([
      'lorcana.damage.resist @ 8.8.1',
      'lorcana.damage.order @ 6.7.2.3',
      'lorcana.replace.set-amount @ 6.5.6',
      'lorcana.damage.resist-again @ 8.8.1',
    ]);
    expect(r.steps[5]!.params).toEqual({ target: 'A', resist: 2, before: 3, after: 1 });
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

// Rulings worked out by hand against Comprehensive Rules v2.3.0: the damage is calculated first
// (6.7.2.2, 1.9.4), Resist among the modifiers (8.8.1), and replacement effects apply afterwards,
// while the effect's instructions are carried out (6.7.2.3).
describe('damage and its triggers: rulings', () => {
  const flounder = DAMAGE_EVENT_PRESETS['resist-before-beast'].cards[0]!;
  const beast = DAMAGE_EVENT_PRESETS['resist-before-beast'].cards[1]!;
  const shield = DAMAGE_EVENT_PRESETS['resist-before-beast'].replacements;
  const one = (wording: 'takes' | 'dealt', verb: 'deal' | 'put' | 'move', resist = 0): DamageEventScenario => ({
    verb, amount: 2, target: 'A', ...(verb === 'move' ? { from: 'B' } : {}),
    cards: [
      { name: 'A', owner: 'opponent', willpower: 5, damage: 0, resist, onDamage: [{ name: 'trig', wording }], onBanished: [] },
      { name: 'B', owner: 'active', willpower: 5, damage: 3, resist: 0, onDamage: [], onBanished: [] },
    ],
    replacements: [],
  });
  it.each([
    // [ruling, scenario, Flounder, Beast, triggered abilities, the event that happened]
    ['Resist first, then Beast: 2 − 1 = 1 counter put on Beast, none on Flounder (6.7.2.2–6.7.2.3)', DAMAGE_EVENT_PRESETS['resist-before-beast'], 0, 1, ['Beast'], { verb: 'put', target: 'Beast', amount: 1 }],
    ['with no replacement, Resist lowers the damage dealt (8.8.1)', { ...DAMAGE_EVENT_PRESETS['resist-before-beast'], replacements: [] }, 1, 0, ['Flounder'], { verb: 'deal', target: 'Flounder', amount: 1 }],
    ['Resist of the card that gets the counters does not reduce them (8.8.3)', { ...DAMAGE_EVENT_PRESETS['resist-before-beast'], cards: [{ ...flounder, resist: 0 }, { ...beast, resist: 2 }] }, 0, 2, ['Beast'], { verb: 'put', target: 'Beast', amount: 2 }],
    ['Resist that leaves 0: Beast still replaces the 0 (the damage is still dealt, 1.9.5; 要確認), and no counter lands', { ...DAMAGE_EVENT_PRESETS['resist-before-beast'], cards: [{ ...flounder, resist: 2 }, beast] }, 0, 0, [], { verb: 'put', target: 'Beast', amount: 0 }],
    ['the Mine against Resist +1: 1 − 1 = 0, the Knight’s 2 instead, Resist on it, then Beast: 1 on Beast (要確認 reading)', DAMAGE_EVENT_PRESETS['mine-flounder-resist'], 0, 1, ['Beast'], { verb: 'put', target: 'Beast', amount: 1 }],
    ['the rules’ own Mine example, no Resist: 1 → 2 → 2 put on Beast (6.5.7)', DAMAGE_EVENT_PRESETS['mine-beast-flounder'], 0, 2, ['Beast'], { verb: 'put', target: 'Beast', amount: 2 }],
    ['a prevention after the calculation stops the event; Resist was still worked out first', { ...DAMAGE_EVENT_PRESETS['resist-before-beast'], replacements: [{ name: 'P', self: false, appliesTo: 'Flounder', effect: { type: 'prevent' } }, ...shield] }, 0, 0, [], undefined],
  ] as const)('%s', (_, s, f, b, resolved, event) => {
    const r = run(s as DamageEventScenario);
    expect(damageOf(r)).toMatchObject({ Flounder: f, Beast: b });
    expect(r.end.resolved.map((e) => e.ability)).toEqual(resolved);
    expect(r.end.event).toEqual(event);
    // the calculation always comes before the first replacement
    const keys = r.steps.map((x) => x.key);
    const firstReplace = keys.findIndex((k) => k.startsWith('lorcana.replace.'));
    const resist = keys.indexOf('lorcana.damage.resist');
    if (firstReplace >= 0 && resist >= 0) expect(resist).toBeLessThan(firstReplace);
  });

  it('a replacement meeting damage left at 0 says so, citing 1.9.5 (要確認 reading)', () => {
    const r = run({ ...DAMAGE_EVENT_PRESETS['resist-before-beast'], cards: [{ ...flounder, resist: 2 }, beast] });
    expect(outline(r).slice(2, 6)).toEqual([
      'lorcana.damage.resist @ 8.8.1',
      'lorcana.damage.order @ 6.7.2.3',
      'lorcana.replace.zero-still-dealt @ 1.9.5',
      'lorcana.replace.redirect-put @ 6.5.7',
    ]);
    expect(r.steps[4]!.params).toEqual({ name: 'Beast', target: 'Flounder' });
    expect(r.end.replaced).toBe(true);
  });

  it('the order step cites 6.7.2.3, and Resist stands before it at 8.8.1', () => {
    const r = run(DAMAGE_EVENT_PRESETS['resist-before-beast']);
    expect(outline(r).slice(1, 6)).toEqual([
      'lorcana.damage.base @ 1.9.4.1',
      'lorcana.damage.resist @ 8.8.1',
      'lorcana.damage.order @ 6.7.2.3',
      'lorcana.replace.redirect-put @ 6.5.7',
      'lorcana.damage.put @ 1.9.2.2',
    ]);
    expect(r.steps[4]!.params).toEqual({ name: 'Beast', self: false, target: 'Flounder', to: 'Beast', amount: 1 });
  });

  it.each([
    // [ruling, scenario, triggers?, step that explains it, its rule]
    ['"takes damage" triggers on damage dealt (1.9.3)', one('takes', 'deal'), true, 'lorcana.damage.takes', '1.9.3'],
    ['"takes damage" triggers on damage put (1.9.3)', one('takes', 'put'), true, 'lorcana.damage.takes', '1.9.3'],
    ['"takes damage" triggers on damage moved (1.9.3)', one('takes', 'move'), true, 'lorcana.damage.takes', '1.9.3'],
    ['"is damaged" means "takes damage": put damage sets it off (glossary)', one('dealt', 'put'), true, 'lorcana.damage.reads-as-takes', '1.9.3'],
    ['"is damaged" means "takes damage": moved damage sets it off (glossary)', one('dealt', 'move'), true, 'lorcana.damage.reads-as-takes', '1.9.3'],
    ['damage reduced to 0: the card takes none and nothing of its triggers (1.9.5, 8.8.2)', one('dealt', 'deal', 2), false, 'lorcana.damage.no-counters', '1.9.5'],
    ['put damage ignores Resist, said at the calculation (8.8.3)', one('takes', 'put', 2), true, 'lorcana.damage.resist-ignored', '8.8.3'],
  ] as const)('%s', (_, s, triggers, key, rule) => {
    const r = run(s);
    expect(r.end.resolved.map((e) => e.ability)).toEqual(triggers ? ['trig'] : []);
    expect(outline(r)).toContain(`${key} @ ${rule}`);
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
