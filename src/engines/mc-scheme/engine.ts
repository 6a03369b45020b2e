// Marvel Champions: the enemies' activation against a player in alter-ego form (seed 002,
// "ALTER-EGO FORM: ENEMIES SCHEME"). The villain is dealt one boost card; what the card adds goes to
// SCH, and the modified SCH becomes threat on the main scheme. Engaged minions then scheme one by
// one with their own SCH and no boost card. Advancing the main scheme is not modelled.
import { defineEngine, Trace } from '../engine';
import { error, ok, type EngineError } from '../result';
import { BOOST_KEYS, flipBoosts } from '../rules/marvel-champions/boost';

import { schemeSchema, type SchemeScenario } from './schema';
import { SCHEME_PRESETS } from './presets';
import { SCHEME_LINK } from './formats';

export { SCHEME_PRESETS };

export { schemeSchema, type SchemeScenario };

export interface SchemeState {
  sch: number;
  threat: number;
  boostDealt: number;
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
  'mc.scheme.boost-deal',
  'mc.scheme.boost-extra',
  'mc.scheme.threat',
  'mc.scheme.minion',
  'mc.scheme.end',
  ...BOOST_KEYS,
] as const;
export type SchemeKey = (typeof SCHEME_KEYS)[number];

const V = 'villain-phase.step-2';

function check(s: SchemeScenario): EngineError[] {
  const needed = 1 + s.extraBoostCards;
  return s.boostCards.length < needed
    ? [error('not-enough-boost-cards', 'boostCards', { needed, given: s.boostCards.length })]
    : [];
}

function simulate(s: SchemeScenario) {
  const st: SchemeState = { sch: s.villain.sch, threat: s.threat, boostDealt: 0 };
  const trace = new Trace<SchemeState, SchemeKey>('marvel-champions', () => st);
  const villain = s.villain.name === undefined ? {} : { name: s.villain.name };

  trace.add('mc.scheme.start', V, { ...villain, sch: st.sch, threat: st.threat });
  st.boostDealt = 1;
  trace.add('mc.scheme.boost-deal', V, { cards: 1 });
  if (s.extraBoostCards > 0) {
    st.boostDealt += s.extraBoostCards;
    trace.add('mc.scheme.boost-extra', 'boost', { cards: s.extraBoostCards, total: st.boostDealt });
  }
  flipBoosts(
    s.boostCards.slice(0, st.boostDealt),
    s.amplify,
    'sch',
    trace,
    { flip: V, star: 'boost', icons: V, discard: V },
    (n) => (st.sch += n),
  );

  const placed: number[] = [];
  const place = (amount: number) => {
    const before = st.threat;
    st.threat += amount;
    placed.push(amount);
    return { sch: amount, before, threat: st.threat };
  };
  trace.add('mc.scheme.threat', V, { ...villain, ...place(st.sch) });
  s.minions.forEach((m, i) => {
    trace.add('mc.scheme.minion', V, {
      minion: i + 1,
      ...(m.name === undefined ? {} : { name: m.name }),
      ...place(m.sch),
    });
  });
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
