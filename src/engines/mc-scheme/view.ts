// How the enemies' scheme is shown.
import { mcParams } from '../../widgets/games/mc';
import type { View } from '../../widgets/module';
import { num, type EndItem, type Item, type Tr } from '../../widgets/text';
import type { SchemeEnd, SchemeScenario, SchemeState } from './engine';

const state = (tr: Tr, _s: SchemeScenario, st: SchemeState): Item[] => [
  { id: 'sch', text: tr('sim.mc.state.sch', { n: num(st.sch) }) },
  { id: 'boost', text: tr('sim.mc.state.boost', { n: num(st.boostDealt) }) },
  { id: 'threat', text: tr('sim.mc.state.threat', { n: num(st.threat) }) },
];
const end = (tr: Tr, _s: SchemeScenario, e: SchemeEnd): EndItem[] => [
  { term: tr('sim.mc.end.sch'), value: num(e.sch) },
  {
    term: tr('sim.mc.end.placed'),
    value: e.placed.length === 1 ? num(e.placed[0] ?? 0) : `${e.placed.map(num).join(' + ')} = ${num(e.placed.reduce((x, y) => x + y, 0))}`,
  },
  { term: tr('sim.mc.end.threat'), value: num(e.threat) },
];

export const schemeView: View<SchemeScenario, SchemeState, SchemeEnd> = {
  family: 'sim.mc.',
  params: mcParams,
  state,
  end,
  picture: () => '',
};
