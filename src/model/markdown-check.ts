// What Markdown from content may not do, found on the parsed tree (mdast) so it sees exactly what
// the renderer will: link and image URLs must be web URLs (src/schemas/safe-url.ts); an image comes
// from this site (a page that loads another site's image tells it who reads what, and the
// security policy would block it: the output checks refuse it, this says so up front with the
// file and line); and raw HTML — which the renderer does not output — is reported rather than lost
// without a word. Used on YAML
// texts by the site model (file › field) and on MDX bodies by the content check (src/content/mdx-body.ts,
// file:line) and again as they render (src/render/markdown/safe-links.ts).
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

/** Intrinsic elements of an MDX body and the attributes whose URL the browser fetches by itself (as scripts/check-dist.mjs). */
const FETCHED = new Map<string, string[]>([['img', ['src', 'srcset']], ['source', ['src', 'srcset']], ['video', ['src', 'poster']], ['audio', ['src']], ['track', ['src']],
  ['embed', ['src']], ['object', ['data']], ['iframe', ['src']], ['input', ['src']], ['image', ['href', 'xlinkHref', 'xlink:href']], ['use', ['href', 'xlinkHref', 'xlink:href']]]);

/** True for a URL that loads from another site: http(s) with a host, or a scheme-less `//host/`. */
export function isOffSite(url: string): boolean {
  return /^\s*(https?:)?[\\/]{2}/i.test(url);
}

const OFF_SITE_EXPECTED = 'an image from this site (a path like /images/rule.png); a page loads nothing from other sites';

type Jsx = { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement'; name: string | null; attributes: { type: string; name?: string; value?: unknown }[] };

export function markdownIssues(tree: Root): MarkdownIssue[] {
  const issues: MarkdownIssue[] = [];
  const html: { node: Nodes; value: string }[] = [];
  const definitions = new Map<string, string>();
  const imageRefs: Extract<Nodes, { type: 'imageReference' }>[] = [];
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
        else if (node.type === 'image' && isOffSite(node.url)) add(node, `the image ${shown(node.url)} is on another site`, OFF_SITE_EXPECTED);
        if (node.type === 'definition') definitions.set(node.identifier.toLowerCase(), node.url);
        break;
      case 'imageReference':
        imageRefs.push(node);
        break;
      case 'html':
        html.push({ node, value: node.value.trim() });
        break;
      default: {
        const jsx = node as unknown as Jsx;
        if (jsx.type === 'mdxJsxFlowElement' || jsx.type === 'mdxJsxTextElement') {
          const fetched = FETCHED.get(jsx.name ?? '') ?? [];
          for (const a of jsx.attributes) {
            if (a.type !== 'mdxJsxAttribute' || !a.name || typeof a.value !== 'string') continue;
            if (URL_ATTRIBUTES.has(a.name) && !isSafeUrl(a.value)) {
              add(node, `the ${a.name} URL ${shown(a.value)} of <${jsx.name ?? ''}> is not allowed`, SAFE_URL_EXPECTED);
            } else if (fetched.includes(a.name)) {
              const urls = a.name === 'srcset' ? a.value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [a.value];
              const away = urls.find(isOffSite);
              if (away !== undefined) add(node, `the ${a.name} ${shown(away)} of <${jsx.name ?? ''}> is on another site`, OFF_SITE_EXPECTED);
            }
          }
        }
      }
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  // `![x][ref]` takes its URL from `[ref]: …`, wherever that stands.
  for (const ref of imageRefs) {
    const url = definitions.get(ref.identifier.toLowerCase());
    if (url !== undefined && isSafeUrl(url) && isOffSite(url)) add(ref, `the image ${shown(url)} (reference [${ref.label ?? ref.identifier}]) is on another site`, OFF_SITE_EXPECTED);
  }
  // One report per text for its raw HTML, however many tags it has.
  if (html[0]) {
    add(html[0].node, `raw HTML ${html.slice(0, 3).map((h) => shown(h.value)).join(', ')}${html.length > 3 ? ', …' : ''} is not shown on the page (Markdown text is rendered without HTML)`,
      'Markdown instead of HTML; to show a "<" as text write "\\<" or put the text in `inline code`');
  }
  return issues;
}
