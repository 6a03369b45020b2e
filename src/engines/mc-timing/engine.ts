// Marvel Champions: abilities that share one trigger resolve by the simultaneous timing priority of
// the ABILITY entry (eight tiers). Within a tier the players choose; the engine takes their order
// per tier, checks it, and otherwise keeps the listed order and says which tiers still need a choice.
import { defineEngine, Trace } from '../engine';
import { error, ok, type EngineError } from '../result';
import { int, list, obj, oneOf, opt, str, type Infer } from '../validate';

/** Ability kind → its tier (1 resolves first). */
export const TIER_OF = {
  constant: 1,
  delayed: 1,
  lasting: 1,
  keyword: 1,
  icon: 1,
  'status-card': 2,
  'forced-interrupt': 3,
  interrupt: 4,
  boost: 5,
  'when-defeated': 5,
  'when-revealed': 5,
  'forced-response': 6,
  response: 7,
  'consequential-damage': 8,
} as const;
export type AbilityKind = keyof typeof TIER_OF;
const KINDS = Object.keys(TIER_OF) as [AbilityKind, ...AbilityKind[]];
const MAX = 12;

export const tiersSchema = obj({
  /** The abilities triggered by the one event, in the order they were listed; unnamed ones are shown by kind. */
  abilities: list(obj({ name: opt(str(60)), kind: oneOf(KINDS) }), MAX, 1),
  /** The players' order inside a tier, as positions in `abilities`. */
  choices: list(obj({ tier: int(1, 8), order: list(int(0, MAX - 1), MAX) }), 8),
});
export type TiersScenario = Infer<typeof tiersSchema>;

export interface TiersState {
  /** Positions in `abilities`, in the order resolved so far. */
  resolved: number[];
  tier: number;
}
export interface TiersEnd {
  readonly order: readonly { readonly index: number; readonly name?: string; readonly kind: AbilityKind; readonly tier: number }[];
  /** Tiers holding several abilities for which no order was given (the listed order was used). */
  readonly needsChoice: readonly number[];
}

export const TIERS_KEYS = [
  'mc.timing.start',
  'mc.timing.tier',
  'mc.timing.choice-needed',
  'mc.timing.resolve',
  'mc.timing.end',
] as const;
export type TiersKey = (typeof TIERS_KEYS)[number];

const P = 'ability.timing-priority';
const tierOf = (s: TiersScenario, i: number) => TIER_OF[s.abilities[i]!.kind];
const inTier = (s: TiersScenario, tier: number) =>
  s.abilities.flatMap((a, i) => (TIER_OF[a.kind] === tier ? [i] : []));

function check(s: TiersScenario): EngineError[] {
  const errs: EngineError[] = [];
  const seen = new Set<number>();
  s.choices.forEach((c, i) => {
    const path = `choices.${i}`;
    const members = inTier(s, c.tier);
    if (seen.has(c.tier)) errs.push(error('duplicate-choice', `${path}.tier`, { tier: c.tier }));
    else if (members.length < 2) errs.push(error('no-choice-needed', `${path}.tier`, { tier: c.tier }));
    else if (
      c.order.length !== members.length ||
      new Set(c.order).size !== c.order.length ||
      !c.order.every((x) => x < s.abilities.length && tierOf(s, x) === c.tier)
    ) {
      errs.push(error('not-a-permutation', `${path}.order`, { tier: c.tier }));
    }
    seen.add(c.tier);
  });
  return errs;
}

function simulate(s: TiersScenario) {
  const st: TiersState = { resolved: [], tier: 0 };
  const trace = new Trace<TiersState, TiersKey>('marvel-champions', () => st);
  const needsChoice: number[] = [];
  trace.add('mc.timing.start', P, { count: s.abilities.length });
  for (let tier = 1; tier <= 8; tier++) {
    const members = inTier(s, tier);
    if (members.length === 0) continue;
    const cite = `${P}.tier-${tier}`;
    st.tier = tier;
    trace.add('mc.timing.tier', cite, { tier, count: members.length });
    const chosen = s.choices.find((c) => c.tier === tier)?.order;
    if (chosen === undefined && members.length > 1) {
      needsChoice.push(tier);
      trace.add('mc.timing.choice-needed', cite, { tier, count: members.length });
    }
    for (const i of chosen ?? members) {
      st.resolved.push(i);
      const a = s.abilities[i]!;
      const name = a.name === undefined ? {} : { name: a.name };
      trace.add('mc.timing.resolve', cite, { index: i, ...name, kind: a.kind, tier, position: st.resolved.length });
    }
  }
  trace.add('mc.timing.end', P, { count: s.abilities.length });
  const end: TiersEnd = {
    order: st.resolved.map((i) => ({ index: i, ...s.abilities[i]!, tier: tierOf(s, i) })),
    needsChoice,
  };
  return ok({ steps: trace.steps, end });
}

export const TIERS_PRESETS = {
  /** One ability of each tier, listed back to front. */
  'all-tiers': {
    abilities: [
      { kind: 'consequential-damage' },
      { kind: 'response' },
      { kind: 'forced-response' },
      { kind: 'boost' },
      { kind: 'interrupt' },
      { kind: 'forced-interrupt' },
      { kind: 'status-card' },
      { kind: 'keyword' },
    ],
    choices: [],
  },
  /** Two forced responses share tier 6: the players pick their order. */
  'choice-in-tier': {
    abilities: [
      { name: 'A', kind: 'forced-response' },
      { name: 'B', kind: 'when-defeated' },
      { name: 'C', kind: 'forced-response' },
    ],
    choices: [{ tier: 6, order: [2, 0] }],
  },
} satisfies Record<string, TiersScenario>;

export const tiersEngine = defineEngine({
  id: 'mc-timing',
  queryPrefix: 'mt1',
  stepKeys: TIERS_KEYS,
  schema: tiersSchema,
  check,
  simulate,
  presets: TIERS_PRESETS,
});

export const { validate, run, scenarioToQuery, scenarioFromQuery, presets, preset } = tiersEngine;
