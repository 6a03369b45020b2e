// The views an entry's page needs beside its texts, the model's rather than the page's
// (docs/architecture.md#one-site-model): the search aliases of each sub-rule, the terms whose first
// mention each text holds, and the numbers that held another rule in an earlier edition. Each is
// worked out on the first read and kept, once per entry (a page is rendered once per interface
// language); the content check and the importer, which show no page, never pay for them.
import type { Lang } from '../../schemas/content';
import { reusedNumbers, type PinTable } from '../pinned';
import { firstMentions, termFinder } from '../term-mentions';
import type { Entry, Game, PageView, Target, TermFinder } from '../types';

export interface PageViewSources {
  games: Map<string, Game>;
  resolve(game: string, id: string): Target | undefined;
  pins(game: string): PinTable;
}

/** Made once per game and language. */
function perGame<T>(make: (game: string, lang: Lang) => T): (game: string, lang: Lang) => T {
  const made = new Map<string, T>();
  return (game, lang) => {
    const key = `${game}:${lang}`;
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(game, lang)));
    return value;
  };
}

export function pageViews(from: PageViewSources): { page: (entry: Entry) => PageView; termFinder: (game: string, lang: Lang) => TermFinder } {
  const termsOf = (game: string) => from.games.get(game)?.terms ?? [];
  const finder = perGame((game, lang) => termFinder(termsOf(game), lang));
  // Every wording of a dictionary term in one language, on the first entry the term lists that the
  // site has written (a term's defining rule may still be planned): a search for any wording finds the
  // definition (each search bundle holds one language); the rules that use the term are found by their own
  // text, and the search expands a known wording to the preferred ones in both languages.
  const aliasesOf = perGame((game, lang) => {
    const map = new Map<string, string[]>();
    for (const term of termsOf(game)) {
      const words = [term[lang], ...term.variants.filter((v) => v.lang === lang).map((v) => v.term)];
      const id = term.entries.find((x) => { const r = from.resolve(game, x); return r && r.kind !== 'planned'; });
      if (id) map.set(id, [...(map.get(id) ?? []), ...words]);
    }
    return map;
  });
  const views = new Map<Entry, PageView>();
  const page = (entry: Entry): PageView => {
    let view = views.get(entry);
    if (view) return view;
    const first = entry.data.rules[0]?.id;
    const aliases = (lang: Lang) => {
      const map = aliasesOf(entry.game, lang);
      // The entry's own aliases go on its first sub-rule (the row that carries its text).
      return new Map(entry.data.rules.map((r) => [r.id, [...new Set([...(map.get(r.id) ?? []), ...(r.id === first ? map.get(entry.id) ?? [] : [])])]]));
    };
    const mentions = (lang: Lang) => firstMentions(entry, termsOf(entry.game), lang, finder(entry.game, lang));
    const pins = from.pins(entry.game).docs.find((d) => d.doc === entry.doc);
    view = {
      aliases: { ja: aliases('ja'), en: aliases('en') },
      mentions: { ja: mentions('ja'), en: mentions('en') },
      reused: pins ? reusedNumbers(pins, [...new Set([entry.id, ...entry.data.rules.map((r) => r.id)])]) : [],
    };
    views.set(entry, view);
    return view;
  };
  return { page, termFinder: finder };
}
