import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDesc, junk } from '../testing/arbitrary';
import { codes, errorsOf, outline, unwrap } from '../testing/helpers';
import { attackEngine, attackSchema, type AttackScenario } from './engine';
import { ATTACK_PRESETS } from './presets';

const run = (s: AttackScenario) => unwrap(attackEngine.run(s));
const A = 'attack-enemy-activation';

describe('enemy attack: worked examples', () => {
  // preset → modified ATK, HP lost by player characters, target player, [identity hp, tough] of
  // player 0, allies of player 0 as [hp, defeated]
  it.each([
    ['hero-defends', 4, 1, 0, [9, false], []],
    ['tough-spent', 4, 0, 0, [10, false], []],
    ['tough-kept', 3, 0, 0, [10, true], []],
    ['ally-overkill', 5, 5, 0, [7, false], [[0, true]]],
    ['ally-no-overkill', 5, 2, 0, [10, false], [[0, true]]],
    ['minion-no-boost', 2, 2, 0, [8, false], []],
    ['villainous-minion', 2, 2, 0, [8, false], []],
    ['star-boost', 2, 2, 0, [8, false], []],
    ['amplify', 4, 2, 0, [8, false], []],
    ['extra-boost', 4, 2, 0, [8, false], []],
    ['other-player-defends', 3, 3, 1, [10, false], []],
    ['attack-on-ally', 3, 3, 0, [8, false], [[0, true]]],
    ['retaliate-and-after', 3, 1, 0, [9, false], []],
  ] as const)('%s: ATK %i, %i HP lost, target player %i', (id, atk, hpLost, targetPlayer, identity, allies) => {
    const { end } = run(ATTACK_PRESETS[id]);
    expect(end.atk).toBe(atk);
    expect(end.hpLost).toBe(hpLost);
    expect(end.targetPlayer).toBe(targetPlayer);
    const p0 = end.final.players[0]!;
    expect([p0.identity.hp, p0.identity.tough]).toEqual(identity);
    expect(p0.allies.map((a) => [a.hp, a.defeated])).toEqual(allies);
  });

  it('hero defends: boost, DEF, remaining damage, in the order of 1.8’s six steps', () => {
    const r = run(ATTACK_PRESETS['hero-defends']);
    expect(outline(r)).toEqual([
      `mc.attack.start @ ${A}`,
      `mc.attack.boost-deal @ ${A}.step-1`,
      `mc.attack.defend @ ${A}.step-2`,
      `mc.boost.flip @ ${A}.step-3a`,
      `mc.boost.icons @ ${A}.step-3c`,
      `mc.boost.discard @ ${A}.step-3d`,
      // 1.8 step 4, calculate damage; step 5, deal it to the defending hero; step 6, after the attack
      `mc.attack.damage @ ${A}.step-4.calculate`,
      `mc.attack.def-reduces @ ${A}.step-4.calculate`,
      `mc.damage.dealt @ ${A}.step-4.hero`,
      `mc.attack.end @ ${A}.step-5`,
    ]);
    const reduce = r.steps.find((s) => s.key === 'mc.attack.def-reduces')!;
    expect(reduce.params).toEqual({ atk: 4, def: 3, damage: 1 });
    // the defender is exhausted from step 2 on
    const defend = r.steps.find((s) => s.key === 'mc.attack.defend')!;
    expect(defend.state.players[0]!.identity.exhausted).toBe(true);
  });

  it('tough: damage left after DEF discards tough and is prevented; none left keeps it', () => {
    const spent = run(ATTACK_PRESETS['tough-spent']);
    const prevented = spent.steps.find((s) => s.key === 'mc.damage.tough-prevents')!;
    expect(prevented.params).toMatchObject({ who: 'hero', amount: 1 });
    expect(prevented.cite).toEqual({ game: 'marvel-champions', id: 'tough' });
    const kept = run(ATTACK_PRESETS['tough-kept']);
    expect(kept.steps.at(-2)!.key).toBe('mc.damage.tough-kept');
  });

  it('overkill: the excess over the ally’s remaining HP goes to its controller’s identity', () => {
    const r = run(ATTACK_PRESETS['ally-overkill']);
    expect(outline(r).slice(3)).toEqual([
      `mc.attack.damage @ ${A}.step-4.calculate`,
      `mc.damage.dealt @ ${A}.step-4.ally`,
      'mc.damage.defeated @ ally',
      'mc.attack.overkill @ attacks-against-allies.overkill',
      'mc.damage.dealt @ attacks-against-allies.overkill',
      `mc.attack.end @ ${A}.step-5`,
    ]);
    expect(r.steps.find((s) => s.key === 'mc.attack.overkill')!.params).toEqual({ excess: 3, player: 0 });
    const noCarry = run(ATTACK_PRESETS['ally-no-overkill']);
    expect(noCarry.steps.find((s) => s.key === 'mc.attack.no-carry-over')!.params).toEqual({ excess: 3 });
  });

  it('amplify adds one icon per amplify icon in play to each flipped card', () => {
    const r = run(ATTACK_PRESETS.amplify);
    expect(r.steps.find((s) => s.key === 'mc.boost.amplify')!.params).toEqual({ card: 1, amplify: 1, icons: 2 });
    expect(r.steps.find((s) => s.key === 'mc.boost.icons')!.params).toEqual({ card: 1, added: 2, stat: 'atk', value: 4 });
  });

  it('amplify also counts on a ★ card without icons', () => {
    const r = run({ ...ATTACK_PRESETS['star-boost'], amplify: 2 });
    expect(r.end.atk).toBe(4);
    expect(r.steps.filter((s) => s.key.startsWith('mc.boost.')).map((s) => s.key)).toEqual([
      'mc.boost.flip', 'mc.boost.star', 'mc.boost.amplify', 'mc.boost.icons', 'mc.boost.discard',
    ]);
  });

  it('a minion without villainous is dealt no boost card even with the deck full', () => {
    const r = run(ATTACK_PRESETS['minion-no-boost']);
    expect(r.steps.some((s) => s.key.startsWith('mc.boost.'))).toBe(false);
    expect(r.steps[1]!.key).toBe('mc.attack.boost-skip');
    expect(r.end.final.boostDealt).toBe(0);
  });

  it('another player’s defender makes that player the target', () => {
    const r = run(ATTACK_PRESETS['other-player-defends']);
    expect(r.steps.find((s) => s.key === 'mc.attack.new-target')!.params).toEqual({ from: 0, to: 1 });
    expect(r.end.attacked).toEqual({ player: 1, ally: 0 });
    expect(r.end.final.players[1]!.allies[0]).toEqual({ hp: 1, tough: false, exhausted: true, defeated: false });
  });

  it('after the attack (1.8 step 6): unmet triggers skipped, forced abilities in the first player’s order (retaliate among them), then the others', () => {
    const r = run(ATTACK_PRESETS['retaliate-and-after']);
    expect(r.end.triggers).toEqual([
      { name: 'retaliate', type: 'retaliate' },
      { name: 'B', type: 'forced' },
      { name: 'A', type: 'optional' },
    ]);
    expect(outline(r).slice(-7)).toEqual([
      `mc.attack.after-skipped @ ${A}.step-5`,
      'mc.attack.forced-order @ forced.order',
      'mc.attack.retaliate @ retaliate-x',
      'mc.damage.dealt @ retaliate-x',
      `mc.attack.after-forced @ ${A}.step-5b`,
      `mc.attack.after-optional @ ${A}.step-5c`,
      `mc.attack.end @ ${A}.step-5`,
    ]);
    expect(r.end.final.attacker.hp).toBe(13);
  });

  it('retaliate does not happen when the attacked character is defeated', () => {
    const s = ATTACK_PRESETS['retaliate-and-after'];
    const r = run({ ...s, players: [{ identity: { ...s.players[0]!.identity, hp: 1 }, allies: [] }] });
    expect(r.steps.map((x) => x.key)).toContain('mc.attack.retaliate-skipped');
    expect(r.end.triggers.map((t) => t.type)).toEqual(['forced', 'optional']);
  });

  it('retaliate against a tough enemy spends the tough status', () => {
    const s = ATTACK_PRESETS['retaliate-and-after'];
    const r = run({ ...s, attacker: { ...s.attacker, tough: true } });
    expect(r.end.final.attacker).toEqual({ hp: 14, tough: false, defeated: false, stunned: 0, confused: 0 });
  });

  it('an attack on an alter-ego, undefended, damages the alter-ego', () => {
    const s = ATTACK_PRESETS['minion-no-boost'];
    const alterEgo = { ...s.players[0]!.identity, form: 'alter-ego' as const };
    const r = run({ ...s, players: [{ identity: alterEgo, allies: [] }] });
    expect(r.steps.find((x) => x.key === 'mc.damage.dealt')!.params).toMatchObject({ who: 'alter-ego', amount: 2 });
  });

  it.each([
    // [preset, who takes the damage, 1.8 step 5's case it cites]
    ['hero-defends', 'hero', `${A}.step-4.hero`],
    ['ally-no-overkill', 'ally', `${A}.step-4.ally`],
    ['undefended', 'hero', `${A}.step-4.undefended`],
  ] as const)('%s: the damage dealt cites 1.8 step 5’s case, the amount 1.8 step 4', (id, who, cite) => {
    const r = run(id === 'undefended' ? { ...ATTACK_PRESETS['hero-defends'], defender: { kind: 'none' } } : ATTACK_PRESETS[id]);
    const dealt = r.steps.find((x) => x.key === 'mc.damage.dealt')!;
    expect([dealt.params['who'], dealt.cite.id]).toEqual([who, cite]);
    expect(r.steps.find((x) => x.key === 'mc.attack.damage')!.cite.id).toBe(`${A}.step-4.calculate`);
    if (id === 'ally-no-overkill') expect(r.steps.find((x) => x.key === 'mc.attack.no-carry-over')!.cite.id).toBe(`${A}.step-4.ally`);
  });

  it('a defeated hero is reported as defeated', () => {
    const s = ATTACK_PRESETS['minion-no-boost'];
    const r = run({ ...s, players: [{ identity: { ...s.players[0]!.identity, hp: 2 }, allies: [] }] });
    expect(r.end.final.players[0]!.identity).toMatchObject({ hp: 0, defeated: true });
    expect(outline(r)).toContain(`mc.damage.defeated @ ${A}.step-4.deal`);
  });
});

// Rulings worked out by hand from Rules Reference 1.8; the cited ids are the content's.
describe('enemy attack: rulings (1.8)', () => {
  const P = ATTACK_PRESETS;
  it.each([
    // [ruling, scenario, cite that must appear, hp of player 1's hero, hero tough, attacker hp]
    ['piercing discards the defending hero’s tough before the 1 damage that gets through', P.piercing, 'keywords.piercing', 9, false, 14],
    ['piercing discards nothing from a character the attack deals no damage to', { ...P.piercing, attacker: { ...P.piercing.attacker, atk: 1 } }, `${A}.step-4.hero`, 10, true, 14],
    ['ranged: the attack ignores retaliate', P.ranged, 'keywords.ranged', 9, false, 14],
    ['without ranged, retaliate 1 hits the villain back', { ...P.ranged, attacker: { ...P.ranged.attacker, ranged: false } }, 'retaliate-x', 9, false, 13],
    ['a stunned villain removes its stunned card instead of attacking', P.stunned, 'stunned', 10, false, 14],
    ['steady: one stunned card is not enough, the attack goes ahead', { ...P.stunned, attacker: { ...P.stunned.attacker, steady: true } }, 'keywords.steady', 6, false, 14],
    ['steady with two stunned cards is stunned', { ...P.stunned, attacker: { ...P.stunned.attacker, steady: true, stunned: 2 } }, 'stunned', 10, false, 14],
  ] as const)('%s', (_, s, cite, hp, tough, attackerHp) => {
    const r = run(s as AttackScenario);
    expect(r.steps.map((x) => x.cite.id)).toContain(cite);
    expect(r.end.final.players[0]!.identity).toMatchObject({ hp, tough });
    expect(r.end.final.attacker.hp).toBe(attackerHp);
  });

  // Every status card on the attacker (STUN, CONFUSE, STATUS CARDS, STEADY, 1.8): stunned cancels
  // the attack, confused cancels a scheme and so stays through an attack; steady needs two of a kind.
  const withStatus = (extra: Partial<AttackScenario['attacker']>, minion = false): AttackScenario => ({
    ...P.stunned,
    attacker: { ...P.stunned.attacker, stunned: 0, ...(minion ? { kind: 'minion' as const, hp: 3 } : {}), ...extra },
  });
  it.each([
    // [ruling, attacker, attacks?, stunned and confused cards left, step that says so]
    ['a confused villain attacks: confused cancels a scheme, not an attack, and stays', withStatus({ confused: 1 }), true, [0, 1], 'mc.attack.confused-kept @ confused'],
    ['a confused minion attacks and keeps its confused card', withStatus({ confused: 1 }, true), true, [0, 1], 'mc.attack.confused-kept @ confused'],
    ['a stunned minion removes its stunned card instead of attacking', withStatus({ stunned: 1 }, true), false, [0, 0], 'mc.attack.stunned @ stunned'],
    ['stunned and confused: the stunned card cancels the attack, the confused one stays', withStatus({ stunned: 1, confused: 1 }), false, [0, 1], 'mc.attack.confused-kept @ confused'],
    ['steady with one stunned card: not stunned, it attacks, and the card stays', withStatus({ stunned: 1, steady: true }), true, [1, 0], 'mc.attack.steady @ keywords.steady'],
    ['steady with one stunned and one confused card: it attacks, both stay', withStatus({ stunned: 1, confused: 1, steady: true }), true, [1, 1], 'mc.attack.steady @ keywords.steady'],
    ['steady with two stunned cards: stunned, both removed (1.8)', withStatus({ stunned: 2, steady: true }), false, [0, 0], 'mc.attack.stunned @ stunned'],
    ['steady with two of each: the stunned pair cancels the attack, the confused pair stays', withStatus({ stunned: 2, confused: 2, steady: true }), false, [0, 2], 'mc.attack.confused-kept @ confused'],
    ['a steady minion with two stunned cards is stunned too', withStatus({ stunned: 2, steady: true }, true), false, [0, 0], 'mc.attack.stunned @ stunned'],
  ] as const)('%s', (_, s, attacks, [stunned, confused], step) => {
    const r = run(s);
    expect(outline(r)).toContain(step);
    expect(r.end.final.stunned).toBe(!attacks);
    expect(outline(r).some((x) => x.startsWith('mc.attack.damage'))).toBe(attacks);
    expect([r.end.final.attacker.stunned, r.end.final.attacker.confused]).toEqual([stunned, confused]);
  });

  it.each([
    ['two stunned cards without steady (one of each kind, 1.8)', { stunned: 2 }, ['too-large attacker.stunned']],
    ['two confused cards without steady', { confused: 2 }, ['too-large attacker.confused']],
    ['a stalwart attacker with a stunned card (it cannot be stunned)', { stunned: 1, stalwart: true }, ['cannot-have-status attacker.stunned']],
    ['a stalwart attacker with a confused card', { confused: 1, stalwart: true }, ['cannot-have-status attacker.confused']],
    ['stalwart and steady: still neither', { stunned: 2, confused: 1, steady: true, stalwart: true }, ['cannot-have-status attacker.stunned', 'cannot-have-status attacker.confused']],
  ] as const)('refuses %s', (_, extra, expected) => {
    expect(codes(errorsOf(attackEngine.run(withStatus(extra))))).toEqual(expected);
  });

  it('preset steady-statuses: the steady minion attacks with both cards on it, ATK 2 less DEF 1', () => {
    const r = run(P['steady-statuses']);
    expect(outline(r)).toEqual(expect.arrayContaining(['mc.attack.confused-kept @ confused', 'mc.attack.steady @ keywords.steady']));
    expect(r.end.final.players[0]!.identity.hp).toBe(9);
    expect([r.end.final.attacker.stunned, r.end.final.attacker.confused]).toEqual([1, 1]);
  });

  it('a stalwart attacker with no status card attacks as usual', () => {
    expect(run(withStatus({ stalwart: true })).end.final.stunned).toBe(false);
  });

  it('a stunned enemy has not attacked: no boost card, and nothing "after it attacks" triggers', () => {
    const r = run(P.stunned);
    expect(outline(r)).toEqual([`mc.attack.start @ ${A}`, 'mc.attack.stunned @ stunned', `mc.attack.end @ ${A}.step-5`]);
    expect(r.end.triggers).toEqual([]);
    expect(r.end.final.attacker.stunned).toBe(0);
    expect(r.end.final.boostDealt).toBe(0);
    // it needs no boost card at all
    expect(attackEngine.run({ ...P.stunned, boostCards: [] }).ok).toBe(true);
  });

  it('retaliate is an ordinary forced response: the first player may put it after another forced ability', () => {
    const r = run(P['forced-order']);
    expect(r.end.triggers).toEqual([
      { name: 'B', type: 'forced' },
      { name: 'retaliate', type: 'retaliate' },
      { name: 'C', type: 'optional' },
    ]);
    expect(r.steps.find((x) => x.key === 'mc.attack.forced-order')!.params).toEqual({ count: 2 });
    expect(codes(errorsOf(attackEngine.run({ ...P['forced-order'], retaliateAfter: 2 })))).toEqual(['too-large retaliateAfter']);
  });

  it('piercing reaches the identity too when overkill carries damage on from an ally', () => {
    const s = P['ally-overkill'];
    const r = run({ ...s, attacker: { ...s.attacker, piercing: true }, players: [{ identity: { ...s.players[0]!.identity, tough: true }, allies: [{ ...s.players[0]!.allies[0]!, tough: true }] }] });
    expect(r.steps.filter((x) => x.key === 'mc.attack.piercing').length).toBe(2);
    expect(r.end.final.players[0]!.identity.hp).toBe(7);
  });
});

describe('enemy attack: bad input', () => {
  const base = ATTACK_PRESETS['hero-defends'];

  it.each([
    ['negative ATK', { ...base, attacker: { ...base.attacker, atk: -1 } }, ['negative-number attacker.atk']],
    ['NaN DEF', { ...base, players: [{ identity: { ...base.players[0]!.identity, def: NaN }, allies: [] }] }, ['not-a-number players.0.identity.def']],
    ['fractional HP', { ...base, players: [{ identity: { ...base.players[0]!.identity, hp: 2.5 }, allies: [] }] }, ['not-an-integer players.0.identity.hp']],
    ['zero HP', { ...base, players: [{ identity: { ...base.players[0]!.identity, hp: 0 }, allies: [] }] }, ['too-small players.0.identity.hp']],
    ['absurd ATK', { ...base, attacker: { ...base.attacker, atk: 1e9 } }, ['too-large attacker.atk']],
    ['blank name', { ...base, attacker: { ...base.attacker, name: '  ' } }, ['empty-field attacker.name']],
    ['ATK as text', { ...base, attacker: { ...base.attacker, atk: '3' } }, ['expected-number attacker.atk']],
    ['unknown kind', { ...base, attacker: { ...base.attacker, kind: 'henchman' } }, ['unknown-value attacker.kind']],
    ['unknown defender kind', { ...base, defender: { kind: 'villain' } }, ['unknown-value defender.kind']],
    ['extra field', { ...base, colour: 'red' }, ['unknown-field colour']],
    ['missing field', { ...base, amplify: undefined }, ['missing-field amplify']],
    ['exhausted hero defends', { ...base, players: [{ identity: { ...base.players[0]!.identity, exhausted: true }, allies: [] }] }, ['cannot-defend defender']],
    ['alter-ego defends', { ...base, players: [{ identity: { ...base.players[0]!.identity, form: 'alter-ego' }, allies: [] }] }, ['cannot-defend defender']],
    ['exhausted ally defends', { ...ATTACK_PRESETS['ally-overkill'], players: [{ identity: base.players[0]!.identity, allies: [{ hp: 2, tough: false, exhausted: true, retaliate: 0 }] }] }, ['cannot-defend defender']],
    ['defender of a missing player', { ...base, defender: { kind: 'hero', player: 2 } }, ['unknown-player defender.player']],
    ['target ally missing', { ...base, target: { player: 0, ally: 1 } }, ['unknown-ally target.ally']],
    ['not enough boost cards', { ...base, boostCards: [] }, ['not-enough-boost-cards boostCards']],
    ['too many players', { ...base, players: Array(5).fill(base.players[0]) }, ['too-many players']],
    ['not an object', 42, ['expected-object']],
  ])('%s', (_, input, expected) => {
    expect(codes(errorsOf(attackEngine.run(input)))).toEqual(expected);
  });

  it('reports every field error at once', () => {
    const input = { ...base, amplify: -2, attacker: { ...base.attacker, atk: NaN, name: '' } };
    expect(codes(errorsOf(attackEngine.validate(input)))).toEqual([
      'empty-field attacker.name',
      'not-a-number attacker.atk',
      'negative-number amplify',
    ]);
  });

  it('the details say which rule of the defender failed', () => {
    const input = { ...base, players: [{ identity: { ...base.players[0]!.identity, form: 'alter-ego' }, allies: [] }] };
    expect(errorsOf(attackEngine.run(input))[0]).toEqual({ code: 'cannot-defend', field: 'defender', detail: { reason: 'alter-ego' } });
  });

  it('unknown preset', () => {
    expect(errorsOf(attackEngine.preset('nope'))).toEqual([{ code: 'unknown-preset', field: 'preset', detail: { id: 'nope' } }]);
    expect(errorsOf(attackEngine.preset('toString'))[0]!.code).toBe('unknown-preset');
  });
});

// Random scenarios whose references point at existing players and allies.
const scenarios = (fromDesc(attackSchema) as fc.Arbitrary<AttackScenario>).map((s) => {
  const n = s.players.length;
  const fix = (p: number) => p % n;
  const tp = fix(s.target.player);
  const tAllies = s.players[tp]!.allies.length;
  const target = s.target.ally === undefined || tAllies === 0 ? { player: tp } : { player: tp, ally: s.target.ally % tAllies };
  let defender = s.defender;
  if (defender.kind !== 'none') {
    const p = fix(defender.player);
    const allies = s.players[p]!.allies.length;
    defender = defender.kind === 'ally' && allies > 0 ? { kind: 'ally', player: p, ally: defender.ally % allies } : { kind: 'hero', player: p };
  }
  return { ...s, target, defender };
}).filter((s) => attackEngine.validate(s).ok);

describe('enemy attack: properties', () => {
  it('damage is never negative and player characters never lose more HP than the modified ATK', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        const r = run(s);
        for (const step of r.steps) {
          if (step.key === 'mc.damage.dealt') expect(step.params['amount']).toBeGreaterThan(0);
          for (const p of step.state.players) {
            for (const c of [p.identity, ...p.allies]) expect(c.hp).toBeGreaterThanOrEqual(0);
          }
        }
        expect(r.end.hpLost).toBeGreaterThanOrEqual(0);
        expect(r.end.hpLost).toBeLessThanOrEqual(r.end.atk);
        const before = s.players.flatMap((p) => [p.identity.hp, ...p.allies.map((a) => a.hp)]);
        const after = r.end.final.players.flatMap((p) => [p.identity.hp, ...p.allies.map((a) => a.hp)]);
        expect(before.reduce((a, b) => a + b) - after.reduce((a, b) => a + b)).toBe(r.end.hpLost);
      }),
    );
  });

  it('every step cites a rule and uses a declared key', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        for (const step of run(s).steps) {
          expect(attackEngine.stepKeys).toContain(step.key);
          expect(step.cite.id).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/);
        }
      }),
    );
  });

  it('links round-trip exactly', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        const q = attackEngine.scenarioToQuery(s);
        expect(q).toMatch(/^[A-Za-z0-9*._-]+$/);
        expect(unwrap(attackEngine.scenarioFromQuery(q))).toEqual(s);
      }),
    );
  });

  it('junk never throws and always comes back as coded errors', () => {
    fc.assert(
      fc.property(fc.oneof(junk, fromDesc(attackSchema)), (input) => {
        const r = attackEngine.run(input);
        if (!r.ok) {
          expect(r.error.length).toBeGreaterThan(0);
          expect(r.error.map((e) => e.code)).not.toContain('internal-error');
        }
      }),
    );
    fc.assert(
      fc.property(fc.string(), (q) => {
        const r = attackEngine.scenarioFromQuery(`mca1.${q}`);
        expect(r.ok).toBe(false);
      }),
    );
  });
});

describe('enemy attack: links', () => {
  const V1 = 'mca1.0._.2.0.0.14.0.1.2.0.0.0.1._.10.0.0.0.0.3.0.0._.1.0.0';
  it('a preset link is short and stable, and its format-1 link still opens as the same preset', () => {
    const q = attackEngine.scenarioToQuery(ATTACK_PRESETS['hero-defends']);
    expect(q).toBe('mca3.AgA0AJAAEgBgQA');
    expect(unwrap(attackEngine.scenarioFromQuery(V1))).toEqual(ATTACK_PRESETS['hero-defends']);
    expect(unwrap(attackEngine.scenarioFromQuery('mca2.AgA0BIAAkAMCAA'))).toEqual(ATTACK_PRESETS['hero-defends']);
  });

  it.each([
    ['', 'engine'],
    ['mcs1.0', 'engine'],
    ['mca1', 'end'],
    ['mca1.0._.2.0.0.14.0.1.2.0.0.0.1._.10.0.0.0.0.3.0.0._.1.0.0.9', 'trailing'],
    ['mca1.7', 'index'],
    ['mca1.0.x', 'optional'],
    ['mca2', 'end'],
    ['mca2.AgA0', 'end'],
    ['mca2.AgA0BIAAkAMCAAA', 'trailing'],
    ['mca2.AgA0*IAAkAMCAA', 'text'],
    ['mca4.AgA0AJAAEgBgQA', 'version'],
  ])('garbage %j → bad-query (%s)', (q, reason) => {
    const [e] = errorsOf(attackEngine.scenarioFromQuery(q));
    expect(e).toMatchObject({ code: 'bad-query', field: 'query', detail: { reason } });
  });

  it('a hand-edited link with a negative number fails validation with the field path', () => {
    const q = V1.replace('mca1.0._.2.', 'mca1.0._.-2.');
    expect(codes(errorsOf(attackEngine.scenarioFromQuery(q)))).toEqual(['negative-number attacker.atk']);
  });

  it('names survive in any script', () => {
    const s = { ...ATTACK_PRESETS['hero-defends'], attacker: { ...ATTACK_PRESETS['hero-defends'].attacker, name: 'ライノ – Rhino. 100%' } };
    const q = attackEngine.scenarioToQuery(s);
    expect(q).toMatch(/^[A-Za-z0-9*._-]+$/);
    expect(unwrap(attackEngine.scenarioFromQuery(q))).toEqual(s);
  });
});
