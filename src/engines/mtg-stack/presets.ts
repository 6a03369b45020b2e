// Worked examples for the stack widget.
import type { Action, StackScenario } from './schema';



// Card facts used (certain): Burst Lightning deals 2 damage, or 4 if kicked; Shock deals 2 damage;
// Everflowing Chalice has multikicker and enters with a charge counter for each time it was kicked;
// Prodigal Pyromancer taps to deal 1 damage.
const burstLightning = (kicked: boolean): Action => ({
  type: 'cast', player: 0, kicked,
  spell: { name: 'Burst Lightning', unit: 'damage', amount: 2, permanent: false, kicker: 'kicker', kickerAmount: 4 },
});
const pass = (p: number): Action => ({ type: 'pass', player: p });

export const STACK_PRESETS = {
  /** Kicked Burst Lightning, answered by Shock: Shock resolves first, then 4 damage. */
  'kicked-response': {
    actions: [
      burstLightning(true),
      pass(0),
      {
        type: 'cast', player: 1, kicked: false,
        spell: { name: 'Shock', unit: 'damage', amount: 2, permanent: false, kicker: 'none', kickerAmount: 0 },
      },
      pass(1), pass(0), pass(0), pass(1), pass(0), pass(1),
    ],
  },
  /** The same spell unkicked deals its base 2. */
  unkicked: { actions: [burstLightning(false), pass(0), pass(1), pass(0), pass(1)] },
  /** Multikicker paid twice: two charge counters. */
  multikicker: {
    actions: [
      {
        type: 'cast', player: 0, kicked: true, kickCount: 2,
        spell: { name: 'Everflowing Chalice', unit: 'counters', amount: 0, permanent: true, kicker: 'multikicker', kickerAmount: 1 },
      },
      pass(0), pass(1), pass(0), pass(1),
    ],
  },
  /** An activated ability in response also goes on top and resolves first. */
  'ability-response': {
    actions: [
      burstLightning(false),
      pass(0),
      { type: 'activate', player: 1, name: 'Prodigal Pyromancer', unit: 'damage', amount: 1 },
      pass(1), pass(0), pass(0), pass(1),
    ],
  },
} satisfies Record<string, StackScenario>;

