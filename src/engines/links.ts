// Scenario links are permanent links (they are pasted into discussions like rule links), so every
// link names the engine and the format it was written in: `ms2.<payload>` is format 2 of the stack
// engine. A link in an older format is read with that format's own schema and codec, then carried
// forward one version at a time by each format's `up` migration, and only then validated. An
// engine's schema may change freely as long as it takes a new version number; the link-corpus
// test (`links.test.ts`) fails when a schema changes under a published version.
import { decodeBits, encodeBits } from './bits';
import { decodeQuery as decodeTokens } from './query';
import { error, type EngineError } from './result';
import { parse, type Desc } from './validate';

/** A format links were once written in. */
export interface PastFormat {
  readonly version: number;
  /** That format's schema, frozen as it was published. */
  readonly schema: Desc;
  /** Format 1 is dot-separated tokens (query.ts); later ones are bits (bits.ts). */
  readonly codec: 'tokens' | 'bits';
  /** Turns a value of this format into one of the next format (`version + 1`). */
  readonly up: (value: unknown) => unknown;
}

export interface LinkSpec {
  /** The engine's code, the letters before the version: `ms`, `mca`. */
  readonly code: string;
  /** The format written today; its schema is the engine's schema. */
  readonly version: number;
  /** Every earlier format, oldest first: 1, 2, … version − 1. */
  readonly past: readonly PastFormat[];
}

/** Far above any valid scenario; stops a hostile link from costing real work. */
export const MAX_LINK_LENGTH = 8000;

/** The errors that say a number or a list is out of the range its format allowed. */
const RANGE_CODES: ReadonlySet<string> = new Set(['too-small', 'too-large', 'negative-number', 'too-many', 'too-few']);

export function writeLink(spec: LinkSpec, schema: Desc, value: unknown): string {
  return `${spec.code}${spec.version}.${encodeBits(schema, value)}`;
}

/** The raw value a link holds, in today's shape (not yet validated). */
export function readLink(spec: LinkSpec, schema: Desc, link: unknown): { value: unknown } | { error: EngineError } {
  if (typeof link !== 'string') return { error: error('expected-string', 'query') };
  if (link.length > MAX_LINK_LENGTH) return { error: error('too-large', 'query', { max: MAX_LINK_LENGTH }) };
  const dot = link.indexOf('.');
  const head = dot < 0 ? link : link.slice(0, dot);
  const m = /^([a-z]+)(\d{1,3})$/.exec(head);
  if (m === null || m[1] !== spec.code) return { error: error('bad-query', 'query', { reason: 'engine', at: '-', token: 0 }) };
  const version = Number(m[2]);
  if (version === spec.version) return dot < 0 ? { error: error('bad-query', 'query', { reason: 'end', at: '-', token: 1 }) } : decodeBits(schema, link.slice(dot + 1));
  const first = spec.past.findIndex((f) => f.version === version);
  const format = spec.past[first];
  if (format === undefined) return { error: error('bad-query', 'query', { reason: 'version', at: '-', token: 0 }) };
  const decoded =
    format.codec === 'tokens' ? decodeTokens(head, format.schema, link)
    : dot < 0 ? { error: error('bad-query', 'query', { reason: 'end', at: '-', token: 1 }) }
    : decodeBits(format.schema, link.slice(dot + 1));
  if ('error' in decoded) return decoded;
  // A value outside the range its own format allowed (a format-1 timing tier of 9) was never
  // written by that format: refused with its field, not carried forward, since a migration may map
  // it onto a valid value of today (docs/simulators.md#old-links).
  const outOfRange = parse(format.schema, decoded.value).errors.find((e) => RANGE_CODES.has(e.code));
  if (outOfRange !== undefined) return { error: outOfRange };
  let value = decoded.value;
  for (const f of spec.past.slice(first)) value = f.up(value);
  return { value };
}

/** Checks the shape of a spec: formats 1 … version, each past one with its migration. */
export function checkLinkSpec(spec: LinkSpec): string[] {
  const problems: string[] = [];
  if (!/^[a-z]+$/.test(spec.code)) problems.push(`code "${spec.code}" must be lowercase letters`);
  spec.past.forEach((f, i) => {
    if (f.version !== i + 1) problems.push(`past format ${i} is version ${f.version}, expected ${i + 1}`);
  });
  if (spec.version !== spec.past.length + 1) problems.push(`version ${spec.version} should be ${spec.past.length + 1}, one after the last past format`);
  return problems;
}
