// What the search needs besides the Pagefind bundles, per interface language (src/search/engine.ts
// fetches it on first use): game and document names for the results. The dictionary's wordings
// are in /search/{lang}/words/{k}.json (a query fetches only the file its text hashes to).
import type { APIRoute } from 'astro';
import { jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import { ROUTES } from '~/model/routes';
import { type Lang } from '~/schemas/content';

export const getStaticPaths = async () => ROUTES['search/[lang].json.ts'](await loadSite());

export const GET: APIRoute = async ({ params }) => {
  const lang = params['lang'] as Lang;
  const site = await loadSite();
  const games = Object.fromEntries(site.games.map((g) => [g.id, {
    name: g.data.name[lang],
    docs: Object.fromEntries(g.docs.map((d) => [`${g.id}/${d.id}`, d.data.title[lang]])),
  }]));
  return jsonResponse({ games });
};
