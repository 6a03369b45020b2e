// How the stack is shown.
import { mtgParams, mtgPlayer } from '../../widgets/games/mtg';
import type { View } from '../../widgets/module';
import { listOf, num, type EndItem, type Item, type Tr } from '../../widgets/text';
import type { StackEnd, StackObject, StackScenario, StackState } from './engine';

const stackObject = (tr: Tr, o: StackObject): string =>
  tr('sim.mtg.state.object', { name: o.name, amount: tr(`sim.mtg.amount.${o.unit}`, { n: num(o.amount) }) });
function state(tr: Tr, _s: StackScenario, st: StackState): Item[] {
  const top = [...st.stack].reverse();
  return [
    { id: 'stack', text: tr('sim.mtg.state.stack', { list: listOf(tr, top.map((o) => stackObject(tr, o))) }) },
    { id: 'priority', text: st.stepEnded ? tr('sim.mtg.state.step-ended') : tr('sim.mtg.state.priority', { player: mtgPlayer(tr, st.priority) }) },
    { id: 'passes', text: tr('sim.mtg.state.passes', { n: num(st.passes) }) },
  ];
}
const end = (tr: Tr, _s: StackScenario, e: StackEnd): EndItem[] => [
  { term: tr('sim.mtg.end.resolved'), value: listOf(tr, e.resolved.map((o) => stackObject(tr, o))) },
  { term: tr('sim.mtg.end.left'), value: listOf(tr, [...e.stack].reverse().map((o) => stackObject(tr, o))) },
  { term: tr('sim.mtg.end.step'), value: tr(`sim.mtg.end.step.${String(e.stepEnded)}`) },
];

export const stackView: View<StackScenario, StackState, StackEnd> = {
  family: 'sim.mtg.',
  params: mtgParams,
  choiceFields: ['actions.player'],
  errorParams: (tr, e, o) => {
    const d = e.detail ?? {};
    if ('priority' in d) o['priority'] = mtgPlayer(tr, d['priority']);
  },
  state,
  end,
  picture: () => '',
};
