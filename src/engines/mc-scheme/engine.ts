// Marvel Champions: the enemies' activation against a player in alter-ego form (seed 002; Rules
// Reference 1.8, SCHEME (ENEMY ACTIVATION) steps 1–3, VILLAINOUS, CONFUSE). The villain is dealt
// one boost card; what the card adds goes to SCH, and the modified SCH becomes threat on the main
// scheme. Engaged minions then scheme one by one with their own SCH; a villainous one is dealt a
// boost card as well. A confused enemy that would scheme removes its confused cards instead and places no
// threat. Advancing the main scheme is not modelled.
import { defineEngine, Trace } from '../engine';
import { error, ok, type EngineError } from '../result';
import { BOOST_KEYS, flipBoosts } from '../rules/marvel-champions/boost';
import { cancels, checkStatus, has, type Statused } from '../rules/marvel-champions/status';

import { schemeSchema, type SchemeScenario } from './schema';
import { SCHEME_PRESETS } from './presets';
import { SCHEME_LINK } from './formats';

export { SCHEME_PRESETS };

export { schemeSchema, type SchemeScenario };

export interface SchemeState {
  sch: number;
  threat: number;
  boostDealt: number;
  villainConfused: number;
  /** Stunned cards stay through a scheme. */
  villainStunned: number;
  /** Each minion's SCH as it schemes, its confused and stunned cards, and whether it has schemed yet. */
  minions: { sch: number; confused: number; stunned: number; done: boolean }[];
  /** The enemy scheming now: -1 the villain, otherwise the minion's position. */
  current: number;
}
export interface SchemeEnd {
  /** The villain's modified SCH. */
  readonly sch: number;
  readonly threat: number;
  /** Threat placed by this activation, in order: the villain first, then each minion. */
  readonly placed: readonly number[];
}

export const SCHEME_KEYS = [
  'mc.scheme.start',
  'mc.scheme.confused',
  'mc.scheme.steady',
  'mc.scheme.stunned-kept',
  'mc.scheme.boost-deal',
  'mc.scheme.minion-boost',
  'mc.scheme.boost-extra',
  'mc.scheme.threat',
  'mc.scheme.minion',
  'mc.scheme.end',
  ...BOOST_KEYS,
] as const;
export type SchemeKey = (typeof SCHEME_KEYS)[number];

/** The villain phase step in which enemies activate, and SCHEME (ENEMY ACTIVATION)'s steps 1–3 (1.8). */
const V = 'villain-phase.step-2';
const S = 'scheme-enemy-activation';

const confused = (c: Statused): boolean => has(c, 'confused');
const boostsNeeded = (s: SchemeScenario): number =>
  (confused(s.villain) ? 0 : 1 + s.extraBoostCards) + s.minions.filter((m) => m.villainous && !confused(m)).length;

function check(s: SchemeScenario): EngineError[] {
  const errs = [...checkStatus(s.villain, 'villain'), ...s.minions.flatMap((m, i) => checkStatus(m, `minions.${i}`))];
  const needed = boostsNeeded(s);
  if (s.boostCards.length < needed) errs.push(error('not-enough-boost-cards', 'boostCards', { needed, given: s.boostCards.length }));
  return errs;
}

function simulate(s: SchemeScenario) {
  const st: SchemeState = {
    sch: s.villain.sch, threat: s.threat, boostDealt: 0, villainConfused: s.villain.confused, villainStunned: s.villain.stunned, current: -1,
    minions: s.minions.map((m) => ({ sch: m.sch, confused: m.confused, stunned: m.stunned, done: false })),
  };
  const trace = new Trace<SchemeState, SchemeKey>('marvel-champions', () => st);
  const villain = s.villain.name === undefined ? {} : { name: s.villain.name };
  const placed: number[] = [];
  const place = (amount: number) => {
    const before = st.threat;
    st.threat += amount;
    placed.push(amount);
    return { sch: amount, before, threat: st.threat };
  };
  let next = 0; // the next card of the encounter deck to deal as a boost card
  const flip = (n: number, raise: (k: number) => number) => {
    flipBoosts(s.boostCards.slice(next, next + n), s.amplify, 'sch', trace, { flip: `${S}.step-2a`, star: `${S}.step-2b`, icons: `${S}.step-2c`, discard: `${S}.step-2d` }, raise);
    next += n;
  };
  /** CONFUSE (and steady): true when the enemy removes its confused cards instead of scheming. */
  // Stunned cards cancel an attack, not a scheme: they stay.
  const isConfused = (c: Statused, who: Record<string, string | number>): boolean => {
    if (!cancels(c, 'scheme', trace, who, { steady: 'mc.scheme.steady', kept: 'mc.scheme.stunned-kept' })) return false;
    trace.add('mc.scheme.confused', 'confused', { ...who, cards: c.confused });
    return true;
  };

  trace.add('mc.scheme.start', V, { ...villain, sch: st.sch, threat: st.threat });
  if (isConfused(s.villain, { who: 'villain', ...villain })) {
    st.villainConfused = 0;
    placed.push(0);
  } else {
    st.boostDealt = 1;
    trace.add('mc.scheme.boost-deal', `${S}.step-1`, { cards: 1 });
    if (s.extraBoostCards > 0) {
      st.boostDealt += s.extraBoostCards;
      trace.add('mc.scheme.boost-extra', 'boost', { cards: s.extraBoostCards, total: st.boostDealt });
    }
    flip(st.boostDealt, (n) => (st.sch += n));
    trace.add('mc.scheme.threat', `${S}.step-3`, { ...villain, ...place(st.sch) });
  }
  s.minions.forEach((m, i) => {
    st.current = i;
    const live = st.minions[i]!;
    const who = { who: 'minion', minion: i + 1, ...(m.name === undefined ? {} : { name: m.name }) };
    if (isConfused(m, who)) {
      live.confused = 0;
      live.done = true;
      placed.push(0);
      return;
    }
    if (m.villainous) {
      st.boostDealt += 1;
      trace.add('mc.scheme.minion-boost', 'keywords.villainous', who);
      flip(1, (n) => (live.sch += n));
    }
    live.done = true;
    trace.add('mc.scheme.minion', `${S}.step-3`, { minion: i + 1, ...(m.name === undefined ? {} : { name: m.name }), ...place(live.sch) });
  });
  st.current = s.minions.length;
  const total = placed.reduce((a, b) => a + b, 0);
  trace.add('mc.scheme.end', V, { threat: st.threat, placed: total });
  const end: SchemeEnd = { sch: st.sch, threat: st.threat, placed };
  return ok({ steps: trace.steps, end });
}

export const schemeEngine = defineEngine({
  id: 'mc-scheme',
  link: SCHEME_LINK,
  stepKeys: SCHEME_KEYS,
  schema: schemeSchema,
  check,
  simulate,
  presets: SCHEME_PRESETS,
});

export const { validate, run, scenarioToQuery, scenarioFromQuery, presets, preset } = schemeEngine;
