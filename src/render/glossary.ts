// An official glossary definition as HTML: printed as plain text (one paragraph a line), with the
// rule numbers it cites linked like any rule text. The importer writes definitions as printed, not as
// Markdown, so each line is made Markdown that renders exactly as printed (the model's escapeMarkdown,
// which the importer writes rule text with) and goes through the same renderer as the rules.
import { escapeMarkdown } from '../model/markdown-text';
import { renderMarkdown, type RenderContext } from './markdown/pipeline';

export function glossaryDefHtml(text: string, ctx?: RenderContext): string {
  return text.split('\n').filter((line) => line.trim()).map((line) => renderMarkdown(escapeMarkdown(line.trim()), ctx)).join('');
}
