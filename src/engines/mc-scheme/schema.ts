// The enemies' scheme scenario.
import { int, list, obj, type Infer } from '../validate';
import { boostCardSchema } from '../rules/marvel-champions/boost';
import { nameField } from '../rules/marvel-champions/characters';

export const schemeSchema = obj({
  villain: obj({ name: nameField, sch: int(0, 50) }),
  /** Faces of the top cards of the encounter deck, in the order they would be dealt. */
  boostCards: list(boostCardSchema, 12),
  /** Boost cards added by card effects. */
  extraBoostCards: int(0, 5),
  /** Amplify icons in play (scheming is an enemy activation, so they count). */
  amplify: int(0, 9),
  /** Minions engaged with the player, in the order they scheme. */
  minions: list(obj({ name: nameField, sch: int(0, 20) }), 8),
  /** Threat on the main scheme before the villain schemes. */
  threat: int(0, 999),
});
export type SchemeScenario = Infer<typeof schemeSchema>;
