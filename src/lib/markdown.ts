// Sub-rule text is Markdown inside YAML. It goes through the same remark stage as MDX pages
// (remark-gfm, and the project's own remark plugins), rendered once per string and cached.
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { toString } from 'mdast-util-to-string';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify);
const parser = unified().use(remarkParse).use(remarkGfm);
const cache = new Map<string, string>();

export function renderMarkdown(md: string): string {
  let html = cache.get(md);
  if (html === undefined) {
    html = String(processor.processSync(md));
    cache.set(md, html);
  }
  return html;
}

/** Plain text for meta descriptions, quotes and the JSON API. */
export function plainText(md: string): string {
  const tree = parser.parse(md);
  return tree.children.map((node) => toString(node, { includeHtml: false })).join(' ').replace(/\s+/g, ' ').trim();
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
