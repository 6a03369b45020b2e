// Splits the result fragments of long pages (docs/search.md, "Fragments of long pages"). Pagefind
// writes one fragment per page, holding the page's whole text, and its client fetches the whole
// fragment for every result it shows: a dictionary page or a long guide is 5–17 KB, for an excerpt
// of 30 words. So a fragment with more than `long` words is rewritten as a head — still a Pagefind
// fragment (url, title, filters, sub-result anchors), so Pagefind's own data() gives the result's
// URL, title and sub-results — with its text left out, and the text is written as blocks of at
// most about `size` words, cut at the page's sub-result anchors where it can be, which the search
// client fetches only for the excerpt it shows (src/search/excerpt.ts). The head names its blocks
// under `taiyaku`; a fragment of a short page is left as Pagefind wrote it.
// Below, fragment groups: with more pages than a language may have fragment files, neighbouring
// pages' fragments share one file (groupFragments), which Pagefind's own client reads.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { byUrl, type Cbor, readMeta, readPagefindJson, shortName, writeMeta } from './pagefind-chunks';

const SIGNATURE = 'pagefind_dcd';

export interface Anchor { element: string; id: string; text?: string; title?: string; location: number }
export interface Fragment {
  url: string;
  content: string;
  word_count: number;
  filters: Record<string, string[]>;
  meta: Record<string, string>;
  anchors: Anchor[];
  taiyaku?: Split;
}
/** What a head says of its text: how many words, how they are separated, its blocks. */
export interface Split {
  /** The head's version of this layout (src/search/excerpt.ts reads version 2: blocks with anchors). */
  v: 2;
  /** How many words the text has (as Pagefind's excerpt splits it). */
  words: number;
  /** Words separated by zero-width spaces (Japanese segmentation) rather than white space. */
  zws: boolean;
  /** Each block's first word and its file name (under fragment/). */
  blocks: [number, string][];
}

/** Checks a fragment's JSON; names the file (and the page of a group) and the field that is wrong. */
function asFragment(file: string, value: unknown): Fragment {
  const f = value as Partial<Fragment>;
  const fail = (field: string) => new Error(`${file}: Pagefind's fragment format is not the one src/integrations/pagefind-fragments.ts knows (field "${field}")`);
  if (typeof f !== 'object' || f === null) throw fail('(the whole file)');
  if (typeof f.url !== 'string') throw fail('url');
  if (typeof f.content !== 'string') throw fail('content');
  if (typeof f.meta !== 'object' || f.meta === null) throw fail('meta');
  if (!Array.isArray(f.anchors) || !f.anchors.every((a) => typeof a === 'object' && a !== null && typeof a.location === 'number' && typeof a.id === 'string' && typeof a.element === 'string')) throw fail('anchors');
  return f as Fragment;
}

/** A fragment file's JSON (gzip of the signature and JSON); names the file and the field that is wrong. */
export function readFragment(file: string, gz: Uint8Array): Fragment {
  return asFragment(file, readPagefindJson(file, gz, 'fragment'));
}

/** A group file's fragments by page hash (groupFragments below); names the file, the page and the field that is wrong. */
export function readGroup(file: string, gz: Uint8Array): Map<string, Fragment> {
  const value = readPagefindJson(file, gz, 'fragment group');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${file}: a fragment group is an object of fragments by page hash`);
  return new Map(Object.entries(value).map(([hash, f]) => [hash, asFragment(`${file} (page ${hash})`, f)]));
}

/** Whether a file under fragment/ is a group (groupFragments names them {lang}_group_{hash}). */
export const isGroupFile = (name: string) => /^[a-z-]+_group_[0-9a-f]+\.pf_fragment$/.test(name);

/** Every page fragment a file under fragment/ holds: a group's, or the file's own one (not a block of a long page). */
export function fragmentsIn(file: string, gz: Uint8Array): Fragment[] {
  const name = file.split(/[\\/]/).at(-1)!;
  return isGroupFile(name) ? [...readGroup(file, gz).values()] : [readFragment(file, gz)];
}

function pagefindFile(value: unknown): Uint8Array {
  return gzipSync(Buffer.concat([Buffer.from(SIGNATURE), Buffer.from(JSON.stringify(value))]), { level: 9 });
}

/** A page's words as Pagefind's client cuts them for excerpts (its build_excerpt). */
export function wordsOf(content: string): { words: string[]; zws: boolean } {
  const zws = content.includes('\u200B');
  return { words: zws ? content.split('\u200B') : content.split(/[^\S\uFEFF]+/g), zws };
}

/** The anchors Pagefind makes sub-results of (its calculate_sub_results), by location. */
export function subAnchors(anchors: readonly Anchor[]): Anchor[] {
  return anchors
    .filter((a) => (a.title?.length && /\S/.test(a.title)) || (/h\d/i.test(a.element) && a.text?.length && /\S/.test(a.text)))
    .sort((a, b) => a.location - b.location);
}

/**
 * Where the blocks start: at 0, then before a sub-result anchor once the block holds `size` words
 * or more would be added, and every `size` words inside a section longer than that.
 */
export function blockStarts(words: number, anchorLocations: readonly number[], size: number): number[] {
  const starts = [0];
  const cuts = [...new Set(anchorLocations.filter((l) => l > 0 && l < words))].sort((a, b) => a - b);
  let k = 0;
  for (;;) {
    const from = starts.at(-1)!;
    while (k < cuts.length && cuts[k]! <= from) k++;
    if (from + size >= words) break;
    // The last anchor within `size` words of the block's start, if any; else a cut mid-section.
    let at = -1;
    while (k < cuts.length && cuts[k]! <= from + size) at = cuts[k++]!;
    starts.push(at > from ? at : from + size);
  }
  return starts;
}

/** A block: its words, and the sub-result anchors it names ([index, id, title]), see splitFragment. */
export interface Block { w: string[]; a: [number, string, string][] }

/**
 * A long page's head and blocks. The head is Pagefind's fragment with an empty text and, of the
 * anchors, only those that make sub-results, each with its location, its index among them as its
 * id and "-" as its title (a dictionary page's 180 titles were most of its head); `taiyaku` names
 * the blocks. Each block holds the page's words from its start to the next block's, and the real
 * id and title ([index, id, title]) of every anchor in it and of the one in force where it starts,
 * so the block an excerpt starts in names the sub-result it belongs to.
 */
export function splitFragment(f: Fragment, size: number, name: (block: Block) => string): { head: Fragment; blocks: Map<string, Block> } {
  const { words, zws } = wordsOf(f.content);
  const anchors = subAnchors(f.anchors);
  const starts = blockStarts(words.length, anchors.map((a) => a.location), size);
  const blocks = new Map<string, Block>();
  const listed: [number, string][] = starts.map((s, i) => {
    const end = starts[i + 1] ?? words.length;
    const inForce = anchors.findLastIndex((a) => a.location < s);
    // The title Pagefind's client gives a sub-result: title || text.
    const named = anchors.flatMap((a, k): [number, string, string][] => (k === inForce || (a.location >= s && a.location < end) ? [[k, a.id, a.title || a.text || '']] : []));
    const block: Block = { w: words.slice(s, end), a: named };
    const n = name(block);
    blocks.set(n, block);
    return [s, n];
  });
  const head: Fragment = {
    ...f,
    content: '',
    anchors: anchors.map((a, k): Anchor => ({ element: '', id: String(k), title: '-', location: a.location })),
    taiyaku: { v: 2, words: words.length, zws, blocks: listed },
  };
  return { head, blocks };
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Rewrites, in the bundle `dir` (one language, `lang`), every fragment of more than `long` words as
 * a head and blocks of about `size` words. Blocks are written first and the heads last, so a build
 * stopped half-way leaves fragments the client can still read. Returns the counts.
 */
export async function splitFragments(dir: string, lang: string, long: number, size: number): Promise<{ fragments: number; split: number; blocks: number }> {
  const folder = join(dir, 'fragment');
  const names = (await readdir(folder)).filter((f) => f.endsWith('.pf_fragment'));
  const taken = new Set(names.map((f) => f.replace(/\.pf_fragment$/, '')));
  const named = new Map<string, string>();
  const heads: [string, Fragment][] = [];
  for (const file of names) {
    const path = join(folder, file);
    const f = readFragment(path, await readFile(path));
    if (f.taiyaku) throw new Error(`${path}: already split (a fragment written by Pagefind has no "taiyaku" field)`);
    if (wordsOf(f.content).words.length <= long) continue;
    const name = (block: Block) => {
      const full = `${lang}_${hex(JSON.stringify(block))}`;
      const same = named.get(full);
      if (same) return same; // the same words twice: one file
      const short = shortName(full, lang.length + 1 + 7, taken);
      taken.add(short);
      named.set(full, short);
      return short;
    };
    const { head, blocks: written } = splitFragment(f, size, name);
    for (const [n, block] of written) await writeFile(join(folder, `${n}.pf_fragment`), pagefindFile(block));
    heads.push([path, head]);
  }
  for (const [path, head] of heads) await writeFile(path, pagefindFile(head));
  return { fragments: names.length, split: heads.length, blocks: named.size };
}

// ---------------------------------------------------------------------------------------------
// Fragment groups (docs/search.md, "Fragment groups"). Pagefind 1.6's client reads a page's
// fragment from a shared file when the index's metadata names a group for the page (each page is
// [hash, word count, group] there; `_loadFragmentGroup` fetches `fragment/{group}.pf_fragment`, a
// JSON object of fragments by page hash, once, and takes the page's from it). Pagefind's own
// `maxFragments` makes groups of equal counts in its page order, which has nothing to do with the
// pages' sizes or neighbours: a result then loads a few other pages' whole texts, long or not. So
// the site groups them itself: in URL order (neighbouring rules of one document, which one query
// often lists together), consecutive fragments while their bytes add up to at most a bound, the
// smallest bound that brings the language's fragment files within the cap. A fragment larger than
// the bound stays a file of its own; a language with no more pages than the cap is left as it is.

/** A page of the index's metadata (Pagefind 1.6): [fragment hash, word count, group or ""]. */
export type PageRow = [string, number, string];

/**
 * Consecutive items in one group while their sizes add up to at most `bound` (next fit); an item
 * larger than `bound` is a group of its own. Returns each group's indexes.
 */
export function packGroups(sizes: readonly number[], bound: number): number[][] {
  const groups: number[][] = [];
  let group: number[] = [];
  let total = 0;
  sizes.forEach((n, i) => {
    if (group.length && total + n > bound) { groups.push(group); group = []; total = 0; }
    group.push(i);
    total += n;
  });
  if (group.length) groups.push(group);
  return groups;
}

/**
 * The smallest bound whose packing (packGroups) makes at most `cap` groups, and that packing. The
 * count only falls as the bound grows (each group of a larger bound ends at or after the same
 * group of a smaller one), so the bound is found by bisection; with no more items than the cap,
 * every item is its own group.
 */
export function groupsWithin(sizes: readonly number[], cap: number): { bound: number; groups: number[][] } {
  if (!Number.isInteger(cap) || cap < 1) throw new Error(`groupsWithin: the cap must be a whole number of files from 1 up (got ${cap})`);
  if (sizes.length <= cap) return { bound: Math.max(0, ...sizes), groups: sizes.map((_, i) => [i]) };
  let lo = Math.max(1, Math.min(...sizes));
  let hi = sizes.reduce((a, b) => a + b, 0);
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (packGroups(sizes, mid).length <= cap) hi = mid; else lo = mid + 1;
  }
  return { bound: lo, groups: packGroups(sizes, lo) };
}

/** What groupFragments did to one language's bundle. */
export interface Grouped { pages: number; files: number; groups: number; grouped: number; bound: number }

/**
 * Puts the fragments of the bundle in `dir` (one language, `lang`) into groups, so that the bundle
 * has at most `cap` files that Pagefind's index points at (a group or a page's own fragment;
 * blocks of long pages, if split, are extra). Reads the metadata the entry names (after the index
 * re-cut), writes the groups, then the metadata naming them and the entry, then removes the
 * grouped fragments and the old metadata: a build stopped half-way leaves a bundle that answers.
 */
export async function groupFragments(dir: string, lang: string, cap: number): Promise<Grouped> {
  const opened = await readMeta(dir, lang);
  const { metaFile, meta } = opened;
  const rows = Array.isArray(meta) ? meta[1] : undefined;
  if (!Array.isArray(rows) || !rows.every((r) => Array.isArray(r) && r.length === 3 && typeof r[0] === 'string' && typeof r[1] === 'number' && typeof r[2] === 'string')) {
    throw new Error(`${metaFile}: its second field is not Pagefind 1.6's list of pages [hash, word count, group]`);
  }
  const pages = rows as PageRow[];
  const already = pages.find((p) => p[2] !== '');
  if (already) throw new Error(`${metaFile}: page ${already[0]} is already in group ${already[2]} (the site groups fragments itself; Pagefind's maxFragments must not be set)`);
  // One file per fragment hash (two rows with one hash would share it).
  const hashes = [...new Set(pages.map((p) => p[0]))];
  if (hashes.length <= cap) return { pages: pages.length, files: hashes.length, groups: 0, grouped: 0, bound: 0 };
  const folder = join(dir, 'fragment');
  const read = await Promise.all(hashes.map(async (hash) => {
    const path = join(folder, `${hash}.pf_fragment`);
    const gz = await readFile(path);
    return { hash, path, bytes: gz.length, fragment: readFragment(path, gz) };
  }));
  const order = read.map((_, i) => i).sort((a, b) => byUrl(read[a]!.fragment.url, read[b]!.fragment.url));
  const { bound, groups } = groupsWithin(order.map((i) => read[i]!.bytes), cap);
  const files = new Map<string, Uint8Array>();
  const groupOf = new Map<string, string>();
  for (const g of groups) {
    if (g.length < 2) continue;
    const members = g.map((k) => read[order[k]!]!);
    const body = Object.fromEntries(members.map((m) => [m.hash, m.fragment]));
    const name = shortName(`${lang}_group_${hex(JSON.stringify(body))}`, lang.length + 7 + 7, files);
    files.set(name, pagefindFile(body));
    for (const m of members) groupOf.set(m.hash, name);
  }
  // Page numbers are the index's (its word lists point at them): the rows keep their order.
  for (const [name, body] of files) await writeFile(join(folder, `${name}.pf_fragment`), body);
  await writeMeta(dir, lang, opened, (meta as Cbor[]).with(1, pages.map((p): Cbor => [p[0], p[1], groupOf.get(p[0]) ?? ''])));
  await Promise.all([...groupOf.keys()].map((hash) => rm(join(folder, `${hash}.pf_fragment`))));
  return { pages: pages.length, files: groups.length, groups: files.size, grouped: groupOf.size, bound };
}
