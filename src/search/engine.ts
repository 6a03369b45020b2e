// The search both the header panel and the search page use (docs/search.md): one Pagefind
// instance in the page's own thread, on the bundle of the page's language, with the other bundle
// merged into it when a query needs it — one pagefind.js, one WebAssembly module, no worker. Japanese
// queries are split against the Japanese index (src/lib/search-query.ts); the two bundles' results
// are merged per rule, loading only the fragments the first page of results needs
// (src/lib/search-merge.ts); a dictionary wording searches as the term's preferred wordings; a rule
// number jumps to its sub-rule.
import { bundleWeight, cachedMatches, queryTerms, type Matches } from '../lib/search-query';
import { aliasTable, firstResults, looksLikeId, own, searchTerms, type Lang, type MergedResult, type PagefindData, type ResultList } from '../lib/search-merge';

interface PagefindResult { id: string; score: number; data: () => Promise<PagefindData> }
interface PagefindModule { createInstance: (o: object) => PagefindApi }
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
/**
 * The language each bundle is searched as: "und" (undetermined) still selects the Japanese bundle's
 * only index but tells Pagefind not to segment queries (queryTerms does that, against the index).
 */
const LANGUAGE: Record<Lang, string> = { ja: 'und', en: 'en' };
/** Marks an excerpt that starts or ends inside the text (it is cut to a window around the matches). */
const ELLIPSIS = '…';

/** Names for results, and the dictionary: /search/{lang}.json (src/pages/search/[lang].json.ts). */
export interface SearchInfo {
  games: Record<string, { name: string; docs: Record<string, string> }>;
  /** Each dictionary term's wordings: the preferred Japanese and English first, then the variants. */
  terms: string[][];
}

/** The bundles that answer a query (bundleWeight), the page's own language first. */
function bundlesFor(text: string, lang: Lang): Lang[] {
  return ([lang, lang === 'ja' ? 'en' : 'ja'] as const).filter((b) => bundleWeight(text, b) > 0);
}

function createEngine(base: string, lang: Lang) {
  let module: Promise<PagefindModule> | undefined;
  /** The bundle the instance was created on (the first one a query needed). */
  let primary: Lang | undefined;
  let pagefind: Promise<PagefindApi> | undefined;
  /** The instance once the other bundle is merged into it. */
  let merged: Promise<PagefindApi> | undefined;
  let info: Promise<SearchInfo> | undefined;
  let aliases: Promise<Record<string, string[]>> | undefined;
  const indexes = new Map<string, Promise<GameIndex | undefined>>();

  /** Game and document names, and the dictionary wordings. */
  function about(): Promise<SearchInfo> {
    info ??= fetch(`${base}search/${lang}.json`).then((r) => (r.ok ? (r.json() as Promise<SearchInfo>) : { games: {}, terms: [] }), () => ({ games: {}, terms: [] }));
    return info;
  }

  /**
   * What can load before the reader has typed anything (the header calls it when the box gets
   * focus): Pagefind's script (the same file in both bundles) and the names and wordings.
   */
  function warm(): Promise<PagefindModule> {
    aliases ??= about().then(({ terms }) => aliasTable(Array.isArray(terms) ? terms : []));
    module ??= import(/* @vite-ignore */ `${base}pagefind/${lang}/pagefind.js`) as Promise<PagefindModule>;
    module.catch(() => { module = undefined; }); // a failed load (offline) is retried next time
    return module;
  }

  /**
   * Pagefind with bundle `b` in it. The instance is created on the first bundle a query needs, so
   * the first query loads one WebAssembly module and one index (its metadata and the chunks for the
   * query), whichever language it is in; the other bundle is merged into the same instance (it
   * reuses the module: one module, one pagefind.js, no worker) the first time a query needs it. A
   * query in Japanese script is answered by the Japanese bundle and one in Latin letters by the
   * English bundle (bundleWeight); the instance searches every bundle it holds, and the results of
   * one that does not answer the query are left out.
   */
  function bundle(b: Lang): Promise<PagefindApi> {
    if (!pagefind) {
      primary = b;
      pagefind = warm().then((mod) => {
        // Pagefind takes an instance's language from <html lang> as it is created.
        const html = document.documentElement;
        const page = html.lang;
        html.lang = LANGUAGE[b];
        try {
          return mod.createInstance({ basePath: `${base}pagefind/${b}/`, baseUrl: base, noWorker: true, excerptEllipsis: ELLIPSIS });
        } finally {
          html.lang = page;
        }
      });
      pagefind.catch(() => { pagefind = undefined; primary = undefined; });
    }
    if (b === primary) return pagefind;
    merged ??= pagefind.then(async (pf) => { await pf.mergeIndex(`${base}pagefind/${b}/`, { language: LANGUAGE[b], baseUrl: base, excerptEllipsis: ELLIPSIS }); return pf; });
    merged.catch(() => { merged = undefined; });
    return merged;
  }

  /**
   * Starts loading what a query being typed will need (the panel calls it on every keystroke, even
   * while an input method is still composing: a reading in kana already says "Japanese").
   */
  function prepare(text: string): void {
    const first = bundlesFor(text, lang)[0];
    if (first) void bundle(first).catch(() => undefined);
  }

  // "Does some word of the Japanese index start with this?" — asked while splitting a query.
  const matches: Matches = cachedMatches(async (term) => {
    const found = await (await bundle('ja')).search(term);
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
    await warm();
    // A dictionary wording searches as the term's preferred wordings, so every variant gives the same list.
    const queries = searchTerms(await (aliases ?? Promise.resolve({})), q.trim());
    const needed = [...new Set(queries.flatMap((w) => bundlesFor(w, lang)))];
    const pf = (await Promise.all((needed.length ? needed : [lang]).map(bundle))).at(-1)!;
    const f: Record<string, string> = {};
    if (filters.game) f['game'] = filters.game;
    if (filters.doc) f['doc'] = filters.doc;
    const lists: ResultList<PagefindResult>[] = [];
    for (const query of queries) {
      const found = await pf.search(await queryTerms(query, matches), { filters: f });
      const results = found?.results ?? [];
      // Each bundle's scores are scaled to its own best (the two analyses score differently); a
      // bundle that does not answer this wording (bundleWeight 0) is left out.
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
