// Disney Lorcana words shared by the challenge, damage and bag views. Pure: no DOM, no Astro.
import type { CardState } from '../../engines/rules/lorcana/model';
import type { DamageEvent } from '../../engines/rules/lorcana/damage';
import { listOf, n1, num, plain, signed, str, type EndItem, type Out, type Params, type Tr } from '../text';

export function lorcanaParams(tr: Tr, key: string, p: Params): Out {
  const o = plain(p);
  if (typeof p['player'] === 'string') o['player'] = tr(`sim.lorcana.player.${p['player']}`);
  if (key === 'lorcana.challenge.declare') o['kind'] = tr(`sim.lorcana.kind.${str(p['kind'])}`);
  for (const k of ['modifiers', 'modifier'] as const) if (typeof p[k] === 'number') o[k] = signed(p[k]);
  if ('self' in p) o['self'] = tr(`sim.lorcana.self.${str(p['self'])}`);
  if ('inChallenge' in p) o['inChallenge'] = tr(`sim.lorcana.in-challenge.${str(p['inChallenge'])}`);
  if (key === 'lorcana.effect.start') {
    o['source'] = typeof p['source'] === 'string' ? p['source'] : tr('sim.lorcana.an-effect');
    o['action'] = tr(`sim.lorcana.action.${str(p['verb'])}`, {
      amount: num(Number(p['amount'])),
      target: str(p['target']),
      from: typeof p['from'] === 'string' ? p['from'] : '?',
    });
  } else if ('verb' in p) o['verb'] = tr(`sim.lorcana.verb.${str(p['verb'])}`);
  if (key === 'lorcana.damage.move' && typeof p['from'] !== 'string') o['from'] = '?';
  return o;
}

export const bagPlayer = (tr: Tr, player: unknown): string =>
  player === 0 ? tr('sim.bag.player.active') : tr('sim.bag.player.other', { n: n1(player) });

export function bagParams(tr: Tr, _key: string, p: Params): Out {
  const o = plain(p);
  if ('player' in p) o['player'] = bagPlayer(tr, p['player']);
  if ('index' in p) o['index'] = n1(p['index']);
  if ('chosen' in p) {
    const options = Number(p['options']);
    o['chosen'] = options === 1 ? tr('sim.bag.chosen.only') : tr(`sim.bag.chosen.${str(p['chosen'])}`, { options: num(options) });
  }
  return o;
}

export function cardLine(tr: Tr, c: CardState): string {
  if (c.zone === 'discard') return tr('sim.lorcana.state.banished', { name: c.name });
  if (c.zone === 'hand') return tr('sim.lorcana.state.hand', { name: c.name });
  return tr('sim.lorcana.state.card', { name: c.name, damage: num(c.damage), willpower: num(c.willpower) });
}

export const eventText = (tr: Tr, e: DamageEvent): string =>
  tr(`sim.lorcana.end.event.${e.verb}`, { amount: num(e.amount), target: e.target, from: e.from ?? '?' });

export function lorcanaEnd(tr: Tr, e: { cards: readonly CardState[]; banished: readonly string[]; resolved: readonly { ability: string }[] }): EndItem[] {
  return [
    { term: tr('sim.lorcana.end.cards'), value: listOf(tr, e.cards.map((c) => cardLine(tr, c))) },
    { term: tr('sim.lorcana.end.banished'), value: listOf(tr, [...e.banished]) },
    { term: tr('sim.lorcana.end.resolved'), value: listOf(tr, e.resolved.map((r) => r.ability)) },
  ];
}
