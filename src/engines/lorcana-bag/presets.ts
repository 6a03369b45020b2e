// Worked examples for the bag widget.
import type { BagScenario } from './schema';

export const BAG_PRESETS = {
  /** The active player's two abilities come before the opponent's, in the order they pick. */
  'active-first': {
    players: 2,
    abilities: [
      { name: 'A1', player: 0 },
      { name: 'B1', player: 1 },
      { name: 'A2', player: 0 },
    ],
    choices: [2, 0, 1],
  },
  /**
   * Resolving the opponent's ability triggers one for the active player. It waits: the opponent
   * resolves their other ability first, then the bag passes back to the active player (7.7.4.3–7.7.6).
   */
  'choice-returns': {
    players: 2,
    abilities: [
      { name: 'B1', player: 1 },
      { name: 'B2', player: 1 },
      { name: 'A1', player: 0, parent: 0 },
    ],
    choices: [0, 1, 2],
  },
  /** Seed 004 example B as seen from the bag: Cheshire Cat's ability, then Marshmallow's. */
  'marshmallow-cheshire': {
    players: 2,
    abilities: [
      { name: 'Cheshire Cat', player: 1 },
      { name: 'Marshmallow', player: 0, parent: 0 },
    ],
    choices: [],
  },
  /** With three players, the next player in turn order goes before the one after. */
  'three-players': {
    players: 3,
    abilities: [
      { name: 'C1', player: 2 },
      { name: 'B1', player: 1 },
      { name: 'C2', player: 2 },
    ],
    choices: [],
  },
} satisfies Record<string, BagScenario>;

