// What the search needs besides the Pagefind bundles, per interface language (src/search/engine.ts
// fetches it with Pagefind, on first use): game and document names for the results, and every
// dictionary term's wordings, so a query that is a known wording searches as the term's preferred
// Japanese and English wordings (悪役, ヴィラン and villain give the same list).
import type { APIRoute } from 'astro';
import { jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import { LANGS, type Lang } from '~/schemas/content';

export const getStaticPaths = () => LANGS.map((lang) => ({ params: { lang } }));

export const GET: APIRoute = async ({ params }) => {
  const lang = params['lang'] as Lang;
  const site = await loadSite();
  const games = Object.fromEntries(site.games.map((g) => [g.id, {
    name: g.data.name[lang],
    docs: Object.fromEntries(g.docs.map((d) => [`${g.id}/${d.id}`, d.data.title[lang]])),
  }]));
  // [preferred ja, preferred en, other wordings…]; the preferred ones are not repeated.
  const terms = site.games.flatMap((g) => g.terms.map((term) => [term.ja, term.en,
    ...new Set(term.variants.map((v) => v.term).filter((w) => w !== term.ja && w !== term.en))]));
  return jsonResponse({ games, terms });
};
