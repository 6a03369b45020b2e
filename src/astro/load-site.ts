// Astro glue: read the collections once per build and hand pages a validated SiteModel. The content
// check (src/lib/check-content.ts) has already run on the same files before Astro read them, and
// printed the coverage and any warnings; this builds the model the pages render from.
import { getCollection } from 'astro:content';
import { buildModel, CHECKED_SITE, type CheckedSite, SITE_READY, type SiteModel, type SiteReady } from '../model/site-model';

let model: Promise<SiteModel> | undefined;

export function loadSite(): Promise<SiteModel> {
  model ??= (async () => {
    // In a build, the content check already built and validated this model from the same files.
    const checked = (globalThis as { [CHECKED_SITE]?: CheckedSite })[CHECKED_SITE]?.site;
    if (checked) {
      (globalThis as { [SITE_READY]?: SiteReady })[SITE_READY]?.(checked);
      return checked;
    }
    const [games, documents, entries, planned, terms, official, officialEditions, editions] = await Promise.all([
      getCollection('games'),
      getCollection('documents'),
      getCollection('entries'),
      getCollection('planned'),
      getCollection('terms'),
      getCollection('official'),
      getCollection('officialEditions'),
      getCollection('editions'),
    ]);
    const file = (e: { filePath?: string | undefined; id: string }) => e.filePath ?? e.id;
    const site = buildModel({
      games: games.map((g) => ({ id: g.id, file: file(g), data: g.data })),
      documents: documents.map((d) => ({ id: d.id, file: file(d), data: d.data })),
      entries: entries.map((e) => ({ id: e.id, file: file(e), data: e.data, hasBody: Boolean(e.body?.trim()) })),
      planned: planned.map((p) => ({ game: p.id, file: file(p), items: p.data.planned })),
      terms: terms.map((t) => ({ game: t.id, file: file(t), terms: t.data.terms })),
      official: official.map((o) => ({ id: o.id, file: file(o), data: o.data })),
      officialEditions: officialEditions.map((e) => ({ id: e.id, file: file(e), data: e.data })),
      editions: editions.map((e) => ({ game: e.id, file: file(e), data: e.data })),
    });
    // Hand the validated model to the build integration (same process), which writes the short
    // links from a worker while the pages render (it uses its own checked model when no page asks).
    (globalThis as { [SITE_READY]?: SiteReady })[SITE_READY]?.(site);
    return site;
  })();
  return model;
}
