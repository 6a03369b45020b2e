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

// CommonMark's backslash escapes: a backslash before ASCII punctuation stands for that character.
const ESCAPE = /\\[!-/:-@[-`{-~]/g;
// An [[id]] or [[id|label]] made only of characters that are plain text, not followed by `(` (which
// would make `[[a]](b)` an inline link with the text `[a]`).
const SIMPLE_WIKI_LINK = /\[\[[^\]|\r\n*_`[<>#~\\!&]+(?:\|[^\]|\r\n*_`[<>#~\\!&]+)?\]\](?!\()/g;
// Square brackets are text unless they make a link: `](` (inline), `][` (reference), `[^` (a
// footnote), or a definition (`[label]: url`, which can only open a paragraph). References and
// footnotes need a definition, which a text of paragraphs alone cannot hold, but these shapes go to
// the parser all the same.
const BRACKET_SYNTAX = /\]\(|\]\[|\[\^/;
const DEFINITION = /^ {0,3}\[[^]*\]:/;
const AUTOLINK = /https?:|www\.|@|mailto:|xmpp:/i;
// One or more blank lines (a line of spaces and tabs is blank) end a paragraph.
const BLANK_LINES = /\n(?:[ \t]*\n)+/;

function oneParagraph(md: string): string | undefined {
  if (isPlainParagraph(md)) return md.replace(/^ +/, '').replace(/[ \t\n]+$/, '');
  const unescaped = md.replace(ESCAPE, 'x');
  if (BRACKET_SYNTAX.test(unescaped) || DEFINITION.test(unescaped)) return undefined;
  if (!isPlainParagraph(unescaped.replace(SIMPLE_WIKI_LINK, 'x').replace(/[[\]]/g, 'x'))) return undefined;
  const text = md.replace(ESCAPE, (e) => e.slice(1));
  if (AUTOLINK.test(text)) return undefined;
  return text.replace(/^ +/, '').replace(/[ \t\n]+$/, '');
}

/**
 * The texts of the paragraphs `md` is made of, when Markdown reads it as paragraphs of text alone:
 * plain text (isPlainParagraph) with backslash escapes, square brackets and [[id|label]] links in
 * it, one paragraph or several between blank lines — the shapes most content texts have (imported
 * official text escapes its brackets; explanations link and run to several paragraphs). Markdown
 * gives each paragraph one text node, its escapes undone and its outer spaces dropped; these are
 * those texts, so the renderer can skip the parser and run its plugins on that tree. Undefined for
 * anything else (a property test holds the two readings together).
 */
export function paragraphTexts(md: string): string[] | undefined {
  const texts: string[] = [];
  for (const chunk of md.split(BLANK_LINES)) {
    const text = oneParagraph(chunk);
    if (text === undefined) return undefined;
    texts.push(text);
  }
  return texts;
}

/** The tree Markdown gives `md` when paragraphTexts reads it, built without the parser. */
export function paragraphTree(md: string): Root | undefined {
  const texts = paragraphTexts(md);
  return texts && { type: 'root', children: texts.map((value) => ({ type: 'paragraph', children: [{ type: 'text', value }] })) };
}

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
const PARSED_TEXTS_KEPT = 50_000;
// One map for the whole process: a build loads this module twice (the integration's content check
// and Astro's page bundle), and the pages ask again for the texts the check has read. Keyed by
// Symbol.for, as the site model is (src/content/site-store.ts); it holds only what the parser says
// of a string, so either copy of this module may fill it.
const PARSED_KEY = Symbol.for('taiyaku.parsedTexts');
const parsedTexts: Map<string, Parsed> = ((globalThis as { [PARSED_KEY]?: Map<string, Parsed> })[PARSED_KEY] ??= new Map());

function parsedText(md: string): Parsed {
  let p = parsedTexts.get(md);
  if (!p) {
    if (parsedTexts.size >= PARSED_TEXTS_KEPT) parsedTexts.clear();
    p = {};
    parsedTexts.set(md, p);
  }
  return p;
}

/** A parsed text's plain text, as plainText gives it (exported so tests can hold the fast paths to it). */
export const textOf = (tree: Root) => tree.children.map((node) => toString(node, { includeHtml: false })).join(' ').replace(/\s+/g, ' ').trim();

/**
 * What is wrong with a text as Markdown: unsafe link URLs, raw HTML (src/model/markdown-check.ts).
 * The site model reports these for every content text with its file and field.
 */
export function markdownProblems(md: string): MarkdownIssue[] {
  // A paragraph of text alone has no link, image or HTML to refuse.
  if (paragraphTexts(md)) return [];
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
    const texts = paragraphTexts(linked);
    if (texts) p.text = texts.join(' ').replace(/\s+/g, ' ').trim();
    else {
      const tree = parseMarkdown(linked);
      p.text = textOf(tree);
      if (!p.issues && linked === md) p.issues = markdownIssues(tree);
    }
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
