// An entry's history for bots: each official id on its page in every imported edition (number and
// texts per version), and the rules removed from under it. Written where the entry has a history
// page. The body: src/model/api.ts#historyBody.
import type { APIRoute } from 'astro';
import { historyBody, jsonResponse } from '~/model/api';
import { type EntryHistory } from '~/model/lineage';
import { loadSite } from '~/astro/load-site';
import { ROUTES } from '~/model/routes';
import type { Doc, Entry } from '~/model/site-model';

export const getStaticPaths = async () => ROUTES['api/[game]/[doc]/[entry]/history.json.ts'](await loadSite());

export const GET: APIRoute = ({ props, site }) => {
  const { doc, entry, history } = props as { doc: Doc; entry: Entry; history: EntryHistory };
  return jsonResponse(historyBody(doc, entry, history, site), 1);
};
