// Sub-rule text is Markdown inside YAML. It goes through remark-gfm and the project's own remark
// plugins, rendered once per (text, game, language) and cached.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { toString } from 'mdast-util-to-string';
import type { Root } from 'mdast';
import { remarkWikiLinks, type WikiResolver, WIKI_LINK } from '../plugins/wiki-links';
import { remarkRuleRefs, type RefTarget } from '../plugins/rule-refs';
import type { IdStyle } from './ids';
import { findRefs } from './refs';
import type { TermFinder } from './term-mentions';
import { remarkTermLinks } from '../plugins/term-links';

const parser = unified().use(remarkParse).use(remarkGfm);
const toHtml = unified().use(remarkRehype).use(rehypeStringify);
const cache = new Map<string, string>();

export interface RenderContext {
  key: string;
  /** Resolves [[id]] links. */
  resolve: WikiResolver;
  /** The game's rule-number style, for inline references. */
  style: IdStyle;
  /** Resolves a referenced rule id. */
  resolveRef: (id: string) => RefTarget;
  /** Finds dictionary terms in this language's text and says where each one's definition is. */
  terms?: { find: TermFinder; href: (termId: string) => { href: string; ref?: string } | undefined };
}

// Most sub-rules are one plain paragraph; they skip the Markdown pipeline (it dominates build time
// on a full rulebook). Anything that could be Markdown syntax takes the full path.
const PLAIN = /^[^\n*_`[\]<>#|~\\!&]+\n?$/;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `termIds`: the dictionary terms whose first mention in the entry is in this text (linked once). */
export function renderMarkdown(md: string, ctx?: RenderContext, termIds?: Set<string>): string {
  const plain = PLAIN.test(md) && !/^\s*([-+]|\d+[.)])\s/.test(md);
  if (plain && !(ctx && findRefs(md, ctx.style).length) && !termIds?.size) return `<p>${escapeHtml(md.trim())}</p>`;
  const cacheKey = ctx ? `${ctx.key}\u0000${[...(termIds ?? [])].join(',')}\u0000${md}` : md;
  let html = cache.get(cacheKey);
  if (html === undefined) {
    const tree = parser.parse(md) as Root;
    if (ctx) {
      remarkWikiLinks(ctx.resolve)(tree);
      remarkRuleRefs(ctx.style, ctx.resolveRef)(tree);
      if (ctx.terms && termIds?.size) remarkTermLinks(ctx.terms.find, termIds, ctx.terms.href)(tree);
    }
    html = toHtml.stringify(toHtml.runSync(tree));
    cache.set(cacheKey, html);
  }
  return html;
}

/** Plain text for meta descriptions, quotes and the JSON API ([[id|label]] keeps its label). */
export function plainText(md: string): string {
  if (PLAIN.test(md)) return md.replace(/\s+/g, ' ').trim();
  const tree = parser.parse(md.replace(WIKI_LINK, (_, id: string, label?: string) => label ?? id));
  return tree.children.map((node) => toString(node, { includeHtml: false })).join(' ').replace(/\s+/g, ' ').trim();
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
