// One entry as JSON: every sub-rule in both languages (Markdown and plain text) with its links.
// The body: src/model/api.ts.
import type { APIRoute } from 'astro';
import { entryBody, jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import { docHistories } from '~/model/lineage';
import type { Doc, Entry } from '~/model/site-model';

export async function getStaticPaths() {
  const site = await loadSite();
  return site.games.flatMap((g) =>
    g.docs.flatMap((doc) => {
      const histories = docHistories(site, g, doc);
      return doc.entries.map((entry) => ({ params: { game: g.id, doc: doc.id, entry: entry.id }, props: { doc, entry, history: histories.has(entry.id) } }));
    }),
  );
}

export const GET: APIRoute = ({ props, site }) => {
  const { doc, entry, history } = props as { doc: Doc; entry: Entry; history: boolean };
  return jsonResponse(entryBody(doc, entry, site, undefined, { history }), 1);
};
