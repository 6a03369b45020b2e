// One built page, read one way. The permanent-link duty, the output checks (scripts/check-dist.mjs
// and its checks under scripts/dist-checks/) and the build tests (tests/build/html-tree.ts) all
// take a page through `builtPage`, with one decoder of character references (entities, the one
// parse5 itself uses) and one tree (parse5's, with scripting off: <noscript> read as markup, as a
// reader without JavaScript gets it), parsed at most once per page and only when asked for.
//
// The permanent-link duty reads only a page's anchors and title, by pattern over the markup our own
// renderer writes (`data-anchor` on the element, `id` beside it; one <title>): measured over the
// bundled site's pages it is about 20× cheaper than building the tree (docs/architecture.md,
// "Permanent links"), and the build runs it on every page. The output checks hold the two readings
// to one answer on every page (scripts/dist-checks/reader-agrees.mjs), so the pattern can never
// see an anchor or a title the tree does not.
//
// Plain TypeScript with only npm imports (no path aliases), so Node runs it as it is from the
// checker's .mjs files.
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

export type Document = DefaultTreeAdapterMap['document'];
export type Element = DefaultTreeAdapterMap['element'];
/** A node of the tree, as the tests walk it: name, attributes, children, text. */
export type Node = { nodeName: string; tagName?: string; namespaceURI?: string; attrs?: { name: string; value: string; prefix?: string }[]; childNodes?: Node[]; value?: string; content?: Node };

export const HTML_NS = 'http://www.w3.org/1999/xhtml';
export const SVG_NS = 'http://www.w3.org/2000/svg';

/** An attribute without a namespace prefix, or undefined. */
export const attrOf = (el: Node, name: string): string | undefined => el.attrs?.find((a) => a.name === name && !a.prefix)?.value;
/** The text directly inside `el` (its own text children, as a <script> or <title> holds it). */
export const ownText = (el: Node): string => (el.childNodes ?? []).map((c) => (c.nodeName === '#text' ? (c.value ?? '') : '')).join('');
/** All the text under `n`. */
export const textOf = (n: Node): string => (n.nodeName === '#text' ? (n.value ?? '') : (n.childNodes ?? []).map(textOf).join(''));
export const hasClass = (n: Node, c: string): boolean => (attrOf(n, 'class') ?? '').split(/\s+/).includes(c);

/** Every element under `node`, in document order (a <template>'s content included). */
export function* elements(node: Node): Generator<Node> {
  for (const child of node.childNodes ?? []) {
    if (child.tagName) yield child;
    yield* elements(child);
  }
  if (node.content) yield* elements(node.content);
}
/** The first element under `node` that passes `test`. */
export const find = (node: Node, test: (el: Node) => boolean): Node | undefined => {
  for (const el of elements(node)) if (test(el)) return el;
  return undefined;
};
/** Every node under `n` (itself included) that passes `test`, in document order. */
export const all = (n: Node, test: (n: Node) => boolean, out: Node[] = []): Node[] => {
  if (test(n)) out.push(n);
  for (const c of n.childNodes ?? []) all(c, test, out);
  return out;
};

/** A document, or an <iframe srcdoc>, parsed as a browser with scripting off parses it. */
export const parseHtml = (html: string): Node => parse(html, { scriptingEnabled: false }) as unknown as Node;

// Attribute names exactly: one follows a space, and its name ends at `=`, a space, `/` or `>` (so
// neither `data-id="…"` is an id nor `data-anchor-x` the mark). Values are always double-quoted in
// the built markup, with `"` written as &quot;, so no `id="` appears inside another attribute's value.
const ANCHOR_TAG = /<[a-z]+\b[^>]*\sdata-anchor(?=[\s=/>])[^>]*>/g;
const ID_ATTR = /\sid="([^"]+)"/;
const TITLE = /<title>([^<]*)<\/title>/;

/** The decoded ids of the tags `tags` matches, in page order. */
function idsOfTags(html: string, tags: RegExp): string[] {
  const ids: string[] = [];
  for (const tag of html.match(tags) ?? []) {
    const id = ID_ATTR.exec(tag)?.[1];
    if (id) ids.push(decodeHTMLAttribute(id));
  }
  return ids;
}

/** The permanent anchors of our own markup: the ids of the elements that carry `data-anchor`. */
export const anchorsOf = (html: string): string[] => idsOfTags(html, ANCHOR_TAG);

const SECTION_TAG = /<section\b[^>]*>/g;

/** The ids of the page's <section> elements (a history page's rule sections, where a removed rule's URLs land). */
export const sectionIdsOf = (html: string): string[] => idsOfTags(html, SECTION_TAG);

/** The text of the page's <title>, or undefined. */
export function titleOf(html: string): string | undefined {
  const title = TITLE.exec(html)?.[1];
  return title === undefined ? undefined : decodeHTML(title);
}

export type BuiltPage = {
  /** The file, relative to the build folder, with forward slashes (`ja/mtg/cr/100/index.html`). */
  readonly file: string;
  readonly html: string;
  /** The permanent anchors (the pattern reading; the checks hold it to the tree's). */
  readonly anchors: readonly string[];
  /** The <title> text (the pattern reading). */
  readonly title: string | undefined;
  /** parse5's tree, parsed on first use and kept. */
  readonly tree: Node;
};

/** One page of the build: read lazily, each reading once. */
export function builtPage(file: string, html: string): BuiltPage {
  let anchors: string[] | undefined;
  let title: { value: string | undefined } | undefined;
  let tree: Node | undefined;
  return {
    file,
    html,
    get anchors() { return (anchors ??= anchorsOf(html)); },
    get title() { return (title ??= { value: titleOf(html) }).value; },
    get tree() { return (tree ??= parseHtml(html)); },
  };
}

/** The anchors and the title as the tree has them: what the pattern reading must agree with. */
export function treeReading(page: BuiltPage): { anchors: string[]; title: string | undefined } {
  const anchors: string[] = [];
  let title: string | undefined;
  for (const el of elements(page.tree)) {
    if (el.namespaceURI === HTML_NS && el.attrs?.some((a) => a.name === 'data-anchor')) {
      const id = attrOf(el, 'id');
      if (id) anchors.push(id);
    }
    if (title === undefined && el.tagName === 'title' && el.namespaceURI === HTML_NS) title = ownText(el);
  }
  return { anchors, title };
}
