// Lorcana's bag (7.7.4 in Comprehensive Rules v2.3.0, as in v2.0.1): triggered abilities wait in
// the bag; the active player resolves theirs one at a time in the order they choose, and a player
// who has just resolved one goes on while they have any left (an ability of theirs added meanwhile
// included); then the bag passes to the next player in turn order who has abilities, round the
// table. An ability added for another player waits for that player's turn (7.7.6).
import { defineEngine, Trace } from '../engine';
import { error, ok, type EngineError } from '../result';
import { nextChooser } from '../rules/lorcana/bag-order';

import { bagSchema, type BagScenario } from './schema';
import { BAG_PRESETS } from './presets';
import { BAG_LINK } from './formats';

export { BAG_PRESETS };

export { bagSchema, type BagScenario };

export interface BagState {
  /** Positions in `abilities`, oldest first. */
  bag: number[];
  resolved: number[];
  /** The player resolving from the bag (absent before the first pick). */
  chooser?: number;
}
export interface BagEnd {
  readonly order: readonly number[];
  /** Resolutions (0-based) where a player had several options and no pick was given. */
  readonly defaulted: readonly number[];
}

export const BAG_KEYS = ['lorcana.bag.added', 'lorcana.bag.passes', 'lorcana.bag.chosen', 'lorcana.bag.done'] as const;
export type BagKey = (typeof BAG_KEYS)[number];

const fresh = (): BagState => ({ bag: [], resolved: [] });

/**
 * The rule each step follows: going into the bag (7.7.3.1), or waiting there for another player's
 * turn (7.7.6); every pick, pass and the end follow the order of 7.7.4 (7.7.4.1–7.7.4.5).
 */
function citeOf(key: BagKey, params: Record<string, string | number | boolean>): string {
  if (key === 'lorcana.bag.added') return params['waits'] === true ? '7.7.6' : '7.7.3.1';
  return '7.7.4';
}

/** One pass for both validation (silent) and resolution, so both read the picks the same way. */
function play(
  s: BagScenario,
  st: BagState,
  add: (key: BagKey, params: Record<string, string | number | boolean>) => void,
): { errors: EngineError[]; defaulted: number[] } {
  const turnOrder = Array.from({ length: s.players }, (_, i) => i);
  const defaulted: number[] = [];
  const enter = (i: number) => {
    st.bag.push(i);
    const a = s.abilities[i]!;
    add('lorcana.bag.added', { index: i, ability: a.name, player: a.player, waits: st.chooser !== undefined && st.chooser !== a.player });
  };
  s.abilities.forEach((a, i) => a.parent === undefined && enter(i));
  for (let k = 0; ; k++) {
    const entries = st.bag.map((i) => ({ i, player: s.abilities[i]!.player }));
    const chooser = nextChooser(entries, turnOrder, st.chooser);
    const from = st.chooser;
    // the step's state is the one after it: once the bag has passed, the new player is resolving
    if (chooser !== undefined) st.chooser = chooser;
    if (chooser !== undefined && from !== undefined && chooser !== from) add('lorcana.bag.passes', { from, player: chooser });
    if (chooser === undefined) {
      if (k < s.choices.length) return { errors: [error('too-many', 'choices', { max: k })], defaulted };
      break;
    }
    const options = entries.filter((e) => e.player === chooser).map((e) => e.i);
    const pick = s.choices[k];
    if (pick !== undefined && !st.bag.includes(pick)) {
      return { errors: [error('not-in-bag', `choices.${k}`, { index: pick })], defaulted };
    }
    if (pick !== undefined && !options.includes(pick)) {
      return { errors: [error('not-your-choice', `choices.${k}`, { chooser })], defaulted };
    }
    if (pick === undefined && options.length > 1) defaulted.push(k);
    const i = pick ?? options[0]!;
    st.bag.splice(st.bag.indexOf(i), 1);
    st.resolved.push(i);
    add('lorcana.bag.chosen', {
      index: i,
      ability: s.abilities[i]!.name,
      player: chooser,
      options: options.length,
      chosen: pick !== undefined,
    });
    s.abilities.forEach((a, j) => a.parent === i && enter(j));
  }
  add('lorcana.bag.done', { count: st.resolved.length });
  return { errors: [], defaulted };
}

function check(s: BagScenario): EngineError[] {
  const errs: EngineError[] = [];
  s.abilities.forEach((a, i) => {
    if (a.player >= s.players) errs.push(error('unknown-player', `abilities.${i}.player`, { max: s.players - 1 }));
    // an ability is triggered by one listed before it, which also rules out loops
    if (a.parent !== undefined && a.parent >= i) errs.push(error('bad-parent', `abilities.${i}.parent`));
  });
  return errs.length > 0 ? errs : play(s, fresh(), () => {}).errors;
}

function simulate(s: BagScenario) {
  const st = fresh();
  const trace = new Trace<BagState, BagKey>('lorcana', () => st);
  const { defaulted } = play(s, st, (key, params) => trace.add(key, citeOf(key, params), params));
  const end: BagEnd = { order: st.resolved, defaulted };
  return ok({ steps: trace.steps, end });
}


export const bagEngine = defineEngine({
  id: 'lorcana-bag',
  link: BAG_LINK,
  stepKeys: BAG_KEYS,
  schema: bagSchema,
  check,
  simulate,
  presets: BAG_PRESETS,
});

export const { validate, run, scenarioToQuery, scenarioFromQuery, presets, preset } = bagEngine;
