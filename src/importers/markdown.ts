// Official text as Markdown that renders exactly as printed: syntax characters escaped, paragraphs
// kept, bullets as list items nested by their indentation, numbered steps as an ordered list.
export { escapeMarkdown } from './mtg-cr-build';
import { escapeMarkdown } from './mtg-cr-build';

export interface Block {
  kind: 'para' | 'bullet' | 'step';
  text: string;
  /** Nesting of a bullet or step: 0 for the outermost list. */
  depth: number;
  /** A step's number as printed. */
  n?: number;
}

const BULLET = /^[•●◦○▪■□・*\-–—]\s*/u;
const STEP = /^(\d{1,2})[.)）]\s+/;

/** A line of a list (bullet or numbered step), or undefined for a paragraph line. */
export function listItem(text: string): { kind: 'bullet' | 'step'; text: string; n?: number } | undefined {
  const b = BULLET.exec(text);
  if (b && text.length > b[0].length) return { kind: 'bullet', text: text.slice(b[0].length) };
  const s = STEP.exec(text);
  if (s) return { kind: 'step', text: text.slice(s[0].length), n: Number(s[1]) };
  return undefined;
}

export function blocksToMarkdown(blocks: Block[]): string {
  const out: string[] = [];
  let prev: Block | undefined;
  for (const b of blocks) {
    const body = escapeMarkdown(b.text).replace(/\n/g, ' ');
    if (b.kind === 'para') {
      out.push(prev ? `\n${body}` : body);
    } else {
      const indent = '   '.repeat(b.depth);
      const marker = b.kind === 'step' ? `${b.n ?? 1}.` : '-';
      // A list starts after a blank line; its items follow one another directly.
      out.push(`${prev && prev.kind === 'para' ? '\n' : ''}${indent}${marker} ${body}`);
    }
    prev = b;
  }
  return out.join('\n');
}
