// How the enemies' scheme is shown.
import { esc } from '../../form';
import { mcCharacter, mcParams } from '../../games/mc';
import type { View } from '../../module';
import { badges } from '../../picture';
import { cap, num, type EndItem, type Item, type Tr } from '../../text';
import type { SchemeEnd, SchemeScenario, SchemeState } from '../../../engines/mc-scheme/engine';

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

/** The enemies drawn with their SCH, who is scheming now, and the threat on the main scheme. */
function picture(p: { tr: Tr }, s: SchemeScenario, st: SchemeState): string {
  const { tr } = p;
  const villainName = mcCharacter(tr, { who: 'villain', ...(s.villain.name === undefined ? {} : { name: s.villain.name }) });
  const enemy = (name: string, sch: number, confused: number, now: boolean, done: boolean, villainous: boolean) =>
    `<li class="pic-enemy${now ? ' pic-now' : ''}${done ? ' pic-done-item' : ''}"><span class="pic-name">${esc(cap(name))}</span>` +
    badges([tr('sim.mc.pic.sch', { n: num(sch) }), ...(villainous ? [tr('sim.mc.pic.villainous')] : []), ...(confused > 0 ? [tr('sim.mc.pic.confused', { n: confused })] : [])]) +
    `</li>`;
  const list = [
    enemy(villainName, st.sch, st.villainConfused, st.current === -1, st.current > -1, false),
    ...st.minions.map((m, i) => {
      const input = s.minions[i]!;
      const name = mcCharacter(tr, { who: 'minion', minion: i + 1, ...(input.name === undefined ? {} : { name: input.name }) });
      return enemy(name, m.sch, m.confused, st.current === i, m.done, input.villainous);
    }),
  ].join('');
  return (
    `<div class="pic pic-mc"><ol class="pic-enemies" aria-label="${esc(tr('sim.mc.pic.enemies'))}">${list}</ol>` +
    `<p class="pic-threat">${esc(tr('sim.mc.pic.threat', { n: num(st.threat), boost: st.boostDealt }))}</p></div>`
  );
}

export const schemeView: View<SchemeScenario, SchemeState, SchemeEnd> = {
  family: 'sim.mc.',
  params: mcParams,
  state,
  end,
  picture,
};
