// The enemies' scheme scenario.
import { bool, int, list, obj, type Infer } from '../validate';
import { boostCardSchema } from '../rules/marvel-champions/boost';
import { nameField } from '../rules/marvel-champions/characters';
import { statusFields } from '../rules/marvel-champions/status';

/** Stunned and confused status cards, steady, stalwart (rules/marvel-champions/status.ts). */
const status = statusFields;

export const schemeSchema = obj({
  villain: obj({ name: nameField, sch: int(0, 50), ...status }),
  /** Faces of the top cards of the encounter deck, in the order they would be dealt. */
  boostCards: list(boostCardSchema, 12),
  /** Boost cards added by card effects. */
  extraBoostCards: int(0, 5),
  /** Amplify icons in play (scheming is an enemy activation, so they count). */
  amplify: int(0, 9),
  /** Minions engaged with the player, in the order they scheme. A villainous one is dealt a boost card too. */
  minions: list(obj({ name: nameField, sch: int(0, 20), villainous: bool(), ...status }), 8),
  /** Threat on the main scheme before the villain schemes. */
  threat: int(0, 999),
});
export type SchemeScenario = Infer<typeof schemeSchema>;
