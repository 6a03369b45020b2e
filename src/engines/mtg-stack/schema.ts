// The stack scenario: what the widget's form edits and the link encodes.
import { bool, int, list, obj, oneOf, opt, str, union, type Infer } from '../validate';

const player = int(0, 1); // 0: the active player, 1: the other player
export const UNITS = ['damage', 'counters', 'cards', 'life'] as const;
const effect = {
  unit: oneOf(UNITS),
  /** What the object does unkicked: deal 2 damage, draw 1 card… */
  amount: int(0, 99),
};

export const stackSchema = obj({
  actions: list(
    union('type', {
      cast: {
        player,
        spell: obj({
          name: str(60),
          ...effect,
          /** A permanent spell resolves onto the battlefield (608.3) instead of doing its effect (608.2). */
          permanent: bool(),
          kicker: oneOf(['none', 'kicker', 'multikicker']),
          /** Kicker: the amount instead when kicked. Multikicker: added for each time it was kicked. */
          kickerAmount: int(0, 99),
        }),
        kicked: bool(),
        /** Multikicker only: how many times the kicker cost is paid (1 when absent). */
        kickCount: opt(int(1, 9)),
      },
      activate: { player, name: str(60), ...effect },
      pass: { player },
    }),
    40,
  ),
});
export type StackScenario = Infer<typeof stackSchema>;
export type Action = StackScenario['actions'][number];
