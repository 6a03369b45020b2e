// What Markdown from content may not do, found on the parsed tree (mdast) so it sees exactly what
// the renderer will: link and image URLs must be web URLs (src/schemas/safe-url.ts), and raw HTML —
// which the renderer does not output — is reported rather than lost without a word. Used on YAML
// texts by the site model (file › field) and on MDX bodies by src/render/markdown/safe-links.ts (file:line).
import type { Nodes, Root } from 'mdast';
import { isSafeUrl, SAFE_URL_EXPECTED } from '../schemas/safe-url';

export interface MarkdownIssue {
  message: string;
  expected: string;
  /** 1-based position in the text, when the parser gave one. */
  line?: number;
  column?: number;
}

/** JSX attributes that take a URL, in MDX bodies (an `.mdx` file is code, but a literal URL is checked all the same). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formAction', 'formaction', 'poster', 'data', 'cite', 'xlinkHref', 'xlink:href', 'background', 'ping']);

const shown = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 59)}…` : s);

type Jsx = { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement'; name: string | null; attributes: { type: string; name?: string; value?: unknown }[] };

export function markdownIssues(tree: Root): MarkdownIssue[] {
  const issues: MarkdownIssue[] = [];
  const html: { node: Nodes; value: string }[] = [];
  const add = (node: Nodes, message: string, expected: string) => {
    const start = node.position?.start;
    issues.push({ message, expected, ...(start ? { line: start.line, column: start.column } : {}) });
  };
  const visit = (node: Nodes) => {
    switch (node.type) {
      case 'link':
      case 'image':
      case 'definition':
        if (!isSafeUrl(node.url)) add(node, `the ${node.type === 'image' ? 'image' : 'link'} URL ${shown(node.url)} is not allowed`, SAFE_URL_EXPECTED);
        break;
      case 'html':
        html.push({ node, value: node.value.trim() });
        break;
      default: {
        const jsx = node as unknown as Jsx;
        if (jsx.type === 'mdxJsxFlowElement' || jsx.type === 'mdxJsxTextElement') {
          for (const a of jsx.attributes) {
            if (a.type === 'mdxJsxAttribute' && a.name && URL_ATTRIBUTES.has(a.name) && typeof a.value === 'string' && !isSafeUrl(a.value)) {
              add(node, `the ${a.name} URL ${shown(a.value)} of <${jsx.name ?? ''}> is not allowed`, SAFE_URL_EXPECTED);
            }
          }
        }
      }
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  // One report per text for its raw HTML, however many tags it has.
  if (html[0]) {
    add(html[0].node, `raw HTML ${html.slice(0, 3).map((h) => shown(h.value)).join(', ')}${html.length > 3 ? ', …' : ''} is not shown on the page (Markdown text is rendered without HTML)`,
      'Markdown instead of HTML; to show a "<" as text write "\\<" or put the text in `inline code`');
  }
  return issues;
}
