// Games too large to draw whole: a view of the part of the graph under a section prefix, with
// sub-sections folded into group nodes, and the drill-down pages those groups need.
import { natural, type IdStyle } from '../ids.ts';
import type { EdgeKind } from '../types';
import { type Graph, type GraphEdge, type GraphInput, type GraphNode, type GroupInfo, type GroupLevel, type LinkClass, linkClass, sortKinds } from './build.ts';

/** Above this many nodes a view is split into section groups with a drill-down page each. */
export const GROUP_THRESHOLD = 150;

function groupInfo(key: string, prefix: string[], style: IdStyle, input: Pick<GraphInput, 'titleOf' | 'docTitles'>, outside: boolean): GroupInfo {
  const level: GroupLevel = style === 'slug' ? (prefix.length === 1 ? 'doc' : 'letter') : prefix.length === 1 ? 'section' : 'rule';
  const label = level === 'letter' ? key.slice(key.lastIndexOf('-') + 1).toUpperCase()
    : level === 'section' && style === 'mtg' && prefix.length === 1 && /^\d$/.test(key) ? `${key}xx`
    : key;
  const title = level === 'doc' ? input.docTitles?.[key] : level === 'letter' ? undefined : input.titleOf?.(key);
  return { key, prefix, level, label, title, outside };
}

export interface View extends Graph {
  /** The section keys this view shows (empty: the whole game). */
  prefix: string[];
  grouped: boolean;
}

const groupId = (key: string) => `group:${key}`;

/**
 * The part of the graph under `prefix`. When it holds more than `max` nodes they are replaced by
 * one node per sub-section, with the links between sections summed; nodes outside the view that
 * link into it appear as their nearest differing section (or as themselves when they have none).
 */
export function view(graph: Graph, input: Pick<GraphInput, 'titleOf' | 'docTitles'>, prefix: string[] = [], max = GROUP_THRESHOLD): View {
  const inside = (n: GraphNode) => prefix.every((k, i) => n.path[i] === k);
  const members = graph.nodes.filter(inside);
  let at = prefix.length;
  let grouped = members.length > max && members.some((n) => n.path.length > at);
  // One sub-section holding everything is no grouping at all: look one level further down.
  while (grouped && new Set(members.map((n) => n.path[at])).size === 1 && members.every((n) => n.path.length > at + 1)) at++;
  if (grouped && new Set(members.map((n) => n.path[at])).size === 1 && members.every((n) => n.path.length > at)) grouped = false;

  const groups = new Map<string, GraphNode>();
  const rep = new Map<string, string>();
  for (const n of graph.nodes) {
    const isInside = inside(n);
    let depth: number;
    if (isInside) depth = grouped && n.path.length > at ? at : -1;
    else {
      let k = 0;
      while (k < prefix.length && n.path[k] === prefix[k]) k++;
      depth = n.path.length > k ? k : -1;
    }
    if (depth < 0) { rep.set(n.id, n.id); continue; }
    const key = n.path[depth] ?? '';
    const id = groupId(key);
    rep.set(n.id, id);
    const g = groups.get(id);
    if (g) { g.size += 1; continue; }
    const info = groupInfo(key, n.path.slice(0, depth + 1), n.style, input, !isInside);
    groups.set(id, { id, kind: 'group', title: info.title ?? { ja: info.label, en: info.label }, numbered: n.numbered, style: n.style, path: info.prefix.slice(0, -1), size: 1, group: info, ...(isInside ? {} : { outside: true }) });
  }

  const byKey = new Map(graph.nodes.map((n) => [n.id, n]));
  const isOutside = (id: string) => {
    const g = groups.get(id);
    if (g) return Boolean(g.outside);
    const n = byKey.get(id);
    return n ? !inside(n) : true;
  };
  const pairs = new Map<string, GraphEdge & { fwdSet: Set<EdgeKind>; backSet: Set<EdgeKind> }>();
  const linked = new Set<string>();
  for (const e of graph.edges) {
    const s = rep.get(e.source);
    const t = rep.get(e.target);
    if (!s || !t || s === t) continue;
    if (isOutside(s) && isOutside(t)) continue;
    const flip = natural.compare(s, t) > 0;
    const [a, b] = flip ? [t, s] : [s, t];
    const key = `${a}\u0000${b}`;
    const p = pairs.get(key) ?? { source: a, target: b, fwd: [], back: [], cls: 'ref' as LinkClass, fwdN: 0, backN: 0, weight: 0, fwdSet: new Set(), backSet: new Set() };
    for (const k of e.fwd) (flip ? p.backSet : p.fwdSet).add(k);
    for (const k of e.back) (flip ? p.fwdSet : p.backSet).add(k);
    p.fwdN += flip ? e.backN : e.fwdN;
    p.backN += flip ? e.fwdN : e.backN;
    p.weight += e.weight;
    pairs.set(key, p);
    linked.add(a).add(b);
  }
  const edges = [...pairs.values()].map(({ fwdSet, backSet, ...p }) => {
    const fwd = sortKinds(fwdSet);
    const back = sortKinds(backSet);
    return { ...p, fwd, back, cls: linkClass([...fwd, ...back]) };
  }).sort((x, y) => natural.compare(x.source, y.source) || natural.compare(x.target, y.target));

  const shown = new Map<string, GraphNode>();
  for (const n of graph.nodes) {
    const r = rep.get(n.id) ?? n.id;
    if (r !== n.id) continue;
    if (inside(n)) shown.set(n.id, n);
    else if (linked.has(n.id)) shown.set(n.id, { ...n, outside: true });
  }
  for (const [id, g] of groups) if (!g.outside || linked.has(id)) shown.set(id, g);
  const nodes = [...shown.values()].sort((a, b) => Number(Boolean(a.outside)) - Number(Boolean(b.outside)) || natural.compare(a.group?.key ?? a.id, b.group?.key ?? b.id));
  return { game: graph.game, nodes, edges, prefix, grouped };
}

export type ViewAt = (prefix: string[]) => View;

/** Views of one graph, each computed once (page lists and entry lookups ask for the same ones). */
export function viewsOf(graph: Graph, input: Pick<GraphInput, 'titleOf' | 'docTitles'>, max = GROUP_THRESHOLD): ViewAt {
  const memo = new Map<string, View>();
  return (prefix) => {
    const key = prefix.join('\u0000');
    let v = memo.get(key);
    if (!v) memo.set(key, (v = view(graph, input, prefix, max)));
    return v;
  };
}

/** Every drill-down page a game needs: the group nodes of the top view, and theirs, recursively. */
export function groupPages(viewAt: ViewAt): GroupInfo[] {
  const pages: GroupInfo[] = [];
  const visit = (prefix: string[]) => {
    for (const n of viewAt(prefix).nodes) {
      if (n.group && !n.group.outside) {
        pages.push(n.group);
        visit(n.group.prefix);
      }
    }
  };
  visit([]);
  return pages;
}

/** The deepest view that shows a node as itself: the top (null) or a group page. */
export function pageOf(viewAt: ViewAt, node: Pick<GraphNode, 'id' | 'path'>): GroupInfo | null {
  let page: GroupInfo | null = null;
  for (;;) {
    const v = viewAt(page?.prefix ?? []);
    if (v.nodes.some((n) => n.id === node.id && !n.outside)) return page;
    const g = v.nodes.find((n) => n.group && !n.group.outside && n.group.prefix.every((k, i) => node.path[i] === k))?.group;
    if (!g) return page;
    page = g;
  }
}
