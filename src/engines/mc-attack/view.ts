// How the enemy attack is shown: its numbers per step, the end state and the picture.
import { mcCharacter, mcLine, mcParams } from '../../widgets/games/mc';
import type { View } from '../../widgets/module';
import { listOf, num, type EndItem, type Item, type Tr } from '../../widgets/text';
import type { AttackEnd, AttackScenario, AttackState } from './engine';

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

export const attackView: View<AttackScenario, AttackState, AttackEnd> = {
  family: 'sim.mc.',
  params: mcParams,
  indexFields: ['target.player', 'target.ally', 'defender.player', 'defender.ally'],
  state,
  end,
  picture: () => '',
};
