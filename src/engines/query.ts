// Link format 1, kept to read the links published before format 2 (links.ts, bits.ts): a scenario as
// one string of dot-separated tokens laid out in the order of its schema (no key names). Every character is one that
// `URLSearchParams` and `encodeURIComponent` leave alone ([A-Za-z0-9*._-]), so the string reads the
// same in the address bar as in the code. The first token names the engine and the format version,
// so a link made for one widget is refused by another, and a later format can still read old links.
import { error, type EngineError } from './result';
import type { Desc, FieldDesc, Schema } from './validate';
import { join } from './validate';

const ABSENT = '_';
const PRESENT = '*';
/** Far above any valid scenario; stops a hostile link from costing real work. */
export const MAX_QUERY_LENGTH = 8000;

function escapeText(s: string): string {
  let out = '';
  for (const ch of s) {
    if (/^[A-Za-z0-9]$/.test(ch)) out += ch;
    else if (ch === ' ') out += '-';
    else if (ch.length === 1 && ch.charCodeAt(0) < 0x80) {
      out += `*${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
    } else out += encodeURIComponent(ch).replaceAll('%', '*');
  }
  return out;
}

function unescapeText(token: string): string | undefined {
  if (!/^(?:[A-Za-z0-9-]|\*[0-9A-Fa-f]{2})*$/.test(token)) return undefined;
  try {
    return decodeURIComponent(token.replaceAll('-', ' ').replaceAll('*', '%'));
  } catch {
    return undefined; // not UTF-8
  }
}

function encodeFields(fields: readonly FieldDesc[], v: Record<string, unknown>, out: string[]) {
  for (const f of fields) {
    if (f.optional) {
      if (v[f.key] === undefined) {
        out.push(ABSENT);
        continue;
      }
      out.push(PRESENT);
    }
    encodeDesc(f.desc, v[f.key], out);
  }
}

function encodeDesc(d: Desc, v: unknown, out: string[]): void {
  switch (d.t) {
    case 'int':
      out.push(String(v));
      return;
    case 'bool':
      out.push(v === true ? '1' : '0');
      return;
    case 'str':
      out.push(escapeText(String(v)));
      return;
    case 'enum':
      out.push(String(d.values.indexOf(String(v))));
      return;
    case 'list': {
      const items = v as readonly unknown[];
      out.push(String(items.length));
      for (const item of items) encodeDesc(d.item, item, out);
      return;
    }
    case 'obj':
      encodeFields(d.fields, v as Record<string, unknown>, out);
      return;
    case 'union': {
      const rec = v as Record<string, unknown>;
      const i = d.variants.findIndex((x) => x.name === rec[d.tag]);
      out.push(String(i));
      const variant = d.variants[i];
      if (variant !== undefined) encodeFields(variant.fields, rec, out);
      return;
    }
  }
}

/** `prefix` is the engine's code plus format version, e.g. `mca1`. */
export function encodeQuery<T>(prefix: string, schema: Schema<T>, value: T): string {
  const out = [prefix];
  encodeDesc(schema, value, out);
  return out.join('.');
}

class Reader {
  pos = 1;
  failed: EngineError | undefined;
  constructor(readonly tokens: readonly string[]) {}
  next(path: string): string | undefined {
    const t = this.tokens[this.pos];
    if (t === undefined) return this.fail(path, 'end');
    this.pos++;
    return t;
  }
  fail(path: string, reason: string): undefined {
    this.failed ??= error('bad-query', 'query', { reason, at: path === '' ? '-' : path, token: this.pos });
    return undefined;
  }
  small(path: string, below: number): number | undefined {
    const t = this.next(path);
    if (t === undefined) return undefined;
    const n = /^\d{1,3}$/.test(t) ? Number(t) : NaN;
    return n < below ? n : this.fail(path, 'index');
  }
}

function decodeFields(fields: readonly FieldDesc[], r: Reader, path: string, out: Record<string, unknown>) {
  for (const f of fields) {
    const p = join(path, f.key);
    if (f.optional) {
      const mark = r.next(p);
      if (mark === ABSENT) continue;
      if (mark !== PRESENT) return void r.fail(p, 'optional');
    }
    const v = decodeDesc(f.desc, r, p);
    if (r.failed) return;
    out[f.key] = v;
  }
}

function decodeDesc(d: Desc, r: Reader, path: string): unknown {
  switch (d.t) {
    case 'int': {
      const t = r.next(path);
      if (t === undefined) return undefined;
      return /^-?(?:0|[1-9]\d{0,8})$/.test(t) ? Number(t) : r.fail(path, 'number');
    }
    case 'bool': {
      const t = r.next(path);
      if (t === undefined) return undefined;
      return t === '1' ? true : t === '0' ? false : r.fail(path, 'boolean');
    }
    case 'str': {
      const t = r.next(path);
      if (t === undefined) return undefined;
      return unescapeText(t) ?? r.fail(path, 'text');
    }
    case 'enum': {
      const i = r.small(path, d.values.length);
      return i === undefined ? undefined : d.values[i];
    }
    case 'list': {
      const n = r.small(path, d.max + 1);
      if (n === undefined) return undefined;
      const items: unknown[] = [];
      for (let i = 0; i < n && !r.failed; i++) items.push(decodeDesc(d.item, r, join(path, i)));
      return items;
    }
    case 'obj': {
      const out: Record<string, unknown> = {};
      decodeFields(d.fields, r, path, out);
      return out;
    }
    case 'union': {
      const i = r.small(join(path, d.tag), d.variants.length);
      const variant = i === undefined ? undefined : d.variants[i];
      if (variant === undefined) return undefined;
      const out: Record<string, unknown> = { [d.tag]: variant.name };
      decodeFields(variant.fields, r, path, out);
      return out;
    }
  }
}

/**
 * Reads the raw value back from a query string. The result still has to pass the engine's
 * validation: a link may be hand-edited into out-of-range numbers.
 */
export function decodeQuery(
  prefix: string,
  schema: Schema<unknown>,
  query: unknown,
): { value: unknown } | { error: EngineError } {
  if (typeof query !== 'string') return { error: error('expected-string', 'query') };
  if (query.length > MAX_QUERY_LENGTH) {
    return { error: error('too-large', 'query', { max: MAX_QUERY_LENGTH }) };
  }
  const tokens = query.split('.');
  if (tokens[0] !== prefix) {
    return { error: error('bad-query', 'query', { reason: 'engine', at: '-', token: 0 }) };
  }
  const r = new Reader(tokens);
  const value = decodeDesc(schema, r, '');
  if (r.failed) return { error: r.failed };
  if (r.pos !== tokens.length) {
    return { error: error('bad-query', 'query', { reason: 'trailing', at: '-', token: r.pos }) };
  }
  return { value };
}
