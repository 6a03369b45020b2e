// Disney Lorcana words shared by the challenge, damage and bag views. Pure: no DOM, no Astro.
import type { CardState, LorcanaState, Player } from '../../engines/rules/lorcana/model';
import { esc } from '../form';
import { bar } from '../picture';
import type { DamageEvent } from '../../engines/rules/lorcana/damage';
import { cap, cardName, listOf, n1, num, plain, signed, str, type EndItem, type Item, type Out, type Params, type Tr } from '../text';

/** Params that hold card (or ability) names given by the user. */
const NAMES = ['name', 'target', 'challenger', 'defender', 'card', 'to', 'from', 'source', 'ability'] as const;
const named = (tr: Tr, o: Out, p: Params) => {
  for (const k of NAMES) if (typeof p[k] === 'string') o[k] = cardName(tr, p[k]);
};

export function lorcanaParams(tr: Tr, key: string, p: Params): Out {
  const o = plain(p);
  named(tr, o, p);
  if (typeof p['player'] === 'string') o['player'] = tr(`sim.lorcana.player.${p['player']}`);
  if (key === 'lorcana.bag.pass') o['from'] = tr(`sim.lorcana.player.${str(p['from'])}`);
  if ('waits' in p) o['waits'] = tr(`sim.lorcana.waits.${str(p['waits'])}`);
  if (key === 'lorcana.damage.order') o['order'] = tr(`sim.lorcana.order.${str(p['mode'])}`);
  if (key === 'lorcana.challenge.declare') o['kind'] = tr(`sim.lorcana.kind.${str(p['kind'])}`);
  for (const k of ['modifiers', 'modifier'] as const) if (typeof p[k] === 'number') o[k] = signed(p[k]);
  if ('self' in p) o['self'] = tr(`sim.lorcana.self.${str(p['self'])}`);
  if ('inChallenge' in p) o['inChallenge'] = tr(`sim.lorcana.in-challenge.${str(p['inChallenge'])}`);
  if (key === 'lorcana.effect.start') {
    o['source'] = typeof p['source'] === 'string' ? p['source'] : tr('sim.lorcana.an-effect');
    o['action'] = tr(`sim.lorcana.action.${str(p['verb'])}`, {
      amount: num(Number(p['amount'])),
      target: cardName(tr, str(p['target'])),
      from: typeof p['from'] === 'string' ? cardName(tr, p['from']) : '?',
    });
  } else if ('verb' in p) o['verb'] = tr(`sim.lorcana.verb.${str(p['verb'])}`);
  if (key === 'lorcana.damage.move' && typeof p['from'] !== 'string') o['from'] = '?';
  return o;
}

export const bagPlayer = (tr: Tr, player: unknown): string =>
  player === 0 ? tr('sim.bag.player.active') : tr('sim.bag.player.other', { n: n1(player) });

export function bagParams(tr: Tr, _key: string, p: Params): Out {
  const o = plain(p);
  if (typeof p['ability'] === 'string') o['ability'] = cardName(tr, p['ability']);
  if ('player' in p) o['player'] = bagPlayer(tr, p['player']);
  if ('from' in p) o['from'] = bagPlayer(tr, p['from']);
  if ('waits' in p) o['waits'] = tr(`sim.bag.waits.${str(p['waits'])}`);
  if ('index' in p) o['index'] = n1(p['index']);
  if ('chosen' in p) {
    const options = Number(p['options']);
    o['chosen'] = options === 1 ? tr('sim.bag.chosen.only') : tr(`sim.bag.chosen.${str(p['chosen'])}`, { options: num(options) });
  }
  return o;
}

export function cardLine(tr: Tr, c: CardState): string {
  const name = cardName(tr, c.name);
  if (c.zone === 'discard') return tr('sim.lorcana.state.banished', { name });
  if (c.zone === 'hand') return tr('sim.lorcana.state.hand', { name });
  return tr('sim.lorcana.state.card', { name, damage: num(c.damage), willpower: num(c.willpower) });
}

/** The table as state items: each card, then the bag. */
export const lorcanaState = (tr: Tr, st: LorcanaState): Item[] => [
  ...st.cards.map((c, i) => ({ id: `c${i}`, text: cardLine(tr, c) })),
  { id: 'bag', text: tr('sim.lorcana.state.bag', { list: listOf(tr, st.bag.map((b) => cardName(tr, b.ability))) }) },
];

export const eventText = (tr: Tr, e: DamageEvent): string =>
  tr(`sim.lorcana.end.event.${e.verb}`, { amount: num(e.amount), target: cardName(tr, e.target), from: e.from === undefined ? '?' : cardName(tr, e.from) });

export function lorcanaEnd(tr: Tr, e: { cards: readonly CardState[]; banished: readonly string[]; resolved: readonly { ability: string }[] }): EndItem[] {
  return [
    { term: tr('sim.lorcana.end.cards'), value: listOf(tr, e.cards.map((c) => cardLine(tr, c))) },
    { term: tr('sim.lorcana.end.banished'), value: listOf(tr, e.banished.map((n) => cardName(tr, n))) },
    { term: tr('sim.lorcana.end.resolved'), value: listOf(tr, e.resolved.map((r) => cardName(tr, r.ability))) },
  ];
}

/**
 * The Lorcana table drawn: each card with its damage against its willpower (and strength in a
 * challenge), then the bag with each player's abilities, the player resolving marked.
 */
export function lorcanaPicture(tr: Tr, st: LorcanaState, owners: ReadonlyMap<string, Player>, strength?: ReadonlyMap<string, number>): string {
  const cards = st.cards
    .map((c) => {
      const owner = owners.get(c.name) ?? 'active';
      const where = c.zone === 'play' ? '' : ` pic-gone`;
      const s = strength?.get(c.name);
      const meta = [tr(`sim.lorcana.player.${owner}`), ...(s === undefined ? [] : [tr('sim.lorcana.pic.strength', { n: num(s) })])];
      const status = c.zone === 'play' ? tr('sim.lorcana.pic.damage', { damage: num(c.damage), willpower: num(c.willpower) }) : cardLine(tr, c);
      return (
        `<li class="pic-lcard pic-p${owner === 'active' ? 0 : 1}${where}"><span class="pic-name">${esc(cardName(tr, c.name))}</span>` +
        `<span class="pic-meta">${esc(meta.join(tr('sim.ui.sep')))}</span><span class="pic-dmg">${esc(status)}</span>` +
        (c.zone === 'play' ? bar(c.damage, c.willpower) : '') + `</li>`
      );
    })
    .join('');
  const cols = (['active', 'opponent'] as const)
    .map((p, i) => {
      const mine = st.bag.filter((b) => b.player === p);
      const cls = `pic-bag-col pic-p${i}${st.resolving === p ? ' pic-resolving' : ''}`;
      const items = mine.length === 0 ? `<li class="pic-none">${esc(tr('sim.ui.none'))}</li>` : mine.map((b) => `<li>${esc(cardName(tr, b.ability))}</li>`).join('');
      const head = st.resolving === p ? tr('sim.lorcana.pic.resolving', { player: tr(`sim.lorcana.player.${p}`) }) : tr(`sim.lorcana.player.${p}`);
      return `<div class="${cls}"><p class="pic-k">${esc(cap(head))}</p><ul>${items}</ul></div>`;
    })
    .join('');
  return (
    `<div class="pic pic-lorcana"><ul class="pic-cards" aria-label="${esc(tr('sim.lorcana.pic.cards'))}">${cards}</ul>` +
    `<div class="pic-bag"><p class="pic-k">${esc(tr('sim.lorcana.pic.bag'))}</p><div class="pic-bag-cols">${cols}</div></div></div>`
  );
}
