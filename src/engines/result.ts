// Errors are values, as in chessops: an engine reports bad input through its return type, so a
// widget can show the message next to the field instead of catching exceptions.
export type Result<T, E> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/**
 * Stable codes; the UI dictionary translates them (`engine.error.<code>`), so renaming one is a
 * breaking change for both languages.
 */
export const ERROR_CODES = [
  // shape of the input (any engine)
  'expected-object',
  'expected-list',
  'expected-number',
  'expected-string',
  'expected-boolean',
  'missing-field',
  'unknown-field',
  'unknown-value',
  // numbers and text
  'not-a-number',
  'not-an-integer',
  'negative-number',
  'too-small',
  'too-large',
  'empty-field',
  'too-long',
  'bad-text',
  'invisible-text',
  'too-many',
  'too-few',
  // links and presets
  'bad-query',
  'unknown-preset',
  'internal-error',
  // references between fields
  'unknown-player',
  'unknown-ally',
  'unknown-card',
  'unknown-ability',
  'duplicate-name',
  'same-card',
  'not-same-owner',
  'not-allowed',
  // Marvel Champions
  'cannot-defend',
  'cannot-have-status',
  'not-enough-boost-cards',
  // Lorcana
  'already-banished',
  'cannot-challenge',
  'cannot-be-challenged',
  'self-replacement-outside-ability',
  'bad-parent',
  'not-in-bag',
  'not-your-choice',
  // timing
  'not-a-permutation',
  'duplicate-choice',
  'no-choice-needed',
  'not-your-priority',
  'step-ended',
  'cannot-kick',
  'kick-count-without-kick',
  'wrong-target-count',
  'unknown-target',
  'illegal-target',
  'target-kind',
  'cannot-sacrifice',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface EngineError {
  readonly code: ErrorCode;
  /** Dotted path of the input field, list indices included: `players.0.allies.1.hp`. */
  readonly field?: string;
  readonly detail?: Readonly<Record<string, string | number>>;
}

export function error(
  code: ErrorCode,
  field?: string,
  detail?: Record<string, string | number>,
): EngineError {
  return {
    code,
    ...(field === undefined || field === '' ? {} : { field }),
    ...(detail === undefined ? {} : { detail }),
  };
}
