// A document's editions for bots: the imported ones newest first with what each changed, each
// earlier numbering's old → current numbers, and where each rule's history file is. Written for
// documents with imported history or an editions record. The body: src/model/api.ts#editionsBody.
import type { APIRoute } from 'astro';
import { editionsBody, jsonResponse } from '~/model/api';
import { writtenHistories } from '~/model/lineage';
import { loadSite } from '~/astro/load-site';
import type { Doc, Game } from '~/model/site-model';

export async function getStaticPaths() {
  const site = await loadSite();
  return site.games.flatMap((game) => {
    const moves = site.moves(game.id);
    return game.docs.filter((doc) => doc.history || moves.some((m) => m.doc === doc.id)).map((doc) => ({
      params: { game: game.id, doc: doc.id },
      props: { game, doc, moves, histories: writtenHistories(site, game, doc) },
    }));
  });
}

export const GET: APIRoute = ({ props, site }) => {
  const { game, doc, moves, histories } = props as { game: Game; doc: Doc } & Parameters<typeof editionsBody>[2];
  return jsonResponse(editionsBody(game, doc, { moves, histories }, site), 1);
};
