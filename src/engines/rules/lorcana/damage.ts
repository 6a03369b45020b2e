// One damage event, from its amount to the counters it leaves and the abilities they set off.
//
// Where Resist goes, as settled from Comprehensive Rules 2.0.1: Resist is not a replacement effect.
// It is a damage reduction (8.8.1), one of the damage modifiers. For an effect that deals damage,
// replacement effects are applied first (6.7.2.2) and the damage is calculated after them, with
// its modifiers, Resist included (6.7.2.3): so Resist reduces the damage that is finally dealt, and
// counters put instead (Beast) are not reduced at all (8.8.3). In a challenge the damage is
// calculated first, strength and then damage modifiers (4.6.6.1), and replacement effects apply to
// the event of dealing it (4.6.6.2, 6.5.3). Either way the final event's verb decides what happens
// (deal, put, move) and every counter that lands means the card took damage (1.9.1.5).
// The rule ids cited here are the ones the content uses today (1.9.x, 8.7 …); see
// src/engines/README.md for their numbers in 2.0.1.
import type { Replacement, Table } from './model';

export interface DamageEvent {
  readonly verb: 'deal' | 'put' | 'move';
  readonly target: string;
  readonly amount: number;
  /** Only for `move`: the card the counters come off. */
  readonly from?: string;
  /** The card whose damage this is, in a challenge ("whenever this character deals damage"). */
  readonly by?: string;
}

export const DAMAGE_KEYS = [
  'lorcana.damage.base',
  'lorcana.damage.order',
  'lorcana.damage.resist',
  'lorcana.damage.resist-ignored',
  'lorcana.replace.set-amount',
  'lorcana.replace.redirect-put',
  'lorcana.replace.prevent',
  'lorcana.damage.deal',
  'lorcana.damage.put',
  'lorcana.damage.move',
  'lorcana.damage.takes',
  'lorcana.damage.reads-as-takes',
  'lorcana.damage.deals',
  'lorcana.damage.no-counters',
] as const;
export type DamageKey = (typeof DAMAGE_KEYS)[number];

type T = Table<DamageKey>;

const VERB_RULE = { deal: '1.9.1.1', put: '1.9.1.2', move: '1.9.1.4' } as const;

/** Damage modifiers of the receiving card: Resist lowers damage dealt, never damage put or moved. */
export function modify(t: T, ev: DamageEvent): DamageEvent {
  const resist = t.about(ev.target).resist;
  if (resist === 0) return ev;
  if (ev.verb !== 'deal') {
    t.trace.add('lorcana.damage.resist-ignored', '8.8', { target: ev.target, resist, verb: ev.verb });
    return ev;
  }
  const amount = Math.max(0, ev.amount - resist);
  t.trace.add('lorcana.damage.resist', '8.8', { target: ev.target, resist, before: ev.amount, after: amount });
  return { ...ev, amount };
}

export interface Replaced {
  /** The event that really happens; absent when it was prevented. */
  readonly event?: DamageEvent;
  readonly replaced: boolean;
}

/**
 * Rewrites an event with the replacement effects that apply to it: self-replacements first (6.5.6),
 * then the others in the order the affected player listed them, each at most once (6.5). `own`
 * says the event comes from the ability that carries the self-replacements. `mode` says which
 * order applies (see the top of this file); it is stated once, before the first replacement.
 */
export function replace(t: T, ev: DamageEvent, rs: readonly Replacement[], own: boolean, mode: 'effect' | 'challenge'): Replaced {
  const used = new Set<number>();
  let cur: DamageEvent | undefined = ev;
  while (cur !== undefined) {
    const now: DamageEvent = cur;
    const applies = (r: Replacement, i: number) =>
      !used.has(i) && (r.self ? own : now.verb === 'deal' && now.target === r.appliesTo);
    let i = rs.findIndex((r, k) => r.self && applies(r, k));
    if (i < 0) i = rs.findIndex((r, k) => !r.self && applies(r, k));
    const r = rs[i];
    if (r === undefined) break;
    if (used.size === 0) t.trace.add('lorcana.damage.order', mode === 'effect' ? '6.7' : '4.6.3', { mode, target: now.target });
    used.add(i);
    const cite = r.self ? '6.5.6' : '6.5';
    const who = { name: r.name, self: r.self, target: now.target };
    switch (r.effect.type) {
      case 'set-amount':
        t.trace.add('lorcana.replace.set-amount', cite, { ...who, from: now.amount, amount: r.effect.amount });
        cur = { ...now, amount: r.effect.amount };
        break;
      case 'redirect-put':
        t.trace.add('lorcana.replace.redirect-put', cite, { ...who, to: r.effect.to, amount: now.amount });
        cur = { verb: 'put', target: r.effect.to, amount: now.amount };
        break;
      case 'prevent':
        t.trace.add('lorcana.replace.prevent', cite, who);
        cur = undefined;
        break;
    }
  }
  return { ...(cur === undefined ? {} : { event: cur }), replaced: used.size > 0 };
}

/**
 * Puts the final event's counters on the table and returns the event as it landed (events of a
 * challenge land together, then `takes`). Only damage that is there can be moved, whatever amount
 * an effect asked for.
 */
export function place(t: T, ev: DamageEvent): DamageEvent {
  const target = t.card(ev.target);
  const from = ev.verb === 'move' && ev.from !== undefined ? t.card(ev.from) : undefined;
  const amount = from === undefined ? ev.amount : Math.min(ev.amount, from.damage);
  if (from !== undefined) from.damage -= amount;
  target.damage += amount;
  t.trace.add(`lorcana.damage.${ev.verb}`, VERB_RULE[ev.verb], {
    target: ev.target,
    amount,
    damage: target.damage,
    ...(ev.from === undefined ? {} : { from: ev.from }),
  });
  return { ...ev, amount };
}

/**
 * 1.9.3: only counters actually placed mean the card took damage, and then all its "takes damage"
 * abilities trigger, whether the damage was dealt, put or moved; one printed "is dealt damage"
 * reads as "takes damage" too. "Deals damage" abilities of the card whose damage this was trigger
 * only if the event was still damage it dealt (not counters put instead) and not reduced to 0.
 */
export function takes(t: T, ev: DamageEvent): void {
  if (ev.amount === 0) {
    t.trace.add('lorcana.damage.no-counters', '1.9.3', { target: ev.target, verb: ev.verb });
    return;
  }
  t.trace.add('lorcana.damage.takes', '1.9.3', { target: ev.target, amount: ev.amount, verb: ev.verb });
  const info = t.about(ev.target);
  for (const a of info.onDamage) {
    if (a.wording === 'dealt' && ev.verb !== 'deal') t.trace.add('lorcana.damage.reads-as-takes', '1.9.3', { ability: a.name, target: ev.target, verb: ev.verb });
    t.bag({ ability: a.name, card: ev.target, player: info.owner, effect: 'none' });
  }
  if (ev.verb === 'deal' && ev.by !== undefined) {
    const by = t.about(ev.by);
    for (const ability of by.onDeals) {
      t.trace.add('lorcana.damage.deals', '4.6.3', { ability, name: ev.by, target: ev.target, amount: ev.amount });
      t.bag({ ability, card: ev.by, player: by.owner, effect: 'none' });
    }
  }
}
