// How a Lorcana challenge is shown.
import { eventText, lorcanaEnd, lorcanaParams, lorcanaPicture, lorcanaState } from '../../games/lorcana';
import type { View } from '../../module';
import { cardName, listOf, num, type EndItem, type Item, type Tr } from '../../text';
import type { Player } from '../../../engines/rules/lorcana/model';
import type { ChallengeEnd, ChallengeScenario, ChallengeState } from '../../../engines/lorcana-challenge/engine';


function state(tr: Tr, s: ChallengeScenario, st: ChallengeState): Item[] {
  const strength = [{ id: 'sc', text: tr('sim.lorcana.state.strength', { name: cardName(tr, s.challenger.name), n: num(st.strength.challenger) }) }];
  if (s.defender.kind === 'character') {
    strength.push({ id: 'sd', text: tr('sim.lorcana.state.strength', { name: cardName(tr, s.defender.name), n: num(st.strength.defender) }) });
  }
  return [...strength, ...lorcanaState(tr, st)];
}

const end = (tr: Tr, s: ChallengeScenario, e: ChallengeEnd): EndItem[] => [
  {
    term: tr('sim.lorcana.end.strength'),
    value: listOf(tr, [
      tr('sim.lorcana.state.strength', { name: cardName(tr, s.challenger.name), n: num(e.strength.challenger) }),
      ...(s.defender.kind === 'character' ? [tr('sim.lorcana.state.strength', { name: cardName(tr, s.defender.name), n: num(e.strength.defender) })] : []),
    ]),
  },
  { term: tr('sim.lorcana.end.events'), value: listOf(tr, e.events.map((ev) => eventText(tr, ev))) },
  ...lorcanaEnd(tr, e),
];

export const challengeView: View<ChallengeScenario, ChallengeState, ChallengeEnd> = {
  family: 'sim.lorcana.',
  params: lorcanaParams,
  state,
  end,
  picture: ({ tr }, s, st) => {
    const owners = new Map<string, Player>([[s.challenger.name, 'active'], [s.defender.name, 'opponent'], ...s.others.map((o) => [o.name, o.owner] as const)]);
    const strength = new Map([[s.challenger.name, st.strength.challenger], ...(s.defender.kind === 'character' ? [[s.defender.name, st.strength.defender] as const] : [])]);
    return lorcanaPicture(tr, st, owners, strength);
  },
};
