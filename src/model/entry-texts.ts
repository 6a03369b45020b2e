// Every text of an entry in document order — entry notes, then each sub-rule and its notes — with
// its schema field path (for error reports) and a stable key (for per-text decisions such as the
// first mention of a term). One walk shared by validation, the link index and term mentions.
import type { EntryData, Lang } from '../schemas/content';

export interface EntryText { field: string; key: string; lang: Lang; ruleId?: string; text: string }

export function entryTexts(data: EntryData, langs: readonly Lang[] = ['ja', 'en']): EntryText[] {
  const out: EntryText[] = [];
  for (const lang of langs) {
    data.notes.forEach((n, j) => { const text = n[lang]; if (text) out.push({ field: `notes[${j}].${lang}`, key: `note:${j}`, lang, text }); });
    data.rules.forEach((r, i) => {
      const text = r[lang];
      if (text) out.push({ field: `rules[${i}].${lang}`, key: `rule:${r.id}`, lang, ruleId: r.id, text });
      r.notes.forEach((n, j) => {
        const note = n[lang];
        if (note) out.push({ field: `rules[${i}].notes[${j}].${lang}`, key: `rule:${r.id}:note:${j}`, lang, ruleId: r.id, text: note });
      });
    });
  }
  return out;
}
