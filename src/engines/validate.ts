// A small schema language shared by every engine. One description of a scenario drives three
// things that must never disagree: validation with field paths, the URL codecs — the compact bit
// codec links are written in (bits.ts, format 2 onwards) and format 1's readable tokens (query.ts),
// still read for old links — and, in tests, the generators of random scenarios.
import { error, type EngineError } from './result';

export type Desc =
  | { readonly t: 'int'; readonly min: number; readonly max: number }
  | { readonly t: 'str'; readonly max: number }
  | { readonly t: 'bool' }
  | { readonly t: 'enum'; readonly values: readonly string[] }
  | { readonly t: 'list'; readonly item: Desc; readonly min: number; readonly max: number }
  | { readonly t: 'obj'; readonly fields: readonly FieldDesc[] }
  | { readonly t: 'union'; readonly tag: string; readonly variants: readonly VariantDesc[] };

export interface FieldDesc {
  readonly key: string;
  readonly desc: Desc;
  readonly optional: boolean;
}
export interface VariantDesc {
  readonly name: string;
  readonly fields: readonly FieldDesc[];
}

declare const phantom: unique symbol;
/** A description that also carries, for the type checker only, the type of the values it accepts. */
export type Schema<T> = Desc & { readonly [phantom]?: T };
export interface Opt<T> {
  readonly opt: Schema<T>;
}
type Field = Schema<unknown> | Opt<unknown>;
type Shape = Readonly<Record<string, Field>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
export type Infer<S> = S extends Opt<infer T> ? T : S extends Schema<infer T> ? T : never;
type ObjOf<F extends Shape> = Simplify<
  { -readonly [K in keyof F as F[K] extends Opt<unknown> ? never : K]: Infer<F[K]> } & {
    -readonly [K in keyof F as F[K] extends Opt<unknown> ? K : never]?: Infer<F[K]>;
  }
>;

export const int = (min: number, max: number): Schema<number> => ({ t: 'int', min, max });
/** Text that must not be blank. */
export const str = (max: number): Schema<string> => ({ t: 'str', max });
export const bool = (): Schema<boolean> => ({ t: 'bool' });
export const oneOf = <const V extends readonly string[]>(values: V): Schema<V[number]> => ({
  t: 'enum',
  values,
});
export const list = <T>(item: Schema<T>, max: number, min = 0): Schema<T[]> => ({
  t: 'list',
  item,
  min,
  max,
});
export const opt = <T>(s: Schema<T>): Opt<T> => ({ opt: s });

const fieldsOf = (shape: Shape): FieldDesc[] =>
  Object.entries(shape).map(([key, f]) =>
    'opt' in f ? { key, desc: f.opt, optional: true } : { key, desc: f, optional: false },
  );

export const obj = <F extends Shape>(shape: F): Schema<ObjOf<F>> => ({
  t: 'obj',
  fields: fieldsOf(shape),
});

export const union = <Tag extends string, V extends Readonly<Record<string, Shape>>>(
  tag: Tag,
  variants: V,
): Schema<{ [K in keyof V]: Simplify<{ -readonly [P in Tag]: K } & ObjOf<V[K]>> }[keyof V]> => ({
  t: 'union',
  tag,
  variants: Object.entries(variants).map(([name, shape]) => ({ name, fields: fieldsOf(shape) })),
});

export const join = (path: string, key: string | number): string =>
  path === '' ? String(key) : `${path}.${key}`;

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

// Control characters and lone surrogates would survive JSON but break the URL codec and screen
// readers; bidirectional controls can make a name read differently from what it is. All are refused.
const BAD_TEXT =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Characters that draw nothing and join nothing: dropped, so "Ra\u200bfiki" is "Rafiki". */
const INVISIBLE = /[\u00ad\u180e\u200b\u2060\ufeff]/g;
/** A name made only of these shows as blank: marks with no base, joiners, fillers, variation selectors. */
const BLANK = /^[\p{M}\p{Cf}\u115f\u1160\u3164\uffa0\u2800\ufe00-\ufe0f\u{e0100}-\u{e01ef}]*$/u;

/**
 * The one spelling of a name: compatibility forms folded (NFKC: full-width letters, half-width
 * katakana, composed and decomposed accents all become one form), invisible characters dropped,
 * every run of spaces (ideographic space included) made one space, and no space at either end.
 * Two names that look the same are then the same string, so duplicates and references agree.
 */
export function normalizeText(s: string): string {
  return foldLookAlikes(s.normalize('NFKD')).normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/**
 * Cyrillic and Greek letters drawn the same as a Latin letter, as the Latin letter (after NFKD, so
 * an accented one keeps its accent: Cyrillic ё becomes ë). "Rafiki" typed with a Cyrillic а or і is
 * then the name "Rafiki", a duplicate of it and a reference to it. The glyphs are the same, so a
 * name looks as it was typed. Only letters that look alike in every common typeface: not Greek α
 * or ν, and not Japanese look-alikes (katakana ロ and the kanji 口 are different characters in
 * real names; docs/simulators.md#names).
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic capitals and small letters
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ѕ: 'S', І: 'I', Ј: 'J', Ү: 'Y', Ԛ: 'Q', Ԝ: 'W',
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j', һ: 'h', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l',
  // Greek capitals, and omicron
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', ο: 'o',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');
const foldLookAlikes = (s: string): string => s.replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c);

/** A short, safe echo of a rejected value for error details. */
const preview = (v: unknown): string => (typeof v === 'string' ? v.slice(0, 30) : typeof v);

function parseInt_(d: { min: number; max: number }, v: unknown, path: string, errs: EngineError[]) {
  if (typeof v !== 'number') return void errs.push(error('expected-number', path));
  if (Number.isNaN(v)) return void errs.push(error('not-a-number', path));
  if (v < d.min) {
    // "negative" reads better than "too small" whenever the field cannot be negative at all
    const code = v < 0 && d.min >= 0 ? 'negative-number' : 'too-small';
    return void errs.push(error(code, path, { min: d.min }));
  }
  if (v > d.max) return void errs.push(error('too-large', path, { max: d.max }));
  if (!Number.isInteger(v)) return void errs.push(error('not-an-integer', path));
  return v === 0 ? 0 : v; // -0 reads as 0: it would print and link as 0 anyway
}

function parseFields(
  fields: readonly FieldDesc[],
  v: Record<string, unknown>,
  path: string,
  errs: EngineError[],
  allowed: ReadonlySet<string>,
): Record<string, unknown> | undefined {
  const before = errs.length;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) {
    if (!allowed.has(key)) errs.push(error('unknown-field', join(path, key)));
  }
  for (const f of fields) {
    const p = join(path, f.key);
    // undefined counts as absent: a form may hold an emptied optional field that way
    if (!hasOwn(v, f.key) || v[f.key] === undefined) {
      if (!f.optional) errs.push(error('missing-field', p));
      continue;
    }
    const parsed = parseDesc(f.desc, v[f.key], p, errs);
    if (parsed !== undefined) out[f.key] = parsed;
  }
  return errs.length === before ? out : undefined;
}

function parseDesc(d: Desc, v: unknown, path: string, errs: EngineError[]): unknown {
  switch (d.t) {
    case 'int':
      return parseInt_(d, v, path, errs);
    case 'bool':
      if (typeof v !== 'boolean') return void errs.push(error('expected-boolean', path));
      return v;
    case 'str': {
      if (typeof v !== 'string') return void errs.push(error('expected-string', path));
      if (BAD_TEXT.test(v)) return void errs.push(error('bad-text', path));
      const s = normalizeText(v);
      if (s === '') return void errs.push(error('empty-field', path));
      if (BLANK.test(s)) return void errs.push(error('invisible-text', path));
      if (s.length > d.max) return void errs.push(error('too-long', path, { max: d.max }));
      return s;
    }
    case 'enum':
      if (typeof v !== 'string' || !d.values.includes(v)) {
        return void errs.push(error('unknown-value', path, { value: preview(v) }));
      }
      return v;
    case 'list': {
      if (!Array.isArray(v)) return void errs.push(error('expected-list', path));
      if (v.length > d.max) return void errs.push(error('too-many', path, { max: d.max }));
      if (v.length < d.min) return void errs.push(error('too-few', path, { min: d.min }));
      const before = errs.length;
      // A hole in a sparse list (`[a, , b]`) is an item that is missing, not one to skip.
      const out = Array.from({ length: v.length }, (_, i) =>
        i in v ? parseDesc(d.item, v[i], join(path, i), errs) : void errs.push(error('missing-field', join(path, i))),
      );
      return errs.length === before ? out : undefined;
    }
    case 'obj': {
      if (!isRecord(v)) return void errs.push(error('expected-object', path));
      return parseFields(d.fields, v, path, errs, new Set(d.fields.map((f) => f.key)));
    }
    case 'union': {
      if (!isRecord(v)) return void errs.push(error('expected-object', path));
      const variant = d.variants.find((x) => x.name === v[d.tag]);
      if (variant === undefined) {
        return void errs.push(error('unknown-value', join(path, d.tag), { value: preview(v[d.tag]) }));
      }
      const allowed = new Set([d.tag, ...variant.fields.map((f) => f.key)]);
      const out = parseFields(variant.fields, v, path, errs, allowed);
      return out === undefined ? undefined : { [d.tag]: variant.name, ...out };
    }
  }
}

/**
 * Checks `input` against `schema`, collecting every problem with its field path. The value
 * returned is a fresh copy holding only the described fields.
 */
export function parse<T>(schema: Schema<T>, input: unknown): { value?: T; errors: EngineError[] } {
  const errors: EngineError[] = [];
  const value = parseDesc(schema, input, '', errors);
  return errors.length === 0 ? { value: value as T, errors } : { errors };
}
