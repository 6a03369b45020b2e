// The timing-priority scenario (Rules Reference 1.8, ABILITY › Simultaneous Timing Priority).
import { int, list, obj, oneOf, opt, str, type Infer } from '../validate';

/** 1.8's chart: five tiers, interrupts (2) and responses (4) split into a, b, c; first to last. */
export const TIERS = ['1', '2a', '2b', '2c', '3', '4a', '4b', '5'] as const;
export type Tier = (typeof TIERS)[number];

/** Ability kind → its tier. "When Defeated" and "When Completed" are forced interrupts (1.8). */
export const TIER_OF = {
  constant: '1',
  delayed: '1',
  lasting: '1',
  'status-card': '2a',
  'forced-interrupt': '2b',
  'when-defeated': '2b',
  'when-completed': '2b',
  interrupt: '2c',
  boost: '3',
  'when-revealed': '3',
  'forced-response': '4a',
  response: '4b',
  'consequential-damage': '5',
} as const satisfies Record<string, Tier>;
export type AbilityKind = keyof typeof TIER_OF;
const KINDS = Object.keys(TIER_OF) as [AbilityKind, ...AbilityKind[]];
export const MAX_ABILITIES = 12;

export const tiersSchema = obj({
  /** The abilities triggered by the one event, in the order they were listed; unnamed ones are shown by kind. */
  abilities: list(obj({ name: opt(str(60)), kind: oneOf(KINDS) }), MAX_ABILITIES, 1),
  /** The order chosen inside a tier, as positions in `abilities`. */
  choices: list(obj({ tier: oneOf(TIERS), order: list(int(0, MAX_ABILITIES - 1), MAX_ABILITIES) }), TIERS.length),
});
export type TiersScenario = Infer<typeof tiersSchema>;
