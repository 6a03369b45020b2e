// Marvel Champions: abilities that share one trigger resolve by the simultaneous timing priority of
// the ABILITY entry (Rules Reference 1.8: five tiers, interrupts and responses split into a/b/c, so
// eight rungs in a fixed order). Within a rung, who orders them is shown at that step: the first
// player for forced and other mandatory abilities (FORCED, SIMULTANEOUS RESOLUTION), the players for
// optional interrupts and responses, the first player having the first opportunity (FIRST PLAYER).
// The engine takes the order given per rung, checks it, and otherwise keeps the listed order.
// The rungs are cited by the content's ids tier-1 … tier-8, in the same order.
import { defineEngine, Trace } from '../engine';
import { error, ok, type EngineError } from '../result';
import { TIERS_LINK } from './formats';
import { TIERS_PRESETS } from './presets';
import { TIER_OF, TIERS, tiersSchema, type AbilityKind, type Tier, type TiersScenario } from './schema';

export { TIER_OF, TIERS, TIERS_PRESETS, tiersSchema, type AbilityKind, type Tier, type TiersScenario };

export interface TiersState {
  /** Positions in `abilities`, in the order resolved so far. */
  resolved: number[];
  /** The rung resolving now ('' before the first). */
  tier: Tier | '';
}
export interface TiersEnd {
  readonly order: readonly { readonly index: number; readonly name?: string; readonly kind: AbilityKind; readonly tier: Tier }[];
  /** Rungs holding several abilities for which no order was given (the listed order was used). */
  readonly needsChoice: readonly Tier[];
}

export const TIERS_KEYS = [
  'mc.timing.start',
  'mc.timing.tier',
  'mc.timing.chooser',
  'mc.timing.choice-needed',
  'mc.timing.resolve',
  'mc.timing.end',
] as const;
export type TiersKey = (typeof TIERS_KEYS)[number];

const P = 'ability.timing-priority';
/** The content's id of a rung: tier-1 … tier-8 in 1.8's order. */
export const tierCite = (tier: Tier): string => `${P}.tier-${TIERS.indexOf(tier) + 1}`;
/** Who puts the abilities of a rung in order, and the rule that says so. */
export const CHOOSER: Readonly<Record<Tier, { readonly who: 'first' | 'players'; readonly cite: string }>> = {
  '1': { who: 'first', cite: 'simultaneous-resolution' },
  '2a': { who: 'first', cite: 'forced.order' },
  '2b': { who: 'first', cite: 'forced.order' },
  '2c': { who: 'players', cite: 'first-player' },
  '3': { who: 'first', cite: 'simultaneous-resolution' },
  '4a': { who: 'first', cite: 'forced.order' },
  '4b': { who: 'players', cite: 'first-player' },
  '5': { who: 'first', cite: 'simultaneous-resolution' },
};
const tierOf = (s: TiersScenario, i: number): Tier => TIER_OF[s.abilities[i]!.kind];
const inTier = (s: TiersScenario, tier: Tier) => s.abilities.flatMap((a, i) => (TIER_OF[a.kind] === tier ? [i] : []));

function check(s: TiersScenario): EngineError[] {
  const errs: EngineError[] = [];
  const seen = new Set<Tier>();
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
  const st: TiersState = { resolved: [], tier: '' };
  const trace = new Trace<TiersState, TiersKey>('marvel-champions', () => st);
  const needsChoice: Tier[] = [];
  trace.add('mc.timing.start', P, { count: s.abilities.length });
  for (const tier of TIERS) {
    const members = inTier(s, tier);
    if (members.length === 0) continue;
    const cite = tierCite(tier);
    st.tier = tier;
    trace.add('mc.timing.tier', cite, { tier, count: members.length });
    const chosen = s.choices.find((c) => c.tier === tier)?.order;
    if (members.length > 1) {
      const who = CHOOSER[tier];
      trace.add('mc.timing.chooser', who.cite, { tier, count: members.length, chooser: who.who });
      if (chosen === undefined) {
        needsChoice.push(tier);
        trace.add('mc.timing.choice-needed', cite, { tier, count: members.length });
      }
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
