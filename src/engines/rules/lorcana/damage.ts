// One damage event, from its amount to the counters it leaves and the abilities they set off.
//
// The order, from Comprehensive Rules v2.3.0 (the same since v2.1.0): the damage is calculated
// first, base damage and then damage modifiers (1.9.4.1–1.9.4.2), Resist among them (8.8.1), for an
// effect at 6.7.2.2 and in a challenge at 4.6.6.1. Replacement effects come after that, while the
// effect's instructions are carried out (6.7.2.3) or as the challenge damage is dealt (4.6.6.2),
// and apply to the event as calculated (6.5.7). So Resist is never one of the replacement effects a
// player orders, and a replacement that puts counters instead (Beast) puts as many as were left
// after Resist. (v2.0.1 had the opposite order for effects: replacements at its 6.7.2.2, the
// calculation at its 6.7.2.3.) The final event's verb decides what happens (deal, put, move) and
// every counter that lands means the card took damage (1.9.3).
//
// Two readings the rules do not settle, each said at its step and in docs/simulators.md (要確認):
// - a replacement that sets a new amount of damage to deal ("deal 2 instead") gives an amount that
//   the receiver's Resist reduces in turn (8.8.1: it reduces any damage that would be dealt to it),
//   although the rules calculate the damage only once, before replacement effects;
// - a replacement for damage a card "would be dealt" still applies when modifiers left 0: the card
//   is still dealt that damage, it only takes none (1.9.5).
import type { Replacement, Table } from './model';

export interface DamageEvent {
  readonly verb: 'deal' | 'put' | 'move';
  readonly target: string;
  readonly amount: number;
  /** Only for `move`: the card the counters come off. */
  readonly from?: string;
  /** The card whose damage this is, in a challenge ("whenever this character deals damage"). */
  readonly by?: string;
  /** Damage modifiers brought the amount down to 0: its source still dealt damage (1.9.5). */
  readonly zeroed?: true;
}

export const DAMAGE_KEYS = [
  'lorcana.damage.base',
  'lorcana.damage.order',
  'lorcana.damage.resist',
  'lorcana.damage.resist-again',
  'lorcana.damage.resist-ignored',
  'lorcana.replace.zero-still-dealt',
  'lorcana.replace.set-amount',
  'lorcana.replace.redirect-put',
  'lorcana.replace.prevent',
  'lorcana.damage.deal',
  'lorcana.damage.put',
  'lorcana.damage.move',
  'lorcana.damage.takes',
  'lorcana.damage.reads-as-takes',
  'lorcana.damage.deals',
  'lorcana.damage.deals-zero',
  'lorcana.damage.no-counters',
] as const;
export type DamageKey = (typeof DAMAGE_KEYS)[number];

type T = Table<DamageKey>;

/** The rule of each damage verb (1.9.2.1 deal, 1.9.2.2 put, 1.9.2.4 move). */
export const VERB_RULE = { deal: '1.9.2.1', put: '1.9.2.2', move: '1.9.2.4' } as const;

/**
 * The receiving card's damage modifiers (1.9.4.2): Resist lowers damage dealt, never damage put or
 * moved (8.8.3). `again`: the amount is one a replacement effect set after the calculation.
 */
export function modify(t: T, ev: DamageEvent, again = false): DamageEvent {
  const resist = t.about(ev.target).resist;
  if (resist === 0) return ev;
  if (ev.verb !== 'deal') {
    t.trace.add('lorcana.damage.resist-ignored', '8.8.3', { target: ev.target, resist, verb: ev.verb });
    return ev;
  }
  const { zeroed: _, ...rest } = ev;
  const amount = Math.max(0, ev.amount - resist);
  t.trace.add(again ? 'lorcana.damage.resist-again' : 'lorcana.damage.resist', '8.8.1', { target: ev.target, resist, before: ev.amount, after: amount });
  return amount === 0 && ev.amount > 0 ? { ...rest, amount, zeroed: true } : { ...rest, amount };
}

export interface Replaced {
  /** The event that really happens; absent when it was prevented. */
  readonly event?: DamageEvent;
  readonly replaced: boolean;
}

/**
 * Rewrites an event with the replacement effects that apply to it: self-replacements first (6.5.6),
 * then the others in the order the affected player listed them, each at most once (6.5.7). `own`
 * says the event comes from the ability that carries the self-replacements. `mode` names the step
 * where this happens (see the top of this file); it is stated once, before the first replacement.
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
    if (used.size === 0) t.trace.add('lorcana.damage.order', mode === 'effect' ? '6.7.2.3' : '4.6.6.2', { mode, target: now.target });
    used.add(i);
    // damage left at 0 is still dealt (1.9.5), so a replacement for it still applies (要確認)
    if (!r.self && now.amount === 0) t.trace.add('lorcana.replace.zero-still-dealt', '1.9.5', { name: r.name, target: now.target });
    const cite = r.self ? '6.5.6' : '6.5.7';
    const who = { name: r.name, self: r.self, target: now.target };
    switch (r.effect.type) {
      case 'set-amount': {
        t.trace.add('lorcana.replace.set-amount', cite, { ...who, from: now.amount, amount: r.effect.amount });
        const { zeroed: _, ...rest } = now;
        const next = { ...rest, amount: r.effect.amount };
        cur = next.verb === 'deal' ? modify(t, next, true) : next;
        break;
      }
      case 'redirect-put':
        t.trace.add('lorcana.replace.redirect-put', cite, { ...who, to: r.effect.to, amount: now.amount });
        // counters put instead: the receiver's Resist does not touch them (8.8.3)
        cur = modify(t, { verb: 'put', target: r.effect.to, amount: now.amount });
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
 * The calculation and then the replacement effects (see the top of this file): what one damage
 * event becomes before anything is placed. The caller has stated the base damage.
 */
export function settle(t: T, ev: DamageEvent, rs: readonly Replacement[], own: boolean, mode: 'effect' | 'challenge'): Replaced {
  return replace(t, modify(t, ev), rs, own, mode);
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
 * abilities trigger, whether the damage was dealt, put or moved; one printed "is damaged" reads as
 * "takes damage" too (the glossary of v2.3.0). "Deals damage" abilities of the card whose damage
 * this was trigger if the event is still damage it deals (not counters put instead, 6.5.4), also
 * when modifiers brought it down to 0 (1.9.5).
 */
export function takes(t: T, ev: DamageEvent): void {
  if (ev.amount === 0) {
    t.trace.add('lorcana.damage.no-counters', ev.zeroed === true ? '1.9.5' : '1.9.3', { target: ev.target, verb: ev.verb });
  } else {
    t.trace.add('lorcana.damage.takes', '1.9.3', { target: ev.target, amount: ev.amount, verb: ev.verb });
    const info = t.about(ev.target);
    for (const a of info.onDamage) {
      if (a.wording === 'dealt' && ev.verb !== 'deal') t.trace.add('lorcana.damage.reads-as-takes', '1.9.3', { ability: a.name, target: ev.target, verb: ev.verb });
      t.bag({ ability: a.name, card: ev.target, player: info.owner, effect: 'none' });
    }
  }
  if (ev.verb !== 'deal' || ev.by === undefined || (ev.amount === 0 && ev.zeroed !== true)) return;
  const by = t.about(ev.by);
  for (const ability of by.onDeals) {
    if (ev.amount === 0) t.trace.add('lorcana.damage.deals-zero', '1.9.5', { ability, name: ev.by, target: ev.target });
    else t.trace.add('lorcana.damage.deals', '4.6.6.2', { ability, name: ev.by, target: ev.target, amount: ev.amount });
    t.bag({ ability, card: ev.by, player: by.owner, effect: 'none' });
  }
}
