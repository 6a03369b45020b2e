// Dictionary terms in running text link to their definition — the first mention per entry and
// language only, so a page is not a sea of links. Which text holds the first mention is decided
// here in document order (entry notes, then each sub-rule and its notes), not during rendering.
import type { Lang, Term } from '../schemas/content';
import type { Entry, TermFinder } from './types';
import { maskForRefs } from './link-index';
import { entryTexts } from './entry-texts';

export type { TermFinder, TermMatch } from './types';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Finds dictionary wordings in a text, longest first; English on word boundaries, any case. */
export function termFinder(terms: Term[], lang: Lang): TermFinder {
  const words = new Map<string, string>(); // wording → term id
  for (const term of terms) {
    const wordings = lang === 'ja'
      ? [term.ja, ...term.variants.filter((v) => v.lang === 'ja' && !v.avoid).map((v) => v.term)]
      : [term.en, ...term.variants.filter((v) => v.lang === 'en' && !v.avoid).map((v) => v.term)];
    for (const w of wordings) {
      const key = lang === 'en' ? w.toLowerCase() : w;
      // Single characters and two-letter English words match too much running text.
      if ([...w].length < 2 || (lang === 'en' && w.length < 3) || /[[\]]/.test(w)) continue;
      if (!words.has(key)) words.set(key, term.id);
    }
  }
  if (!words.size) return () => [];
  const alternation = [...words.keys()].sort((a, b) => b.length - a.length).map(escape).join('|');
  const re = lang === 'en' ? new RegExp(`(?<![\\w-])(?:${alternation})(?![\\w-])`, 'gi') : new RegExp(alternation, 'g');
  return (text) => [...text.matchAll(re)].map((m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, termId: words.get(lang === 'en' ? m[0].toLowerCase() : m[0])! }));
}

/** For each text of an entry (keyed `rule:<id>`, `rule:<id>:note:<j>`, `note:<j>`), the terms whose first mention it holds. */
export function firstMentions(entry: Entry, terms: Term[], lang: Lang, find: TermFinder): Map<string, Set<string>> {
  // A term defined by this very entry is not linked from it.
  const own = new Set(terms.filter((t) => t.entries[0] && (t.entries[0] === entry.id || entry.data.rules.some((r) => r.id === t.entries[0]))).map((t) => t.id));
  const seen = new Set<string>();
  const out = new Map<string, Set<string>>();
  for (const { key, text } of entryTexts(entry.data, [lang])) {
    for (const m of find(maskForRefs(text))) {
      if (own.has(m.termId) || seen.has(m.termId)) continue;
      seen.add(m.termId);
      out.set(key, (out.get(key) ?? new Set()).add(m.termId));
    }
  }
  return out;
}
