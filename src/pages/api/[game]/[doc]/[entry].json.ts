// One entry as JSON: every sub-rule in both languages (Markdown and plain text) with its links.
// The body: src/model/api.ts.
import type { APIRoute } from 'astro';
import { entryBody, jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import { ROUTES } from '~/model/routes';
import type { Doc, Entry } from '~/model/site-model';

export const getStaticPaths = async () => ROUTES['api/[game]/[doc]/[entry].json.ts'](await loadSite());

export const GET: APIRoute = ({ props, site }) => {
  const { doc, entry, history, unchangedSince } = props as { doc: Doc; entry: Entry; history: boolean; unchangedSince: string | undefined };
  return jsonResponse(entryBody(doc, entry, site, undefined, { history, unchangedSince }), 1);
};
