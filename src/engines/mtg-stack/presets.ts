// Worked examples for the stack widget. Card facts used (from the cards' rules text): Burst Lightning
// (red) deals 2 damage to any target, or 4 if kicked; Shock (red) deals 2 damage to any target;
// Everflowing Chalice has multikicker and enters with a charge counter for each time it was kicked;
// Prodigal Pyromancer taps to deal 1 damage to any target; Mogg Fanatic is a creature with
// "Sacrifice Mogg Fanatic: it deals 1 damage to any target"; Goblin Barrage (red) deals 4 damage to
// target creature and, if kicked, 4 damage to target player or planeswalker as well; Unsummon
// returns target creature to its owner's hand; Gods Willing gives target creature you control
// protection from the colour of your choice; Twincast copies target instant or sorcery spell.
// The boards are made up for the examples.
import type { Action, Effect, StackScenario } from './schema';

const pass = (p: number): Action => ({ type: 'pass', player: p });
const hit = (amount: number, target: Effect['target'], kickedAmount?: number): Effect => ({
  does: 'damage', amount, target, kickedOnly: false, another: false, ...(kickedAmount === undefined ? {} : { kickedAmount }),
});
const burstLightning = (kicked: boolean, target: number, player = 0): Action => ({
  type: 'cast', player, kicked, targets: [target],
  spell: { name: 'Burst Lightning', color: 'red', permanent: false, kicker: 'kicker', effects: [hit(2, 'any', 4)] },
});
const shock = (player: number, target: number): Action => ({
  type: 'cast', player, kicked: false, targets: [target],
  spell: { name: 'Shock', color: 'red', permanent: false, kicker: 'none', effects: [hit(2, 'any')] },
});
const goblinBarrage = (kicked: boolean, targets: number[]): Action => ({
  type: 'cast', player: 0, kicked, targets,
  spell: {
    name: 'Goblin Barrage', color: 'red', permanent: false, kicker: 'kicker',
    effects: [hit(4, 'creature'), { does: 'damage', amount: 4, target: 'player', kickedOnly: true, another: false }],
  },
});

/** Board numbers used below. */
const ACTIVE = { kind: 'player', controller: 0 } as const;
const OTHER = { kind: 'player', controller: 1 } as const;
const fanatic = (controller: number) => ({ kind: 'creature', controller, name: 'Mogg Fanatic' }) as const;

export const STACK_PRESETS = {
  /** Kicked Burst Lightning, answered by Shock: Shock resolves first, then 4 damage. */
  'kicked-response': {
    board: [ACTIVE, OTHER],
    actions: [burstLightning(true, 1), pass(0), shock(1, 0), pass(1), pass(0), pass(0), pass(1), pass(0), pass(1)],
  },
  /** The same spell unkicked deals its base 2. */
  unkicked: { board: [ACTIVE, OTHER], actions: [burstLightning(false, 1), pass(0), pass(1), pass(0), pass(1)] },
  /** Multikicker paid twice: two charge counters. */
  multikicker: {
    board: [],
    actions: [
      {
        type: 'cast', player: 0, kicked: true, kickCount: 2, targets: [],
        spell: {
          name: 'Everflowing Chalice', permanent: true, kicker: 'multikicker',
          effects: [{ does: 'counters', amount: 0, kickedAmount: 1, target: 'none', kickedOnly: false, another: false }],
        },
      },
      pass(0), pass(1), pass(0), pass(1),
    ],
  },
  /** An activated ability in response also goes on top and resolves first. */
  'ability-response': {
    board: [ACTIVE, OTHER],
    actions: [
      burstLightning(false, 1),
      pass(0),
      { type: 'activate', player: 1, name: 'Prodigal Pyromancer', effects: [hit(1, 'any')], targets: [0] },
      pass(1), pass(0), pass(0), pass(1),
    ],
  },
  /** Its only target is sacrificed in response, so Burst Lightning does not resolve at all. */
  'sacrifice-fizzles': {
    board: [ACTIVE, fanatic(1)],
    actions: [
      burstLightning(false, 1),
      pass(0),
      { type: 'activate', player: 1, name: 'Mogg Fanatic', sacrifice: 1, effects: [hit(1, 'any')], targets: [0] },
      pass(1), pass(0), pass(0), pass(1),
    ],
  },
  /** Kicked Goblin Barrage has a second target; the creature is bounced, the player still takes 4. */
  'one-target-left': {
    board: [OTHER, fanatic(1)],
    actions: [
      goblinBarrage(true, [1, 0]),
      pass(0),
      {
        type: 'cast', player: 1, kicked: false, targets: [1],
        spell: { name: 'Unsummon', color: 'blue', permanent: false, kicker: 'none', effects: [{ does: 'bounce', amount: 0, target: 'creature', kickedOnly: false, another: false }] },
      },
      pass(1), pass(0), pass(0), pass(1),
    ],
  },
  /** Unkicked, Goblin Barrage is cast as if it had no second target. */
  'unkicked-one-target': {
    board: [OTHER, fanatic(1)],
    actions: [goblinBarrage(false, [1]), pass(0), pass(1)],
  },
  /** Protection from red, given in response, makes the red spell's only target illegal. */
  protection: {
    board: [fanatic(1)],
    actions: [
      burstLightning(false, 0),
      pass(0),
      {
        type: 'cast', player: 1, kicked: false, targets: [0],
        spell: { name: 'Gods Willing', color: 'white', permanent: false, kicker: 'none', effects: [{ does: 'protection', amount: 0, target: 'creature', kickedOnly: false, another: false, color: 'red' }] },
      },
      pass(1), pass(0), pass(0), pass(1),
    ],
  },
  /** A copy of a kicked spell is kicked too: Twincast's copy also deals 4. */
  'copy-kicked': {
    board: [ACTIVE, OTHER],
    actions: [
      burstLightning(true, 1),
      {
        type: 'cast', player: 0, kicked: false, targets: [0],
        spell: { name: 'Twincast', color: 'blue', permanent: false, kicker: 'none', effects: [{ does: 'copy', amount: 0, target: 'spell', kickedOnly: false, another: false }] },
      },
      pass(0), pass(1), pass(0), pass(1), pass(0), pass(1),
    ],
  },
} satisfies Record<string, StackScenario>;
