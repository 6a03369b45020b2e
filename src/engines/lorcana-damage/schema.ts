// The damage-effect scenario.
import { int, list, obj, oneOf, opt, str, type Infer } from '../validate';
import { replacementSchema, tableCardSchema } from '../rules/lorcana/model';

export const damageEventSchema = obj({
  /** Label of the ability or action making the event (its controller is the active player). */
  source: opt(str(60)),
  verb: oneOf(['deal', 'put', 'move']),
  amount: int(0, 20),
  /** For `move` only: the card the damage comes off. */
  from: opt(str(40)),
  target: str(40),
  cards: list(tableCardSchema, 6, 1),
  /** In play, in the order the affected player chooses to apply them. */
  replacements: list(replacementSchema, 4),
});
export type DamageEventScenario = Infer<typeof damageEventSchema>;
