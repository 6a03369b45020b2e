// Hit points, tough and defeat work the same for every character an enemy activation touches,
// whichever engine (attack, scheme) or side (player character, enemy) it is on.
import type { Emit } from '../../engine';
import { bool, int, opt, str } from '../../validate';

export const nameField = opt(str(40));

export const characterFields = {
  /** Shown instead of the role label ("hero", "ally"…) when given. */
  name: nameField,
  /** Remaining hit points (a character at 0 would already be defeated). */
  hp: int(1, 99),
  tough: bool(),
  exhausted: bool(),
  /** Retaliate X; 0 when the character has no retaliate. */
  retaliate: int(0, 9),
};

export interface CharacterState {
  hp: number;
  tough: boolean;
  exhausted: boolean;
  defeated: boolean;
}

export const DAMAGE_KEYS = [
  'mc.damage.none',
  'mc.damage.tough-kept',
  'mc.damage.tough-prevents',
  'mc.damage.dealt',
  'mc.damage.defeated',
] as const;
export type DamageKey = (typeof DAMAGE_KEYS)[number];

export interface Hit {
  /** Hit points actually lost. */
  readonly lost: number;
  /** Damage beyond the hit points the character had left (what overkill carries on). */
  readonly excess: number;
  readonly defeated: boolean;
}

/**
 * Deals one instance of damage. Tough cancels the whole instance, however large, and is spent;
 * an instance of 0 leaves tough in place. `who` identifies the character in the step's params.
 */
export function dealDamage(
  trace: Emit<DamageKey>,
  c: Pick<CharacterState, 'hp' | 'tough' | 'defeated'>,
  who: Readonly<Record<string, string | number>>,
  amount: number,
  cite: string,
  defeatCite: string,
): Hit {
  if (amount <= 0) {
    trace.add(c.tough ? 'mc.damage.tough-kept' : 'mc.damage.none', cite, who);
    return { lost: 0, excess: 0, defeated: false };
  }
  if (c.tough) {
    c.tough = false;
    trace.add('mc.damage.tough-prevents', 'tough', { ...who, amount });
    return { lost: 0, excess: 0, defeated: false };
  }
  const before = c.hp;
  c.hp = Math.max(0, before - amount);
  trace.add('mc.damage.dealt', cite, { ...who, amount, hpBefore: before, hp: c.hp });
  if (c.hp > 0) return { lost: amount, excess: 0, defeated: false };
  c.defeated = true;
  trace.add('mc.damage.defeated', defeatCite, who);
  return { lost: before, excess: amount - before, defeated: true };
}
