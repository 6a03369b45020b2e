// The excerpt of a long page's result, from the blocks of its text (docs/search.md, "Fragments of
// long pages"; the build splits them: src/integrations/pagefind-fragments.ts). Pagefind's data()
// still reads the page's head (its URL, title, filters and sub-results, with the real weights of
// the matched words); only the text is not there, so the excerpt the result shows — its best
// sub-result's, or the page's when it has none — is made here the way Pagefind's client makes it
// (calculate_excerpt_region, build_excerpt and calculate_sub_results in pagefind.js 1.6), from the
// one or two blocks that hold its words. Pure, but for `fillExcerpt`'s `load`.
import { bestSub, type PagefindData, type PagefindSub } from '../model/search-merge';

export interface Weighted { location: number; balanced_score: number }
interface Anchor { id?: string; location: number }
/** A head's `taiyaku` field (version 2). */
export interface Split { v: 2; words: number; zws: boolean; blocks: [number, string][] }
/** A block of a long page: its words, and [index, id, title] of the sub-result anchors it names. */
export interface Block { w: string[]; a: [number, string, string][] }
/** A sub-result as Pagefind's data() gives it (the fields the excerpt needs). */
export type LongSub = PagefindSub & { weighted_locations?: Weighted[]; anchor?: { id?: string; location?: number } };
/** A result's data as Pagefind's data() gives it, with the head's fields. */
export type LongData = Omit<PagefindData, 'sub_results'> & {
  anchors?: Anchor[];
  weighted_locations?: Weighted[];
  locations?: number[];
  taiyaku?: unknown;
  sub_results: LongSub[];
};

/** The head's description of its blocks, or undefined when it is not one this client reads. */
export function splitOf(data: { taiyaku?: unknown }): Split | undefined {
  const t = data.taiyaku as Partial<Split> | undefined;
  if (!t || t.v !== 2 || typeof t.words !== 'number' || typeof t.zws !== 'boolean' || !Array.isArray(t.blocks)) return undefined;
  if (!t.blocks.every((b) => Array.isArray(b) && typeof b[0] === 'number' && typeof b[1] === 'string')) return undefined;
  return t as Split;
}

/** Pagefind's calculate_excerpt_region: where the densest `length` words of matches start. */
export function excerptRegion(positions: readonly Weighted[], length: number): number {
  if (positions.length === 0) return 0;
  const words: number[] = [];
  for (const w of positions) words[w.location] = (words[w.location] ?? 0) + w.balanced_score;
  if (words.length <= length) return 0;
  let densest = 0;
  for (let i = 0; i < length; i++) densest += words[i] ?? 0;
  let sum = densest;
  let at = [0];
  for (let i = 0; i < words.length; i++) {
    sum += (words[i + length] ?? 0) - (words[i] ?? 0);
    if (sum > densest) { densest = sum; at = [i]; } else if (sum === densest && at.at(-1) === i - 1) at.push(i);
  }
  return at[Math.floor(at.length / 2)]!;
}

/** The words an excerpt shows, and the caps it may not cross (Pagefind's build_excerpt arguments). */
export interface Window { start: number; length: number; locations: number[]; notBefore?: number; notFrom?: number }

/**
 * The window of the excerpt a result shows: its best sub-result's (bestSub, as the merge picks it),
 * as calculate_sub_results computes it, or the page's own when there is no sub-result.
 */
export function excerptWindow(data: LongData, sub: LongSub | undefined, length: number): Window {
  if (!sub) {
    return { start: excerptRegion(data.weighted_locations ?? [], length), length, locations: data.locations ?? [] };
  }
  const position = sub.anchor?.location ?? 0;
  // The sub-result ends where the next anchor that makes a sub-result begins (the head keeps only those).
  const next = (data.anchors ?? []).map((a) => a.location).filter((l) => l > position).sort((a, b) => a - b)[0];
  const relative = (sub.weighted_locations ?? []).map((w) => ({ ...w, location: w.location - position }));
  const start = excerptRegion(relative, length) + position;
  return { start, length: next ? Math.min(next - start, length) : length, locations: sub.locations, notBefore: position, ...(next === undefined ? {} : { notFrom: next }) };
}

/** Pagefind's build_excerpt over the page's words (those outside the window may be missing). */
export function buildExcerpt(words: readonly (string | undefined)[], total: number, zws: boolean, w: Window, ellipsis: string): string {
  const endcap = w.notFrom ?? total;
  const startcap = w.notBefore ?? 0;
  let { start, length } = w;
  if (endcap - startcap < length) length = endcap - startcap;
  if (start + length > endcap) start = endcap - length;
  if (start < startcap) start = startcap;
  const joiner = zws ? '' : ' ';
  const pre = ellipsis && start > startcap ? `${ellipsis}${joiner}` : '';
  const post = ellipsis && start + length < endcap ? `${joiner}${ellipsis}` : '';
  const marked = new Set(w.locations);
  const shown: string[] = [];
  for (let i = start; i < start + length; i++) {
    // As Pagefind's client escapes the page text (only < and >) before it cuts the words.
    const word = (words[i] ?? '').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    shown.push(marked.has(i) ? `<mark>${word}</mark>` : word);
  }
  return pre + shown.join(joiner).trim() + post;
}

/** The blocks (indexes into split.blocks) that hold words start … start + length - 1. */
export function blocksFor(split: Split, start: number, length: number): number[] {
  const out: number[] = [];
  split.blocks.forEach(([from], k) => {
    const to = split.blocks[k + 1]?.[0] ?? split.words;
    if (from < start + length && to > start) out.push(k);
  });
  return out;
}

/**
 * `url` with its fragment identifier set to `id`, percent-encoded as Pagefind sets it (the URL hash
 * setter's set: controls, space, " < > ` and every non-ASCII character as UTF-8).
 */
export function withHash(url: string, id: string): string {
  const encoded = id.replace(/[\u0000-\u0020"<>`\u007f]|[^\u0000-\u007f]+/gu, (c) => encodeURIComponent(c));
  return `${url.replace(/#.*$/, '')}#${encoded}`;
}

/**
 * A long page's result with the excerpt it shows filled in from its blocks (`load` fetches one
 * block by file name), and its sub-result's real id, link and title (the head has only the
 * anchors' places); any other result as it is.
 */
export async function fillExcerpt(data: LongData, length: number, ellipsis: string, load: (name: string) => Promise<Block>): Promise<LongData> {
  const split = splitOf(data);
  if (!split) return data;
  const sub = bestSub(data) as LongSub | undefined;
  const w = excerptWindow(data, sub, length);
  // The window as build_excerpt clamps it, so only the blocks it reads are fetched.
  const endcap = w.notFrom ?? split.words;
  const startcap = w.notBefore ?? 0;
  const len = Math.min(w.length, endcap - startcap);
  const start = Math.max(startcap, Math.min(w.start, endcap - len));
  const words: (string | undefined)[] = [];
  const ks = blocksFor(split, start, Math.max(1, len));
  const got = await Promise.all(ks.map((k) => load(split.blocks[k]![1])));
  const named = new Map<string, [string, string]>();
  ks.forEach((k, i) => {
    const from = split.blocks[k]![0];
    got[i]!.w.forEach((word, j) => { words[from + j] = word; });
    for (const [index, id, title] of got[i]!.a) named.set(String(index), [id, title]);
  });
  const excerpt = buildExcerpt(words, split.words, split.zws, w, ellipsis);
  if (!sub) return { ...data, excerpt };
  let shown: LongSub = { ...sub, excerpt };
  const key = sub.anchor?.id;
  if (key !== undefined) {
    const real = named.get(key);
    if (!real) throw new Error(`search: the blocks of ${data.url} do not name its sub-result ${key}`);
    shown = { ...shown, url: withHash(sub.url, real[0]), title: real[1], anchor: { ...sub.anchor, id: real[0] } };
  }
  return { ...data, sub_results: data.sub_results.map((s) => (s === sub ? shown : s)) };
}
