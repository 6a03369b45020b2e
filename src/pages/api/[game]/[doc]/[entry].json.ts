// One entry as JSON: every sub-rule in both languages (Markdown and plain text) with its links.
// The body: src/model/api.ts.
import type { APIRoute } from 'astro';
import { entryBody, jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import { docHistories, unchangedSince, writtenHistories } from '~/model/lineage';
import type { Doc, Entry } from '~/model/site-model';

export async function getStaticPaths() {
  const site = await loadSite();
  return site.games.flatMap((g) =>
    g.docs.flatMap((doc) => {
      const all = docHistories(site, g, doc);
      const written = writtenHistories(site, g, doc);
      return doc.entries.map((entry) => ({ params: { game: g.id, doc: doc.id, entry: entry.id }, props: { doc, entry, history: written.has(entry.id), unchangedSince: written.has(entry.id) ? undefined : unchangedSince(doc, all.get(entry.id)) } }));
    }),
  );
}

export const GET: APIRoute = ({ props, site }) => {
  const { doc, entry, history, unchangedSince } = props as { doc: Doc; entry: Entry; history: boolean; unchangedSince: string | undefined };
  return jsonResponse(entryBody(doc, entry, site, undefined, { history, unchangedSince }), 1);
};
