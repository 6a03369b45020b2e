// Merges the results of the Japanese and English Pagefind bundles into one list for the reader's
// interface language, loading as few result fragments as the first page of results needs. Pure:
// the browser feeds it Pagefind's results and their data.
export type Lang = 'ja' | 'en';
export interface PagefindSub { url: string; title: string; excerpt: string; locations: number[]; anchor?: { id?: string } }
export interface PagefindData { url: string; excerpt: string; meta: Record<string, string>; filters?: Record<string, string[]>; sub_results: PagefindSub[] }
export interface Hit { score: number; data: PagefindData }

export interface MergedResult {
  /** Page URL in the interface language, with the best-matching sub-rule's anchor. */
  url: string;
  title: string;
  subTitle?: string;
  /** Pagefind's excerpt: escaped text with <mark> around the matches. */
  excerpt: string;
  /** The language of title, subTitle and excerpt (the bundle they came from). */
  lang?: Lang;
  game?: string;
  doc?: string;
  score: number;
}

/** `/base/en/mtg/cr/702.33/#x` → `/base/ja/mtg/cr/702.33/#x` (the other language's page of the same rule). */
export function toLang(url: string, base: string, lang: Lang): string {
  const b = base.endsWith('/') ? base : `${base}/`;
  if (!url.startsWith(b)) return url;
  return b + url.slice(b.length).replace(/^(ja|en)\//, `${lang}/`);
}

/** The language a result URL belongs to (`/base/en/…` → en). */
export function langOf(url: string, base: string): Lang | undefined {
  const b = base.endsWith('/') ? base : `${base}/`;
  const m = /^(ja|en)\//.exec(url.startsWith(b) ? url.slice(b.length) : '');
  return m ? (m[1] as Lang) : undefined;
}

/**
 * The sub-result with the most matched words; a sub-rule (anchored) over the page's own text on a
 * tie, so a hit links to the sub-rule.
 */
export function bestSub(data: PagefindData): PagefindSub | undefined {
  let best: PagefindSub | undefined;
  for (const sub of data.sub_results) {
    const better = !best || sub.locations.length > best.locations.length
      || (sub.locations.length === best.locations.length && Boolean(sub.anchor?.id) && !best.anchor?.id);
    if (better) best = sub;
  }
  return best;
}

/** Dictionary rows answer "what is this word"; the rules themselves should come first. */
const weightOf = (data: PagefindData) => (data.filters?.['doc']?.[0]?.endsWith('/terms') ? 0.5 : 1);
/** Found by both analyses (or by a term's two wordings): the better score, plus this. */
const AGREEMENT = 0.25;

/**
 * One list from several (each bundle × each wording searched): every list's scores are scaled to
 * its best, the same rule found twice is one result (ranked higher), and a result is shown from the
 * interface language's bundle when both found it. `scaled`: the scores are already scaled.
 */
export function mergeResults(lists: Hit[][], base: string, lang: Lang, scaled = false): MergedResult[] {
  // Keyed by page: the two analyses often pick different sub-rules of the same rule, and that is
  // still agreement; the interface language's pick is the one linked.
  const merged = new Map<string, MergedResult>();
  for (const hits of lists) {
    const top = scaled ? 1 : Math.max(0, ...hits.map((h) => h.score)) || 1;
    for (const { score, data } of hits) {
      const sub = bestSub(data);
      const url = toLang(sub?.url ?? data.url, base, lang);
      const page = toLang(data.url, base, lang);
      const normalized = (score / top) * weightOf(data);
      const from = langOf(data.url, base);
      const result: MergedResult = {
        url,
        title: data.meta['title'] ?? url,
        ...(sub?.anchor?.id ? { subTitle: sub.title } : {}),
        excerpt: sub?.excerpt ?? data.excerpt,
        ...(from ? { lang: from } : {}),
        ...(data.filters?.['game']?.[0] ? { game: data.filters['game'][0] } : {}),
        ...(data.filters?.['doc']?.[0] ? { doc: data.filters['doc'][0] } : {}),
        score: normalized,
      };
      const known = merged.get(page);
      if (!known) { merged.set(page, result); continue; }
      const both = Math.max(known.score, normalized) + AGREEMENT;
      merged.set(page, known.lang !== lang && from === lang ? { ...result, score: both } : { ...known, score: both });
    }
  }
  return [...merged.values()].sort((a, b) => b.score - a.score);
}

/** A result not loaded yet: which list, its place in it, and its score scaled to that list's best. */
export interface Candidate { list: number; index: number; score: number }

/**
 * One bundle's results for one wording (search-query.ts's queryFor says which bundle answers which
 * part of a query), and how much the list counts: scores are scaled to the list's best, then
 * multiplied by this (0 leaves the list out).
 */
export interface ResultList<T> { hits: T[]; weight: number }

/** Every result of every list, best weighted scaled score first (ties keep list order); weight 0 lists are left out. */
export function candidates(lists: ResultList<{ score: number }>[]): Candidate[] {
  const out: Candidate[] = [];
  lists.forEach(({ hits, weight }, list) => {
    if (weight <= 0) return;
    const top = Math.max(0, ...hits.map((h) => h.score)) || 1;
    hits.forEach((h, index) => out.push({ list, index, score: (h.score / top) * weight }));
  });
  return out.sort((a, b) => b.score - a.score || a.index - b.index || a.list - b.list);
}

/**
 * The first `n` merged results, loading result data (one fragment file each) only as far as needed:
 * best candidates first, until `n` distinct results are known and none left unloaded could outrank
 * the n-th (a candidate's final score is at most its scaled score, plus the agreement bonus when it
 * duplicates one already shown, which only reorders shown results). At most `cap` loads.
 */
export async function firstResults<T extends { score: number }>(
  lists: ResultList<T>[], load: (hit: T) => Promise<PagefindData>, n: number, base: string, lang: Lang, cap = 2 * n + 8,
): Promise<{ results: MergedResult[]; loaded: number }> {
  const order = candidates(lists);
  const loaded: Hit[][] = lists.map(() => []);
  let count = 0;
  let next = 0;
  let merged: MergedResult[] = [];
  while (next < order.length && count < cap) {
    const nth = merged[n - 1];
    if (merged.length >= n && nth && nth.score >= (order[next]?.score ?? 0)) break;
    const batch = order.slice(next, next + Math.min(cap - count, Math.max(1, n - merged.length)));
    next += batch.length;
    count += batch.length;
    const got = await Promise.all(batch.map((c) => load(lists[c.list]!.hits[c.index]!)));
    batch.forEach((c, i) => loaded[c.list]!.push({ score: c.score, data: got[i]! }));
    merged = mergeResults(loaded, base, lang, true);
  }
  return { results: merged.slice(0, n), loaded: count };
}

/** Does the query look like a rule id (702.33d, 6.4.2.1, 607, ability.timing-priority)? */
export const looksLikeId = (q: string) => /^\s*(\d{1,3}(\.\d+[a-z]?)?|\d+(\.\d+)+|[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9-]+)+)\s*$/i.test(q);

/**
 * `record[key]` only when the record itself holds `key`. Objects parsed from JSON inherit
 * `constructor`, `toString`, `__proto__` … from Object.prototype, and a reader's query or a
 * dictionary wording may be any of those words.
 */
export const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

/** The searches one query runs: a dictionary wording (any case) stands for its term's preferred wordings. */
export function searchTerms(aliases: Readonly<Record<string, string[]>>, q: string): string[] {
  const terms = own(aliases, q.toLowerCase());
  return Array.isArray(terms) && terms.length > 0 ? terms : [q];
}

/**
 * Wording → the term's preferred wording in the same script, from /search/{lang}.json's `terms`
 * (each term's wordings, the preferred Japanese and English first): 悪役 and ヴィラン search as
 * ヴィラン, Villain and villain as villain. Each bundle holds one language, so a wording searched
 * in the other script would only cost that bundle's index chunks (docs/search.md).
 */
export function aliasTable(terms: readonly string[][]): Record<string, string[]> {
  const table: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
  for (const wordings of terms) {
    const [ja, en] = wordings;
    if (ja === undefined || en === undefined) continue;
    for (const w of wordings) table[w.toLowerCase()] ??= [japanese.test(w) ? ja : en];
  }
  return table;
}

/**
 * Wording → the path of its term's definition (base-free), from /search/{lang}.json's `terms` and
 * `definitions` (the same order). A wording two terms share is left out (the content check forbids it).
 */
export function definitionTable(terms: readonly string[][], definitions: readonly (string | null)[]): Record<string, string> {
  const table: Record<string, string> = Object.create(null) as Record<string, string>;
  terms.forEach((wordings, i) => {
    const def = definitions[i];
    if (typeof def !== 'string') return;
    for (const w of wordings) table[w.toLowerCase()] ??= def;
  });
  return table;
}

/**
 * How many files the dictionary wordings are split into (`/search/{lang}/words/{k}.json`): every
 * search fetches one, so 64 (0.4–1.0 KB gzip each on the bundled site; 32 made 0.8–1.5 KB).
 */
export const WORDING_SHARDS = 64;
/** How many files the rule ids are split into (`/search/{lang}/ids/{k}.json`; only an id-like query fetches one). */
export const ID_SHARDS = 32;

/**
 * The file that holds a wording (lowercased, trimmed): FNV-1a over its UTF-16 code units. A query is
 * looked up whole, so the search fetches the one small file its text hashes to, not every wording
 * of the dictionary (docs/search.md, "Dictionary wordings").
 */
export function wordingShard(key: string, shards = WORDING_SHARDS): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h % shards;
}

/** One wording in a shard file: [wording (lowercased), preferred wording to search or null, definition or null]. */
export type WordingRow = [string, string | null, string | null];

/**
 * Japanese wordings typed part-way (プレインズウォー for プレインズウォーカー): every start of a
 * wording in Japanese script that ends inside a katakana word, of at least 4 characters and two
 * thirds of the wording it stands for,
 * that is not a wording itself, → the shortest wording it begins, when every other wording it begins
 * starts with that one (プレインズウォー begins プレインズウォーカー and プレインズウォーカー・トランプル:
 * the first). The Japanese index cuts such words apart (プレインズ|ウォーカー), so the half-typed
 * word alone finds rules that mention it, not its definition.
 */
export function partialWordings(wordings: Iterable<string>): Map<string, string> {
  const all = [...new Set(wordings)].sort();
  const known = new Set(all);
  const japanese = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー・]+$/u;
  const katakana = /[\p{Script=Katakana}ー]/u;
  const length = (w: string) => [...w].length;
  /** The wordings that begin with `start`: a run of the sorted list. */
  const begun = (start: string) => {
    let lo = 0;
    let hi = all.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (all[mid]! < start) lo = mid + 1; else hi = mid; }
    const out: string[] = [];
    for (let i = lo; i < all.length && all[i]!.startsWith(start); i++) out.push(all[i]!);
    return out;
  };
  const out = new Map<string, string>();
  for (const w of all) {
    if (!japanese.test(w)) continue;
    const chars = [...w];
    for (let n = 4; n < chars.length; n++) {
      // Only a start that cuts a katakana word: a kanji word cut part-way already finds its words
      // (queryTerms splits the query against the index), and every row costs each search's file.
      if (!katakana.test(chars[n - 1]!) || !katakana.test(chars[n]!)) continue;
      const start = chars.slice(0, n).join('');
      if (out.has(start) || known.has(start)) continue;
      const words = begun(start);
      const shortest = words.reduce((x, y) => (length(y) < length(x) ? y : x));
      if (words.every((x) => x.startsWith(shortest)) && n >= Math.ceil((length(shortest) * 2) / 3)) out.set(start, shortest);
    }
  }
  return out;
}

/**
 * Every wording's row, split by `wordingShard` (aliasTable and definitionTable, computed at build
 * time), and a row for each Japanese wording typed part-way (partialWordings) that stands for it.
 */
export function wordingShards(terms: readonly string[][], definitions: readonly (string | null)[]): WordingRow[][] {
  const aliases = aliasTable(terms);
  const defs = definitionTable(terms, definitions);
  const shards: WordingRow[][] = Array.from({ length: WORDING_SHARDS }, () => []);
  const wordings = new Set([...Object.keys(aliases), ...Object.keys(defs)]);
  for (const w of wordings) {
    shards[wordingShard(w)]!.push([w, own(aliases, w)?.[0] ?? null, own(defs, w) ?? null]);
  }
  for (const [start, w] of partialWordings(wordings)) {
    shards[wordingShard(start)]!.push([start, own(aliases, w)?.[0] ?? null, own(defs, w) ?? null]);
  }
  return shards;
}

/** A shard file's rows as the two look-ups (a malformed file or row gives nothing, never a throw). */
export function wordingTables(rows: unknown): { aliases: Record<string, string[]>; definitions: Record<string, string> } {
  const aliases = Object.create(null) as Record<string, string[]>;
  const definitions = Object.create(null) as Record<string, string>;
  for (const row of Array.isArray(rows) ? rows as unknown[] : []) {
    if (!Array.isArray(row) || typeof row[0] !== 'string') continue;
    const [w, preferred, def] = row as unknown[];
    if (typeof preferred === 'string') aliases[w as string] = [preferred];
    if (typeof def === 'string') definitions[w as string] = def;
  }
  return { aliases, definitions };
}

/**
 * A query that is exactly a dictionary wording asks "what is this": its definition comes first,
 * moved up when the search found it, otherwise added (`label` names it, e.g. 定義 / Definition).
 * The definition stands for its page: a result of the definition's page at another sub-rule is left
 * out (the page is listed once, at the top). So where the definition goes depends only on which
 * pages were found, never on a page's sub-rule, and the panel's quick list places it without the
 * page's fragment (docs/search.md, "Long pages listed before their text").
 */
export function definitionFirst(results: readonly MergedResult[], defPath: string | undefined, base: string, made: () => MergedResult): MergedResult[] {
  if (defPath === undefined) return [...results];
  const b = base.endsWith('/') ? base.slice(0, -1) : base;
  const url = `${b}${defPath}`;
  const pageOf = (u: string) => u.replace(/#.*$/, '');
  const onPage = (r: MergedResult) => pageOf(r.url) === pageOf(url);
  // The result itself when it is the definition (the same sub-rule, or the page for a page-level one).
  const found = results.find((r) => r.url === url || (!url.includes('#') && onPage(r)));
  return [found ?? made(), ...results.filter((r) => !onPage(r))];
}
