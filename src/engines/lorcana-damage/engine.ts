// Lorcana: a single effect that deals, puts or moves damage, outside a challenge: the place where
// the verb, Resist and replacement effects meet (seed 004 §01 and §05, the Seven Dwarfs' Mine +
// Beast + Flounder example). The order is Comprehensive Rules v2.3.0's: the damage is calculated
// with its modifiers, Resist among them (6.7.2.2), and replacement effects apply afterwards, while
// the effect's instructions are carried out (6.7.2.3; see ../rules/lorcana/damage.ts).
import { defineEngine, Trace } from '../engine';
import { error, ok, type EngineError } from '../result';
import { DAMAGE_KEYS, place, settle, takes, VERB_RULE, type DamageEvent } from '../rules/lorcana/damage';
import {
  checkDamage,
  checkNames,
  checkReplacements,
  Table,
  TABLE_KEYS,
  type BagEntry,
  type CardState,
  type LorcanaState,
  type Player,
} from '../rules/lorcana/model';

import { damageEventSchema, type DamageEventScenario } from './schema';
import { DAMAGE_EVENT_PRESETS } from './presets';
import { DAMAGE_EVENT_LINK } from './formats';

export { DAMAGE_EVENT_PRESETS };

export { damageEventSchema, type DamageEventScenario };

export interface DamageEventEnd {
  /** What really happened; absent when the damage was prevented. */
  readonly event?: DamageEvent;
  readonly replaced: boolean;
  readonly cards: readonly CardState[];
  readonly banished: readonly string[];
  /** Triggered abilities in the order they resolved from the bag. */
  readonly resolved: readonly BagEntry[];
}

export const DAMAGE_EVENT_KEYS = ['lorcana.effect.start', ...DAMAGE_KEYS, ...TABLE_KEYS] as const;
export type DamageEventKey = (typeof DAMAGE_EVENT_KEYS)[number];

function check(s: DamageEventScenario): EngineError[] {
  const owners = new Map<string, Player>(s.cards.map((c) => [c.name, c.owner]));
  const errs = [
    ...checkNames(s.cards.map((c, i) => ({ name: c.name, path: `cards.${i}.name` }))),
    ...s.cards.flatMap((c, i) => checkDamage(c, `cards.${i}`)),
  ];
  if (!owners.has(s.target)) errs.push(error('unknown-card', 'target', { name: s.target }));
  if (s.verb !== 'move' && s.from !== undefined) errs.push(error('not-allowed', 'from'));
  if (s.verb === 'move') {
    const from = s.cards.find((c) => c.name === s.from);
    if (s.from === undefined) errs.push(error('missing-field', 'from'));
    else if (from === undefined) errs.push(error('unknown-card', 'from', { name: s.from }));
    else if (s.from === s.target) errs.push(error('same-card', 'from'));
    else if (s.amount > from.damage) errs.push(error('too-large', 'amount', { max: from.damage }));
  }
  return [...errs, ...checkReplacements(s.replacements, owners, true)];
}

function simulate(s: DamageEventScenario) {
  const state = (): LorcanaState => t.state;
  const trace = new Trace<LorcanaState, DamageEventKey>('lorcana', state);
  const t: Table<DamageEventKey> = new Table(trace, s.cards);

  const from = s.verb === 'move' && s.from !== undefined ? { from: s.from } : {};
  trace.add('lorcana.effect.start', VERB_RULE[s.verb], {
    ...(s.source === undefined ? {} : { source: s.source }),
    verb: s.verb,
    amount: s.amount,
    target: s.target,
    ...from,
  });
  const ev: DamageEvent = { verb: s.verb, target: s.target, amount: s.amount, ...from };
  if (ev.verb === 'deal') trace.add('lorcana.damage.base', '1.9.4.1', { target: ev.target, amount: ev.amount });
  const settled = settle(t, ev, s.replacements, true, 'effect');
  const event = settled.event === undefined ? undefined : place(t, settled.event);
  if (event !== undefined) takes(t, event);
  const { replaced } = settled;
  const banished = t.gameStateCheck((_, trig) => trig.when === 'any');
  t.drainBag((e) => {
    if (e.effect === 'return-to-hand' && t.card(e.card).zone === 'discard') {
      t.leave(e.card, 'hand');
      trace.add('lorcana.effect.return-to-hand', '7.7.4', { name: e.card });
    }
  });
  const end: DamageEventEnd = {
    ...(event === undefined ? {} : { event }),
    replaced,
    cards: t.state.cards,
    banished,
    resolved: t.resolved,
  };
  return ok({ steps: trace.steps, end });
}


export const damageEventEngine = defineEngine({
  id: 'lorcana-damage',
  link: DAMAGE_EVENT_LINK,
  stepKeys: DAMAGE_EVENT_KEYS,
  schema: damageEventSchema,
  check,
  simulate,
  presets: DAMAGE_EVENT_PRESETS,
});

export const { validate, run, scenarioToQuery, scenarioFromQuery, presets, preset } = damageEventEngine;
