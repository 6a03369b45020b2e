// Per-game index for bots: every entry with its sub-rule ids, and a flat id → entry map so a bot
// can go from "702.33d" to the entry file in one lookup.
import type { APIRoute } from 'astro';
import { loadSite } from '~/lib/content';
import type { Game } from '~/lib/model';
import { paths, withBase } from '~/lib/urls';

export async function getStaticPaths() {
  const site = await loadSite();
  return site.games.map((game) => ({ params: { game: game.id }, props: { game } }));
}

export const GET: APIRoute = ({ props }) => {
  const { game } = props as { game: Game };
  const entries = game.docs.flatMap((doc) => doc.entries);
  const body = {
    game: game.id,
    name: game.data.name,
    documents: game.docs.map((d) => ({ id: d.id, title: d.data.title, publisher: d.data.publisher, version: d.data.version ?? null })),
    entries: entries.map((e) => ({
      id: e.id,
      doc: e.doc,
      title: e.data.title,
      status: e.status,
      json: withBase(paths.apiEntry(game.id, e.doc, e.id)),
      pages: { ja: withBase(paths.entry('ja', game.id, e.doc, e.id)), en: withBase(paths.entry('en', game.id, e.doc, e.id)) },
      rules: e.data.rules.map((r) => r.id),
    })),
    ids: Object.fromEntries(entries.flatMap((e) => [[e.id, `${e.doc}/${e.id}`], ...e.data.rules.map((r) => [r.id, `${e.doc}/${e.id}`])])),
  };
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
