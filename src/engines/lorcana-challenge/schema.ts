// The challenge scenario: what the widget's form edits and the link encodes.
import { bool, int, list, obj, str, union, type Infer } from '../validate';
import { cardFields, replacementSchema, tableCardSchema } from '../rules/lorcana/model';

const characterFields = {
  ...cardFields,
  /** Printed strength. */
  strength: int(0, 20),
  /** Strength changes in play, e.g. +3 while at a location. */
  strengthMods: list(int(-20, 20), 6),
  /** Challenger +N: counts only for the character that challenges. */
  challenger: int(0, 9),
  /** "Takes no damage from this challenge", from an ability resolved before damage. */
  noDamageFromChallenge: bool(),
  /** Changes to the damage this character deals, applied after strength. */
  damageMods: list(int(-20, 20), 6),
  exerted: bool(),
  /** Its "whenever this character deals damage" abilities: they trigger only on damage it really deals. */
  onDeals: list(str(60), 3),
};

export const challengeSchema = obj({
  /** The active player's character. */
  challenger: obj(characterFields),
  /** The opponent's exerted character, or one of their locations (a location has no strength). */
  defender: union('kind', { character: characterFields, location: cardFields }),
  /** Other cards that replacement effects name, e.g. Beast. */
  others: list(tableCardSchema, 4),
  /** In play, in the order the affected player chooses to apply them. */
  replacements: list(replacementSchema, 4),
});
export type ChallengeScenario = Infer<typeof challengeSchema>;
