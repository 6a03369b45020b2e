// Stunned and confused status cards on an enemy, the same whichever activation it makes (Rules
// Reference 1.8: STUN, CONFUSE, STATUS CARDS, STEADY, STALWART). A stunned enemy's next attack is
// replaced by removing its stunned cards; a confused enemy's next scheme likewise with its confused
// cards. The other status does nothing to this activation and stays on the enemy. A character holds
// one status card of each kind, steady two of stunned and two of confused, and is stunned (or
// confused) only with two; a stalwart character can be neither, so no such card can be on it.
import type { Emit } from '../../engine';
import { error, type EngineError } from '../../result';
import { bool, int, join } from '../../validate';

export const statusFields = {
  /** Stunned status cards on it: its next attack is replaced by removing them. */
  stunned: int(0, 2),
  /** Confused status cards on it: its next scheme is replaced by removing them. */
  confused: int(0, 2),
  /** Steady: it can hold two of each, and is stunned (confused) only with two. */
  steady: bool(),
  /** Stalwart: it can be neither stunned nor confused. */
  stalwart: bool(),
};

export interface Statused {
  readonly stunned: number;
  readonly confused: number;
  readonly steady: boolean;
  readonly stalwart: boolean;
}
export type Status = 'stunned' | 'confused';
/** The status an activation checks: an attack is cancelled by stunned, a scheme by confused. */
export type Activation = 'attack' | 'scheme';
const CANCELS: Readonly<Record<Activation, Status>> = { attack: 'stunned', scheme: 'confused' };
const OTHER: Readonly<Record<Status, Status>> = { stunned: 'confused', confused: 'stunned' };

/** One per kind, two with steady; none on a stalwart character. */
export function checkStatus(c: Statused, path: string): EngineError[] {
  const errs: EngineError[] = [];
  for (const status of ['stunned', 'confused'] as const) {
    const p = join(path, status);
    if (c[status] === 0) continue;
    if (c.stalwart) errs.push(error('cannot-have-status', p, { status, reason: 'stalwart' }));
    else if (!c.steady && c[status] > 1) errs.push(error('too-large', p, { max: 1 }));
  }
  return errs;
}

/** Whether the enemy is stunned (or confused): one card, two with steady. */
export const has = (c: Statused, status: Status): boolean => c[status] >= (c.steady ? 2 : 1);

/**
 * The status cards as an activation starts: true when the activation is replaced by removing the
 * cards of the status that cancels it (the caller says so, in its own step). Steady with fewer than
 * two such cards (`keys.steady`) and the other status, which stays on the enemy (`keys.kept`), are
 * steps of their own.
 */
export function cancels<K extends string>(
  c: Statused,
  activation: Activation,
  trace: Emit<K>,
  who: Readonly<Record<string, string | number>>,
  keys: { readonly steady: K; readonly kept: K },
): boolean {
  const status = CANCELS[activation];
  const other = OTHER[status];
  if (c[other] > 0) trace.add(keys.kept, other, { ...who, cards: c[other] });
  if (c[status] > 0 && c.steady && !has(c, status)) trace.add(keys.steady, 'keywords.steady', { ...who, cards: c[status] });
  return has(c, status);
}
