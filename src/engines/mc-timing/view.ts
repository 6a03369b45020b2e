// How simultaneous timing priority is shown.
import { timingParams } from '../../widgets/games/mc';
import type { View } from '../../widgets/module';
import { listOf, type EndItem, type Item, type Tr } from '../../widgets/text';
import type { TiersEnd, TiersScenario, TiersState } from './engine';

const abilityName = (tr: Tr, s: TiersScenario, i: number): string =>
  s.abilities[i]?.name ?? tr('sim.timing.ability', { n: i + 1 });

const state = (tr: Tr, s: TiersScenario, st: TiersState): Item[] => [
  ...(st.tier > 0 ? [{ id: 'tier', text: tr('sim.timing.state.tier', { tier: st.tier }) }] : []),
  { id: 'resolved', text: tr('sim.timing.state.resolved', { list: listOf(tr, st.resolved.map((i) => abilityName(tr, s, i))) }) },
];
const end = (tr: Tr, s: TiersScenario, e: TiersEnd): EndItem[] => [
  {
    term: tr('sim.timing.end.order'),
    value: listOf(tr, e.order.map((o, k) => tr('sim.timing.end.item', { n: k + 1, ability: abilityName(tr, s, o.index), tier: o.tier }))),
  },
  { term: tr('sim.timing.end.choice'), value: listOf(tr, e.needsChoice.map((t) => tr('sim.timing.end.tier', { tier: t }))) },
];

export const tiersView: View<TiersScenario, TiersState, TiersEnd> = {
  family: 'sim.timing.',
  params: timingParams,
  indexFields: ['choices.order'],
  state,
  end,
  picture: () => '',
};
