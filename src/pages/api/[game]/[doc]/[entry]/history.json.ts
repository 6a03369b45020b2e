// An entry's history for bots: each official id on its page in every imported edition (number and
// texts per version), and the rules removed from under it. Written where the entry has a history
// page. The body: src/model/api.ts#historyBody.
import type { APIRoute } from 'astro';
import { historyBody, jsonResponse } from '~/model/api';
import { historyPages, type EntryHistory } from '~/model/lineage';
import { loadSite } from '~/astro/load-site';
import type { Doc, Entry } from '~/model/site-model';

export async function getStaticPaths() {
  const site = await loadSite();
  return historyPages(site).map(({ game, doc, entry, history }) => ({ params: { game: game.id, doc: doc.id, entry: entry.id }, props: { doc, entry, history } }));
}

export const GET: APIRoute = ({ props, site }) => {
  const { doc, entry, history } = props as { doc: Doc; entry: Entry; history: EntryHistory };
  return jsonResponse(historyBody(doc, entry, history, site), 1);
};
