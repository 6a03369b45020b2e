// The Markdown pass: a text that would put a script link on the page (javascript:, data: …) or
// lose words (raw HTML, which the renderer does not output), in every text of entries and
// documents. Reads ctx.written (as written, before texts that show nothing are set aside, so raw
// HTML is named, not just missed) and ctx.docs.
import type { Lang } from '../../schemas/content';
import { entryTexts } from '../entry-texts';
import { markdownProblems } from '../markdown-text';
import type { ModelContext } from './context';

const LANGS: Lang[] = ['ja', 'en'];

export function markdownPass(ctx: ModelContext): void {
  const { problems, docs, written } = ctx;
  const checkMarkdown = (file: string, field: string, text: string) => {
    for (const issue of markdownProblems(text)) problems.add(file, field, issue.message, issue.expected);
  };
  // As written (before texts that show nothing are set aside), so raw HTML is named, not just missed.
  for (const entry of written) for (const { field, text } of entryTexts(entry.data)) checkMarkdown(entry.file, field, text);
  for (const doc of docs.values()) {
    doc.data.notes.forEach((note, j) => { for (const lang of LANGS) if (note[lang]) checkMarkdown(doc.file, `notes[${j}].${lang}`, note[lang]); });
  }
}
