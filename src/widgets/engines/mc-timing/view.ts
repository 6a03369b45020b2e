// How simultaneous timing priority is shown.
import { esc } from '../../form';
import { tierLabel, timingParams } from '../../games/mc';
import type { View } from '../../module';
import { cardName, listOf, type EndItem, type Item, type Tr } from '../../text';
import { CHOOSER, TIER_OF, TIERS, type TiersEnd, type TiersScenario, type TiersState } from '../../../engines/mc-timing/engine';

const abilityName = (tr: Tr, s: TiersScenario, i: number): string => {
  const name = s.abilities[i]?.name;
  return name === undefined ? tr('sim.timing.ability', { n: i + 1 }) : cardName(tr, name);
};

/** The chart as a ladder, first rung at the top: the abilities on each, resolved ones numbered. */
function picture(p: { tr: Tr }, s: TiersScenario, st: TiersState): string {
  const { tr } = p;
  const rungs = TIERS.map((tier) => {
    const members = s.abilities.flatMap((a, i) => (TIER_OF[a.kind] === tier ? [i] : []));
    const items = members
      .map((i) => {
        const k = st.resolved.indexOf(i);
        const label = tr('sim.timing.pic.ability', { ability: abilityName(tr, s, i), kind: tr(`sim.timing.kind.${s.abilities[i]!.kind}`) });
        return k < 0 ? `<li class="pic-waiting">${esc(label)}</li>` : `<li class="pic-resolved">${esc(tr('sim.timing.pic.resolved', { n: k + 1, ability: label }))}</li>`;
      })
      .join('');
    const chooser = members.length > 1 ? `<span class="pic-meta">${esc(tr(`sim.timing.chooser.${CHOOSER[tier].who}`))}</span>` : '';
    const cls = `pic-rung${st.tier === tier ? ' pic-now' : ''}${members.length === 0 ? ' pic-empty-rung' : ''}`;
    return `<li class="${cls}"><span class="pic-k">${esc(tr('sim.timing.pic.rung', { tier: tierLabel(tr, tier) }))}</span> <span class="pic-meta">${esc(tr(`sim.timing.rung.${tier}`))}</span>${chooser}${items === '' ? '' : `<ul>${items}</ul>`}</li>`;
  }).join('');
  return `<div class="pic pic-mc"><ol class="pic-ladder" aria-label="${esc(tr('sim.timing.pic.ladder'))}">${rungs}</ol></div>`;
}

const state = (tr: Tr, s: TiersScenario, st: TiersState): Item[] => [
  ...(st.tier !== '' ? [{ id: 'tier', text: tr('sim.timing.state.tier', { tier: tierLabel(tr, st.tier) }) }] : []),
  { id: 'resolved', text: tr('sim.timing.state.resolved', { list: listOf(tr, st.resolved.map((i) => abilityName(tr, s, i))) }) },
];
const end = (tr: Tr, s: TiersScenario, e: TiersEnd): EndItem[] => [
  {
    term: tr('sim.timing.end.order'),
    value: listOf(tr, e.order.map((o, k) => tr('sim.timing.end.item', { n: k + 1, ability: abilityName(tr, s, o.index), tier: tierLabel(tr, o.tier) }))),
  },
  { term: tr('sim.timing.end.choice'), value: listOf(tr, e.needsChoice.map((t) => tr('sim.timing.end.tier', { tier: tierLabel(tr, t) }))) },
];

export const tiersView: View<TiersScenario, TiersState, TiersEnd> = {
  family: 'sim.timing.',
  params: timingParams,
  indexFields: ['choices.order'],
  errorParams: (tr, e, o) => {
    if (typeof e.detail?.['tier'] === 'string') o['tier'] = tierLabel(tr, e.detail['tier']);
  },
  state,
  end,
  picture,
};
