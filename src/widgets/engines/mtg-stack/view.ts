// How the stack is shown: the numbers beside each step, the end state, and the picture (the stack
// as a pile of spells and abilities, top first, with who holds priority and the board below).
import { esc } from '../../form';
import { boardLabel, mtgParams, mtgPlayer, outcome } from '../../games/mtg';
import type { View } from '../../module';
import { badges } from '../../picture';
import { cardName, listOf, num, type EndItem, type Item, type Tr } from '../../text';
import type { BoardObject, Resolved, StackEnd, StackObject, StackPart, StackScenario, StackState } from '../../../engines/mtg-stack/engine';

const label = (tr: Tr, s: StackScenario, index: number): string => {
  const b = s.board[index];
  return b === undefined ? tr('sim.mtg.object', { n: index + 1 }) : boardLabel(tr, { ...b, index });
};
const partText = (tr: Tr, s: StackScenario, x: StackPart): string => {
  const target = x.target === undefined ? undefined : x.target.kind === 'spell' ? cardName(tr, x.target.name) : label(tr, s, x.target.index);
  if (x.does === 'protection') return tr('sim.mtg.does.protection', { target: target ?? '?', color: tr(`sim.mtg.color.${x.color ?? 'red'}`) });
  if (x.does === 'copy') return tr('sim.mtg.does.copy', { target: target ?? '?' });
  return outcome(tr, x.does, x.amount, target);
};
const objectText = (tr: Tr, s: StackScenario, o: StackObject): string =>
  tr('sim.mtg.state.object', { name: cardName(tr, o.name), amount: listOf(tr, o.parts.map((x) => partText(tr, s, x))) });
const resolvedText = (tr: Tr, o: Resolved): string =>
  o.outcome === 'fizzled' ? tr('sim.mtg.state.fizzled', { name: cardName(tr, o.name) }) : cardName(tr, o.name);
const boardNote = (tr: Tr, s: StackScenario, b: BoardObject): string | undefined => {
  if (!b.onBattlefield) return tr('sim.mtg.state.gone', { name: label(tr, s, b.index) });
  if (b.protection.length > 0) {
    return tr('sim.mtg.state.protected', { name: label(tr, s, b.index), colors: listOf(tr, b.protection.map((c) => tr(`sim.mtg.color.${c}`))) });
  }
  return b.oid !== b.index ? tr('sim.mtg.state.new-object', { name: label(tr, s, b.index) }) : undefined;
};

function state(tr: Tr, s: StackScenario, st: StackState): Item[] {
  const top = [...st.stack].reverse();
  return [
    { id: 'stack', text: tr('sim.mtg.state.stack', { list: listOf(tr, top.map((o) => objectText(tr, s, o))) }) },
    { id: 'priority', text: st.stepEnded ? tr('sim.mtg.state.step-ended') : tr('sim.mtg.state.priority', { player: mtgPlayer(tr, st.priority) }) },
    { id: 'passes', text: tr('sim.mtg.state.passes', { n: num(st.passes) }) },
    ...st.board.flatMap((b) => {
      const note = boardNote(tr, s, b);
      return note === undefined ? [] : [{ id: `b${b.index}`, text: note }];
    }),
  ];
}

const end = (tr: Tr, s: StackScenario, e: StackEnd): EndItem[] => [
  { term: tr('sim.mtg.end.resolved'), value: listOf(tr, e.resolved.map((o) => resolvedText(tr, o))) },
  { term: tr('sim.mtg.end.left'), value: listOf(tr, [...e.stack].reverse().map((o) => objectText(tr, s, o))) },
  { term: tr('sim.mtg.end.step'), value: tr(`sim.mtg.end.step.${String(e.stepEnded)}`) },
];

/** One card of the pile: name, controller, kind, kicked, what each part does to which target. */
function card(tr: Tr, s: StackScenario, o: StackObject, i: number): string {
  const labels = [tr(`sim.mtg.pic.kind.${o.kind}`), ...(o.kicked ? [tr('sim.mtg.pic.kicked', { n: o.kickCount })] : [])];
  return (
    `<li class="pic-card pic-p${o.controller}${i === 0 ? ' pic-top' : ''}">` +
    `<span class="pic-name">${esc(cardName(tr, o.name))}</span>` +
    `<span class="pic-meta">${esc(mtgPlayer(tr, o.controller))}</span>` +
    badges(labels) +
    `<span class="pic-does">${esc(listOf(tr, o.parts.map((x) => partText(tr, s, x))))}</span></li>`
  );
}

function picture(p: { tr: Tr }, s: StackScenario, st: StackState): string {
  const { tr } = p;
  const top = [...st.stack].reverse();
  const priority = st.stepEnded ? tr('sim.mtg.state.step-ended') : tr('sim.mtg.pic.priority', { player: mtgPlayer(tr, st.priority), passes: st.passes });
  const pile =
    top.length === 0
      ? `<p class="pic-empty">${esc(tr('sim.mtg.pic.empty'))}</p>`
      : `<ol class="pic-pile" aria-label="${esc(tr('sim.mtg.pic.pile'))}">${top.map((o, i) => card(tr, s, o, i)).join('')}</ol>`;
  const board = st.board
    .map((b) => {
      const note = boardNote(tr, s, b);
      const cls = `pic-obj pic-p${b.controller}${b.onBattlefield ? '' : ' pic-gone'}`;
      return `<li class="${cls}">${esc(note ?? label(tr, s, b.index))}</li>`;
    })
    .join('');
  return (
    `<div class="pic pic-stack"><p class="pic-priority pic-p${st.priority}">${esc(priority)}</p>${pile}` +
    (board === '' ? '' : `<ul class="pic-board" aria-label="${esc(tr('sim.mtg.pic.board'))}">${board}</ul>`) +
    `</div>`
  );
}

export const stackView: View<StackScenario, StackState, StackEnd> = {
  family: 'sim.mtg.',
  params: mtgParams,
  choiceFields: ['actions.player', 'board.controller'],
  indexFields: ['actions.targets', 'actions.sacrifice'],
  errorParams: (tr, e, o) => {
    const d = e.detail ?? {};
    if ('priority' in d) o['priority'] = mtgPlayer(tr, d['priority']);
    if (e.code === 'target-kind') o['does'] = tr(`sim.mtg.does-name.${String(d['does'])}`);
  },
  state,
  end,
  picture,
};
