// Test-only helpers shared by the engine tests.
import { expect } from 'vitest';
import type { Resolution } from '../engine';
import type { EngineError, Result } from '../result';

export function unwrap<T>(r: Result<T, EngineError[]>): T {
  if (!r.ok) expect.fail(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

export function errorsOf<T>(r: Result<T, EngineError[]>): EngineError[] {
  if (r.ok) expect.fail('expected errors, got ok');
  return r.error;
}

/** `key @ cite` per step: one readable line per step for order assertions. */
export const outline = (r: Resolution<unknown, unknown>): string[] =>
  r.steps.map((s) => `${s.key} @ ${s.cite.id}`);

export const keys = (r: Resolution<unknown, unknown>): string[] => r.steps.map((s) => s.key);

export const codes = (errs: readonly EngineError[]): string[] =>
  errs.map((e) => (e.field === undefined ? e.code : `${e.code} ${e.field}`));
