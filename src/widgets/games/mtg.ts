// Magic words for the stack view. Pure: no DOM, no Astro.
import { cardName, n1, num, plain, str, type Out, type Params, type Tr } from '../text';

export const mtgPlayer = (tr: Tr, player: unknown): string => tr(`sim.mtg.player.${str(player)}`);

/** A board object as a step names it: its name, else its role (a player) or its number. */
export function boardLabel(tr: Tr, p: { kind: unknown; controller: unknown; name?: unknown; index: unknown }): string {
  if (typeof p.name === 'string') return cardName(tr, p.name);
  if (p.kind === 'player') return mtgPlayer(tr, p.controller);
  return tr('sim.mtg.object', { n: n1(p.index) });
}

/** What one part of an object did, in words: "4 damage to the non-active player". */
export function outcome(tr: Tr, does: string, amount: number, target: string | undefined): string {
  return target === undefined ? tr(`sim.mtg.does.${does}.none`, { n: num(amount) }) : tr(`sim.mtg.does.${does}`, { n: num(amount), target });
}

export function mtgParams(tr: Tr, key: string, p: Params): Out {
  const o = plain(p);
  for (const k of ['player', 'next', 'controller'] as const) if (k in p) o[k] = mtgPlayer(tr, p[k]);
  if (typeof p['name'] === 'string') o['name'] = cardName(tr, p['name']);
  if (typeof p['spell'] === 'string') o['target'] = cardName(tr, p['spell']);
  else if ('target' in p) o['target'] = boardLabel(tr, { kind: p['targetKind'], controller: p['targetController'], name: p['targetName'], index: p['target'] });
  if ('kicker' in p) o['kicker'] = tr(`sim.mtg.kicker.${str(p['kicker'])}`);
  if ('reason' in p) o['reason'] = tr(`sim.mtg.reason.${str(p['reason'])}`);
  if ('kickedOnly' in p) o['part'] = p['kickedOnly'] === true ? tr('sim.mtg.kicked-part') : '';
  if (key === 'mtg.stack.kicker-declare') {
    o['decision'] = !p['kicked']
      ? tr('sim.mtg.decision.none')
      : p['kicker'] === 'multikicker'
        ? tr('sim.mtg.decision.multi', { kickCount: num(Number(p['kickCount'])) })
        : tr('sim.mtg.decision.kick');
  }
  if (key === 'mtg.stack.copy') o['kickedNote'] = p['kicked'] ? tr('sim.mtg.kicked-note', { kickCount: num(Number(p['kickCount'])) }) : tr('sim.mtg.unkicked-note');
  if (key === 'mtg.stack.effect') {
    const target = typeof o['target'] === 'string' ? o['target'] : undefined;
    const withColor = p['does'] === 'protection' ? tr('sim.mtg.does.protection', { target: target ?? '?', color: tr(`sim.mtg.color.${str(p['color'])}`) }) : undefined;
    const amount = withColor ?? outcome(tr, str(p['does']), Number(p['amount']), target);
    o['outcome'] = p['permanent'] ? tr('sim.mtg.outcome.permanent', { amount }) : amount;
    o['kickedNote'] = p['kicked'] ? tr('sim.mtg.kicked-note', { kickCount: num(Number(p['kickCount'])) }) : '';
  }
  return o;
}
