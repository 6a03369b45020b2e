// Splits the result fragments of long pages (docs/search.md, "Fragments of long pages"). Pagefind
// writes one fragment per page, holding the page's whole text, and its client fetches the whole
// fragment for every result it shows: a dictionary page or a long guide is 5–17 KB, for an excerpt
// of 30 words. So a fragment with more than `long` words is rewritten as a head — still a Pagefind
// fragment (url, title, filters, sub-result anchors), so Pagefind's own data() gives the result's
// URL, title and sub-results — with its text left out, and the text is written as blocks of at
// most about `size` words, cut at the page's sub-result anchors where it can be, which the search
// client fetches only for the excerpt it shows (src/search/excerpt.ts). The head names its blocks
// under `taiyaku`; a fragment of a short page is left as Pagefind wrote it.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

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

/** A fragment file's JSON (gzip of the signature and JSON); names the file and the field that is wrong. */
export function readFragment(file: string, gz: Uint8Array): Fragment {
  const raw = gunzipSync(gz);
  if (raw.subarray(0, SIGNATURE.length).toString() !== SIGNATURE) throw new Error(`${file}: not a Pagefind fragment (no ${SIGNATURE} signature)`);
  let value: unknown;
  try { value = JSON.parse(raw.subarray(SIGNATURE.length).toString('utf8')); } catch (error) {
    throw new Error(`${file}: a Pagefind fragment that is not JSON (${(error as Error).message})`);
  }
  const f = value as Partial<Fragment>;
  const fail = (field: string) => new Error(`${file}: Pagefind's fragment format is not the one src/integrations/pagefind-fragments.ts knows (field "${field}")`);
  if (typeof f !== 'object' || f === null) throw fail('(the whole file)');
  if (typeof f.url !== 'string') throw fail('url');
  if (typeof f.content !== 'string') throw fail('content');
  if (typeof f.meta !== 'object' || f.meta === null) throw fail('meta');
  if (!Array.isArray(f.anchors) || !f.anchors.every((a) => typeof a === 'object' && a !== null && typeof a.location === 'number' && typeof a.id === 'string' && typeof a.element === 'string')) throw fail('anchors');
  return f as Fragment;
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
      let n = lang.length + 1 + 7;
      while (taken.has(full.slice(0, n))) n++;
      taken.add(full.slice(0, n));
      named.set(full, full.slice(0, n));
      return full.slice(0, n);
    };
    const { head, blocks: written } = splitFragment(f, size, name);
    for (const [n, block] of written) await writeFile(join(folder, `${n}.pf_fragment`), pagefindFile(block));
    heads.push([path, head]);
  }
  for (const [path, head] of heads) await writeFile(path, pagefindFile(head));
  return { fragments: names.length, split: heads.length, blocks: named.size };
}
