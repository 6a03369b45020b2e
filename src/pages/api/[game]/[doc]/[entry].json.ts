// One entry as JSON: every sub-rule in both languages (Markdown and plain text) with its links.
// The body: src/model/api.ts.
import type { APIRoute } from 'astro';
import { entryBody, jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import type { Doc, Entry } from '~/model/site-model';

export async function getStaticPaths() {
  const site = await loadSite();
  return site.games.flatMap((g) =>
    g.docs.flatMap((doc) => doc.entries.map((entry) => ({ params: { game: g.id, doc: doc.id, entry: entry.id }, props: { doc, entry } }))),
  );
}

export const GET: APIRoute = ({ props, site }) => {
  const { doc, entry } = props as { doc: Doc; entry: Entry };
  return jsonResponse(entryBody(doc, entry, site), 1);
};
