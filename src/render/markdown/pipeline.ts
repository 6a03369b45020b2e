// Sub-rule text is Markdown inside YAML. It goes through remark-gfm and the project's own remark
// plugins, rendered once per (text, game, language) and cached. Reading a text without rendering it
// (plain text, empty or not, problems) is the model's: src/model/markdown-text.ts.
import { unified } from 'unified';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { stringifyEntities } from 'stringify-entities';
import { remarkWikiLinks, type WikiResolver } from './wiki-links';
import { remarkRuleRefs, type RefTarget } from './rule-refs';
import type { IdStyle } from '../../model/ids';
import { findRefs } from '../../model/refs';
import type { TermFinder } from '../../model/term-mentions';
import { remarkTermLinks } from './term-links';
import { rehypeTableScroll } from './table-scroll';
import { markdownIssues } from '../../model/markdown-check';
import { isPlainParagraph, paragraphTree, parseMarkdown } from '../../model/markdown-text';
import type { Root } from 'mdast';

const toHtml = unified().use(remarkRehype).use(rehypeTableScroll).use(rehypeStringify);
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
// on a full rulebook) and get their rule references and term links straight from the string. The
// result is byte-for-byte what the full pipeline gives (a property test holds the two together).
// Anything that could be Markdown syntax takes the full path. Its character references are
// rehype-stringify's own: the library it calls (stringify-entities) with the subsets it passes by
// default (hast-util-to-html: text `<` `&`; a double-quoted attribute `\0` `"` `&` `'` `` ` ``).
const TEXT_SUBSET = ['<', '&'];
const ATTRIBUTE_SUBSET = ['\0', '"', '&', "'", '`'];
const escapeHtml = (s: string) => stringifyEntities(s, { subset: TEXT_SUBSET });
const escapeAttr = (s: string) => stringifyEntities(s, { subset: ATTRIBUTE_SUBSET, attribute: true });

function renderPlain(md: string, ctx: RenderContext | undefined, termIds: Set<string> | undefined): string {
  // Markdown strips ASCII spaces and tabs around a paragraph, not other Unicode spaces (U+3000, NBSP).
  const text = md.replace(/^ +/, '').replace(/[ \t\n]+$/, '');
  const left = ctx?.terms && termIds?.size ? new Set(termIds) : undefined;
  const plainPart = (s: string): string => {
    if (!left?.size || !ctx?.terms) return escapeHtml(s);
    let out = '';
    let last = 0;
    for (const m of ctx.terms.find(s)) {
      if (!left.has(m.termId)) continue;
      const target = ctx.terms.href(m.termId);
      if (!target) continue;
      left.delete(m.termId);
      out += `${escapeHtml(s.slice(last, m.start))}<a href="${escapeAttr(target.href)}" class="${target.ref ? 'term ref' : 'term'}"${target.ref ? ` data-ref="${escapeAttr(target.ref)}"` : ''}>${escapeHtml(s.slice(m.start, m.end))}</a>`;
      last = m.end;
    }
    return out + escapeHtml(s.slice(last));
  };
  const refs = ctx ? findRefs(text, ctx.style) : [];
  // Rule references are linked first; term links only look at the text between them.
  const parts: string[] = [];
  let last = 0;
  for (const m of refs) {
    if (m.start > last) parts.push(plainPart(text.slice(last, m.start)));
    const target = ctx!.resolveRef(m.ids[0]!);
    parts.push(target.kind === 'link'
      ? `<a href="${escapeAttr(target.href)}" class="ref" data-ref="${escapeAttr(target.ref)}">${escapeHtml(m.text)}</a>`
      : `<span class="ref ${target.kind}">${escapeHtml(m.text)}</span>`);
    last = m.end;
  }
  if (last < text.length) parts.push(plainPart(text.slice(last)));
  return `<p>${parts.join('')}</p>`;
}

/** `termIds`: the dictionary terms whose first mention in the entry is in this text (linked once). */
export function renderMarkdown(md: string, ctx?: RenderContext, termIds?: Set<string>): string {
  if (isPlainParagraph(md)) return renderPlain(md, ctx, termIds);
  // A paragraph of text with escapes and [[id]] links: the tree the parser would give, without it.
  return renderTree(md, paragraphTree, ctx, termIds);
}

/** The full remark/rehype pipeline, parser and all, uncached (for tests, to hold the fast paths to it). */
export function renderFull(md: string, ctx?: RenderContext, termIds?: Set<string>): string {
  return renderTree(md, () => undefined, ctx, termIds, new Map());
}

function renderTree(md: string, fastTree: (md: string) => Root | undefined, ctx?: RenderContext, termIds?: Set<string>, rendered = cache): string {
  const cacheKey = ctx ? `${ctx.key}\u0000${[...(termIds ?? [])].join(',')}\u0000${md}` : md;
  let html = rendered.get(cacheKey);
  if (html === undefined) {
    const tree = fastTree(md) ?? parseMarkdown(md);
    // Content texts were checked with their file and field when the model was built; this catches
    // text that reaches the renderer another way (MDX component props): refused, never rendered.
    const issue = markdownIssues(tree)[0];
    if (issue) throw new Error(`Markdown refused: ${issue.message}. Expected ${issue.expected}. Text: ${JSON.stringify(md.slice(0, 80))}`);
    if (ctx) {
      remarkWikiLinks(ctx.resolve)(tree);
      remarkRuleRefs(ctx.style, ctx.resolveRef)(tree);
      if (ctx.terms && termIds?.size) remarkTermLinks(ctx.terms.find, termIds, ctx.terms.href)(tree);
    }
    html = toHtml.stringify(toHtml.runSync(tree));
    rendered.set(cacheKey, html);
  }
  return html;
}
