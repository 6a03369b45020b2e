// Every text of an entry in document order — entry notes, then each sub-rule (its official text,
// then its explanation) and its notes — with its schema field path and file (for error reports) and
// a stable key (for per-text decisions such as the first mention of a term). One walk shared by
// validation, the link index and term mentions.
import type { Lang, Note, Rule } from '../schemas/content';

export interface EntryText {
  field: string;
  key: string;
  lang: Lang;
  ruleId?: string;
  text: string;
  /** The file the text was written in, when it is not the entry's own (official text on an explanation's page). */
  file?: string;
}

/** A sub-rule as written (Rule) or as a page shows it (SubRule in src/model/types.ts): official text and explanation apart. */
type TextRule = Rule & {
  official?: { ja?: string; en?: string };
  explanation?: { ja?: string; en?: string };
  from?: { official?: { file: string; index: number }; explanation?: { file: string; index: number } };
};

/** Keys of a sub-rule's texts: the explanation (or the only text) is `rule:<id>`, official text beside an explanation `rule:<id>:official`. */
export const textKey = (ruleId: string, kind: 'official' | 'explanation') => (kind === 'official' ? `rule:${ruleId}:official` : `rule:${ruleId}`);

export function entryTexts(data: { notes: Note[]; rules: TextRule[] }, langs: readonly Lang[] = ['ja', 'en']): EntryText[] {
  const out: EntryText[] = [];
  const at = (r: TextRule, i: number, kind: 'official' | 'explanation') => {
    const from = r.from?.[kind];
    return { index: from?.index ?? i, ...(from ? { file: from.file } : {}) };
  };
  for (const lang of langs) {
    data.notes.forEach((n, j) => { const text = n[lang]; if (text) out.push({ field: `notes[${j}].${lang}`, key: `note:${j}`, lang, text }); });
    data.rules.forEach((r, i) => {
      const push = (kind: 'official' | 'explanation', text: string | undefined) => {
        if (!text) return;
        const { index, ...file } = at(r, i, kind);
        out.push({ field: `rules[${index}].${lang}`, key: textKey(r.id, kind), lang, ruleId: r.id, text, ...file });
      };
      if (r.official || r.explanation) {
        push('official', r.official?.[lang]);
        push('explanation', r.explanation?.[lang]);
      } else push('explanation', r[lang]);
      const { index, ...file } = at(r, i, 'explanation');
      r.notes.forEach((n, j) => {
        const note = n[lang];
        if (note) out.push({ field: `rules[${index}].notes[${j}].${lang}`, key: `rule:${r.id}:note:${j}`, lang, ruleId: r.id, text: note, ...file });
      });
    });
  }
  return out;
}
