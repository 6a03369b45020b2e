// A laid-out graph as SVG markup. A string renderer (not Astro markup) so the benchmark measures
// exactly what pages ship and thousands of nodes render fast. Edges of one style share one <path>;
// every written node is an <a href>, planned ones are ghosts; names come from the caller (i18n).
import type { GraphEdge, LinkClass } from '../model/graph/build';
import type { Layout, PlacedNode } from '../model/graph/layout';
import { escapeAttr, escapeHtml } from './html.ts'; // .ts: npm run bench:graph loads this file with Node's type stripping

export interface NodeText {
  /** Visible label (short). */
  label: string;
  /** Tooltip and accessible name: both languages. */
  title: string;
  /** Absent for planned targets, which are not links. */
  href?: string | undefined;
}

export interface SvgOptions {
  /** Accessible name of the drawing. */
  name: string;
  text: (n: PlacedNode) => NodeText;
  /** The entry this page is about (local graphs). */
  current?: string | undefined;
  /** Give nodes ids (`n-{id}`) so a link can point at one. */
  anchors?: boolean;
  /** Labels hidden until zoomed in (the page script reveals them); the tooltip always has them. */
  dense?: boolean;
  className?: string;
}


/** Stroke weight class of an aggregated edge: 1, 2–3, 4–9, 10+ underlying links. */
const weightClass = (w: number) => (w >= 10 ? ' w4' : w >= 4 ? ' w3' : w >= 2 ? ' w2' : '');

export function edgePaths(layout: Pick<Layout, 'nodes' | 'edges'>, current?: string): string {
  const at = new Map(layout.nodes.map((n) => [n.id, n]));
  const buckets = new Map<string, string[]>();
  const add = (e: GraphEdge, cls: LinkClass) => {
    const s = at.get(e.source);
    const t = at.get(e.target);
    if (!s || !t) return;
    const key = `e ${cls}${weightClass(e.weight)}${current && (e.source === current || e.target === current) ? ' cur' : ''}`;
    const list = buckets.get(key) ?? [];
    list.push(`M${s.x} ${s.y}L${t.x} ${t.y}`);
    buckets.set(key, list);
  };
  for (const e of layout.edges) add(e, e.cls);
  return [...buckets].sort(([a], [b]) => (a < b ? -1 : 1)).map(([cls, d]) => `<path class="${cls}" d="${d.join('')}"/>`).join('');
}

function nodeMarkup(n: PlacedNode, o: SvgOptions): string {
  const { label, title, href } = o.text(n);
  const cls = ['n', n.kind === 'planned' ? 'ghost' : n.kind, n.outside ? 'out' : '', n.id === o.current ? 'current' : ''].filter(Boolean).join(' ');
  const id = o.anchors ? ` id="n-${escapeAttr(n.id)}"` : '';
  const body = `<title>${escapeHtml(title)}</title><circle cx="${n.x}" cy="${n.y}" r="${n.r}"/><text x="${Math.round(n.x + n.r + 3)}" y="${n.y + 4}">${escapeHtml(label)}</text>`;
  if (!href) return `<g class="${cls}" data-id="${escapeAttr(n.id)}"${id}>${body}</g>`;
  const currentAttr = n.id === o.current ? ' aria-current="page"' : '';
  return `<a href="${escapeAttr(href)}" class="${cls}" data-id="${escapeAttr(n.id)}"${id}${currentAttr}>${body}</a>`;
}

export function renderSvg(layout: Layout, o: SvgOptions): string {
  const cls = ['graph', o.className, o.dense ? 'dense' : ''].filter(Boolean).join(' ');
  return `<svg class="${cls}" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" role="group" aria-label="${escapeAttr(o.name)}">`
    + `<g class="edges" aria-hidden="true">${edgePaths(layout, o.current)}</g>`
    + `<g class="nodes">${layout.nodes.map((n) => nodeMarkup(n, o)).join('')}</g></svg>`;
}
