// A document's editions for bots: the imported ones newest first with what each changed, each
// earlier numbering's old → current numbers, and where each rule's history file is. Written for
// documents with imported history or an editions record. The body: src/model/api.ts#editionsBody.
import type { APIRoute } from 'astro';
import { editionsBody, jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import { ROUTES } from '~/model/routes';
import type { Doc, Game } from '~/model/site-model';

export const getStaticPaths = async () => ROUTES['api/[game]/[doc]/editions.json.ts'](await loadSite());

export const GET: APIRoute = ({ props, site }) => {
  const { game, doc, moves, histories } = props as { game: Game; doc: Doc } & Parameters<typeof editionsBody>[2];
  return jsonResponse(editionsBody(game, doc, { moves, histories }, site), 1);
};
