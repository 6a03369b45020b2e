// The dictionary's wordings for the search, per interface language: each term's wordings (the
// preferred Japanese and English first, then the variants) and the path of its definition.
// /search/{lang}/words/{k}.json serves them split by wordingShard (src/model/search-merge.ts).
import type { SiteModel } from '~/model/site-model';
import type { Lang } from '~/schemas/content';
import { paths } from '~/model/urls';

export function searchWordings(site: SiteModel, lang: Lang): { terms: string[][]; definitions: string[] } {
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
  return { terms, definitions };
}
