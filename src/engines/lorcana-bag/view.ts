// How the bag is shown.
import { bagParams, bagPlayer } from '../../widgets/games/lorcana';
import type { View } from '../../widgets/module';
import { listOf, n1, type EndItem, type Item, type Tr } from '../../widgets/text';
import type { BagEnd, BagScenario, BagState } from './engine';

const bagName = (s: BagScenario, i: number): string => s.abilities[i]?.name ?? String(i + 1);
const state = (tr: Tr, s: BagScenario, st: BagState): Item[] => [
  { id: 'bag', text: tr('sim.bag.state.bag', { list: listOf(tr, st.bag.map((i) => bagName(s, i))) }) },
  { id: 'resolved', text: tr('sim.bag.state.resolved', { list: listOf(tr, st.resolved.map((i) => bagName(s, i))) }) },
];
const end = (tr: Tr, s: BagScenario, e: BagEnd): EndItem[] => [
  { term: tr('sim.bag.end.order'), value: listOf(tr, e.order.map((i, k) => tr('sim.bag.end.item', { n: k + 1, ability: bagName(s, i) }))) },
  { term: tr('sim.bag.end.defaulted'), value: listOf(tr, e.defaulted.map((k) => tr('sim.bag.end.pick', { n: k + 1 }))) },
];

export const bagView: View<BagScenario, BagState, BagEnd> = {
  family: 'sim.bag.',
  params: bagParams,
  indexFields: ['abilities.player', 'abilities.parent', 'choices'],
  errorParams: (tr, e, o) => {
    const d = e.detail ?? {};
    if ('chooser' in d) o['chooser'] = bagPlayer(tr, d['chooser']);
    if (e.code === 'not-in-bag') o['index'] = n1(d['index']);
    if (e.code === 'unknown-player') o['max'] = n1(d['max']);
  },
  state,
  end,
  picture: () => '',
};
