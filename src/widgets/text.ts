// Turns an engine's step (key + raw params) and its errors into sentences. Engines hold no prose and
// their params are values (0-based indices, enum names, booleans); this is where they become words,
// through a translator `tr` that the server builds from the whole dictionary and the browser from
// the few strings shipped with the widget. Pure: no DOM, no Astro.
import type { EngineError } from '../engines/result';
import { errorKey, schemaPath, stepKey } from './keys';

export type Params = Readonly<Record<string, string | number | boolean>>;
export type TrParams = Readonly<Record<string, string | number>>;
/** Fills the template of `key` with `params`. */
export type Tr = (key: string, params?: TrParams) => string;
type Out = Record<string, string | number>;

/** A reader counts from 1. */
const n1 = (v: unknown): number => (typeof v === 'number' ? v + 1 : 0);
/** Negative numbers with a real minus sign. */
export const num = (n: number): string => (n < 0 ? `−${-n}` : String(n));
const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);
const str = (v: unknown): string => String(v);

/** Numbers and text as they are; booleans are left for the family to put into words. */
function plain(p: Params): Out {
  const o: Out = {};
  for (const [k, v] of Object.entries(p)) if (typeof v !== 'boolean') o[k] = typeof v === 'number' ? num(v) : v;
  return o;
}

/** A Marvel Champions character: its name when given, else its role ("player 1's hero"). */
export function mcCharacter(tr: Tr, p: Params): string {
  if (typeof p['name'] === 'string') return p['name'];
  const who = str(p['who']);
  if (who === 'hero' || who === 'alter-ego') return tr(`sim.mc.who.${who}`, { player: n1(p['player']) });
  if (who === 'ally') return tr('sim.mc.who.ally', { player: n1(p['player']), ally: n1(p['ally']) });
  return tr(`sim.mc.who.${who}`);
}

function mc(tr: Tr, key: string, p: Params): Out {
  const o = plain(p);
  if ('who' in p) o['char'] = mcCharacter(tr, p);
  for (const k of ['player', 'from', 'to'] as const) if (typeof p[k] === 'number') o[k] = n1(p[k]);
  if (key === 'mc.attack.start') o['target'] = tr(`sim.mc.target.${str(p['target'])}`, { player: n1(p['player']) });
  if ('stat' in p) o['stat'] = tr(`sim.mc.stat.${str(p['stat'])}`);
  if ('star' in p) o['star'] = tr(`sim.mc.star.${str(p['star'])}`);
  if ('trigger' in p) o['trigger'] = tr(`sim.mc.trigger.${str(p['trigger'])}`);
  if ('forced' in p) o['forced'] = tr(`sim.mc.forced.${str(p['forced'])}`);
  if (key.startsWith('mc.scheme.')) {
    const name = typeof p['name'] === 'string' ? p['name'] : undefined;
    o['villain'] = key === 'mc.scheme.minion' ? tr('sim.mc.who.villain') : (name ?? tr('sim.mc.who.villain'));
    if (key === 'mc.scheme.minion') o['char'] = name ?? tr('sim.mc.who.minion-n', { n: num(Number(p['minion'])) });
  }
  return o;
}

function timing(tr: Tr, p: Params): Out {
  const o = plain(p);
  if ('kind' in p) o['kind'] = tr(`sim.timing.kind.${str(p['kind'])}`);
  if ('index' in p) {
    o['index'] = n1(p['index']);
    o['ability'] = typeof p['name'] === 'string' ? p['name'] : tr('sim.timing.ability', { n: n1(p['index']) });
  }
  return o;
}

function lorcana(tr: Tr, key: string, p: Params): Out {
  const o = plain(p);
  if (typeof p['player'] === 'string') o['player'] = tr(`sim.lorcana.player.${p['player']}`);
  if (key === 'lorcana.challenge.declare') o['kind'] = tr(`sim.lorcana.kind.${str(p['kind'])}`);
  for (const k of ['modifiers', 'modifier'] as const) if (typeof p[k] === 'number') o[k] = signed(p[k]);
  if ('self' in p) o['self'] = tr(`sim.lorcana.self.${str(p['self'])}`);
  if ('inChallenge' in p) o['inChallenge'] = tr(`sim.lorcana.in-challenge.${str(p['inChallenge'])}`);
  if (key === 'lorcana.effect.start') {
    o['source'] = typeof p['source'] === 'string' ? p['source'] : tr('sim.lorcana.an-effect');
    o['action'] = tr(`sim.lorcana.action.${str(p['verb'])}`, {
      amount: num(Number(p['amount'])),
      target: str(p['target']),
      from: typeof p['from'] === 'string' ? p['from'] : '?',
    });
  } else if ('verb' in p) o['verb'] = tr(`sim.lorcana.verb.${str(p['verb'])}`);
  if (key === 'lorcana.damage.move' && typeof p['from'] !== 'string') o['from'] = '?';
  return o;
}

export const bagPlayer = (tr: Tr, player: unknown): string =>
  player === 0 ? tr('sim.bag.player.active') : tr('sim.bag.player.other', { n: n1(player) });

function bag(tr: Tr, p: Params): Out {
  const o = plain(p);
  if ('player' in p) o['player'] = bagPlayer(tr, p['player']);
  if ('index' in p) o['index'] = n1(p['index']);
  if ('chosen' in p) {
    const options = Number(p['options']);
    o['chosen'] = options === 1 ? tr('sim.bag.chosen.only') : tr(`sim.bag.chosen.${str(p['chosen'])}`, { options: num(options) });
  }
  return o;
}

export const mtgPlayer = (tr: Tr, player: unknown): string => tr(`sim.mtg.player.${str(player)}`);

function mtg(tr: Tr, key: string, p: Params): Out {
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

/** The params of a step as its template reads them. */
export function stepParams(tr: Tr, key: string, params: Params): Out {
  if (key.startsWith('mc.timing.')) return timing(tr, params);
  if (key.startsWith('mc.')) return mc(tr, key, params);
  if (key === 'lorcana.bag.added' || key === 'lorcana.bag.chosen' || key === 'lorcana.bag.done') return bag(tr, params);
  if (key.startsWith('lorcana.')) return lorcana(tr, key, params);
  if (key.startsWith('mtg.')) return mtg(tr, key, params);
  return plain(params);
}

/** Role labels ("the villain") may open a sentence or a list item. */
export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

export const stepText = (tr: Tr, step: { readonly key: string; readonly params: Params }): string =>
  cap(tr(stepKey(step.key), stepParams(tr, step.key, step.params)));

/**
 * Fields a reader sees counted from 1 (players, allies, positions in a list) although the engine
 * counts from 0. Paths are schema paths (no list indices).
 */
export const INDEX_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'mc-attack': ['target.player', 'target.ally', 'defender.player', 'defender.ally'],
  'mc-timing': ['choices.order'],
  'lorcana-bag': ['abilities.player', 'abilities.parent', 'choices'],
};
/** Number fields with only a few meanings, shown as a menu (option labels `sim.option.…`). */
export const CHOICE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'mtg-stack': ['actions.player'],
};
export const isIndexField = (engine: string, path: string): boolean =>
  (INDEX_FIELDS[engine] ?? []).includes(schemaPath(path));
export const isChoiceField = (engine: string, path: string): boolean =>
  (CHOICE_FIELDS[engine] ?? []).includes(schemaPath(path));

/** The message for one error, in the reader's terms (counted from 1, players by role). */
export function errorText(tr: Tr, engine: string, e: EngineError): string {
  const d = e.detail ?? {};
  const o: Out = {};
  for (const [k, v] of Object.entries(d)) o[k] = typeof v === 'number' ? num(v) : v;
  let code: string = e.code;
  if (typeof d['reason'] === 'string') o['reason'] = tr(`sim.reason.${d['reason']}`);
  if (e.field !== undefined && isIndexField(engine, e.field)) {
    if (code === 'negative-number') code = 'too-small';
    if (typeof d['min'] === 'number') o['min'] = d['min'] + 1;
    if (typeof d['max'] === 'number') o['max'] = d['max'] + 1;
  }
  if ('priority' in d) o['priority'] = mtgPlayer(tr, d['priority']);
  if ('chooser' in d) o['chooser'] = bagPlayer(tr, d['chooser']);
  if (code === 'not-in-bag') o['index'] = n1(d['index']);
  if (engine === 'lorcana-bag' && code === 'unknown-player') o['max'] = n1(d['max']);
  return tr(errorKey(code), o);
}
