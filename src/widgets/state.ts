// The numbers beside each step and the end state, in words. Each engine's state has its own shape;
// this reads it (with the scenario, for names) into short labelled items. Pure: no DOM, no Astro.
import type {
  AttackEnd,
  AttackScenario,
  AttackState,
  BagEnd,
  BagScenario,
  ChallengeEnd,
  ChallengeScenario,
  ChallengeState,
  DamageEventEnd,
  LorcanaState,
  SchemeEnd,
  SchemeState,
  StackEnd,
  StackState,
  TiersEnd,
  TiersScenario,
  TiersState,
} from '../engines/index';
import type { BagState } from '../engines/timing/lorcana-bag';
import type { StackObject } from '../engines/timing/mtg-stack';
import type { CardState } from '../engines/lorcana/model';
import type { DamageEvent } from '../engines/lorcana/damage';
import { mcCharacter, mtgPlayer, num, type Tr } from './text';

/** One number (or a few) in the state; `id` is stable across steps so changes can be marked. */
export interface Item {
  readonly id: string;
  readonly text: string;
}
/** One line of the end state. */
export interface EndItem {
  readonly term: string;
  readonly value: string;
}

const list = (tr: Tr, xs: readonly string[]): string => (xs.length === 0 ? tr('sim.ui.none') : xs.join(tr('sim.ui.sep')));

// ── Marvel Champions ─────────────────────────────────────────────────────────

interface McChar { hp: number; tough: boolean; exhausted?: boolean; defeated: boolean }

function mcFlags(tr: Tr, c: McChar): string {
  const f = [
    ...(c.tough ? [tr('sim.mc.flag.tough')] : []),
    ...(c.exhausted ? [tr('sim.mc.flag.exhausted')] : []),
    ...(c.defeated ? [tr('sim.mc.flag.defeated')] : []),
  ];
  return f.length === 0 ? '' : tr('sim.ui.flags', { list: f.join(tr('sim.ui.sep')) });
}
const mcLine = (tr: Tr, name: string, c: McChar) => tr('sim.mc.state.char', { name, hp: num(c.hp), flags: mcFlags(tr, c) });

function attackerName(tr: Tr, s: AttackScenario): string {
  return mcCharacter(tr, { who: s.attacker.kind, ...(s.attacker.name === undefined ? {} : { name: s.attacker.name }) });
}
function identityName(tr: Tr, s: AttackScenario, player: number): string {
  const id = s.players[player]?.identity;
  return mcCharacter(tr, { who: id?.form ?? 'hero', player, ...(id?.name === undefined ? {} : { name: id.name }) });
}
function allyName(tr: Tr, s: AttackScenario, player: number, ally: number): string {
  const a = s.players[player]?.allies[ally];
  return mcCharacter(tr, { who: 'ally', player, ally, ...(a?.name === undefined ? {} : { name: a.name }) });
}

function attackState(tr: Tr, s: AttackScenario, st: AttackState): Item[] {
  const items: Item[] = [
    { id: 'atk', text: tr('sim.mc.state.atk', { n: num(st.atk) }) },
    { id: 'boost', text: tr('sim.mc.state.boost', { n: num(st.boostDealt) }) },
  ];
  if (s.players.length > 1) items.push({ id: 'target', text: tr('sim.mc.state.target', { player: st.targetPlayer + 1 }) });
  items.push({ id: 'attacker', text: mcLine(tr, attackerName(tr, s), st.attacker) });
  st.players.forEach((p, i) => {
    items.push({ id: `p${i}`, text: mcLine(tr, identityName(tr, s, i), p.identity) });
    p.allies.forEach((a, j) => items.push({ id: `p${i}a${j}`, text: mcLine(tr, allyName(tr, s, i, j), a) }));
  });
  return items;
}

function attackEnd(tr: Tr, s: AttackScenario, e: AttackEnd): EndItem[] {
  const a = e.attacked;
  const defeated: string[] = [];
  if (e.final.attacker.defeated) defeated.push(attackerName(tr, s));
  e.final.players.forEach((p, i) => {
    if (p.identity.defeated) defeated.push(identityName(tr, s, i));
    p.allies.forEach((x, j) => x.defeated && defeated.push(allyName(tr, s, i, j)));
  });
  const triggers = e.triggers.map((t) => (t.type === 'retaliate' ? tr('sim.mc.end.retaliate') : tr(`sim.mc.end.${t.type}`, { name: t.name })));
  return [
    { term: tr('sim.mc.end.atk'), value: num(e.atk) },
    { term: tr('sim.mc.end.attacked'), value: a.ally === undefined ? identityName(tr, s, a.player) : allyName(tr, s, a.player, a.ally) },
    { term: tr('sim.mc.end.hp-lost'), value: num(e.hpLost) },
    { term: tr('sim.mc.end.defeated'), value: list(tr, defeated) },
    { term: tr('sim.mc.end.after'), value: list(tr, triggers) },
  ];
}

const schemeState = (tr: Tr, st: SchemeState): Item[] => [
  { id: 'sch', text: tr('sim.mc.state.sch', { n: num(st.sch) }) },
  { id: 'boost', text: tr('sim.mc.state.boost', { n: num(st.boostDealt) }) },
  { id: 'threat', text: tr('sim.mc.state.threat', { n: num(st.threat) }) },
];
const schemeEnd = (tr: Tr, e: SchemeEnd): EndItem[] => [
  { term: tr('sim.mc.end.sch'), value: num(e.sch) },
  {
    term: tr('sim.mc.end.placed'),
    value: e.placed.length === 1 ? num(e.placed[0] ?? 0) : `${e.placed.map(num).join(' + ')} = ${num(e.placed.reduce((x, y) => x + y, 0))}`,
  },
  { term: tr('sim.mc.end.threat'), value: num(e.threat) },
];

// ── Marvel Champions timing ──────────────────────────────────────────────────

const abilityName = (tr: Tr, s: TiersScenario, i: number): string =>
  s.abilities[i]?.name ?? tr('sim.timing.ability', { n: i + 1 });

function tiersState(tr: Tr, s: TiersScenario, st: TiersState): Item[] {
  return [
    ...(st.tier > 0 ? [{ id: 'tier', text: tr('sim.timing.state.tier', { tier: st.tier }) }] : []),
    { id: 'resolved', text: tr('sim.timing.state.resolved', { list: list(tr, st.resolved.map((i) => abilityName(tr, s, i))) }) },
  ];
}
const tiersEnd = (tr: Tr, s: TiersScenario, e: TiersEnd): EndItem[] => [
  {
    term: tr('sim.timing.end.order'),
    value: list(tr, e.order.map((o, k) => tr('sim.timing.end.item', { n: k + 1, ability: abilityName(tr, s, o.index), tier: o.tier }))),
  },
  { term: tr('sim.timing.end.choice'), value: list(tr, e.needsChoice.map((t) => tr('sim.timing.end.tier', { tier: t }))) },
];

// ── Lorcana ──────────────────────────────────────────────────────────────────

function cardLine(tr: Tr, c: CardState): string {
  if (c.zone === 'discard') return tr('sim.lorcana.state.banished', { name: c.name });
  if (c.zone === 'hand') return tr('sim.lorcana.state.hand', { name: c.name });
  return tr('sim.lorcana.state.card', { name: c.name, damage: num(c.damage), willpower: num(c.willpower) });
}
function lorcanaState(tr: Tr, st: LorcanaState): Item[] {
  return [
    ...st.cards.map((c, i) => ({ id: `c${i}`, text: cardLine(tr, c) })),
    { id: 'bag', text: tr('sim.lorcana.state.bag', { list: list(tr, st.bag.map((b) => b.ability)) }) },
  ];
}
function challengeState(tr: Tr, s: ChallengeScenario, st: ChallengeState): Item[] {
  const strength = [{ id: 'sc', text: tr('sim.lorcana.state.strength', { name: s.challenger.name, n: num(st.strength.challenger) }) }];
  if (s.defender.kind === 'character') {
    strength.push({ id: 'sd', text: tr('sim.lorcana.state.strength', { name: s.defender.name, n: num(st.strength.defender) }) });
  }
  return [...strength, ...lorcanaState(tr, st)];
}
const eventText = (tr: Tr, e: DamageEvent): string =>
  tr(`sim.lorcana.end.event.${e.verb}`, { amount: num(e.amount), target: e.target, from: e.from ?? '?' });

function lorcanaEnd(tr: Tr, e: { cards: readonly CardState[]; banished: readonly string[]; resolved: readonly { ability: string }[] }): EndItem[] {
  return [
    { term: tr('sim.lorcana.end.cards'), value: list(tr, e.cards.map((c) => cardLine(tr, c))) },
    { term: tr('sim.lorcana.end.banished'), value: list(tr, [...e.banished]) },
    { term: tr('sim.lorcana.end.resolved'), value: list(tr, e.resolved.map((r) => r.ability)) },
  ];
}
const challengeEnd = (tr: Tr, s: ChallengeScenario, e: ChallengeEnd): EndItem[] => [
  {
    term: tr('sim.lorcana.end.strength'),
    value: list(tr, [
      tr('sim.lorcana.state.strength', { name: s.challenger.name, n: num(e.strength.challenger) }),
      ...(s.defender.kind === 'character' ? [tr('sim.lorcana.state.strength', { name: s.defender.name, n: num(e.strength.defender) })] : []),
    ]),
  },
  { term: tr('sim.lorcana.end.events'), value: list(tr, e.events.map((ev) => eventText(tr, ev))) },
  ...lorcanaEnd(tr, e),
];
const damageEnd = (tr: Tr, e: DamageEventEnd): EndItem[] => [
  { term: tr('sim.lorcana.end.events'), value: e.event === undefined ? tr('sim.lorcana.end.prevented') : eventText(tr, e.event) },
  { term: tr('sim.lorcana.end.replaced'), value: tr(`sim.lorcana.end.replaced.${String(e.replaced)}`) },
  ...lorcanaEnd(tr, e),
];

// ── Lorcana bag ──────────────────────────────────────────────────────────────

const bagName = (s: BagScenario, i: number): string => s.abilities[i]?.name ?? String(i + 1);
const bagState = (tr: Tr, s: BagScenario, st: BagState): Item[] => [
  { id: 'bag', text: tr('sim.bag.state.bag', { list: list(tr, st.bag.map((i) => bagName(s, i))) }) },
  { id: 'resolved', text: tr('sim.bag.state.resolved', { list: list(tr, st.resolved.map((i) => bagName(s, i))) }) },
];
const bagEnd = (tr: Tr, s: BagScenario, e: BagEnd): EndItem[] => [
  { term: tr('sim.bag.end.order'), value: list(tr, e.order.map((i, k) => tr('sim.bag.end.item', { n: k + 1, ability: bagName(s, i) }))) },
  { term: tr('sim.bag.end.defaulted'), value: list(tr, e.defaulted.map((k) => tr('sim.bag.end.pick', { n: k + 1 }))) },
];

// ── Magic ────────────────────────────────────────────────────────────────────

const stackObject = (tr: Tr, o: StackObject): string =>
  tr('sim.mtg.state.object', { name: o.name, amount: tr(`sim.mtg.amount.${o.unit}`, { n: num(o.amount) }) });
function stackState(tr: Tr, st: StackState): Item[] {
  const top = [...st.stack].reverse();
  return [
    { id: 'stack', text: tr('sim.mtg.state.stack', { list: list(tr, top.map((o) => stackObject(tr, o))) }) },
    { id: 'priority', text: st.stepEnded ? tr('sim.mtg.state.step-ended') : tr('sim.mtg.state.priority', { player: mtgPlayer(tr, st.priority) }) },
    { id: 'passes', text: tr('sim.mtg.state.passes', { n: num(st.passes) }) },
  ];
}
const stackEnd = (tr: Tr, e: StackEnd): EndItem[] => [
  { term: tr('sim.mtg.end.resolved'), value: list(tr, e.resolved.map((o) => stackObject(tr, o))) },
  { term: tr('sim.mtg.end.left'), value: list(tr, [...e.stack].reverse().map((o) => stackObject(tr, o))) },
  { term: tr('sim.mtg.end.step'), value: tr(`sim.mtg.end.step.${String(e.stepEnded)}`) },
];

// ── Dispatch ─────────────────────────────────────────────────────────────────

/** The numbers once a step is done. `scenario` is the validated input the steps came from. */
export function stateItems(tr: Tr, engine: string, scenario: unknown, state: unknown): Item[] {
  switch (engine) {
    case 'mc-attack': return attackState(tr, scenario as AttackScenario, state as AttackState);
    case 'mc-scheme': return schemeState(tr, state as SchemeState);
    case 'mc-timing': return tiersState(tr, scenario as TiersScenario, state as TiersState);
    case 'lorcana-challenge': return challengeState(tr, scenario as ChallengeScenario, state as ChallengeState);
    case 'lorcana-damage': return lorcanaState(tr, state as LorcanaState);
    case 'lorcana-bag': return bagState(tr, scenario as BagScenario, state as BagState);
    case 'mtg-stack': return stackState(tr, state as StackState);
    default: return [];
  }
}

export function endItems(tr: Tr, engine: string, scenario: unknown, end: unknown): EndItem[] {
  switch (engine) {
    case 'mc-attack': return attackEnd(tr, scenario as AttackScenario, end as AttackEnd);
    case 'mc-scheme': return schemeEnd(tr, end as SchemeEnd);
    case 'mc-timing': return tiersEnd(tr, scenario as TiersScenario, end as TiersEnd);
    case 'lorcana-challenge': return challengeEnd(tr, scenario as ChallengeScenario, end as ChallengeEnd);
    case 'lorcana-damage': return damageEnd(tr, end as DamageEventEnd);
    case 'lorcana-bag': return bagEnd(tr, scenario as BagScenario, end as BagEnd);
    case 'mtg-stack': return stackEnd(tr, end as StackEnd);
    default: return [];
  }
}
