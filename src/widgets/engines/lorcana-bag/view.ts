// How the bag is shown.
import { esc } from '../../form';
import { bagParams, bagPlayer } from '../../games/lorcana';
import type { View } from '../../module';
import { cap, cardName, listOf, n1, type EndItem, type Item, type Tr } from '../../text';
import type { BagEnd, BagScenario, BagState } from '../../../engines/lorcana-bag/engine';

const bagName = (tr: Tr, s: BagScenario, i: number): string => {
  const name = s.abilities[i]?.name;
  return name === undefined ? String(i + 1) : cardName(tr, name);
};
const state = (tr: Tr, s: BagScenario, st: BagState): Item[] => [
  { id: 'bag', text: tr('sim.bag.state.bag', { list: listOf(tr, st.bag.map((i) => bagName(tr, s, i))) }) },
  { id: 'resolved', text: tr('sim.bag.state.resolved', { list: listOf(tr, st.resolved.map((i) => bagName(tr, s, i))) }) },
];
const end = (tr: Tr, s: BagScenario, e: BagEnd): EndItem[] => [
  { term: tr('sim.bag.end.order'), value: listOf(tr, e.order.map((i, k) => tr('sim.bag.end.item', { n: k + 1, ability: bagName(tr, s, i) }))) },
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
  picture: ({ tr }, s, st) => {
    const cols = Array.from({ length: s.players }, (_, p) => {
      const mine = st.bag.filter((i) => s.abilities[i]!.player === p);
      const head = st.chooser === p ? tr('sim.bag.pic.resolving', { player: bagPlayer(tr, p) }) : bagPlayer(tr, p);
      const items = mine.length === 0 ? `<li class="pic-none">${esc(tr('sim.ui.none'))}</li>` : mine.map((i) => `<li>${esc(bagName(tr, s, i))}</li>`).join('');
      return `<div class="pic-bag-col pic-p${Math.min(p, 1)}${st.chooser === p ? ' pic-resolving' : ''}"><p class="pic-k">${esc(cap(head))}</p><ul>${items}</ul></div>`;
    }).join('');
    const done = st.resolved.map((i) => `<li>${esc(bagName(tr, s, i))}</li>`).join('');
    return (
      `<div class="pic pic-lorcana"><div class="pic-bag"><p class="pic-k">${esc(tr('sim.bag.pic.bag'))}</p><div class="pic-bag-cols">${cols}</div></div>` +
      `<div class="pic-done"><p class="pic-k">${esc(tr('sim.bag.pic.resolved'))}</p>${done === '' ? `<p class="pic-none">${esc(tr('sim.ui.none'))}</p>` : `<ol>${done}</ol>`}</div></div>`
    );
  },
};
