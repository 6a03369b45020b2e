// Marvel Champions: abilities that share one trigger resolve by the simultaneous timing priority of
// the ABILITY entry (eight tiers). Within a tier the players choose; the engine takes their order
// per tier, checks it, and otherwise keeps the listed order and says which tiers still need a choice.
import { defineEngine, Trace } from '../engine';
import { error, ok, type EngineError } from '../result';

/** Ability kind → its tier (1 resolves first). */
import { TIER_OF, tiersSchema, type AbilityKind, type TiersScenario } from './schema';
import { TIERS_PRESETS } from './presets';
import { TIERS_LINK } from './formats';

export { TIERS_PRESETS };

export { TIER_OF, tiersSchema, type AbilityKind, type TiersScenario };

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


export const tiersEngine = defineEngine({
  id: 'mc-timing',
  link: TIERS_LINK,
  stepKeys: TIERS_KEYS,
  schema: tiersSchema,
  check,
  simulate,
  presets: TIERS_PRESETS,
});

export const { validate, run, scenarioToQuery, scenarioFromQuery, presets, preset } = tiersEngine;
