// What the search needs besides the Pagefind bundles, per interface language (src/search/engine.ts
// fetches it with Pagefind, on first use): game and document names for the results, and every
// dictionary term's wordings, so a query that is a known wording searches as the term's preferred
// Japanese and English wordings (悪役, ヴィラン and villain give the same list), and each term's
// definition, which such a query shows first.
import type { APIRoute } from 'astro';
import { jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import { LANGS, type Lang } from '~/schemas/content';
import { paths } from '~/model/urls';

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
  // Each term's definition (base-free, in this language): its defining entry or sub-rule when it is
  // written, else its row in the dictionary — where a term link in the text goes, too.
  const definitions = site.games.flatMap((g) => g.terms.map((term) => {
    const target = term.entries[0] ? site.resolve(g.id, term.entries[0]) : undefined;
    if (target && target.kind !== 'planned') {
      return paths.entry(lang, g.id, target.entry.doc, target.entry.id) + (target.kind === 'rule' ? `#${target.id}` : '');
    }
    return `/${lang}/${g.id}/terms/#${term.id}`;
  }));
  return jsonResponse({ games, terms, definitions });
};
