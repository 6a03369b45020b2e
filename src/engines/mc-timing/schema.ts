// The timing-priority scenario.
import { int, list, obj, oneOf, opt, str, type Infer } from '../validate';

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
