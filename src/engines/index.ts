// Every engine by id, for widgets that pick one from a data-* attribute and for the tests that
// check the UI dictionary covers every step key and error code.
import { attackEngine } from './marvel-champions/attack';
import { schemeEngine } from './marvel-champions/scheme';
import { challengeEngine } from './lorcana/challenge';
import { damageEventEngine } from './lorcana/damage-event';
import { tiersEngine } from './timing/marvel-tiers';
import { stackEngine } from './timing/mtg-stack';
import { bagEngine } from './timing/lorcana-bag';

export const ENGINES = {
  'mc-attack': attackEngine,
  'mc-scheme': schemeEngine,
  'mc-timing': tiersEngine,
  'lorcana-challenge': challengeEngine,
  'lorcana-damage': damageEventEngine,
  'lorcana-bag': bagEngine,
  'mtg-stack': stackEngine,
} as const;
export type EngineId = keyof typeof ENGINES;

/** Every step key of every engine, once each. */
export const STEP_KEYS: readonly string[] = [...new Set(Object.values(ENGINES).flatMap((e) => e.stepKeys))];

export { ERROR_CODES, type EngineError, type ErrorCode, type Result } from './result';
export type { Cite, Engine, Game, Params, Resolution, Step } from './engine';
export type { AttackScenario, AttackState, AttackEnd } from './marvel-champions/attack';
export type { SchemeScenario, SchemeState, SchemeEnd } from './marvel-champions/scheme';
export type { ChallengeScenario, ChallengeState, ChallengeEnd } from './lorcana/challenge';
export type { DamageEventScenario, DamageEventEnd } from './lorcana/damage-event';
export type { LorcanaState } from './lorcana/model';
export type { TiersScenario, TiersState, TiersEnd } from './timing/marvel-tiers';
export type { StackScenario, StackState, StackEnd } from './timing/mtg-stack';
export type { BagScenario, BagState, BagEnd } from './timing/lorcana-bag';
export { attackEngine, schemeEngine, challengeEngine, damageEventEngine, tiersEngine, stackEngine, bagEngine };
