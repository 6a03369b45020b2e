// The compact link codec (format 2 onwards). A scenario is written as a stream of bits laid out in
// the order of its schema, each value in the fewest bits its description allows (a yes/no is one
// bit, a choice of four is two, a number from 0 to 99 is seven), then spelled in base64url, which
// no URL encoder changes. Text: a name met before is a back-reference to it (card names repeat:
// a replacement effect names the card it protects); a new name made only of letters, digits,
// spaces and apostrophes takes 6 bits a character, any other name its UTF-8 bytes. The schema is
// the only key to the layout, which is why every link names its format version (links.ts).
import { error, type EngineError } from './result';
import type { Desc, FieldDesc } from './validate';
import { join } from './validate';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

/** Bits needed to write any of `n` values (0 for a single possible value). */
const width = (n: number): number => (n <= 1 ? 0 : Math.ceil(Math.log2(n)));
/** The longest UTF-8 spelling of a text of `max` UTF-16 units. */
const maxBytes = (max: number): number => max * 3;

// UTF-8 by the platform's Encoding API. TextEncoder and TextDecoder are in every place the engines
// run (browsers, workers, Node) but not in the ES library they are type-checked against (no DOM, no
// Node types: tsconfig.json here), so the two shapes used are declared here.
type Platform = {
  TextEncoder: new () => { encode(s: string): Uint8Array };
  TextDecoder: new (label: 'utf-8', options: { fatal: boolean; ignoreBOM: boolean }) => { decode(bytes: Uint8Array): string };
};
const { TextEncoder: Encoder, TextDecoder: Decoder } = globalThis as unknown as Platform;
const ENCODER = new Encoder();
// fatal: overlong forms, surrogates and cut sequences are an error, not U+FFFD; ignoreBOM: a leading
// U+FEFF is text like any other.
const DECODER = new Decoder('utf-8', { fatal: true, ignoreBOM: true });

/** The UTF-8 bytes of `s` (validated text: no lone surrogates). */
export const utf8 = (s: string): number[] => [...ENCODER.encode(s)];

/** Strict UTF-8 (no overlong forms, no surrogates); undefined for anything else. */
export function fromUtf8(bytes: readonly number[]): string | undefined {
  try {
    return DECODER.decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}

/** The 64 characters a plain name is spelled with, 6 bits each. */
const PLAIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '";
const PLAIN_INDEX = new Map([...PLAIN].map((c, i) => [c, i]));

class Writer {
  readonly bits: number[] = [];
  readonly seen: string[] = [];
  put(value: number, w: number): void {
    for (let i = w - 1; i >= 0; i--) this.bits.push(Math.floor(value / 2 ** i) % 2);
  }
  text(): string {
    let out = '';
    for (let i = 0; i < this.bits.length; i += 6) {
      let v = 0;
      for (let j = 0; j < 6; j++) v = v * 2 + (this.bits[i + j] ?? 0);
      out += ALPHABET[v];
    }
    return out;
  }
}

function encodeFields(fields: readonly FieldDesc[], v: Record<string, unknown>, w: Writer) {
  for (const f of fields) {
    if (f.optional) {
      w.put(v[f.key] === undefined ? 0 : 1, 1);
      if (v[f.key] === undefined) continue;
    }
    encodeDesc(f.desc, v[f.key], w);
  }
}

function encodeDesc(d: Desc, v: unknown, w: Writer): void {
  switch (d.t) {
    case 'int':
      w.put(Number(v) - d.min, width(d.max - d.min + 1));
      return;
    case 'bool':
      w.put(v === true ? 1 : 0, 1);
      return;
    case 'str': {
      const text = String(v);
      const seen = w.seen.indexOf(text);
      w.put(seen >= 0 ? 1 : 0, 1);
      if (seen >= 0) return w.put(seen, width(w.seen.length));
      w.seen.push(text);
      const plain = [...text].every((c) => PLAIN_INDEX.has(c));
      w.put(plain ? 0 : 1, 1);
      if (plain) {
        w.put(text.length, width(d.max + 1));
        for (const c of text) w.put(PLAIN_INDEX.get(c)!, 6);
        return;
      }
      const bytes = utf8(text);
      w.put(bytes.length, width(maxBytes(d.max) + 1));
      for (const b of bytes) w.put(b, 8);
      return;
    }
    case 'enum':
      w.put(d.values.indexOf(String(v)), width(d.values.length));
      return;
    case 'list': {
      const items = v as readonly unknown[];
      w.put(items.length - d.min, width(d.max - d.min + 1));
      for (const item of items) encodeDesc(d.item, item, w);
      return;
    }
    case 'obj':
      encodeFields(d.fields, v as Record<string, unknown>, w);
      return;
    case 'union': {
      const rec = v as Record<string, unknown>;
      const i = d.variants.findIndex((x) => x.name === rec[d.tag]);
      w.put(i, width(d.variants.length));
      const variant = d.variants[i];
      if (variant !== undefined) encodeFields(variant.fields, rec, w);
      return;
    }
  }
}

/** The payload of a link: `value` must be valid for `schema`. */
export function encodeBits(schema: Desc, value: unknown): string {
  const w = new Writer();
  encodeDesc(schema, value, w);
  return w.text();
}

class Reader {
  pos = 0;
  readonly seen: string[] = [];
  failed: EngineError | undefined;
  constructor(readonly bits: readonly number[]) {}
  take(w: number, path: string): number | undefined {
    if (this.pos + w > this.bits.length) return this.fail(path, 'end');
    let v = 0;
    for (let i = 0; i < w; i++) v = v * 2 + this.bits[this.pos++]!;
    return v;
  }
  fail(path: string, reason: string): undefined {
    this.failed ??= error('bad-query', 'query', { reason, at: path === '' ? '-' : path, token: 1 });
    return undefined;
  }
}

function decodeFields(fields: readonly FieldDesc[], r: Reader, path: string, out: Record<string, unknown>) {
  for (const f of fields) {
    const p = join(path, f.key);
    if (f.optional && r.take(1, p) === 0) continue;
    const v = decodeDesc(f.desc, r, p);
    if (r.failed) return;
    out[f.key] = v;
  }
}

function decodeDesc(d: Desc, r: Reader, path: string): unknown {
  switch (d.t) {
    case 'int': {
      const n = r.take(width(d.max - d.min + 1), path);
      return n === undefined ? undefined : n + d.min;
    }
    case 'bool': {
      const n = r.take(1, path);
      return n === undefined ? undefined : n === 1;
    }
    case 'str': {
      const ref = r.take(1, path);
      if (ref === undefined) return undefined;
      if (ref === 1) {
        const i = r.take(width(r.seen.length), path);
        if (i === undefined) return undefined;
        return r.seen[i] ?? r.fail(path, 'index');
      }
      const mode = r.take(1, path);
      if (mode === undefined) return undefined;
      let text: string | undefined = '';
      if (mode === 0) {
        const n = r.take(width(d.max + 1), path);
        if (n === undefined) return undefined;
        for (let i = 0; i < n; i++) {
          const c = r.take(6, path);
          if (c === undefined) return undefined;
          text += PLAIN[c];
        }
      } else {
        const n = r.take(width(maxBytes(d.max) + 1), path);
        if (n === undefined) return undefined;
        const bytes: number[] = [];
        for (let i = 0; i < n; i++) {
          const b = r.take(8, path);
          if (b === undefined) return undefined;
          bytes.push(b);
        }
        text = fromUtf8(bytes);
        if (text === undefined) return r.fail(path, 'text');
      }
      r.seen.push(text);
      return text;
    }
    case 'enum': {
      const i = r.take(width(d.values.length), path);
      if (i === undefined) return undefined;
      return i < d.values.length ? d.values[i] : r.fail(path, 'index');
    }
    case 'list': {
      const n = r.take(width(d.max - d.min + 1), path);
      if (n === undefined) return undefined;
      if (n + d.min > d.max) return r.fail(path, 'index');
      const items: unknown[] = [];
      for (let i = 0; i < n + d.min && !r.failed; i++) items.push(decodeDesc(d.item, r, join(path, i)));
      return items;
    }
    case 'obj': {
      const out: Record<string, unknown> = {};
      decodeFields(d.fields, r, path, out);
      return out;
    }
    case 'union': {
      const i = r.take(width(d.variants.length), join(path, d.tag));
      if (i === undefined) return undefined;
      const variant = d.variants[i];
      if (variant === undefined) return r.fail(join(path, d.tag), 'index');
      const out: Record<string, unknown> = { [d.tag]: variant.name };
      decodeFields(variant.fields, r, path, out);
      return out;
    }
  }
}

/**
 * Reads a payload back into a raw value shaped by `schema`. The value still has to pass the
 * engine's validation: a hand-edited link may hold numbers out of range.
 */
export function decodeBits(schema: Desc, payload: string): { value: unknown } | { error: EngineError } {
  const bits: number[] = [];
  for (const c of payload) {
    const v = INDEX.get(c);
    if (v === undefined) return { error: error('bad-query', 'query', { reason: 'text', at: '-', token: 1 }) };
    for (let i = 5; i >= 0; i--) bits.push(Math.floor(v / 2 ** i) % 2);
  }
  const r = new Reader(bits);
  const value = decodeDesc(schema, r, '');
  if (r.failed) return { error: r.failed };
  // What is left can only be the padding of the last character, and padding is zeros.
  if (bits.length - r.pos >= 6 || bits.slice(r.pos).some((b) => b === 1)) {
    return { error: error('bad-query', 'query', { reason: 'trailing', at: '-', token: 1 }) };
  }
  return { value };
}
