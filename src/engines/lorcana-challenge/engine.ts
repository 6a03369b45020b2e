// Lorcana: one challenge against a character or a location (4.6 in Comprehensive Rules v2.3.0;
// seed 004 §02–§07). The declaration (4.6.4) and what it set off (4.6.5), then the damage step:
// strength changes before damage changes, negative strength counting as 0 (4.6.6.1), both sides'
// damage landing at once (4.6.6.2), the game state check (4.6.6.3, 1.8.1.4) and the bag, which still
// resolves in the challenge (4.6.7). Requirements such as "dry" characters, Evasive or Bodyguard
// are not checked; exerted state is.
import { defineEngine, Trace } from '../engine';
import { error, ok, type EngineError } from '../result';
import { DAMAGE_KEYS, place, settle, takes, type DamageEvent } from '../rules/lorcana/damage';
import {
  checkDamage,
  checkNames,
  checkReplacements,
  Table,
  TABLE_KEYS,
  type BagEntry,
  type BanishTrigger,
  type CardState,
  type LorcanaState,
  type Player,
} from '../rules/lorcana/model';
import { CHALLENGE_PRESETS } from './presets';
import { CHALLENGE_LINK } from './formats';
import { challengeSchema, type ChallengeScenario } from './schema';

export { challengeSchema, type ChallengeScenario };


export interface ChallengeState extends LorcanaState {
  strength: { challenger: number; defender: number };
  inChallenge: boolean;
}

export interface ChallengeEnd {
  /** Strength as counted for damage (never below 0). */
  readonly strength: { readonly challenger: number; readonly defender: number };
  /** The damage events that really happened, after replacement effects. */
  readonly events: readonly DamageEvent[];
  readonly cards: readonly CardState[];
  /** Every card banished during the challenge, in order. */
  readonly banished: readonly string[];
  readonly resolved: readonly BagEntry[];
}

export const CHALLENGE_KEYS = [
  'lorcana.challenge.declare',
  'lorcana.challenge.shield',
  'lorcana.challenge.strength',
  'lorcana.challenge.challenger-bonus',
  'lorcana.challenge.zero-strength',
  'lorcana.challenge.location-no-strength',
  'lorcana.challenge.damage-mods',
  'lorcana.challenge.no-damage',
  'lorcana.challenge.damage',
  'lorcana.challenge.end',
  ...DAMAGE_KEYS,
  ...TABLE_KEYS,
] as const;
export type ChallengeKey = (typeof CHALLENGE_KEYS)[number];

/** The challenge's steps in v2.3.0: declaration, calculating and dealing damage, its end. */
const DECLARE = '4.6.4';
const CALCULATE = '4.6.6.1';
const DEAL = '4.6.6.2';
const END = '4.6.7';

function check(s: ChallengeScenario): EngineError[] {
  const c = s.challenger;
  const d = s.defender;
  const errs = [
    ...checkNames([
      { name: c.name, path: 'challenger.name' },
      { name: d.name, path: 'defender.name' },
      ...s.others.map((o, i) => ({ name: o.name, path: `others.${i}.name` })),
    ]),
    ...checkDamage(c, 'challenger'),
    ...checkDamage(d, 'defender'),
    ...s.others.flatMap((o, i) => checkDamage(o, `others.${i}`)),
  ];
  if (c.exerted) errs.push(error('cannot-challenge', 'challenger.exerted', { reason: 'exerted' }));
  if (d.kind === 'character' && !d.exerted) {
    errs.push(error('cannot-be-challenged', 'defender.exerted', { reason: 'ready' }));
  }
  const owners = new Map<string, Player>([
    [c.name, 'active'],
    [d.name, 'opponent'],
    ...s.others.map((o) => [o.name, o.owner] as const),
  ]);
  return [...errs, ...checkReplacements(s.replacements, owners, false)];
}

function simulate(s: ChallengeScenario) {
  const c = s.challenger;
  const d = s.defender;
  const extra = { strength: { challenger: 0, defender: 0 }, inChallenge: true };
  const trace = new Trace<ChallengeState, ChallengeKey>('lorcana', () => ({ ...t.state, ...extra }));
  const t: Table<ChallengeKey> = new Table(trace, [
    { ...c, owner: 'active' },
    { ...d, owner: 'opponent', kind: d.kind, onDeals: d.kind === 'character' ? d.onDeals : [] },
    ...s.others,
  ]);

  trace.add('lorcana.challenge.declare', DECLARE, { challenger: c.name, defender: d.name, kind: d.kind });
  // an ability set off by the declaration has resolved from the bag before the damage step (4.6.5)
  for (const x of d.kind === 'character' ? [c, d] : [c]) {
    if (x.noDamageFromChallenge) trace.add('lorcana.challenge.shield', '4.6.5', { name: x.name });
  }

  // Strength first (Challenger is a strength change), then clamp what a challenge counts.
  const strength = (x: typeof c, role: 'challenger' | 'defender'): number => {
    const mods = x.strengthMods.reduce((a, b) => a + b, 0);
    let v = x.strength + mods;
    extra.strength[role] = v;
    trace.add('lorcana.challenge.strength', CALCULATE, { name: x.name, printed: x.strength, modifiers: mods, strength: v });
    if (role === 'challenger' && x.challenger > 0) {
      v += x.challenger;
      extra.strength[role] = v;
      trace.add('lorcana.challenge.challenger-bonus', '8.5.1', { name: x.name, bonus: x.challenger, strength: v });
    }
    if (v < 0) {
      extra.strength[role] = 0;
      trace.add('lorcana.challenge.zero-strength', CALCULATE, { name: x.name, strength: v });
    }
    return Math.max(0, v);
  };
  const cs = strength(c, 'challenger');
  let ds = 0;
  if (d.kind === 'character') ds = strength(d, 'defender');
  else trace.add('lorcana.challenge.location-no-strength', '4.6.8.3', { name: d.name });

  // Then damage (4.6.6.1): changes to what is dealt, the receiver's shield, Resist; replacement
  // effects then apply to dealing it (4.6.6.2).
  const damage = (from: typeof c, to: { name: string; noDamageFromChallenge?: boolean }, str: number) => {
    let amount = str;
    if (from.damageMods.length > 0) {
      const modifier = from.damageMods.reduce((a, b) => a + b, 0);
      amount = Math.max(0, str + modifier);
      trace.add('lorcana.challenge.damage-mods', '1.9.4.2', { name: from.name, modifier, damage: amount });
    }
    trace.add('lorcana.damage.base', '1.9.4.1', { target: to.name, amount });
    if (to.noDamageFromChallenge === true) {
      trace.add('lorcana.challenge.no-damage', DEAL, { target: to.name });
      return undefined;
    }
    return settle(t, { verb: 'deal', target: to.name, amount, by: from.name }, s.replacements, false, 'challenge').event;
  };
  const planned = [damage(c, d, cs), d.kind === 'character' ? damage(d, c, ds) : undefined].filter(
    (e): e is DamageEvent => e !== undefined,
  );

  trace.add('lorcana.challenge.damage', DEAL, { challenger: c.name, defender: d.name });
  const events = planned.map((e) => place(t, e));
  for (const e of events) takes(t, e);

  const fires = (card: string, trig: BanishTrigger): boolean =>
    trig.when === 'any' ||
    (extra.inChallenge && (trig.when === 'challenged' ? card === d.name : card === c.name || card === d.name));
  const banished = t.gameStateCheck(fires);
  // Abilities resolving now still happen during the challenge (seed 004 §07, example B).
  t.drainBag((e) => {
    if (e.effect === 'banish-challenger' && t.card(c.name).zone === 'play') {
      trace.add('lorcana.effect.banish', END, { name: c.name, inChallenge: extra.inChallenge });
      t.leave(c.name, 'discard');
      banished.push(c.name);
      t.banished(c.name, (trig) => fires(c.name, trig));
    } else if (e.effect === 'return-to-hand' && t.card(e.card).zone === 'discard') {
      t.leave(e.card, 'hand');
      trace.add('lorcana.effect.return-to-hand', '7.7.4', { name: e.card });
    }
  });
  extra.inChallenge = false;
  trace.add('lorcana.challenge.end', END, { challenger: c.name, defender: d.name });

  const end: ChallengeEnd = {
    strength: { challenger: cs, defender: ds },
    events,
    cards: t.state.cards,
    banished,
    resolved: t.resolved,
  };
  return ok({ steps: trace.steps, end });
}

export const challengeEngine = defineEngine({
  id: 'lorcana-challenge',
  link: CHALLENGE_LINK,
  stepKeys: CHALLENGE_KEYS,
  schema: challengeSchema,
  check,
  simulate,
  presets: CHALLENGE_PRESETS,
});

export const { validate, run, scenarioToQuery, scenarioFromQuery, presets, preset } = challengeEngine;
