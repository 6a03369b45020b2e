// How the enemy attack is shown: its numbers per step, the end state and the picture.
import { esc } from '../../form';
import { mcCharacter, mcLine, mcParams } from '../../games/mc';
import type { View } from '../../module';
import { badges, bar } from '../../picture';
import { cap, listOf, num, type EndItem, type Item, type Tr } from '../../text';
import type { CharacterState } from '../../../engines/rules/marvel-champions/characters';
import type { AttackEnd, AttackScenario, AttackState } from '../../../engines/mc-attack/engine';

const attackerName = (tr: Tr, s: AttackScenario): string =>
  mcCharacter(tr, { who: s.attacker.kind, ...(s.attacker.name === undefined ? {} : { name: s.attacker.name }) });
function identityName(tr: Tr, s: AttackScenario, player: number): string {
  const id = s.players[player]?.identity;
  return mcCharacter(tr, { who: id?.form ?? 'hero', player, ...(id?.name === undefined ? {} : { name: id.name }) });
}
function allyName(tr: Tr, s: AttackScenario, player: number, ally: number): string {
  const a = s.players[player]?.allies[ally];
  return mcCharacter(tr, { who: 'ally', player, ally, ...(a?.name === undefined ? {} : { name: a.name }) });
}

function state(tr: Tr, s: AttackScenario, st: AttackState): Item[] {
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

function end(tr: Tr, s: AttackScenario, e: AttackEnd): EndItem[] {
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
    { term: tr('sim.mc.end.defeated'), value: listOf(tr, defeated) },
    { term: tr('sim.mc.end.after'), value: listOf(tr, triggers) },
  ];
}

/** One character of the picture: name, its numbers and flags, its hit points as a bar. */
function side(tr: Tr, name: string, c: CharacterState, maxHp: number, extra: string[], cls: string): string {
  const flags = [
    ...extra,
    ...(c.tough ? [tr('sim.mc.flag.tough')] : []),
    ...(c.exhausted ? [tr('sim.mc.flag.exhausted')] : []),
    ...(c.defeated ? [tr('sim.mc.flag.defeated')] : []),
  ];
  return (
    `<div class="pic-side ${cls}"><span class="pic-name">${esc(cap(name))}</span>${badges(flags)}` +
    `<span class="pic-hp">${esc(tr('sim.mc.pic.hp', { hp: num(c.hp), max: num(maxHp) }))}</span>${bar(c.hp, maxHp)}</div>`
  );
}

/** The attack drawn: attacker → the character it hits, with ATK, boost icons, DEF, tough, damage and hit points. */
function picture(p: { tr: Tr }, s: AttackScenario, st: AttackState): string {
  const { tr } = p;
  const a = s.attacker;
  const enemyFlags = [
    tr('sim.mc.pic.atk', { n: num(st.atk) }),
    ...(a.piercing ? [tr('sim.mc.pic.piercing')] : []),
    ...(a.ranged ? [tr('sim.mc.pic.ranged')] : []),
    ...(a.overkill ? [tr('sim.mc.pic.overkill')] : []),
    ...(st.attacker.stunned > 0 ? [tr('sim.mc.pic.stunned', { n: st.attacker.stunned })] : []),
  ];
  const enemy = side(tr, attackerName(tr, s), { ...st.attacker, exhausted: false }, a.hp, enemyFlags, 'pic-enemy');
  const boosts = st.boosts.length === 0 && st.boostDealt === 0 ? ''
    : `<p class="pic-boosts">${esc(tr('sim.mc.pic.boosts', { dealt: st.boostDealt, list: st.boosts.length === 0 ? tr('sim.mc.pic.facedown') : st.boosts.map((n) => `+${n}`).join(' ') }))}</p>`;
  const hit = st.defender ?? { player: s.target.player, ...(s.target.ally === undefined ? {} : { ally: s.target.ally }) };
  const live = st.players[hit.player];
  const who = hit.ally === undefined ? live?.identity : live?.allies[hit.ally];
  const input = s.players[hit.player];
  const max = hit.ally === undefined ? (input?.identity.hp ?? 1) : (input?.allies[hit.ally]?.hp ?? 1);
  const name = hit.ally === undefined ? identityName(tr, s, hit.player) : allyName(tr, s, hit.player, hit.ally);
  const def = st.defender !== undefined && st.defender.ally === undefined ? [tr('sim.mc.pic.def', { n: num(input?.identity.def ?? 0) })] : [];
  const role = st.defender !== undefined ? [tr('sim.mc.pic.defending')] : [];
  const target = who === undefined ? '' : side(tr, name, who, max, [...role, ...def], 'pic-target');
  const arrow = st.stunned
    ? tr('sim.mc.pic.no-attack')
    : st.damage === undefined ? tr('sim.mc.pic.attacks') : tr('sim.mc.pic.damage', { n: num(st.damage) });
  const others = st.players.flatMap((pl, i) => [
    ...(i === hit.player && hit.ally === undefined ? [] : [`<li>${esc(cap(mcLine(tr, identityName(tr, s, i), pl.identity)))}</li>`]),
    ...pl.allies.flatMap((x, j) => (i === hit.player && hit.ally === j ? [] : [`<li>${esc(cap(mcLine(tr, allyName(tr, s, i, j), x)))}</li>`])),
  ]);
  return (
    `<div class="pic pic-mc"><div class="pic-duel">${enemy}<p class="pic-arrow"><span aria-hidden="true">→</span> ${esc(arrow)}</p>${target}</div>` +
    boosts + (others.length === 0 ? '' : `<ul class="pic-others" aria-label="${esc(tr('sim.mc.pic.others'))}">${others.join('')}</ul>`) + `</div>`
  );
}

export const attackView: View<AttackScenario, AttackState, AttackEnd> = {
  family: 'sim.mc.',
  params: mcParams,
  indexFields: ['target.player', 'target.ally', 'defender.player', 'defender.ally'],
  state,
  end,
  picture,
};
