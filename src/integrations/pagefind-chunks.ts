// Re-cuts a Pagefind 1.6 bundle's word index into smaller chunks (docs/search.md, "Index chunks").
// Pagefind cuts its index every 20,000 word locations (a constant in its source, no option), and a
// query loads the whole chunk whose word range covers each term: on the bundled site, with its long
// pages, that is 26–34 KB per query, a third of the first search. The bundle's format is Pagefind's
// own (gzip of "pagefind_dcd" + CBOR): the metadata lists each chunk as [from, to, hash], each chunk
// holds whole words in sorted order. So the words are regrouped in the same order into chunks of
// about `target` locations, cut only between two words that share a short enough start (mayShare: a
// query term then finds every word it begins in the one chunk Pagefind's client loads), and the metadata and pagefind-entry.json are rewritten to name them.
// Every file is decoded and re-encoded first and must come back byte for byte, so a Pagefind whose
// format differs stops the build with a message rather than writing an index the client misreads.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzip as gzipCb, gzipSync } from 'node:zlib';

// Off the main thread (libuv's pool): the re-cut compresses a few hundred files.
const gzip = promisify(gzipCb);

export type Cbor = number | string | Uint8Array | boolean | null | Cbor[];

const SIGNATURE = 'pagefind_dcd';

/** Decodes the CBOR subset Pagefind writes (integers, strings, arrays, simple values). */
export function decodeCbor(bytes: Uint8Array): Cbor {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let i = 0;
  const text = new TextDecoder('utf-8', { fatal: true });
  const arg = (info: number): number => {
    if (info < 24) return info;
    if (info === 24) return view.getUint8(i++);
    if (info === 25) { const v = view.getUint16(i); i += 2; return v; }
    if (info === 26) { const v = view.getUint32(i); i += 4; return v; }
    if (info === 27) { const v = Number(view.getBigUint64(i)); i += 8; return v; }
    throw new Error(`unsupported CBOR length form ${info} at byte ${i}`);
  };
  const item = (): Cbor => {
    if (i >= bytes.length) throw new Error('CBOR ends early');
    const head = bytes[i++]!;
    const major = head >> 5;
    const info = head & 31;
    switch (major) {
      case 0: return arg(info);
      case 1: return -1 - arg(info);
      case 2: { const n = arg(info); const out = bytes.slice(i, i + n); i += n; return out; }
      case 3: { const n = arg(info); const out = text.decode(bytes.subarray(i, i + n)); i += n; return out; }
      case 4: { const n = arg(info); const out: Cbor[] = []; for (let k = 0; k < n; k++) out.push(item()); return out; }
      case 7:
        if (info === 20) return false;
        if (info === 21) return true;
        if (info === 22) return null;
        break;
    }
    throw new Error(`unsupported CBOR item 0x${head.toString(16)} at byte ${i - 1}`);
  };
  const value = item();
  if (i !== bytes.length) throw new Error(`CBOR has ${bytes.length - i} bytes after its value`);
  return value;
}

/** Encodes as Pagefind's encoder does: definite lengths, shortest integer forms. */
export function encodeCbor(value: Cbor): Uint8Array {
  // One growing buffer (a per-byte array made the index re-cut spend most of its time here).
  let buf = new Uint8Array(1 << 16);
  let at = 0;
  const room = (n: number) => {
    if (at + n <= buf.length) return;
    let size = buf.length * 2;
    while (size < at + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(buf.subarray(0, at));
    buf = next;
  };
  const head = (major: number, n: number) => {
    room(9);
    const m = major << 5;
    if (n < 24) buf[at++] = m | n;
    else if (n < 0x100) { buf[at++] = m | 24; buf[at++] = n; }
    else if (n < 0x10000) { buf[at++] = m | 25; buf[at++] = n >> 8; buf[at++] = n & 255; }
    else if (n < 0x100000000) { buf[at++] = m | 26; buf[at++] = (n >>> 24) & 255; buf[at++] = (n >>> 16) & 255; buf[at++] = (n >>> 8) & 255; buf[at++] = n & 255; }
    else { buf[at++] = m | 27; new DataView(buf.buffer).setBigUint64(at, BigInt(n)); at += 8; }
  };
  const utf8 = new TextEncoder();
  const put = (v: Cbor): void => {
    if (typeof v === 'number') {
      if (!Number.isInteger(v)) throw new Error(`CBOR: ${v} is not an integer`);
      if (v >= 0) head(0, v); else head(1, -1 - v);
    } else if (typeof v === 'string') { const b = utf8.encode(v); head(3, b.length); room(b.length); buf.set(b, at); at += b.length; }
    else if (v instanceof Uint8Array) { head(2, v.length); room(v.length); buf.set(v, at); at += v.length; }
    else if (Array.isArray(v)) { head(4, v.length); for (const x of v) put(x); }
    else { room(1); buf[at++] = v === false ? 0xf4 : v === true ? 0xf5 : 0xf6; }
  };
  put(value);
  return buf.slice(0, at);
}

/** A Pagefind file's content: gunzip, check the signature, decode. */
export function readPagefindFile(file: string, gz: Uint8Array): Cbor {
  const body = pagefindBody(file, gunzipSync(gz));
  let value: Cbor;
  try { value = decodeCbor(body); } catch (error) {
    throw new Error(`${file}: Pagefind's format is not the one src/integrations/pagefind-chunks.ts knows (${(error as Error).message})`);
  }
  // The format guard: what we would write back must be what Pagefind wrote.
  if (Buffer.compare(encodeCbor(value), body) !== 0) throw new Error(`${file}: Pagefind's format is not the one src/integrations/pagefind-chunks.ts knows (it does not re-encode byte for byte)`);
  return value;
}

/** What follows the signature of an unzipped Pagefind file. */
function pagefindBody(file: string, raw: Uint8Array): Uint8Array {
  if (Buffer.from(raw.subarray(0, SIGNATURE.length)).toString() !== SIGNATURE) throw new Error(`${file}: not a Pagefind file (no ${SIGNATURE} signature)`);
  return raw.subarray(SIGNATURE.length);
}

/** A Pagefind file holding JSON (gzip of the signature and JSON: a fragment); names the file if it is not one. */
export function readPagefindJson(file: string, gz: Uint8Array, what: string): unknown {
  const raw = gunzipSync(gz);
  if (raw.subarray(0, SIGNATURE.length).toString() !== SIGNATURE) throw new Error(`${file}: not a Pagefind ${what} (no ${SIGNATURE} signature)`);
  try { return JSON.parse(raw.subarray(SIGNATURE.length).toString('utf8')); } catch (error) {
    throw new Error(`${file}: a Pagefind ${what} that is not JSON (${(error as Error).message})`);
  }
}

export function pagefindFile(value: Cbor, encoded = encodeCbor(value)): Uint8Array {
  return gzipSync(Buffer.concat([Buffer.from(SIGNATURE), encoded]), { level: 9 });
}

/**
 * A page a word is on: its number (absolute, not Pagefind's delta), and its locations on the page
 * and in its metadata as Pagefind encoded them, which the re-cut and the renumbering move as bytes
 * and never read (decoding every location into numbers was most of the re-cut's time and garbage).
 */
export interface WordPage { page: number; locations: Uint8Array; count: number }
/** A word of the index: [word, its pages by number, its diacritic variants [form, pages]]. */
export type IndexWord = [string, WordPage[], [string, WordPage[]][]];

/**
 * A word index chunk's words (Pagefind 1.6: [[[word, [[page delta, [location…], [meta location…]]…],
 * [[form, pages]…]]…]]). Only the encoding encodeCbor writes is accepted (definite lengths, every
 * number in its shortest form, valid UTF-8), so the words encode back byte for byte (encodeWords):
 * a Pagefind whose format differs stops the build with a message naming the file.
 */
export function decodeWords(bytes: Uint8Array, where: string): IndexWord[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let i = 0;
  const fail = (what: string) => new Error(`${where}: not a Pagefind 1.6 word index chunk as src/integrations/pagefind-chunks.ts knows it (${what} at byte ${i})`);
  const arg = (info: number): number => {
    if (info < 24) return info;
    let v: number;
    if (info === 24) { v = view.getUint8(i); i += 1; if (v < 24) throw fail('a number not in its shortest form'); return v; }
    if (info === 25) { v = view.getUint16(i); i += 2; if (v < 0x100) throw fail('a number not in its shortest form'); return v; }
    if (info === 26) { v = view.getUint32(i); i += 4; if (v < 0x10000) throw fail('a number not in its shortest form'); return v; }
    throw fail(`length form ${info}`);
  };
  const head = (major: number): number => {
    if (i >= bytes.length) throw fail('the end of the file');
    const h = bytes[i++]!;
    if (h >> 5 !== major) throw fail(`CBOR item 0x${h.toString(16)} where major type ${major} belongs`);
    return arg(h & 31);
  };
  const array = (n: number) => { const got = head(4); if (got !== n) throw fail(`an array of ${got} where ${n} belong`); };
  const text = () => { const n = head(3); if (i + n > bytes.length) throw fail('the end of the file'); const t = utf8.decode(bytes.subarray(i, i + n)); i += n; return t; };
  /** Passes over an array of integers; returns how many. */
  const integers = () => {
    const n = head(4);
    for (let k = 0; k < n; k++) {
      if (i >= bytes.length) throw fail('the end of the file');
      const h = bytes[i++]!;
      if (h >> 5 > 1) throw fail(`CBOR item 0x${h.toString(16)} where a location belongs`);
      arg(h & 31);
    }
    return n;
  };
  const pages = (): WordPage[] => {
    const n = head(4);
    const out: WordPage[] = [];
    let at = 0;
    for (let k = 0; k < n; k++) {
      array(3);
      at += head(0);
      const from = i;
      const count = integers();
      integers();
      out.push({ page: at, locations: bytes.subarray(from, i), count });
    }
    return out;
  };
  array(1);
  const n = head(4);
  const words: IndexWord[] = [];
  for (let k = 0; k < n; k++) {
    array(3);
    const word = text();
    const on = pages();
    const m = head(4);
    const variants: [string, WordPage[]][] = [];
    for (let v = 0; v < m; v++) { array(2); variants.push([text(), pages()]); }
    words.push([word, on, variants]);
  }
  if (i !== bytes.length) throw fail(`${bytes.length - i} bytes after the words`);
  return words;
}

/** A growing byte buffer with CBOR's heads (encodeWords). */
class Writer {
  buf = new Uint8Array(1 << 16);
  at = 0;
  room(n: number) {
    if (this.at + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.at + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.at));
    this.buf = next;
  }
  head(major: number, n: number) {
    this.room(5);
    const m = major << 5;
    const b = this.buf;
    if (n < 24) b[this.at++] = m | n;
    else if (n < 0x100) { b[this.at++] = m | 24; b[this.at++] = n; }
    else if (n < 0x10000) { b[this.at++] = m | 25; b[this.at++] = n >> 8; b[this.at++] = n & 255; }
    else { b[this.at++] = m | 26; b[this.at++] = (n >>> 24) & 255; b[this.at++] = (n >>> 16) & 255; b[this.at++] = (n >>> 8) & 255; b[this.at++] = n & 255; }
  }
  bytes(v: Uint8Array) { this.room(v.length); this.buf.set(v, this.at); this.at += v.length; }
}

const utf8 = new TextEncoder();

/** The chunk file's CBOR for `words`, as Pagefind encodes it (page numbers delta-coded in order). */
export function encodeWords(words: readonly IndexWord[]): Uint8Array {
  const w = new Writer();
  const pages = (list: readonly WordPage[]) => {
    w.head(4, list.length);
    let last = 0;
    for (const p of list) { w.head(4, 3); w.head(0, p.page - last); last = p.page; w.bytes(p.locations); }
  };
  w.head(4, 1);
  w.head(4, words.length);
  for (const [word, on, variants] of words) {
    w.head(4, 3);
    const t = utf8.encode(word);
    w.head(3, t.length);
    w.bytes(t);
    pages(on);
    w.head(4, variants.length);
    for (const [form, list] of variants) { w.head(4, 2); const f = utf8.encode(form); w.head(3, f.length); w.bytes(f); pages(list); }
  }
  return w.buf.slice(0, w.at);
}

/** Locations a word adds to a chunk, counted as Pagefind counts them (each page's list, plus one). */
export function weight(w: IndexWord): number {
  return w[1].reduce((n, p) => n + p.count + 1, 0);
}

/** Characters two words share at their start. */
function shared(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}

/**
 * How many leading characters two neighbouring words may share for a chunk to end between them.
 * Pagefind's client loads one chunk per query term, so a term no longer than the shared part finds
 * only the first chunk's words: a cut between 置換 and 置換効果 would lose 置換効果 for 置換. Japanese
 * words are one to three characters (置換, 能力, キッカー…), so they stay together from the second
 * character on; Latin words and numbers from the third (re|rep: replacement and replay stay
 * together, reveal may go), since English prefixes of two letters hold a fifth of the index.
 */
export function mayShare(word: string): number {
  return /^[\x00-\x7f]/.test(word) ? 2 : 1;
}

/**
 * Groups sorted words into chunks of at most about `target` locations: a chunk closes before the word
 * that would take it over `target`, where the two words share no more than `mayShare` allows (so a
 * word larger than `target` alone, such as 能力, has a chunk of its own instead of doubling its
 * neighbours'), and before the word that would take it over `limit` (Pagefind's own size) wherever
 * that falls, so no chunk is larger than Pagefind would make it.
 */
export function regroup<W extends [string, ...unknown[]]>(words: W[], size: (w: W) => number, target: number, limit = 20_000): W[][] {
  const chunks: W[][] = [];
  let chunk: W[] = [];
  let total = 0;
  for (const w of words) {
    const n = size(w);
    const last = chunk.at(-1);
    if (last && (total + n > limit || (total + n > target && shared(last[0], w[0]) <= mayShare(last[0])))) {
      chunks.push(chunk);
      chunk = [];
      total = 0;
    }
    chunk.push(w);
    total += n;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

/** The [from, to] of each chunk, as Pagefind writes them (neighbours' shortest distinct prefixes). */
export function ranges(chunks: { first: string; last: string }[]): [string, string][] {
  const out = chunks.map((c): [string, string] => [c.first, c.last]);
  for (let k = 0; k + 1 < out.length; k++) {
    const a = [...out[k]![1]];
    const b = [...out[k + 1]![0]];
    const n = shared(out[k]![1], out[k + 1]![0]);
    out[k]![1] = a.slice(0, n + 1).join('');
    out[k + 1]![0] = b.slice(0, n + 1).join('');
  }
  return out;
}

const hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The shortest prefix of `full`, from `min` characters, that `taken` does not hold yet (Pagefind's short file names). */
export function shortName(full: string, min: number, taken: { has(name: string): boolean }): string {
  let n = min;
  while (taken.has(full.slice(0, n))) n++;
  return full.slice(0, n);
}

/** A bundle's metadata, as its entry names it for one language (readMeta, writeMeta). */
export interface BundleMeta {
  entryFile: string;
  entry: { languages: Record<string, { hash: string }> };
  language: { hash: string };
  metaFile: string;
  meta: Cbor;
}

/** Reads the metadata that the bundle's entry in `dir` names for `lang`. */
export async function readMeta(dir: string, lang: string): Promise<BundleMeta> {
  const entryFile = join(dir, 'pagefind-entry.json');
  const entry = JSON.parse(await readFile(entryFile, 'utf8')) as BundleMeta['entry'];
  const language = entry.languages[lang];
  if (!language) throw new Error(`${entryFile}: no language "${lang}"`);
  const metaFile = join(dir, `pagefind.${language.hash}.pf_meta`);
  return { entryFile, entry, language, metaFile, meta: readPagefindFile(metaFile, await readFile(metaFile)) };
}

/**
 * Writes `meta` as the bundle's metadata under its content hash, points the entry at it (the
 * entry's other fields kept), then removes every other metadata file: the files it names must be
 * written before, so a build stopped half-way leaves a bundle that still answers.
 */
export async function writeMeta(dir: string, lang: string, opened: BundleMeta, meta: Cbor): Promise<void> {
  const encoded = encodeCbor(meta);
  const metaHash = `${lang}_${hex(encoded).slice(0, 10)}`;
  await writeFile(join(dir, `pagefind.${metaHash}.pf_meta`), pagefindFile(meta, encoded));
  opened.language.hash = metaHash;
  await writeFile(opened.entryFile, JSON.stringify(opened.entry));
  for (const f of await readdir(dir)) if (f.endsWith('.pf_meta') && f !== `pagefind.${metaHash}.pf_meta`) await rm(join(dir, f));
}

/** URL order as a reader reads a document: 702.9 before 702.10 (numbers by value), then by code point. */
const collator = new Intl.Collator('en', { numeric: true });
export const byUrl = (a: string, b: string): number => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The pages' new numbers: `urls[p]` is page p's URL (Pagefind's number, its place in the
 * metadata); page p becomes `renumbered[p]`, its place in URL order. Pagefind numbers pages in the
 * order they were added, so this makes the bundle the same whatever order the pages came in.
 */
export function urlOrder(urls: readonly string[]): number[] {
  const order = urls.map((_, p) => p).sort((a, b) => byUrl(urls[a]!, urls[b]!) || a - b);
  const renumbered = new Array<number>(urls.length);
  order.forEach((p, k) => { renumbered[p] = k; });
  return renumbered;
}

/** A word's (or a variant's) pages under new numbers, in their order. */
function renumberPages(pages: readonly WordPage[], renumbered: readonly number[], where: string): WordPage[] {
  return pages.map((p) => {
    const to = renumbered[p.page];
    if (to === undefined) throw new Error(`${where}: names page ${p.page}, which the metadata does not list`);
    return { ...p, page: to };
  }).sort((a, b) => a.page - b.page);
}

/** A word of the index under new page numbers (its pages, and each diacritic variant's). */
export function renumberWord(w: IndexWord, renumbered: readonly number[], where: string): IndexWord {
  return [w[0], renumberPages(w[1], renumbered, `${where} (word ${w[0]})`), w[2].map(([form, pages]) => [form, renumberPages(pages, renumbered, `${where} (word ${w[0]}, variant ${form})`)])];
}

/** A filter file's value lists [filter, [[value, [page, …]], …]] under new page numbers (absolute, ascending). */
export function renumberFilter(f: Cbor, renumbered: readonly number[], where: string): Cbor {
  const values = Array.isArray(f) ? f[1] : undefined;
  if (!Array.isArray(f) || f.length !== 2 || typeof f[0] !== 'string' || !Array.isArray(values)
    || !values.every((v) => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && Array.isArray(v[1]) && v[1].every((p) => typeof p === 'number'))) {
    throw new Error(`${where}: not a Pagefind filter index [filter, [[value, pages]]]`);
  }
  return [f[0], (values as [string, number[]][]).map(([value, pages]) => [value, pages.map((p) => {
    const to = renumbered[p];
    if (to === undefined) throw new Error(`${where}: value ${value} names page ${p}, which the metadata does not list`);
    return to;
  }).sort((a, b) => a - b)])];
}

/**
 * Re-cuts the index of the bundle in `dir` (one language, `lang`) into chunks of about `target`
 * locations, and numbers its pages in URL order (urlOrder: the bundle is then the same whatever
 * order Pagefind was given the pages in, docs/search.md#built-while-the-pages-render): the
 * metadata's page list, every word's pages and every filter's are renumbered together. Returns the
 * chunk counts before and after.
 */
export async function rechunk(dir: string, lang: string, target: number): Promise<{ before: number; after: number }> {
  const opened = await readMeta(dir, lang);
  const { metaFile, meta } = opened;
  const m = meta as Cbor[];
  const list = Array.isArray(meta) ? meta[2] : undefined;
  if (!Array.isArray(list) || !list.every((c) => Array.isArray(c) && c.length === 3 && c.every((s) => typeof s === 'string'))) {
    throw new Error(`${metaFile}: its third field is not Pagefind's list of index chunks [from, to, hash]`);
  }
  const rows = m[1];
  if (!Array.isArray(rows) || !rows.every((r) => Array.isArray(r) && typeof r[0] === 'string')) throw new Error(`${metaFile}: its second field is not Pagefind's list of pages [hash, …]`);
  const filters = m[3];
  if (!Array.isArray(filters) || !filters.every((f) => Array.isArray(f) && f.length === 2 && typeof f[0] === 'string' && typeof f[1] === 'string')) throw new Error(`${metaFile}: its fourth field is not Pagefind's list of filters [filter, hash]`);
  // Sort orders list pages by a value the bundle does not keep, so their ties cannot be renumbered
  // faithfully; the site sets no data-pagefind-sort.
  if (!Array.isArray(m[4]) || m[4].length) throw new Error(`${metaFile}: the bundle has sort orders (data-pagefind-sort), which src/integrations/pagefind-chunks.ts does not renumber`);

  // Each page's URL, from its fragment (the file its row names).
  const urls = await Promise.all((rows as Cbor[][]).map(async (r) => {
    const file = join(dir, 'fragment', `${r[0] as string}.pf_fragment`);
    const f = readPagefindJson(file, await readFile(file), 'fragment') as { url?: unknown };
    if (typeof f?.url !== 'string') throw new Error(`${file}: Pagefind's fragment format is not the one src/integrations/pagefind-chunks.ts knows (field "url")`);
    return f.url;
  }));
  const renumbered = urlOrder(urls);
  const newRows = new Array<Cbor>(rows.length);
  renumbered.forEach((to, p) => { newRows[to] = rows[p]!; });

  const old = list as [string, string, string][];
  const words: IndexWord[] = [];
  for (const [, , hash] of old) {
    const file = join(dir, 'index', `${hash}.pf_index`);
    for (const w of decodeWords(pagefindBody(file, gunzipSync(await readFile(file))), file)) words.push(renumberWord(w, renumbered, file));
  }
  const groups = regroup(words, weight, target);
  const bounds = ranges(groups.map((g) => ({ first: g[0]![0], last: g.at(-1)![0] })));
  const named = new Set<string>();
  const encodedChunks = groups.map((g, k) => {
    const encoded = encodeWords(g);
    const name = shortName(`${lang}_${hex(encoded)}`, lang.length + 1 + 7, named);
    named.add(name);
    return { name, encoded, range: [bounds[k]![0], bounds[k]![1], name] as Cbor };
  });
  const chunks = encodedChunks.map((c) => c.range);
  const files = new Map<string, Uint8Array>(await Promise.all(encodedChunks.map(async (c): Promise<[string, Uint8Array]> => [c.name, await gzip(Buffer.concat([Buffer.from(SIGNATURE), c.encoded]), { level: 9 })])));
  const filterFiles = new Map<string, Uint8Array>();
  const newFilters: Cbor[] = [];
  for (const [name, hash] of filters as [string, string][]) {
    const file = join(dir, 'filter', `${hash}.pf_filter`);
    const value = renumberFilter(readPagefindFile(file, await readFile(file)), renumbered, file);
    const encoded = encodeCbor(value);
    const short = shortName(`${lang}_${hex(encoded)}`, lang.length + 1 + 7, filterFiles);
    filterFiles.set(short, pagefindFile(value, encoded));
    newFilters.push([name, short]);
  }
  // Write the new files first, then point the entry at them, then remove the old ones: a build
  // stopped half-way leaves a bundle that still answers.
  for (const [hash, body] of files) await writeFile(join(dir, 'index', `${hash}.pf_index`), body);
  for (const [hash, body] of filterFiles) await writeFile(join(dir, 'filter', `${hash}.pf_filter`), body);
  await writeMeta(dir, lang, opened, m.with(1, newRows).with(2, chunks).with(3, newFilters));
  for (const f of await readdir(join(dir, 'index'))) if (!files.has(f.replace(/\.pf_index$/, ''))) await rm(join(dir, 'index', f));
  if (filters.length) for (const f of await readdir(join(dir, 'filter'))) if (!filterFiles.has(f.replace(/\.pf_filter$/, ''))) await rm(join(dir, 'filter', f));
  return { before: old.length, after: groups.length };
}
