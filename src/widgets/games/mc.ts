// Marvel Champions words shared by the attack, scheme and timing views: characters by role or name,
// the step params of the `mc.*` keys, and the state lines. Pure: no DOM, no Astro.
import { cardName, n1, num, plain, str, type Out, type Params, type Tr } from '../text';

/** A Marvel Champions character: its name when given, else its role ("player 1's hero"). */
export function mcCharacter(tr: Tr, p: Params): string {
  if (typeof p['name'] === 'string') return cardName(tr, p['name']);
  const who = str(p['who']);
  if (who === 'minion' && typeof p['minion'] === 'number') return tr('sim.mc.who.minion-n', { n: num(p['minion']) });
  if (who === 'hero' || who === 'alter-ego') return tr(`sim.mc.who.${who}`, { player: n1(p['player']) });
  if (who === 'ally') return tr('sim.mc.who.ally', { player: n1(p['player']), ally: n1(p['ally']) });
  return tr(`sim.mc.who.${who}`);
}

export function mcParams(tr: Tr, key: string, p: Params): Out {
  const o = plain(p);
  if ('who' in p) o['char'] = mcCharacter(tr, p);
  for (const k of ['player', 'from', 'to'] as const) if (typeof p[k] === 'number') o[k] = n1(p[k]);
  if (key === 'mc.attack.start') o['target'] = tr(`sim.mc.target.${str(p['target'])}`, { player: n1(p['player']) });
  if ('stat' in p) o['stat'] = tr(`sim.mc.stat.${str(p['stat'])}`);
  if ('star' in p) o['star'] = tr(`sim.mc.star.${str(p['star'])}`);
  if ('trigger' in p) o['trigger'] = tr(`sim.mc.trigger.${str(p['trigger'])}`);
  if ('forced' in p) o['forced'] = tr(`sim.mc.forced.${str(p['forced'])}`);
  if (key === 'mc.scheme.confused' || key === 'mc.scheme.steady' || key === 'mc.scheme.minion-boost') return o;
  if (key.startsWith('mc.scheme.')) {
    const name = typeof p['name'] === 'string' ? cardName(tr, p['name']) : undefined;
    o['villain'] = key === 'mc.scheme.minion' ? tr('sim.mc.who.villain') : (name ?? tr('sim.mc.who.villain'));
    if (key === 'mc.scheme.minion') o['char'] = name ?? tr('sim.mc.who.minion-n', { n: num(Number(p['minion'])) });
  }
  return o;
}

/** A rung of the 1.8 chart in words: "tier 2a", 「第2段階 a」. */
export const tierLabel = (tr: Tr, tier: unknown): string => tr(`sim.timing.tier-label.${str(tier)}`);

export function timingParams(tr: Tr, _key: string, p: Params): Out {
  const o = plain(p);
  if ('kind' in p) o['kind'] = tr(`sim.timing.kind.${str(p['kind'])}`);
  if ('chooser' in p) o['chooser'] = tr(`sim.timing.chooser.${str(p['chooser'])}`);
  if ('tier' in p) o['tier'] = tierLabel(tr, p['tier']);
  if ('index' in p) {
    o['index'] = n1(p['index']);
    o['ability'] = typeof p['name'] === 'string' ? cardName(tr, p['name']) : tr('sim.timing.ability', { n: n1(p['index']) });
  }
  return o;
}

export interface McChar { hp: number; tough: boolean; exhausted?: boolean; defeated: boolean }

export function mcFlags(tr: Tr, c: McChar): string {
  const f = [
    ...(c.tough ? [tr('sim.mc.flag.tough')] : []),
    ...(c.exhausted === true ? [tr('sim.mc.flag.exhausted')] : []),
    ...(c.defeated ? [tr('sim.mc.flag.defeated')] : []),
  ];
  return f.length === 0 ? '' : tr('sim.ui.flags', { list: f.join(tr('sim.ui.sep')) });
}
export const mcLine = (tr: Tr, name: string, c: McChar): string =>
  tr('sim.mc.state.char', { name, hp: num(c.hp), flags: mcFlags(tr, c) });

