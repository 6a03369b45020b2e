// Marvel Champions: one enemy attack, from the boost card to the abilities that trigger after it, as
// Rules Reference 1.8 sets it out (ATTACK (ENEMY ACTIVATION) in six steps: give boost, declare
// defender, flip boosts, calculate damage, deal damage, then the abilities after the attack; ATTACKS
// AGAINST ALLIES; PIERCING, RANGED, RETALIATE X, STUN, STEADY). A stunned enemy that would attack
// removes its stunned cards instead and does not attack. Retaliate is an ordinary forced response:
// the first player orders it among the other forced abilities.
// Not modelled: attacks that end before damage, the text of ★ Boost abilities (the engine records
// that one resolves, nothing more). The content's ids keep 1.7's numbering, its titles 1.8's: 1.8's
// step 4 is step-4.calculate, its step 5 step-4.deal (with .hero, .ally, .undefended), its step 6
// step-5 (6a step-5b, 6b step-5c; step-5a says how retaliate changed).
import { defineEngine, Trace } from '../engine';
import { error, ok, type EngineError } from '../result';
import { BOOST_KEYS, flipBoosts } from '../rules/marvel-champions/boost';
import { DAMAGE_KEYS, dealDamage, type CharacterState, type Hit } from '../rules/marvel-champions/characters';
import { cancels, checkStatus, has } from '../rules/marvel-champions/status';
import { ATTACK_PRESETS } from './presets';
import { ATTACK_LINK } from './formats';
import { AFTER_TRIGGERS, attackSchema, type AttackScenario } from './schema';

export { AFTER_TRIGGERS, attackSchema, type AttackScenario };


export interface AttackState {
  atk: number;
  targetPlayer: number;
  boostDealt: number;
  /** Boost icons added so far, per card flipped. */
  boosts: number[];
  /** Once calculated (step 4): the damage the attack deals. */
  damage?: number;
  /** The character defending, when one is. */
  defender?: { player: number; ally?: number };
  /** The attack was replaced by removing stunned cards. */
  stunned: boolean;
  /** Its status cards: confused ones stay through an attack. */
  attacker: { hp: number; tough: boolean; defeated: boolean; stunned: number; confused: number };
  players: { identity: CharacterState; allies: CharacterState[] }[];
}

export interface AttackEnd {
  readonly atk: number;
  readonly targetPlayer: number;
  /** The character considered attacked: the defender, or the target if undefended. */
  readonly attacked: { readonly player: number; readonly ally?: number };
  /** Hit points lost by player characters (never more than `atk`). */
  readonly hpLost: number;
  readonly final: AttackState;
  /** Step 5 in resolution order. */
  readonly triggers: readonly { readonly name: string; readonly type: 'retaliate' | 'forced' | 'optional' }[];
}

export const ATTACK_KEYS = [
  'mc.attack.start',
  'mc.attack.stunned',
  'mc.attack.steady',
  'mc.attack.confused-kept',
  'mc.attack.boost-deal',
  'mc.attack.boost-skip',
  'mc.attack.boost-extra',
  'mc.attack.defend',
  'mc.attack.undefended',
  'mc.attack.new-target',
  'mc.attack.damage',
  'mc.attack.def-reduces',
  'mc.attack.piercing',
  'mc.attack.overkill',
  'mc.attack.no-carry-over',
  'mc.attack.forced-order',
  'mc.attack.retaliate',
  'mc.attack.retaliate-skipped',
  'mc.attack.retaliate-ranged',
  'mc.attack.after-forced',
  'mc.attack.after-optional',
  'mc.attack.after-skipped',
  'mc.attack.end',
  ...BOOST_KEYS,
  ...DAMAGE_KEYS,
] as const;
export type AttackKey = (typeof ATTACK_KEYS)[number];

const A = 'attack-enemy-activation';

const getsBoost = (s: AttackScenario): boolean =>
  s.attacker.kind === 'villain' || s.attacker.villainous;
const boostCount = (s: AttackScenario): number => (getsBoost(s) ? 1 : 0) + s.extraBoostCards;
/** STUN and its steady sub-point: one stunned card stuns, two are needed with steady. */
const isStunned = (s: AttackScenario): boolean => has(s.attacker, 'stunned');

function check(s: AttackScenario): EngineError[] {
  const errs: EngineError[] = checkStatus(s.attacker, 'attacker');
  const target = s.players[s.target.player];
  if (target === undefined) errs.push(error('unknown-player', 'target.player'));
  else if (s.target.ally !== undefined && target.allies[s.target.ally] === undefined) {
    errs.push(error('unknown-ally', 'target.ally'));
  }
  const d = s.defender;
  if (d.kind !== 'none') {
    const p = s.players[d.player];
    if (p === undefined) errs.push(error('unknown-player', 'defender.player'));
    else if (d.kind === 'hero') {
      if (p.identity.form === 'alter-ego') errs.push(error('cannot-defend', 'defender', { reason: 'alter-ego' }));
      else if (p.identity.exhausted) errs.push(error('cannot-defend', 'defender', { reason: 'exhausted' }));
    } else {
      const ally = p.allies[d.ally];
      if (ally === undefined) errs.push(error('unknown-ally', 'defender.ally'));
      else if (ally.exhausted) errs.push(error('cannot-defend', 'defender', { reason: 'exhausted' }));
    }
  }
  const forced = s.after.filter((a) => a.forced).length;
  if (s.retaliateAfter > forced) errs.push(error('too-large', 'retaliateAfter', { max: forced }));
  const needed = isStunned(s) ? 0 : boostCount(s);
  if (s.boostCards.length < needed) {
    errs.push(error('not-enough-boost-cards', 'boostCards', { needed, given: s.boostCards.length }));
  }
  return errs;
}

function simulate(s: AttackScenario) {
  const st: AttackState = {
    atk: s.attacker.atk,
    targetPlayer: s.target.player,
    boostDealt: 0,
    boosts: [],
    stunned: false,
    attacker: { hp: s.attacker.hp, tough: s.attacker.tough, defeated: false, stunned: s.attacker.stunned, confused: s.attacker.confused },
    players: s.players.map((p) => ({
      identity: { hp: p.identity.hp, tough: p.identity.tough, exhausted: p.identity.exhausted, defeated: false },
      allies: p.allies.map((a) => ({ hp: a.hp, tough: a.tough, exhausted: a.exhausted, defeated: false })),
    })),
  };
  const trace = new Trace<AttackState, AttackKey>('marvel-champions', () => st);

  // Character handles: the live state plus the params that name it in a step.
  const ref = (player: number, ally?: number) => {
    const p = s.players[player]!;
    const live = st.players[player]!;
    if (ally === undefined) {
      const name = p.identity.name;
      return {
        state: live.identity,
        retaliate: p.identity.retaliate,
        who: { who: p.identity.form, player, ...(name === undefined ? {} : { name }) },
      };
    }
    const name = p.allies[ally]!.name;
    return {
      state: live.allies[ally]!,
      retaliate: p.allies[ally]!.retaliate,
      who: { who: 'ally', player, ally, ...(name === undefined ? {} : { name }) },
    };
  };
  const attackerWho = {
    who: s.attacker.kind,
    ...(s.attacker.name === undefined ? {} : { name: s.attacker.name }),
  };

  const target = ref(s.target.player, s.target.ally);
  trace.add('mc.attack.start', A, { ...attackerWho, atk: st.atk, target: target.who.who, player: s.target.player });
  const attackedRef = (): AttackEnd['attacked'] => {
    const d = s.defender;
    return d.kind !== 'none'
      ? { player: d.player, ...(d.kind === 'ally' ? { ally: d.ally } : {}) }
      : { player: s.target.player, ...(s.target.ally === undefined ? {} : { ally: s.target.ally }) };
  };

  // STUN: the attack is replaced by removing the stunned cards; the enemy has not attacked.
  // Confused cards cancel a scheme, not an attack: they stay.
  if (cancels(s.attacker, 'attack', trace, attackerWho, { steady: 'mc.attack.steady', kept: 'mc.attack.confused-kept' })) {
    st.stunned = true;
    st.attacker.stunned = 0;
    trace.add('mc.attack.stunned', 'stunned', { ...attackerWho, cards: s.attacker.stunned });
    trace.add('mc.attack.end', `${A}.step-5`, { atk: st.atk, hpLost: 0 });
    const end: AttackEnd = { atk: st.atk, targetPlayer: st.targetPlayer, attacked: attackedRef(), hpLost: 0, final: st, triggers: [] };
    return ok({ steps: trace.steps, end });
  }

  // Step 1: only a villain or a villainous minion is dealt the activation's boost card.
  const base = getsBoost(s) ? 1 : 0;
  if (base === 1) {
    st.boostDealt = 1;
    trace.add('mc.attack.boost-deal', `${A}.step-1`, { ...attackerWho, cards: 1 });
  } else {
    trace.add('mc.attack.boost-skip', `${A}.step-1`, attackerWho);
  }
  if (s.extraBoostCards > 0) {
    st.boostDealt += s.extraBoostCards;
    trace.add('mc.attack.boost-extra', 'boost', { cards: s.extraBoostCards, total: st.boostDealt });
  }

  // Step 2: defending exhausts; a defender of another player takes the attack over.
  const d = s.defender;
  const defender = d.kind === 'none' ? undefined : ref(d.player, d.kind === 'ally' ? d.ally : undefined);
  if (defender === undefined || d.kind === 'none') {
    trace.add('mc.attack.undefended', `${A}.step-2`);
  } else {
    defender.state.exhausted = true;
    st.defender = { player: d.player, ...(d.kind === 'ally' ? { ally: d.ally } : {}) };
    trace.add('mc.attack.defend', `${A}.step-2`, defender.who);
    if (d.player !== st.targetPlayer) {
      const from = st.targetPlayer;
      st.targetPlayer = d.player;
      trace.add('mc.attack.new-target', `${A}.step-2`, { from, to: d.player });
    }
  }

  // Step 3
  flipBoosts(
    s.boostCards.slice(0, st.boostDealt),
    s.amplify,
    'atk',
    trace,
    { flip: `${A}.step-3a`, star: `${A}.step-3b`, icons: `${A}.step-3c`, discard: `${A}.step-3d` },
    (n) => {
      st.boosts.push(n);
      return (st.atk += n);
    },
  );

  // Step 4 (1.8): calculate the damage: ATK, less the DEF of a defending hero.
  let damage = st.atk;
  st.damage = damage;
  trace.add('mc.attack.damage', `${A}.step-4.calculate`, { atk: st.atk });
  if (defender !== undefined && d.kind === 'hero') {
    const def = s.players[d.player]!.identity.def;
    damage = Math.max(0, st.atk - def);
    st.damage = damage;
    trace.add('mc.attack.def-reduces', `${A}.step-4.calculate`, { atk: st.atk, def, damage });
  }

  // Step 5 (1.8): deal it.
  let hpLost = 0;
  const hits: Hit[] = [];
  const hit = (h: ReturnType<typeof ref>, amount: number, cite: string): Hit => {
    // PIERCING: before the attack deals damage to a character, its tough cards are discarded; an
    // attack that would deal that character no damage discards nothing.
    if (s.attacker.piercing && amount > 0 && h.state.tough) {
      h.state.tough = false;
      trace.add('mc.attack.piercing', 'keywords.piercing', h.who);
    }
    const r = dealDamage(trace, h.state, h.who, amount, cite, h.who.who === 'ally' ? 'ally' : `${A}.step-4.deal`);
    hpLost += r.lost;
    hits.push(r);
    return r;
  };
  // An ally that is defeated passes its excess on only when the attack has overkill.
  const onAlly = (h: ReturnType<typeof ref>, player: number, cite: string) => {
    const r = hit(h, damage, cite);
    if (r.excess === 0) return r;
    if (s.attacker.overkill) {
      trace.add('mc.attack.overkill', 'attacks-against-allies.overkill', { excess: r.excess, player });
      hit(ref(player), r.excess, 'attacks-against-allies.overkill');
    } else {
      trace.add('mc.attack.no-carry-over', `${A}.step-4.ally`, { excess: r.excess });
    }
    return r;
  };
  let defenderHit: Hit | undefined;
  if (defender !== undefined && d.kind === 'hero') defenderHit = hit(defender, damage, `${A}.step-4.hero`);
  else if (defender !== undefined && d.kind === 'ally') defenderHit = onAlly(defender, d.player, `${A}.step-4.ally`);
  else if (s.target.ally !== undefined) onAlly(target, s.target.player, 'attacks-against-allies');
  else hit(target, damage, `${A}.step-4.undefended`);

  // Step 6 (1.8): forced abilities first, in the order the first player puts them (retaliate is
  // one of them), then the others.
  const attacked = defender ?? target;
  const triggers: { name: string; type: 'retaliate' | 'forced' | 'optional' }[] = [];
  const happened: Record<(typeof AFTER_TRIGGERS)[number], boolean> = {
    attacks: true,
    'attacks-damages': hpLost > 0,
    'attacks-defeats': hits.some((h) => h.defeated),
    attacked: true,
    defends: defender !== undefined,
    'defends-no-damage': defenderHit !== undefined && defenderHit.lost === 0,
  };
  const skipped = (a: AttackScenario['after'][number]) =>
    trace.add('mc.attack.after-skipped', `${A}.step-5`, { name: a.name, trigger: a.trigger, forced: a.forced });
  for (const a of s.after) if (!happened[a.trigger]) skipped(a);
  const forced = s.after.filter((a) => a.forced && happened[a.trigger]);
  let retaliates = false;
  if (attacked.retaliate > 0) {
    const x = attacked.retaliate;
    if (s.attacker.ranged) trace.add('mc.attack.retaliate-ranged', 'keywords.ranged', { ...attacked.who, x });
    else if (attacked.state.defeated) trace.add('mc.attack.retaliate-skipped', `${A}.step-5a`, { ...attacked.who, x });
    else retaliates = true;
  }
  const order: ({ kind: 'retaliate' } | { kind: 'ability'; a: AttackScenario['after'][number] })[] = forced.map((a) => ({ kind: 'ability', a }));
  if (retaliates) order.splice(Math.min(s.retaliateAfter, order.length), 0, { kind: 'retaliate' });
  if (order.length > 1) trace.add('mc.attack.forced-order', 'forced.order', { count: order.length });
  for (const o of order) {
    if (o.kind === 'retaliate') {
      const x = attacked.retaliate;
      trace.add('mc.attack.retaliate', 'retaliate-x', { ...attacked.who, x });
      triggers.push({ name: 'retaliate', type: 'retaliate' });
      dealDamage(trace, st.attacker, attackerWho, x, 'retaliate-x', 'retaliate-x');
    } else {
      trace.add('mc.attack.after-forced', `${A}.step-5b`, { name: o.a.name, trigger: o.a.trigger });
      triggers.push({ name: o.a.name, type: 'forced' });
    }
  }
  for (const a of s.after.filter((x) => !x.forced && happened[x.trigger])) {
    trace.add('mc.attack.after-optional', `${A}.step-5c`, { name: a.name, trigger: a.trigger });
    triggers.push({ name: a.name, type: 'optional' });
  }
  trace.add('mc.attack.end', `${A}.step-5`, { atk: st.atk, hpLost });

  const end: AttackEnd = { atk: st.atk, targetPlayer: st.targetPlayer, attacked: attackedRef(), hpLost, final: st, triggers };
  return ok({ steps: trace.steps, end });
}

export const attackEngine = defineEngine({
  id: 'mc-attack',
  link: ATTACK_LINK,
  stepKeys: ATTACK_KEYS,
  schema: attackSchema,
  check,
  simulate,
  presets: ATTACK_PRESETS,
});

export const { validate, run, scenarioToQuery, scenarioFromQuery, presets, preset } = attackEngine;
