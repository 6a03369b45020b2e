// The bag scenario.
import { int, list, obj, opt, str, type Infer } from '../validate';

const MAX = 16;

export const bagSchema = obj({
  /** Number of players; player 0 is the active player, the rest follow in turn order. */
  players: int(2, 4),
  abilities: list(
    obj({
      name: str(60),
      /** Whose ability it is: they choose when it resolves. */
      player: int(0, 3),
      /** The earlier ability whose resolution triggers this one; absent: in the bag from the start. */
      parent: opt(int(0, MAX - 1)),
    }),
    MAX,
    1,
  ),
  /** The picks, in order, as positions in `abilities`; missing picks take the oldest option. */
  choices: list(int(0, MAX - 1), MAX),
});
export type BagScenario = Infer<typeof bagSchema>;
