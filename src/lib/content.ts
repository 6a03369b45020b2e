// Astro glue: read the collections once per build and hand pages a validated SiteModel.
import { readFileSync } from 'node:fs';
import { getCollection } from 'astro:content';
import { lineOf } from './source-lines';
import { buildModel, formatCoverage, SITE_READY, type SiteModel, type SiteReady } from './model';

let model: Promise<SiteModel> | undefined;

export function loadSite(): Promise<SiteModel> {
  model ??= (async () => {
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
    console.info(formatCoverage(site.coverage));
    for (const r of site.links.unresolved) {
      let line = '';
      try { line = `:${lineOf(readFileSync(r.file, 'utf8'), r.text, r.ruleId) ?? ''}`; } catch { /* file moved: report without line */ }
      console.warn(`[taiyaku] ${r.file}${line} › ${r.field}: the reference "${r.text}" cites ${r.id}, which this site does not have; shown as plain text. Write it, or declare it in planned.yaml.`);
    }
    // Hand the validated model to the build integration (same process), which writes the short
    // links from a worker while the pages render; it reads content/ itself when no page asks.
    (globalThis as { [SITE_READY]?: SiteReady })[SITE_READY]?.(site);
    return site;
  })();
  return model;
}
