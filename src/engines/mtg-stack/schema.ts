// The stack scenario: what the widget's form edits and the link encodes (format 2; format 1 is in
// formats.ts). Objects are pointed at by their position: a target is a number in `board` (a
// permanent or a player), or, for an effect that targets a spell, the number of the action that
// cast it.
import { bool, int, list, obj, oneOf, opt, str, union, type Infer } from '../validate';

const player = int(0, 1); // 0: the active player, 1: the other player
export const COLORS = ['white', 'blue', 'black', 'red', 'green'] as const;
export type Color = (typeof COLORS)[number];
/** What one part of a spell or ability does when it resolves. */
export const DOES = ['damage', 'counters', 'cards', 'life', 'destroy', 'bounce', 'blink', 'protection', 'copy'] as const;
export type Does = (typeof DOES)[number];
/** What a part targets (601.2c): `any` is a creature, planeswalker or player. */
export const TARGETS = ['none', 'any', 'creature', 'player', 'permanent', 'spell'] as const;
export type TargetKind = (typeof TARGETS)[number];
export const KINDS = ['player', 'creature', 'planeswalker', 'artifact', 'other'] as const;
export type Kind = (typeof KINDS)[number];

export const MAX_BOARD = 8;
export const MAX_ACTIONS = 40;

const effect = obj({
  does: oneOf(DOES),
  /** Damage, counters, cards or life: how much, when not kicked. */
  amount: int(0, 99),
  /** Kicker: the amount instead when kicked. Multikicker: added for each time it was kicked. Absent: the same. */
  kickedAmount: opt(int(0, 99)),
  target: oneOf(TARGETS),
  /** This part has its effect only if the spell was kicked, and its target is chosen only then (702.33g). */
  kickedOnly: bool(),
  /** Protection: the colour it gives protection from. */
  color: opt(oneOf(COLORS)),
  /** "Another target": its target must be another object than every target of the parts before it. */
  another: bool(),
});
export type Effect = Infer<typeof effect>;

export const stackSchema = obj({
  /** The players and permanents the actions may point at, by number (from 0). */
  board: list(obj({ kind: oneOf(KINDS), controller: player, name: opt(str(40)) }), MAX_BOARD),
  actions: list(
    union('type', {
      cast: {
        player,
        spell: obj({
          name: str(60),
          /** A colour that protection can be from; absent: none of the five. */
          color: opt(oneOf(COLORS)),
          /** A permanent spell resolves onto the battlefield (608.3) instead of doing its effect (608.2). */
          permanent: bool(),
          kicker: oneOf(['none', 'kicker', 'multikicker']),
          effects: list(effect, 3, 1),
        }),
        kicked: bool(),
        /** Multikicker only: how many times the kicker cost is paid (1 when absent). */
        kickCount: opt(int(1, 9)),
        /** One per targeting part that exists as cast (kicked-only parts only when kicked), in order. */
        targets: list(int(0, MAX_ACTIONS - 1), 4),
      },
      activate: {
        player,
        name: str(60),
        /** A permanent sacrificed to pay the cost (by its number in `board`), as the ability is activated. */
        sacrifice: opt(int(0, MAX_BOARD - 1)),
        effects: list(effect, 3, 1),
        targets: list(int(0, MAX_ACTIONS - 1), 4),
      },
      pass: { player },
    }),
    MAX_ACTIONS,
  ),
});
export type StackScenario = Infer<typeof stackSchema>;
export type Action = StackScenario['actions'][number];
export type CastAction = Extract<Action, { type: 'cast' }>;
export type ActivateAction = Extract<Action, { type: 'activate' }>;
