// Content errors are collected, not thrown one at a time: an author fixing a batch of entries wants
// the whole list. Each line names the file, the field and what was expected:
//   content/mtg/cr/702.33.mdx › seeAlso[2]: "601.2z" is not an id in mtg. Expected an entry or …
// Schema errors (zod, through astro/zod) and MDX syntax errors pass through in the same form.
import type { z } from 'astro/zod';

export interface Problem { file: string; field: string; message: string; expected: string }

/**
 * Problems with the content, thrown. It carries no stack trace, and its toString is its name alone:
 * a content problem is the author's to fix, not a fault in the code, and Astro's CLI would print the
 * stack after it and, for any error whose text holds "document" or "window" (document.yaml, "unknown
 * document"), a hint that browser APIs are unavailable on the server
 * (astro/dist/core/errors/dev/utils.js, generateHint) — sending the author looking for the wrong thing.
 */
export class ContentError extends Error {
  constructor(readonly problems: Problem[], what?: string) {
    super(formatProblems(problems, what));
    this.name = 'ContentError';
    this.stack = '';
  }

  override toString(): string {
    return this.name;
  }
}

/** The longest a problem's message or expectation is printed (a value quoted from the file can be any size). */
export const MAX_PROBLEM_TEXT = 300;
/** How many problems a report lists; the rest are counted (one cause can be behind hundreds). */
export const MAX_PROBLEMS_SHOWN = 100;

const cut = (text: string) => (text.length > MAX_PROBLEM_TEXT ? `${text.slice(0, MAX_PROBLEM_TEXT - 1)}…` : text);

export const formatProblem = (p: Problem) => `${p.file} › ${p.field}: ${cut(p.message)}. Expected ${cut(p.expected)}.`;

/** Every problem, one line each, the first MAX_PROBLEMS_SHOWN listed and the rest counted. */
export function formatProblems(problems: Problem[], what = 'content problem'): string {
  const lines = problems.slice(0, MAX_PROBLEMS_SHOWN).map((p) => `  ${formatProblem(p)}`);
  const rest = problems.length - lines.length;
  if (rest > 0) {
    const files = new Set(problems.slice(MAX_PROBLEMS_SHOWN).map((p) => p.file.replace(/:\d+(:\d+)?$/, ''))).size;
    lines.push(`  … and ${rest} more in ${files} file${files === 1 ? '' : 's'} (fix the ones above and build again to see them)`);
  }
  return `Taiyaku found ${problems.length} ${what}${problems.length === 1 ? '' : 's'}:\n${lines.join('\n')}`;
}

export class ContentProblems {
  readonly list: Problem[] = [];
  add(file: string, field: string, message: string, expected: string) {
    this.list.push({ file, field, message, expected });
  }
  throwIfAny() {
    if (this.list.length) throw new ContentError(this.list);
  }
}

/** A schema path as authors read it: `rules[2].notes[0].ja` (root: `(root)`). */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
  return out || '(root)';
}

const SCHEMA_REF = 'a value that matches the schema in src/schemas/content.ts';

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; valueType?: z.ZodType; in?: z.ZodType };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The field names an object schema allows at `path` (through optional, default, arrays, records). */
export function fieldsAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let s: z.ZodType | undefined = schema;
  const unwrap = () => {
    for (let d = s && defOf(s); d && d.innerType; d = s && defOf(s)) s = d.innerType;
    if (s && defOf(s).type === 'pipe') s = defOf(s).in;
  };
  for (const key of path) {
    unwrap();
    if (!s) return [];
    const d = defOf(s);
    s = d.type === 'object' ? d.shape?.[String(key)] : d.type === 'array' ? d.element : d.type === 'record' ? d.valueType : undefined;
  }
  unwrap();
  return s && defOf(s).type === 'object' ? Object.keys(defOf(s).shape ?? {}) : [];
}

/** Levenshtein distance, for "did you mean" on a mistyped field name. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

const valueAt = (data: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), data);
/**
 * A value from the file as a problem quotes it: JSON, cut at 80 characters. Written out piece by
 * piece and stopped at the limit, so a huge or self-repeating value costs no more than a short one.
 */
function show(v: unknown, room = 80): string {
  if (v instanceof Date) return 'not a valid date';
  let out = '';
  const seen = new Set<object>();
  const walk = (x: unknown) => {
    if (out.length > room) return;
    if (!x || typeof x !== 'object') {
      out += typeof x === 'string' ? JSON.stringify(x.length > room ? x.slice(0, room) : x) : JSON.stringify(x) ?? String(x);
      return;
    }
    if (seen.has(x)) { out += '…'; return; }
    seen.add(x);
    const list = Array.isArray(x);
    out += list ? '[' : '{';
    Object.entries(x).forEach(([k, y], i) => {
      if (out.length > room) return;
      out += `${i ? ',' : ''}${list ? '' : `${JSON.stringify(k)}:`}`;
      walk(y);
    });
    out += list ? ']' : '}';
    seen.delete(x);
  };
  walk(v);
  return out.length > room ? `${out.slice(0, room - 1)}…` : out;
}

/**
 * zod issues as problems, phrased for authors: "is required", "is not a field … Did you mean
 * `seeAlso`?", "is "foo"". Other messages pass through as zod wrote them.
 */
export function schemaProblems(file: string, issues: readonly z.core.$ZodIssue[], schema: z.ZodType, data: unknown): Problem[] {
  const out: Problem[] = [];
  for (const issue of issues) {
    const field = fieldPath(issue.path);
    const got = valueAt(data, issue.path);
    const message = issue.message.replace(/^Invalid input: /, '');
    if (issue.code === 'unrecognized_keys') {
      const known = fieldsAt(schema, issue.path);
      for (const key of issue.keys) {
        const near = known.filter((k) => distance(k.toLowerCase(), key.toLowerCase()) <= 2);
        out.push({
          file,
          field: fieldPath([...issue.path, key]),
          message: `is not a field here${near.length ? ` (did you mean "${near[0]}"?)` : ''}`,
          expected: known.length ? `one of: ${known.join(', ')}` : SCHEMA_REF,
        });
      }
    } else if (issue.code === 'invalid_type' && got === undefined) {
      out.push({ file, field, message: 'is required', expected: `${issue.expected === 'object' ? 'an object with its fields' : `a ${issue.expected}`} (see src/schemas/content.ts)` });
    } else if (issue.code === 'invalid_type') {
      const expected = issue.expected === 'date' ? 'a date like 2026-11-30' : `a ${issue.expected}${issue.expected === 'string' && typeof got === 'number' ? ' (quote numbers: "1.7")' : ''}`;
      out.push({ file, field, message: `is ${show(got)}`, expected });
    } else if (issue.code === 'invalid_value') {
      out.push({ file, field, message: `is ${show(got)}`, expected: `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` });
    } else {
      const expected = issue.code === 'custom' && typeof issue.params?.['expected'] === 'string' ? issue.params['expected'] : SCHEMA_REF;
      out.push({ file, field, message, expected });
    }
  }
  return out;
}
