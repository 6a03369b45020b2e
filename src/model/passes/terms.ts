// The terms passes: each game's dictionary (one wording, one term; its entries resolve) and each
// document's official glossary (its rule links resolve; each term joined with the dictionary's term of
// the same English wording). Reads input.terms, input.officialGlossaries, ctx.index, ctx.planned;
// writes Game.terms, Game.termsFile and Doc.glossary.
import type { Lang } from '../../schemas/content';
import type { OfficialTerm } from '../types';
import type { ModelContext } from './context';

/** The entry id a document's glossary page takes (its URL is /{lang}/{game}/{doc}/glossary/). */
export const GLOSSARY_PAGE = 'glossary';

/** Each game's dictionary: one wording, one term; each term's entries resolve. */
export function dictionaryPass(ctx: ModelContext): void {
  const { input, problems, games, index, planned } = ctx;
  for (const t of input.terms ?? []) {
    const game = games.get(t.game);
    if (!game) {
      problems.add(t.file, 'game', `unknown game "${t.game}"`, `one of: ${[...games.keys()].join(', ')}`);
      continue;
    }
    game.terms = t.terms;
    game.termsFile = t.file;
    const seen = new Set<string>();
    // One wording, one term: search aliases and term links look a wording up to find its term, so
    // the same wording under two ids would send readers to whichever came first.
    const wordings = new Map<string, { id: string; field: string }>();
    t.terms.forEach((term, i) => {
      if (seen.has(term.id)) problems.add(t.file, `terms[${i}].id`, `duplicate term id "${term.id}"`, 'a term id that is unique within the game');
      seen.add(term.id);
      const words: [string, Lang, string][] = [[term.en, 'en', `terms[${i}].en`], [term.ja, 'ja', `terms[${i}].ja`], ...term.variants.map((v, j): [string, Lang, string] => [v.term, v.lang, `terms[${i}].variants[${j}].term`])];
      for (const [word, lang, field] of words) {
        const key = `${lang}:${word.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ')}`;
        const first = wordings.get(key);
        if (first && first.id !== term.id) {
          problems.add(t.file, field, `the wording "${word}" is already term "${first.id}" (${first.field})`, 'each wording under one term id only: merge the two terms, or keep the wording as a variant of one of them');
        } else if (!first) wordings.set(key, { id: term.id, field });
      }
      term.entries.forEach((id, j) => {
        const key = `${t.game}:${id}`;
        if (!index.has(key) && !planned.has(key)) {
          problems.add(t.file, `terms[${i}].entries[${j}]`, `"${id}" is not an id in ${t.game}`, `an entry or sub-rule id of ${t.game}, or an id in content/${t.game}/planned.yaml`);
        }
      });
    });
  }
}

/**
 * Official glossaries: each term's rule links resolve, and a term is joined with the dictionary's
 * term of the same English wording (its name or a variant), so it runs after the dictionary pass.
 */
export function glossaryPass(ctx: ModelContext): void {
  const { input, problems, games, docs, index, planned } = ctx;
  for (const g of input.officialGlossaries ?? []) {
    const doc = docs.get(g.id);
    if (!doc) {
      problems.add(g.file, 'document', `an official glossary for an unknown document "${g.id}"`, `content/${g.id}/document.yaml, or remove the file`);
      continue;
    }
    const clash = doc.entries.find((e) => e.id === GLOSSARY_PAGE);
    if (clash) problems.add(g.file, '(file)', `the document has an entry "${GLOSSARY_PAGE}" (${clash.file}), whose page is where the glossary is shown`, `another id for that entry (with a redirect for its published URLs)`);
    const words = new Map<string, string>();
    const key = (w: string) => w.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
    for (const term of games.get(doc.game)?.terms ?? []) {
      for (const w of [term.en, ...term.variants.filter((v) => v.lang === 'en').map((v) => v.term)]) if (!words.has(key(w))) words.set(key(w), term.id);
    }
    const seen = new Set<string>();
    const terms = g.data.terms.map((t, i): OfficialTerm => {
      if (seen.has(t.id)) problems.add(g.file, `terms[${i}].id`, `duplicate term id "${t.id}"`, 'an id that is unique in the glossary');
      seen.add(t.id);
      if (!t.en.trim() && !t.ja) problems.add(g.file, `terms[${i}]`, 'the term has no name in either language', 'an en or ja name');
      t.entries.forEach((id, j) => {
        const k = `${doc.game}:${id}`;
        if (!index.has(k) && !planned.has(k)) problems.add(g.file, `terms[${i}].entries[${j}]`, `"${id}" is not an id in ${doc.game}`, `an entry or sub-rule id of ${doc.game} (run the import again after ids change)`);
      });
      const term = [t.en, ...t.enAliases].map((w) => words.get(key(w))).find(Boolean);
      return { ...t, ...(term ? { term } : {}) };
    });
    doc.glossary = { file: g.file, edition: g.data.edition, terms };
  }
}
