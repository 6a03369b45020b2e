// Lorcana's bag (7.7): triggered abilities wait in the bag; the active player resolves theirs in
// the order they choose, then the next player in turn order, and an ability triggered while one
// resolves joins the bag, after which the active player chooses again if it is theirs.
import { defineEngine, Trace } from '../engine';
import { error, ok, type EngineError } from '../result';
import { int, list, obj, opt, str, type Infer } from '../validate';
import { nextChooser } from '../rules/lorcana/bag-order';

const MAX = 16;

export const bagSchema = obj({
  /** Number of players; player 0 is the active player, the rest follow in turn order. */
  players: int(2, 4),
  abilities: list(
    obj({
      name: str(60),
      /** Whose ability it is: they choose when it resolves. */
      player: int(0, 3),
      /** The earlier ability whose resolution triggers this one; absent: in the bag from the start. */
      parent: opt(int(0, MAX - 1)),
    }),
    MAX,
    1,
  ),
  /** The picks, in order, as positions in `abilities`; missing picks take the oldest option. */
  choices: list(int(0, MAX - 1), MAX),
});
export type BagScenario = Infer<typeof bagSchema>;

export interface BagState {
  /** Positions in `abilities`, oldest first. */
  bag: number[];
  resolved: number[];
}
export interface BagEnd {
  readonly order: readonly number[];
  /** Resolutions (0-based) where a player had several options and no pick was given. */
  readonly defaulted: readonly number[];
}

export const BAG_KEYS = ['lorcana.bag.added', 'lorcana.bag.chosen', 'lorcana.bag.done'] as const;
export type BagKey = (typeof BAG_KEYS)[number];

const fresh = (): BagState => ({ bag: [], resolved: [] });

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
    add('lorcana.bag.added', { index: i, ability: a.name, player: a.player });
  };
  s.abilities.forEach((a, i) => a.parent === undefined && enter(i));
  for (let k = 0; ; k++) {
    const entries = st.bag.map((i) => ({ i, player: s.abilities[i]!.player }));
    const chooser = nextChooser(entries, turnOrder);
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
  const { defaulted } = play(s, st, (key, params) => trace.add(key, '7.7', params));
  const end: BagEnd = { order: st.resolved, defaulted };
  return ok({ steps: trace.steps, end });
}

export const BAG_PRESETS = {
  /** The active player's two abilities come before the opponent's, in the order they pick. */
  'active-first': {
    players: 2,
    abilities: [
      { name: 'A1', player: 0 },
      { name: 'B1', player: 1 },
      { name: 'A2', player: 0 },
    ],
    choices: [2, 0, 1],
  },
  /** Resolving the opponent's ability triggers one for the active player, who chooses again at once. */
  'choice-returns': {
    players: 2,
    abilities: [
      { name: 'B1', player: 1 },
      { name: 'B2', player: 1 },
      { name: 'A1', player: 0, parent: 0 },
    ],
    choices: [0, 2, 1],
  },
  /** Seed 004 example B as seen from the bag: Cheshire Cat's ability, then Marshmallow's. */
  'marshmallow-cheshire': {
    players: 2,
    abilities: [
      { name: 'Cheshire Cat', player: 1 },
      { name: 'Marshmallow', player: 0, parent: 0 },
    ],
    choices: [],
  },
  /** With three players, the next player in turn order goes before the one after. */
  'three-players': {
    players: 3,
    abilities: [
      { name: 'C1', player: 2 },
      { name: 'B1', player: 1 },
      { name: 'C2', player: 2 },
    ],
    choices: [],
  },
} satisfies Record<string, BagScenario>;

export const bagEngine = defineEngine({
  id: 'lorcana-bag',
  queryPrefix: 'lb1',
  stepKeys: BAG_KEYS,
  schema: bagSchema,
  check,
  simulate,
  presets: BAG_PRESETS,
});

export const { validate, run, scenarioToQuery, scenarioFromQuery, presets, preset } = bagEngine;
