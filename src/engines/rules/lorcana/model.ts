// The Lorcana table shared by the challenge and damage-event engines: card inputs, the state the
// steps show, the bag, and the game state check that banishes.
import type { Emit } from '../../engine';
import { error, type EngineError } from '../../result';
import { bool, int, join, list, obj, oneOf, opt, str, union, type Infer } from '../../validate';
import { nextChooser } from './bag-order';

export const PLAYERS = ['active', 'opponent'] as const;
export type Player = (typeof PLAYERS)[number];

const banishTrigger = obj({
  name: str(60),
  /** `challenged`: banished while being challenged; `in-challenge`: banished while a challenge is under way. */
  when: oneOf(['any', 'challenged', 'in-challenge']),
  effect: oneOf(['none', 'banish-challenger', 'return-to-hand']),
});
export type BanishTrigger = Infer<typeof banishTrigger>;

/**
 * A "whenever this character takes damage" ability. `dealt`: the card is printed "is damaged" (or
 * "was damaged"), which the glossary of Comprehensive Rules v2.3.0 reads as "takes damage", so both
 * trigger on damage dealt, put or moved onto the card. (v2.0.1's 1.9.2 read "is dealt damage" that
 * way too; v2.1.0 onwards no longer say so: 要確認 for a card printed "is dealt damage".) The value
 * keeps its name, which published links carry.
 */
export const damageTrigger = obj({ name: str(60), wording: oneOf(['takes', 'dealt']) });
export type DamageTrigger = Infer<typeof damageTrigger>;

/** Fields every card on the table has. Names identify cards, so they must be unique. */
export const cardFields = {
  name: str(40),
  willpower: int(1, 99),
  /** Damage counters already on the card. */
  damage: int(0, 99),
  /** Resist +N; 0 when it has none. */
  resist: int(0, 9),
  /** Its "whenever this takes damage" abilities. */
  onDamage: list(damageTrigger, 3),
  /** Its abilities that trigger when it is banished. */
  onBanished: list(banishTrigger, 3),
};

/** A card outside the challenge (or any card of a damage effect), e.g. Beast protecting Flounder. */
export const tableCardSchema = obj({ ...cardFields, owner: oneOf(PLAYERS) });

export const replacementSchema = obj({
  /** Label of the ability, e.g. the card it is printed on. */
  name: str(60),
  /** Part of the very ability that makes the event (6.5.6): applied before the others. */
  self: bool(),
  /** The card whose dealt damage it replaces; self-replacements apply to their own event instead. */
  appliesTo: opt(str(40)),
  effect: union('type', {
    /** "…deal N damage instead" */
    'set-amount': { amount: int(0, 20) },
    /** "…put that many damage counters on <to> instead" */
    'redirect-put': { to: str(40) },
    /** the damage is not dealt at all */
    prevent: {},
  }),
});
export type Replacement = Infer<typeof replacementSchema>;

export interface CardInfo {
  readonly name: string;
  readonly kind: 'character' | 'location';
  readonly owner: Player;
  readonly willpower: number;
  readonly resist: number;
  readonly onDamage: readonly DamageTrigger[];
  readonly onBanished: readonly BanishTrigger[];
  /** A character's "whenever this character deals damage" abilities (challenges only). */
  readonly onDeals: readonly string[];
}

export interface CardState {
  name: string;
  damage: number;
  willpower: number;
  zone: 'play' | 'discard' | 'hand';
}
export interface BagEntry {
  ability: string;
  card: string;
  player: Player;
  effect: BanishTrigger['effect'];
}
export interface LorcanaState {
  cards: CardState[];
  bag: BagEntry[];
  /** Whose turn it is to resolve from the bag, while it is being emptied. */
  resolving?: Player;
}

export const TABLE_KEYS = [
  'lorcana.bag.add',
  'lorcana.bag.pass',
  'lorcana.bag.resolve',
  'lorcana.bag.empty',
  'lorcana.gsc.banish',
  'lorcana.gsc.none',
  'lorcana.effect.banish',
  'lorcana.effect.return-to-hand',
] as const;
export type TableKey = (typeof TABLE_KEYS)[number];

type CardInput = Infer<typeof tableCardSchema> & { kind?: 'character' | 'location'; onDeals?: readonly string[] };

/** Static card data, the live state and the trace, handed to every rule helper. */
export class Table<K extends string> {
  readonly info = new Map<string, CardInfo>();
  readonly state: LorcanaState = { cards: [], bag: [] };
  /** Abilities in the order they resolved. */
  readonly resolved: BagEntry[] = [];
  constructor(
    readonly trace: Emit<K | TableKey>,
    cards: readonly CardInput[],
  ) {
    for (const c of cards) {
      this.info.set(c.name, {
        name: c.name,
        kind: c.kind ?? 'character',
        owner: c.owner,
        willpower: c.willpower,
        resist: c.resist,
        onDamage: c.onDamage,
        onBanished: c.onBanished,
        onDeals: c.onDeals ?? [],
      });
      this.state.cards.push({ name: c.name, damage: c.damage, willpower: c.willpower, zone: 'play' });
    }
  }
  card(name: string): CardState {
    return this.state.cards.find((c) => c.name === name)!;
  }
  about(name: string): CardInfo {
    return this.info.get(name)!;
  }
  bag(entry: BagEntry): void {
    this.state.bag.push(entry);
    // added while another player resolves from the bag, it waits for its own player's turn (7.7.6)
    const waits = this.state.resolving !== undefined && this.state.resolving !== entry.player;
    this.trace.add('lorcana.bag.add', waits ? '7.7.6' : '7.7.3.1', { ability: entry.ability, card: entry.card, player: entry.player, waits });
  }
  /** Leaving play wipes the damage counters (they do not follow the card anywhere). */
  leave(name: string, zone: 'discard' | 'hand'): void {
    const c = this.card(name);
    c.zone = zone;
    c.damage = 0;
  }
  /** `fires` says which of the card's banish triggers apply to how it was banished. */
  banished(name: string, fires: (t: BanishTrigger) => boolean): void {
    const info = this.about(name);
    for (const t of info.onBanished.filter(fires)) {
      this.bag({ ability: t.name, card: name, player: info.owner, effect: t.effect });
    }
  }

  /** 1.8.1.4: every card whose damage reached its willpower is banished, all at once (1.8.4). */
  gameStateCheck(fires: (card: string, t: BanishTrigger) => boolean): string[] {
    const out = this.state.cards.filter((c) => c.zone === 'play' && c.damage >= c.willpower);
    if (out.length === 0) this.trace.add('lorcana.gsc.none', '1.8.1');
    for (const c of out) {
      this.trace.add('lorcana.gsc.banish', '1.8.1.4', { name: c.name, damage: c.damage, willpower: c.willpower });
      this.leave(c.name, 'discard');
    }
    for (const c of out) this.banished(c.name, (t) => fires(c.name, t));
    return out.map((c) => c.name);
  }

  /**
   * Resolves the bag to empty in the order of 7.7.4 (bag-order.ts), each player taking their oldest
   * ability where they could pick. `effect` carries out what the ability does and may add more
   * abilities to the bag.
   */
  drainBag(effect: (e: BagEntry) => void): void {
    if (this.state.bag.length === 0) return;
    let current: Player | undefined;
    for (;;) {
      const player = nextChooser(this.state.bag, PLAYERS, current);
      if (player === undefined) break;
      const from = current;
      current = player;
      // the step's state is the one after it: once the bag has passed, the new player is resolving
      this.state.resolving = player;
      if (from !== undefined && player !== from) this.trace.add('lorcana.bag.pass', '7.7.4', { from, player });
      const options = this.state.bag.filter((b) => b.player === player).length;
      const i = this.state.bag.findIndex((b) => b.player === player);
      const [e] = this.state.bag.splice(i, 1);
      this.resolved.push(e!);
      this.trace.add('lorcana.bag.resolve', '7.7.4', { ability: e!.ability, card: e!.card, player, options });
      effect(e!);
    }
    delete this.state.resolving;
    this.trace.add('lorcana.bag.empty', '7.7.4');
  }
}

/** Card names are how replacements point at cards, so they must be unique. */
export function checkNames(named: readonly { name: string; path: string }[]): EngineError[] {
  const seen = new Set<string>();
  const errs: EngineError[] = [];
  for (const n of named) {
    if (seen.has(n.name)) errs.push(error('duplicate-name', n.path, { name: n.name }));
    seen.add(n.name);
  }
  return errs;
}

export function checkDamage(c: { damage: number; willpower: number }, path: string): EngineError[] {
  return c.damage >= c.willpower ? [error('already-banished', join(path, 'damage'), { willpower: c.willpower })] : [];
}

/**
 * Replacements must name cards on the table; a redirect moves damage to another card of the same
 * player (Beast protects "another of your characters").
 */
export function checkReplacements(
  rs: readonly Replacement[],
  owners: ReadonlyMap<string, Player>,
  selfAllowed: boolean,
): EngineError[] {
  const errs: EngineError[] = [];
  rs.forEach((r, i) => {
    const p = `replacements.${i}`;
    if (r.self && !selfAllowed) errs.push(error('self-replacement-outside-ability', `${p}.self`));
    if (r.self && r.appliesTo !== undefined) errs.push(error('not-allowed', `${p}.appliesTo`));
    if (!r.self && r.appliesTo === undefined) errs.push(error('missing-field', `${p}.appliesTo`));
    if (r.appliesTo !== undefined && !owners.has(r.appliesTo)) {
      errs.push(error('unknown-card', `${p}.appliesTo`, { name: r.appliesTo }));
    }
    if (r.effect.type !== 'redirect-put') return;
    const to = r.effect.to;
    if (!owners.has(to)) errs.push(error('unknown-card', `${p}.effect.to`, { name: to }));
    else if (r.appliesTo === to) errs.push(error('same-card', `${p}.effect.to`));
    else if (r.appliesTo !== undefined && owners.has(r.appliesTo) && owners.get(r.appliesTo) !== owners.get(to)) {
      errs.push(error('not-same-owner', `${p}.effect.to`));
    }
  });
  return errs;
}
