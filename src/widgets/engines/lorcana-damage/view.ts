// How one Lorcana damage effect is shown.
import { eventText, lorcanaEnd, lorcanaParams, lorcanaPicture, lorcanaState } from '../../games/lorcana';
import type { View } from '../../module';
import type { EndItem, Tr } from '../../text';
import type { LorcanaState } from '../../../engines/rules/lorcana/model';
import type { DamageEventEnd, DamageEventScenario } from '../../../engines/lorcana-damage/engine';

const end = (tr: Tr, _s: DamageEventScenario, e: DamageEventEnd): EndItem[] => [
  { term: tr('sim.lorcana.end.events'), value: e.event === undefined ? tr('sim.lorcana.end.prevented') : eventText(tr, e.event) },
  { term: tr('sim.lorcana.end.replaced'), value: tr(`sim.lorcana.end.replaced.${String(e.replaced)}`) },
  ...lorcanaEnd(tr, e),
];

export const damageView: View<DamageEventScenario, LorcanaState, DamageEventEnd> = {
  family: 'sim.lorcana.',
  params: lorcanaParams,
  state: (tr, _s, st) => lorcanaState(tr, st),
  end,
  picture: ({ tr }, s, st) => lorcanaPicture(tr, st, new Map(s.cards.map((c) => [c.name, c.owner]))),
};
