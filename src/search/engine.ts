// The search both the header panel and the search page use (docs/search.md). Each language's
// Pagefind bundle is searched by its own Pagefind instance, in the page's thread (no worker), and
// created on the first query in its script: a query in Japanese script is answered by the Japanese
// bundle, one in Latin letters by the English bundle (queryFor), so a first query in either
// language loads one pagefind.js, one WebAssembly module (the English one has the stemmer) and one
// index. Japanese queries are split against the Japanese index (src/model/search-query.ts); results
// are merged per rule, loading only the fragments the first results need (src/model/search-merge.ts);
// a dictionary wording searches as its term's preferred wording; a rule number jumps to its sub-rule.
import { cachedMatches, queryFor, queryTerms, type Matches } from '../model/search-query';
// Loaded only when needed (a long page's result; a query that found nothing), each its own small file.
import type { Block, LongData } from './excerpt';
import type { SpellingRow } from './spelling';
import { definitionFirst, firstResults, ID_SHARDS, looksLikeId, own, searchTerms, toLang, wordingShard, wordingTables, type Lang, type MergedResult, type PagefindData, type ResultList } from '../model/search-merge';

interface PagefindResult { id: string; score: number; data: () => Promise<PagefindData> }
/** A result as the engine keeps it: Pagefind's, and a long page's result line known without its fragment. */
interface Hit { score: number; data: () => Promise<PagefindData>; peek?: PagefindData }
interface PagefindModule { createInstance: (o: object) => PagefindApi }
interface PagefindApi {
  search: (term: string, options?: { filters?: Record<string, string> }) => Promise<{ results: PagefindResult[] } | null>;
}
/** A row of /search/{lang}/ids/{k}.json: [id, game, "doc/entry", the entry's title]. */
type IdRow = [string, string, string, string];

export interface Filters { game?: string; doc?: string }
export interface Found {
  /** How many results Pagefind found (both bundles, every wording; a rule found twice counts twice). */
  total: number;
  /** The first `n` merged results, loading fragments as far as needed (cached). */
  first: (n: number) => Promise<MergedResult[]>;
  /**
   * The same first `n` results in the same order, without waiting for the fragments of long pages
   * (listed in their bundle's entry): those show their page, title and place, no sub-rule or
   * excerpt, until `first(n)` gives them. `complete`: no result is waiting for its fragment.
   */
  quick: (n: number) => Promise<{ results: MergedResult[]; complete: boolean }>;
}

/**
 * The language each bundle is searched as: "und" (undetermined) still selects the Japanese bundle's
 * only index but tells Pagefind not to segment queries (queryTerms does that, against the index).
 */
const LANGUAGE: Record<Lang, string> = { ja: 'und', en: 'en' };
/** Marks an excerpt that starts or ends inside the text (it is cut to a window around the matches). */
const ELLIPSIS = '…';
/** How many words an excerpt shows (Pagefind's default, given so that long pages' excerpts agree: excerpt.ts). */
const EXCERPT_WORDS = 30;
/** Pagefind's files start with this (after gzip). */
const SIGNATURE = 'pagefind_dcd';

/** A Pagefind file's bytes without its signature, gunzipped in the browser when they came compressed. */
async function pagefindBytes(res: Response): Promise<Uint8Array> {
  let bytes = new Uint8Array(await res.arrayBuffer());
  const signed = (b: Uint8Array) => new TextDecoder().decode(b.subarray(0, SIGNATURE.length)) === SIGNATURE;
  if (!signed(bytes)) bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  if (!signed(bytes)) throw new Error('search: a block of a long page is not a Pagefind file');
  return bytes.subarray(SIGNATURE.length);
}

/** Names for results: /search/{lang}.json (src/pages/search/[lang].json.ts). */
export interface SearchInfo {
  games: Record<string, { name: string; docs: Record<string, string> }>;
}
type Wordings = ReturnType<typeof wordingTables>;

/**
 * The bundles that answer a query (queryFor), the page's own language first. A query of numbers
 * and signs only (607, 6.4.2) reads the same in both languages' text, so the page's own bundle
 * answers it: the other would cost its own pagefind.js, WebAssembly module and index.
 */
function bundlesFor(text: string, lang: Lang): Lang[] {
  if (!/\p{L}/u.test(text)) return queryFor(text, lang) !== '' ? [lang] : [];
  // Latin letters written into a Japanese word (if節ルール, P/T修整) are part of that word, not an
  // English query: the Japanese bundle answers it (the English one would cost its module for "if").
  const plain = text.normalize('NFKC');
  const latin = [...plain.matchAll(/[a-z]+/gi)];
  const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
  if (latin.length && latin.every((m) => japanese.test(plain[m.index - 1] ?? '') || japanese.test(plain[m.index + m[0].length] ?? ''))) {
    return queryFor(text, 'ja') !== '' ? ['ja'] : [];
  }
  return ([lang, lang === 'ja' ? 'en' : 'ja'] as const).filter((b) => queryFor(text, b) !== '');
}

/**
 * English words nearly every page has (the, of, to …): as one word of several they would cost their
 * own index chunk (the chunk of "the" alone is 12.7 KB on the bundled site) and rank nothing.
 */
const FUNCTION_WORDS = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'and', 'or']);

/** The English part of a query without its function words, unless they are all it has (the bag → bag; the → the). */
export function withoutFunctionWords(part: string): string {
  const words = part.split(/\s+/).filter(Boolean);
  const kept = words.filter((w) => !FUNCTION_WORDS.has(w.toLowerCase()));
  return kept.length > 0 && kept.length < words.length ? kept.join(' ') : part;
}

/**
 * Pagefind drops an index or filter chunk it cannot load (a 404 for a tab left on a version the
 * server no longer has, or offline with the chunk never cached) and answers as if nothing matched.
 * So every fetch of the page is watched for one under `{base}pagefind/` that fails: a search during
 * which one did is an error ("Search could not be loaded"), not "nothing matches".
 */
let pagefindFailures = 0;
/**
 * Each bundle's long pages (src/integrations/pagefind-post.ts), by the bundle's URL: read from the
 * bundle's pagefind-entry.json as Pagefind fetches it (the fetch is watched anyway), so they cost
 * no request of their own. A row: [URL as Pagefind writes it, title, game, document].
 */
type LongPage = [string, string, string, string];
const longPages = new Map<string, Promise<Map<string, LongPage>>>();
function readLongPages(entry: unknown): Map<string, LongPage> {
  const t = (entry as { taiyaku?: { v?: unknown; pages?: unknown } } | null)?.taiyaku;
  const out = new Map<string, LongPage>();
  // A version this client does not know: no long page is shown before its text (the slower way, not a wrong one).
  if (!t || t.v !== 1 || typeof t.pages !== 'object' || t.pages === null) return out;
  for (const [hash, row] of Object.entries(t.pages as Record<string, unknown>)) {
    if (Array.isArray(row) && row.length === 4 && row.every((x) => typeof x === 'string')) out.set(hash, row as LongPage);
  }
  return out;
}
function watchPagefindFetches(base: string): void {
  const w = window as unknown as { fetch: typeof fetch; taiyakuFetchWatched?: boolean };
  if (w.taiyakuFetchWatched) return;
  w.taiyakuFetchWatched = true;
  const original = w.fetch.bind(window);
  const prefix = new URL(`${base}pagefind/`, location.href).href;
  w.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    if (!url.startsWith(prefix)) return original(input, init);
    try {
      const res = await original(input, init);
      if (!res.ok) pagefindFailures++;
      const entry = /^(.*\/)pagefind-entry\.json(\?.*)?$/.exec(url);
      if (res.ok && entry) longPages.set(entry[1]!, res.clone().json().then(readLongPages, () => new Map()));
      return res;
    } catch (e) {
      pagefindFailures++;
      throw e;
    }
  };
}

function createEngine(base: string, lang: Lang) {
  watchPagefindFetches(base);
  const instances: Partial<Record<Lang, Promise<PagefindApi>>> = {};
  let info: Promise<SearchInfo> | undefined;
  const shards = new Map<number, Promise<Wordings>>();
  const idShards = new Map<number, Promise<IdRow[]>>();
  const spellings = new Map<string, Promise<SpellingRow[]>>();

  /** The English pages' words that start with `letter` (a failed fetch: none). */
  function spelling(letter: string): Promise<SpellingRow[]> {
    let rows = spellings.get(letter);
    if (!rows) {
      rows = fetch(`${base}search/en/spelling/${letter}.json`).then((r) => (r.ok ? r.json() : []), () => [])
        .then((x: unknown) => (Array.isArray(x) ? x.filter((r): r is SpellingRow => Array.isArray(r) && typeof r[0] === 'string' && typeof r[1] === 'number') : []), () => []);
      spellings.set(letter, rows);
    }
    return rows;
  }
  const blocks = new Map<string, Promise<Block>>();

  /** One block of a long page's text (src/search/excerpt.ts), fetched once. */
  function block(b: Lang, name: string): Promise<Block> {
    const key = `${b}/${name}`;
    let got = blocks.get(key);
    if (!got) {
      got = fetch(`${base}pagefind/${b}/fragment/${encodeURIComponent(name)}.pf_fragment`).then(async (res) => {
        if (!res.ok) throw new Error(`search: ${res.status} for a block of a long page`);
        const x = JSON.parse(new TextDecoder().decode(await pagefindBytes(res))) as Partial<Block> | null;
        const ok = Array.isArray(x?.w) && x.w.every((w) => typeof w === 'string')
          && Array.isArray(x?.a) && x.a.every((a) => Array.isArray(a) && typeof a[0] === 'number' && typeof a[1] === 'string' && typeof a[2] === 'string');
        if (!ok) throw new Error('search: a block of a long page is not words and anchors');
        return x as Block;
      });
      got.catch(() => blocks.delete(key)); // retried next time (offline, a failed load)
      blocks.set(key, got);
    }
    return got;
  }

  /** Game and document names. */
  function about(): Promise<SearchInfo> {
    info ??= fetch(`${base}search/${lang}.json`).then((r) => (r.ok ? (r.json() as Promise<SearchInfo>) : { games: {} }), () => ({ games: {} }));
    return info;
  }

  /** What can load before the reader has typed anything (the header calls it on the box's first focus). */
  function warm(): Promise<SearchInfo> {
    return about();
  }

  /**
   * The dictionary's wordings that share the query's file (/search/{lang}/words/{k}.json): a query
   * is looked up whole, so one small file answers whether it is a wording (a failed fetch: it is not).
   */
  function wordings(key: string): Promise<Wordings> {
    const k = wordingShard(key);
    let shard = shards.get(k);
    if (!shard) {
      shard = fetch(`${base}search/${lang}/words/${k}.json`).then((r) => (r.ok ? r.json() : []), () => []).then(wordingTables, () => wordingTables([]));
      shards.set(k, shard);
    }
    return shard;
  }

  /**
   * Pagefind on bundle `b`: its own copy of pagefind.js (each bundle's file is a module of its own,
   * so each instance has its own WebAssembly module: two instances sharing one module's memory with
   * different modules corrupt each other), created the first time a query needs it.
   */
  function bundle(b: Lang): Promise<PagefindApi> {
    let pf = instances[b];
    if (!pf) {
      const basePath = `${base}pagefind/${b}/`;
      pf = (import(/* @vite-ignore */ `${basePath}pagefind.js`) as Promise<PagefindModule>).then((mod) => {
        // Pagefind takes an instance's language from <html lang> as it is created.
        const html = document.documentElement;
        const page = html.lang;
        html.lang = LANGUAGE[b];
        try {
          return mod.createInstance({ basePath, baseUrl: base, noWorker: true, excerptEllipsis: ELLIPSIS, excerptLength: EXCERPT_WORDS });
        } finally {
          html.lang = page;
        }
      });
      instances[b] = pf;
      pf.catch(() => { delete instances[b]; }); // a failed load (offline) is retried next time
    }
    return pf;
  }

  /**
   * Starts loading what a query being typed will need (the panel calls it on every keystroke, even
   * while an input method is still composing: a reading in kana already says "Japanese").
   */
  function prepare(text: string): void {
    for (const b of bundlesFor(text, lang)) void bundle(b).catch(() => undefined);
  }

  // "Does some word of the Japanese index start with this?" — asked while splitting a query.
  const matches: Matches = cachedMatches(async (term) => {
    const found = await (await bundle('ja')).search(term);
    return Boolean(found?.results.length);
  });

  async function jumpsTo(q: string, only: string | undefined, label: string): Promise<MergedResult[]> {
    const id = q.trim();
    const games = only ? [only] : Object.keys((await about()).games);
    // The one file of rule ids the query hashes to (/search/{lang}/ids/{k}.json), not every game's index.
    const k = wordingShard(id, ID_SHARDS);
    let shard = idShards.get(k);
    if (!shard) {
      shard = fetch(`${base}search/${lang}/ids/${k}.json`).then((r) => (r.ok ? r.json() : []), () => []).then((rows: unknown) => (Array.isArray(rows) ? rows : []) as IdRow[]);
      idShards.set(k, shard);
    }
    const rows = (await shard).filter((r) => Array.isArray(r) && r[0] === id && typeof r[1] === 'string' && typeof r[2] === 'string');
    const out: MergedResult[] = [];
    for (const g of games) {
      const row = rows.find((r) => r[1] === g);
      if (!row) continue;
      const [d = '', e = ''] = row[2].split(/\/(.*)/);
      out.push({ url: `${base}${lang}/${g}/${d}/${e}/${id === e ? '' : `#${id}`}`, title: `${id} — ${typeof row[3] === 'string' ? row[3] : ''}`, subTitle: label, excerpt: '', lang, game: g, doc: `${g}/${d}`, score: Infinity });
    }
    return out;
  }

  /**
   * Searches both bundles; `labels.jump` names the jump to a rule number ("Rule number"),
   * `labels.definition` the definition a dictionary wording puts first ("Definition").
   */
  async function search(q: string, filters: Filters, labels: { jump: string; definition: string }): Promise<Found> {
    const jumpLabel = labels.jump;
    const key = q.trim().toLowerCase();
    const [, { aliases, definitions }] = await Promise.all([warm(), wordings(key)]);
    // A query that is exactly a dictionary wording: its term's definition comes first (unless a
    // filter leaves it out).
    const defPath: string | undefined = own(definitions, key);
    const [, , defGame, defDoc] = defPath?.split('/') ?? [];
    const definition = defPath !== undefined && (!filters.game || filters.game === defGame) && (!filters.doc || filters.doc === `${defGame}/${defDoc}`) ? defPath : undefined;
    // A dictionary wording searches as the term's preferred wording, so every variant gives the same list.
    const queries = searchTerms(aliases, q.trim());
    const f: Record<string, string> = {};
    if (filters.game) f['game'] = filters.game;
    if (filters.doc) f['doc'] = filters.doc;
    // One list per wording and bundle that answers part of it (キッカー kicker: キッカー in the
    // Japanese bundle, kicker in the English one; a number: both); each list's scores are scaled to
    // its own best, since the two analyses score differently.
    const failuresBefore = pagefindFailures;
    const listsFor = (wordings: string[]): Promise<ResultList<Hit>[]> => Promise.all(wordings.flatMap((query) => bundlesFor(query, lang).map(async (b) => {
      const part = queryFor(query, b);
      const found = await (await bundle(b)).search(b === 'ja' ? await queryTerms(part, matches) : withoutFunctionWords(part), { filters: f });
      // Pagefind has read the bundle's entry by now (it lists the long pages).
      const long = await (longPages.get(new URL(`${base}pagefind/${b}/`, location.href).href) ?? Promise.resolve(new Map<string, LongPage>()));
      const hits = (found?.results ?? []).map((r): Hit => {
        const row = long.get(r.id);
        return {
          score: r.score,
          // A long page's fragment is a head without its text (TAIYAKU_SEARCH_BLOCKS): the excerpt comes from its blocks.
          data: async () => {
            const d = await r.data() as LongData;
            return d.taiyaku === undefined ? d : (await import('./excerpt')).fillExcerpt(d, EXCERPT_WORDS, ELLIPSIS, (name) => block(b, name));
          },
          // What Pagefind's data() will say of the page itself (its URL made absolute as Pagefind's fullUrl does).
          ...(row ? {
            peek: {
              url: `${base}/${row[0]}`.replace(/\/+/g, '/'), excerpt: '', sub_results: [],
              meta: row[1] ? { title: row[1] } : {},
              filters: { ...(row[2] ? { game: [row[2]] } : {}), ...(row[3] ? { doc: [row[3]] } : {}) },
            },
          } : {}),
        };
      });
      return { hits, weight: 1 };
    })));
    let lists = await listsFor(queries);
    // One English word that finds nothing: the word of the pages one edit away, if there is one.
    if (lists.every((l) => l.hits.length === 0) && queries.length === 1) {
      const { correctable, correction } = await import('./spelling');
      const meant = correctable(q) ? correction(q, await spelling(q.trim().toLowerCase()[0]!)) : undefined;
      if (meant) lists = await listsFor([meant]);
    }
    if (pagefindFailures !== failuresBefore) throw new Error('search: a part of the index could not be loaded');
    const jumps = looksLikeId(q) ? jumpsTo(q, filters.game, jumpLabel) : Promise.resolve([]);
    const jumpList = await jumps;
    /** The first `n`, from `load`'s data (the jump to a rule number and the definition first). */
    const listed = async (n: number, load: (hit: Hit) => Promise<PagefindData>) => {
      const { results } = await firstResults(lists, load, n, base, lang);
      const defined = definitionFirst(results, definition, base, () => ({
        url: `${base.replace(/\/$/, '')}${definition}`, title: q.trim(), subTitle: labels.definition, excerpt: '', lang, ...(defGame ? { game: defGame } : {}), score: Infinity,
      }));
      return [...jumpList, ...defined.filter((r) => !jumpList.some((j) => j.url === r.url))].slice(0, n);
    };
    const cache = new Map<number, Promise<MergedResult[]>>();
    const first = (n: number) => {
      let page = cache.get(n);
      if (!page) { page = listed(n, (r) => r.data()); cache.set(n, page); }
      return page;
    };
    // The pages whose sub-rule decides where a result goes (a jump's duplicate left out): their
    // fragments are loaded even in the quick list, so it has the same order. The definition's page is
    // not one of them: definitionFirst places it by its page alone.
    const pageOf = (url: string) => url.replace(/#.*$/, '');
    const decisive = new Set(jumpList.map((j) => pageOf(j.url)));
    const quick = async (n: number) => {
      const waiting = new Set<string>();
      const results = await listed(n, (r) => {
        const page = r.peek && toLang(r.peek.url, base, lang);
        if (!r.peek || !page || decisive.has(page)) return r.data();
        waiting.add(page);
        return Promise.resolve(r.peek);
      });
      return { results, complete: !results.some((r) => waiting.has(pageOf(r.url))) };
    };
    return { total: lists.reduce((n, l) => n + l.hits.length, 0) + jumpList.length, first, quick };
  }

  return { warm, prepare, search, about };
}

const engines = new Map<string, ReturnType<typeof createEngine>>();
/** The page's search engine (one per page: the panel and the search page share it). */
export function engine(base: string, lang: Lang): ReturnType<typeof createEngine> {
  const key = `${base} ${lang}`;
  let e = engines.get(key);
  if (!e) { e = createEngine(base, lang); engines.set(key, e); }
  return e;
}
