// Merges the results of the Japanese and English Pagefind bundles into one list for the reader's
// interface language. Pure: the browser script feeds it Pagefind's result data.
export interface PagefindSub { url: string; title: string; excerpt: string; locations: number[]; anchor?: { id?: string } }
export interface PagefindData { url: string; excerpt: string; meta: Record<string, string>; filters?: Record<string, string[]>; sub_results: PagefindSub[] }
export interface Hit { score: number; data: PagefindData }

export interface MergedResult {
  /** Page URL in the interface language, with the best-matching sub-rule's anchor. */
  url: string;
  title: string;
  subTitle?: string;
  excerpt: string;
  game?: string;
  doc?: string;
  score: number;
}

/** `/base/en/mtg/cr/702.33/#x` → `/base/ja/mtg/cr/702.33/#x` (the other language's page of the same rule). */
export function toLang(url: string, base: string, lang: 'ja' | 'en'): string {
  const b = base.endsWith('/') ? base : `${base}/`;
  if (!url.startsWith(b)) return url;
  return b + url.slice(b.length).replace(/^(ja|en)\//, `${lang}/`);
}

/** The sub-result with the most matched words; the page itself when no section matched better. */
export function bestSub(data: PagefindData): PagefindSub | undefined {
  let best: PagefindSub | undefined;
  for (const sub of data.sub_results) if (!best || sub.locations.length > best.locations.length) best = sub;
  return best;
}

export function mergeResults(lists: Hit[][], base: string, lang: 'ja' | 'en'): MergedResult[] {
  const merged = new Map<string, MergedResult>();
  for (const hits of lists) {
    const top = Math.max(0, ...hits.map((h) => h.score)) || 1;
    for (const { score, data } of hits) {
      const sub = bestSub(data);
      const url = toLang(sub?.url ?? data.url, base, lang);
      // Dictionary rows answer "what is this word"; the rules themselves should come first.
      const normalized = (score / top) * (data.filters?.['doc']?.[0]?.endsWith('/terms') ? 0.5 : 1);
      const known = merged.get(url);
      if (known) {
        // Found by both analyses: keep the better score and reward the agreement a little.
        known.score = Math.max(known.score, normalized) + 0.25;
        continue;
      }
      merged.set(url, {
        url,
        title: data.meta['title'] ?? url,
        ...(sub?.anchor?.id ? { subTitle: sub.title } : {}),
        excerpt: sub?.excerpt ?? data.excerpt,
        ...(data.filters?.['game']?.[0] ? { game: data.filters['game'][0] } : {}),
        ...(data.filters?.['doc']?.[0] ? { doc: data.filters['doc'][0] } : {}),
        score: normalized,
      });
    }
  }
  return [...merged.values()].sort((a, b) => b.score - a.score);
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
