// The enemy-attack scenario: what the widget's form edits and the link encodes.
import { bool, int, list, obj, oneOf, opt, str, union, type Infer } from '../validate';
import { boostCardSchema } from '../rules/marvel-champions/boost';
import { characterFields, nameField } from '../rules/marvel-champions/characters';
import { statusFields } from '../rules/marvel-champions/status';

/** When a declared "after" ability triggers (step 5b/5c): the part of its trigger that matters. */
export const AFTER_TRIGGERS = [
  'attacks', // the enemy's attack on you
  'attacks-damages', // that attack damaging a character
  'attacks-defeats', // that attack defeating one
  'attacked', // a character being the one attacked
  'defends', // a character defending
  'defends-no-damage', // a defender that came out unharmed
] as const;

export const attackSchema = obj({
  attacker: obj({
    kind: oneOf(['villain', 'minion']),
    name: nameField,
    /** Printed ATK plus any modifiers already in play, before boost. */
    atk: int(0, 50),
    /** Minions only: a villainous minion is dealt a boost card as a villain is. */
    villainous: bool(),
    overkill: bool(),
    /** Before this attack deals damage to a character, it discards that character's tough status cards. */
    piercing: bool(),
    /** This attack ignores the retaliate keyword. */
    ranged: bool(),
    /** Remaining hit points: retaliate may defeat the attacker. */
    hp: int(1, 999),
    tough: bool(),
    /** Stunned and confused status cards, steady, stalwart (rules/marvel-champions/status.ts). */
    ...statusFields,
  }),
  /** Faces of the top cards of the encounter deck, in the order they would be dealt. */
  boostCards: list(boostCardSchema, 12),
  /** Boost cards added by card effects ("an additional boost card for this activation"). */
  extraBoostCards: int(0, 5),
  /** Amplify icons in play. */
  amplify: int(0, 9),
  players: list(
    obj({
      identity: obj({ ...characterFields, form: oneOf(['hero', 'alter-ego']), def: int(0, 20) }),
      allies: list(obj(characterFields), 3),
    }),
    4,
    1,
  ),
  /** The attacked character: a player's identity, or one of their allies when `ally` is set. */
  target: obj({ player: int(0, 3), ally: opt(int(0, 2)) }),
  defender: union('kind', {
    none: {},
    hero: { player: int(0, 3) },
    ally: { player: int(0, 3), ally: int(0, 2) },
  }),
  /** Abilities waiting for the attack to finish, forced ones in the order the first player puts them. */
  after: list(obj({ name: str(60), forced: bool(), trigger: oneOf(AFTER_TRIGGERS) }), 8),
  /** Retaliate is a forced response too (1.8): how many of the listed forced abilities come before it. */
  retaliateAfter: int(0, 8),
});
export type AttackScenario = Infer<typeof attackSchema>;
