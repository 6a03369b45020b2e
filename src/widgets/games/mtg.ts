// Magic words for the stack view. Pure: no DOM, no Astro.
import { num, plain, str, type Out, type Params, type Tr } from '../text';

export const mtgPlayer = (tr: Tr, player: unknown): string => tr(`sim.mtg.player.${str(player)}`);

export function mtgParams(tr: Tr, key: string, p: Params): Out {
  const o = plain(p);
  for (const k of ['player', 'next', 'controller'] as const) if (k in p) o[k] = mtgPlayer(tr, p[k]);
  if ('kicker' in p) o['kicker'] = tr(`sim.mtg.kicker.${str(p['kicker'])}`);
  if (key === 'mtg.stack.kicker-declare') {
    o['decision'] = !p['kicked']
      ? tr('sim.mtg.decision.none')
      : p['kicker'] === 'multikicker'
        ? tr('sim.mtg.decision.multi', { kickCount: num(Number(p['kickCount'])) })
        : tr('sim.mtg.decision.kick');
  }
  if (key === 'mtg.stack.effect') {
    const amount = tr(`sim.mtg.amount.${str(p['unit'])}`, { n: num(Number(p['amount'])) });
    o['outcome'] = tr(p['permanent'] ? 'sim.mtg.outcome.permanent' : 'sim.mtg.outcome.spell', { amount });
    o['kickedNote'] = p['kicked'] ? tr('sim.mtg.kicked-note', { kickCount: num(Number(p['kickCount'])) }) : '';
  }
  return o;
}
