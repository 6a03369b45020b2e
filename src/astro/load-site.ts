// Astro glue: the site model and redirect lines the pages and the layout render from. In a build
// they are the ones the content check built before Astro read a file (src/content/site-store.ts):
// never built twice (the integration counts, and stops a build that built another). The dev server
// builds the model from Astro's collections instead, so that an edited entry shows without a
// restart (the content check at start-up printed the problems).
import { getCollection } from 'astro:content';
import { contentRedirects } from '../content/redirects-file';
import { siteStore } from '../content/site-store';
import { type RedirectRules, splitPath } from '../model/redirects';
import { buildModel, type SiteModel } from '../model/site-model';

let model: Promise<SiteModel> | undefined;

export function loadSite(): Promise<SiteModel> {
  model ??= (async () => {
    const shared = siteStore.forPages();
    if (shared) return shared;
    const [games, documents, entries, planned, terms, official, officialEditions, officialGlossaries, editions, officialHistory] = await Promise.all([
      getCollection('games'),
      getCollection('documents'),
      getCollection('entries'),
      getCollection('planned'),
      getCollection('terms'),
      getCollection('official'),
      getCollection('officialEditions'),
      getCollection('officialGlossaries'),
      getCollection('editions'),
      getCollection('officialHistory'),
    ]);
    const file = (e: { filePath?: string | undefined; id: string }) => e.filePath ?? e.id;
    siteStore.countBuild();
    return buildModel({
      games: games.map((g) => ({ id: g.id, file: file(g), data: g.data })),
      documents: documents.map((d) => ({ id: d.id, file: file(d), data: d.data })),
      entries: entries.map((e) => ({ id: e.id, file: file(e), data: e.data, hasBody: Boolean(e.body?.trim()) })),
      planned: planned.map((p) => ({ game: p.id, file: file(p), items: p.data.planned })),
      terms: terms.map((t) => ({ game: t.id, file: file(t), terms: t.data.terms })),
      official: official.map((o) => ({ id: o.id, file: file(o), data: o.data })),
      officialEditions: officialEditions.map((e) => ({ id: e.id, file: file(e), data: e.data })),
      officialGlossaries: officialGlossaries.map((g) => ({ id: g.id, file: file(g), data: g.data })),
      editions: editions.map((e) => ({ game: e.id, file: file(e), data: e.data })),
      officialHistory: officialHistory.map((h) => ({ doc: h.id.split('/').slice(0, 2).join('/'), id: h.id.split('/').slice(2).join('/'), file: file(h), data: h.data })),
    });
  })();
  return model;
}

const byPage = new WeakMap<RedirectRules, Map<string, Record<string, string>>>();
let devRules: { dir: string; rules: RedirectRules } | undefined;

/**
 * For the page layout: the anchors that moved off the page at `path` (base-free), with their new
 * places. The build's redirect lines come with its model; the dev server reads the content folder's
 * redirects.yaml. A file with problems gives no page a map (the check has already reported it).
 */
export function movedAnchorsFor(path: string): Record<string, string> {
  let rules = siteStore.get()?.redirects;
  if (!rules) {
    const dir = process.env.TAIYAKU_CONTENT ?? 'content';
    if (devRules?.dir !== dir) devRules = { dir, rules: contentRedirects(dir) };
    rules = devRules.rules;
  }
  let pages = byPage.get(rules);
  if (!pages) {
    pages = new Map();
    if (!rules.problems.length) {
      for (const r of rules.byFrom.values()) {
        const { page, anchor } = splitPath(r.from);
        if (anchor !== undefined) pages.set(page, { ...pages.get(page), [anchor]: r.final });
      }
    }
    byPage.set(rules, pages);
  }
  return pages.get(path) ?? {};
}
