// What a Markdown text of the content says, without rendering it: whether it is one plain
// paragraph (the renderer's fast path), its plain text (descriptions, quotes, the JSON API), whether
// it shows a reader anything, and what is wrong with it (unsafe URLs, raw HTML); and the other way,
// printed text as Markdown that renders exactly as printed (official text, imported). Parsed with the same
// remark-parse + remark-gfm as the renderer (src/render/markdown/pipeline.ts), so both see one tree.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { toString } from 'mdast-util-to-string';
import type { Root } from 'mdast';
import { markdownIssues, type MarkdownIssue } from './markdown-check';
import { isVisible } from '../schemas/visible';
import { WIKI_LINK } from './wiki-links';

const parser = unified().use(remarkParse).use(remarkGfm);

/**
 * Printed text as Markdown that renders to exactly that text: the characters Markdown and GFM would
 * read as syntax are escaped, line by line. The importer writes official text with it
 * (src/importers/mtg-cr-build.ts), and the official glossary's definitions, kept as printed, are
 * rendered through it (src/render/glossary.ts).
 */
export function escapeMarkdown(text: string): string {
  return text
    .split('\n')
    .map((line) => line
      .replace(/[\\`*_[\]<>~|]/g, (c) => `\\${c}`)
      .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
      .replace(/^([#+=-])/, '\\$1')
      .replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2'))
    .join('\n');
}

/** The Markdown syntax tree of a content text (mdast), as the renderer reads it. */
export const parseMarkdown = (md: string): Root => parser.parse(md) as Root;

// A text with none of these characters, and none of the shapes below, is one paragraph of text.
const PLAIN = /^[^\r\n*_`[\]<>#|~\\!&]+\n?$/;

/** True when `md` is one paragraph of text with nothing Markdown or GFM would turn into markup. */
export function isPlainParagraph(md: string): boolean {
  return PLAIN.test(md)
    && !/^\s*([-+=]|\d{1,9}[.)])(\s|$)/.test(md) // list item, setext underline
    && !/^(\s*-){3,}\s*$/.test(md) // thematic break
    && !/^( {0,3}\t| {4})/.test(md) // indented code
    && !/https?:|www\.|@|mailto:|xmpp:/i.test(md) // GFM autolink literals
    && /[^ \t\n]/.test(md);
}

/**
 * What a parsed text says, by text: its plain text, and what is wrong with it as Markdown. One text
 * is asked for many times in a build: by the content check (does it show anything? is its Markdown
 * safe?), the short link and its pinned twin, the JSON API, and the history pages, in each language
 * and once per edition that kept the words (a rule's versions are compared pairwise). It is parsed
 * once, and both readings are taken from that one tree when they read the same text (no [[id]]
 * link, which the plain text reads as its label). Bounded, for the dev server's long life: past the
 * bound it starts over.
 */
interface Parsed { text?: string; issues?: MarkdownIssue[] }
const parsedTexts = new Map<string, Parsed>();
const PARSED_TEXTS_KEPT = 50_000;

function parsedText(md: string): Parsed {
  let p = parsedTexts.get(md);
  if (!p) {
    if (parsedTexts.size >= PARSED_TEXTS_KEPT) parsedTexts.clear();
    p = {};
    parsedTexts.set(md, p);
  }
  return p;
}

const textOf = (tree: Root) => tree.children.map((node) => toString(node, { includeHtml: false })).join(' ').replace(/\s+/g, ' ').trim();

/**
 * What is wrong with a text as Markdown: unsafe link URLs, raw HTML (src/model/markdown-check.ts).
 * The site model reports these for every content text with its file and field.
 */
export function markdownProblems(md: string): MarkdownIssue[] {
  if (isPlainParagraph(md)) return [];
  const p = parsedText(md);
  if (!p.issues) {
    const tree = parseMarkdown(md);
    p.issues = markdownIssues(tree);
    if (p.text === undefined && !md.includes('[[')) p.text = textOf(tree);
  }
  return p.issues;
}

/** Plain text for meta descriptions, quotes and the JSON API ([[id|label]] keeps its label). */
export function plainText(md: string): string {
  if (isPlainParagraph(md)) return md.replace(/\s+/g, ' ').trim();
  const p = parsedText(md);
  if (p.text === undefined) {
    const linked = md.replace(WIKI_LINK, (_, id: string, label?: string) => label ?? id);
    const tree = parseMarkdown(linked);
    p.text = textOf(tree);
    if (!p.issues && linked === md) p.issues = markdownIssues(tree);
  }
  return p.text;
}

/**
 * True when the Markdown shows a reader nothing: invisible characters only (`\u200b`), empty HTML
 * (`<b></b>`), a comment. Such a text counts as missing, not as a translation.
 */
export function rendersEmpty(md: string): boolean {
  return !isVisible(plainText(md));
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
