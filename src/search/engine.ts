// The search both the header panel and the search page use (docs/search.md): one Pagefind
// instance in the page's own thread, on the English bundle (its WebAssembly module has the English
// stemmer), with the Japanese bundle merged into it — one pagefind.js, one WebAssembly module, no
// worker. Japanese queries are split against the Japanese index (src/lib/search-query.ts); the two
// bundles' results are merged per rule, loading only the fragments the first page of results needs
// (src/lib/search-merge.ts); a dictionary wording searches as the term's preferred wordings; a rule
// number jumps to its sub-rule.
import { bundleWeight, cachedMatches, queryTerms, type Matches } from '../lib/search-query';
import { aliasTable, firstResults, looksLikeId, own, searchTerms, type Lang, type MergedResult, type PagefindData, type ResultList } from '../lib/search-merge';

interface PagefindResult { id: string; score: number; data: () => Promise<PagefindData> }
interface PagefindApi {
  search: (term: string, options?: { filters?: Record<string, string> }) => Promise<{ results: PagefindResult[] } | null>;
  mergeIndex: (path: string, options?: Record<string, unknown>) => Promise<void>;
}
interface GameIndex { entries: { id: string; doc: string; title: Record<Lang, string> }[]; ids: Record<string, string> }

export interface Filters { game?: string; doc?: string }
export interface Found {
  /** How many results Pagefind found (both bundles, every wording; a rule found twice counts twice). */
  total: number;
  /** The first `n` merged results, loading fragments as far as needed (cached). */
  first: (n: number) => Promise<MergedResult[]>;
}

/** The Japanese bundle's pages have ids that start with this (Pagefind names fragments after the language). */
const JA = 'ja_';

/** Names for results, and the dictionary: /search/{lang}.json (src/pages/search/[lang].json.ts). */
export interface SearchInfo {
  games: Record<string, { name: string; docs: Record<string, string> }>;
  /** Each dictionary term's wordings: the preferred Japanese and English first, then the variants. */
  terms: string[][];
}

function createEngine(base: string, lang: Lang) {
  let pagefind: Promise<PagefindApi> | undefined;
  let info: Promise<SearchInfo> | undefined;
  let aliases: Promise<Record<string, string[]>> | undefined;
  const indexes = new Map<string, Promise<GameIndex | undefined>>();

  /** Game and document names, and the dictionary wordings. */
  function about(): Promise<SearchInfo> {
    info ??= fetch(`${base}search/${lang}.json`).then((r) => (r.ok ? (r.json() as Promise<SearchInfo>) : { games: {}, terms: [] }), () => ({ games: {}, terms: [] }));
    return info;
  }

  /** Starts loading Pagefind and the names (the header calls it when the box gets focus). */
  function warm(): Promise<PagefindApi> {
    aliases ??= about().then(({ terms }) => aliasTable(Array.isArray(terms) ? terms : []));
    pagefind ??= (async () => {
      const basePath = `${base}pagefind/en/`;
      const mod = (await import(/* @vite-ignore */ `${basePath}pagefind.js`)) as { createInstance: (o: object) => PagefindApi };
      // Pagefind takes the instance's language (and so its query handling) from <html lang> as it
      // is created: English for the primary, whatever the page's language.
      const html = document.documentElement;
      const page = html.lang;
      html.lang = 'en';
      let pf: PagefindApi;
      try {
        pf = mod.createInstance({ basePath, baseUrl: base, noWorker: true });
      } finally {
        html.lang = page;
      }
      // The merged bundle reuses the primary's WebAssembly module. Its language "und" (undetermined)
      // still selects its only index, and tells Pagefind not to segment queries: queryTerms does.
      await pf.mergeIndex(`${base}pagefind/ja/`, { language: 'und', baseUrl: base });
      return pf;
    })();
    pagefind.catch(() => { pagefind = undefined; }); // a failed load (offline) is retried next time
    return pagefind;
  }

  // "Does some word of the Japanese index start with this?" — asked while splitting a query.
  const matches: Matches = cachedMatches(async (term) => {
    const found = await (await warm()).search(term);
    return Boolean(found?.results.some((r) => r.id.startsWith(JA)));
  });

  async function jumpsTo(q: string, only: string | undefined, label: string): Promise<MergedResult[]> {
    const id = q.trim();
    const games = only ? [only] : Object.keys((await about()).games);
    const out: MergedResult[] = [];
    for (const g of games) {
      let idx = indexes.get(g);
      if (!idx) { idx = fetch(`${base}api/${g}/index.json`).then((r) => (r.ok ? (r.json() as Promise<GameIndex>) : undefined), () => undefined); indexes.set(g, idx); }
      const index = await idx;
      const at = own(index?.ids, id);
      if (!at) continue;
      const [d = '', e = ''] = at.split(/\/(.*)/);
      const entry = index?.entries.find((x) => x.doc === d && x.id === e);
      out.push({ url: `${base}${lang}/${g}/${d}/${e}/${id === e ? '' : `#${id}`}`, title: `${id} — ${entry?.title[lang] ?? ''}`, subTitle: label, excerpt: '', lang, game: g, doc: `${g}/${d}`, score: Infinity });
    }
    return out;
  }

  /** Searches both bundles; `jumpLabel` labels the jump to a rule number ("Rule number"). */
  async function search(q: string, filters: Filters, jumpLabel: string): Promise<Found> {
    const pf = await warm();
    // A dictionary wording searches as the term's preferred wordings, so every variant gives the same list.
    const queries = searchTerms(await (aliases ?? Promise.resolve({})), q.trim());
    const f: Record<string, string> = {};
    if (filters.game) f['game'] = filters.game;
    if (filters.doc) f['doc'] = filters.doc;
    const lists: ResultList<PagefindResult>[] = [];
    for (const query of queries) {
      const found = await pf.search(await queryTerms(query, matches), { filters: f });
      const results = found?.results ?? [];
      // Each bundle's scores are scaled to its own best (the two analyses score differently), then
      // weighted by how well the bundle's language fits the query.
      lists.push({ hits: results.filter((r) => r.id.startsWith(JA)), weight: bundleWeight(query, 'ja') },
        { hits: results.filter((r) => !r.id.startsWith(JA)), weight: bundleWeight(query, 'en') });
    }
    const jumps = looksLikeId(q) ? jumpsTo(q, filters.game, jumpLabel) : Promise.resolve([]);
    const cache = new Map<number, Promise<MergedResult[]>>();
    return {
      total: lists.reduce((n, l) => n + (l.weight > 0 ? l.hits.length : 0), 0) + (await jumps).length,
      first: (n) => {
        let page = cache.get(n);
        if (!page) {
          page = (async () => {
            const { results } = await firstResults(lists, (r) => r.data(), n, base, lang);
            const jump = await jumps;
            return [...jump, ...results.filter((r) => !jump.some((j) => j.url === r.url))].slice(0, n);
          })();
          cache.set(n, page);
        }
        return page;
      },
    };
  }

  return { warm, search, about };
}

const engines = new Map<string, ReturnType<typeof createEngine>>();
/** The page's search engine (one per page: the panel and the search page share it). */
export function engine(base: string, lang: Lang): ReturnType<typeof createEngine> {
  const key = `${base} ${lang}`;
  let e = engines.get(key);
  if (!e) { e = createEngine(base, lang); engines.set(key, e); }
  return e;
}
