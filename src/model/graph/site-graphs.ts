// The cross-link graph of a game: entries as nodes (planned targets as ghosts), links aggregated per
// pair of entries with their kinds, neighbourhoods around one entry, section groups for games too
// large to draw whole, and a deterministic force layout (d3-force) computed at build time — the
// browser never lays anything out.
// Pure TypeScript with type-only local imports, so `scripts/bench-graph.mjs` can load it with Node's
// type stripping.
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY } from 'd3-force';
import type { SimulationLinkDatum, SimulationNodeDatum } from 'd3-force';
import type { Lang } from '../../schemas/content';
import { natural, type IdStyle } from '../ids';
import type { EdgeKind } from '../link-index';
import type { Entry, SiteModel } from '../site-model';

export type Bilingual = Record<Lang, string>;
/** How an edge is drawn: authored lists (See also, See), inline (references, [[links]]) or both. */
export type LinkClass = 'see-also' | 'ref' | 'both';

/** Above this many nodes a view is split into section groups with a drill-down page each. */
export const GROUP_THRESHOLD = 150;
/** Views up to this many nodes show their labels at any zoom (more: once zoomed in). */
export const LABELLED_MAX = 60;
/** At most this many nodes in an entry page's local graph. */
export const LOCAL_MAX = 16;

export interface GraphInput {
  game: string;
  entries: { id: string; doc: string; style: IdStyle; title: Bilingual }[];
  /** Entry-to-entry (or entry-to-planned) links; `to` is the target's entry id or planned id. */
  links: { from: string; to: string; kind: EdgeKind; planned?: Bilingual }[];
  /** Names a section key when the game has an entry or planned id of that name (`702` → Keyword Abilities). */
  titleOf?: (id: string) => Bilingual | undefined;
  docTitles?: Record<string, Bilingual>;
}

export type GroupLevel = 'section' | 'rule' | 'doc' | 'letter';
export interface GroupInfo {
  /** The group's key, also its drill-down URL segment: `7`, `702`, `6.4`, `rr`, `rr-a`. */
  key: string;
  /** The keys from the top down to this group, ending with `key`. */
  prefix: string[];
  level: GroupLevel;
  /** Short visible label: `7xx`, `702`, `6.4`, `A`, or the document id. */
  label: string;
  /** A title from content when one exists (the entry, planned item or document of that name). */
  title?: Bilingual | undefined;
  /** Lies outside the current view: a neighbouring section the view links to. */
  outside: boolean;
}

export interface GraphNode {
  /** Entry id, planned id, or `group:{key}`. */
  id: string;
  kind: 'entry' | 'planned' | 'group';
  /** Entries: their document, for the URL. */
  doc?: string;
  title: Bilingual;
  numbered: boolean;
  /** Numbering of the entry (for groups: of their members). */
  style: IdStyle;
  /** Section keys from the top level down (the groups the node sits in). */
  path: string[];
  /** Entries and ghosts: 1; groups: how many they hold. */
  size: number;
  group?: GroupInfo;
  /** Shown in a drill-down view but lying outside it. */
  outside?: boolean;
}

export interface GraphEdge {
  source: string;
  target: string;
  /** Kinds of link from source to target, and from target to source. */
  fwd: EdgeKind[];
  back: EdgeKind[];
  cls: LinkClass;
  /** Underlying entry-to-entry links each way (more than one between groups), and their sum. */
  fwdN: number;
  backN: number;
  weight: number;
}

export interface Graph {
  game: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

export interface PlacedNode extends GraphNode { x: number; y: number; r: number }
export interface Layout {
  game: string;
  nodes: PlacedNode[];
  edges: GraphEdge[];
  width: number;
  height: number;
}

const byId = (a: { id: string }, b: { id: string }) => natural.compare(a.id, b.id);
const AUTHORED: EdgeKind[] = ['see-also', 'see'];
const KIND_ORDER: EdgeKind[] = ['see-also', 'see', 'link', 'ref'];
const sortKinds = (kinds: Iterable<EdgeKind>) => [...new Set(kinds)].sort((a, b) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b));

export function linkClass(kinds: EdgeKind[]): LinkClass {
  const authored = kinds.some((k) => AUTHORED.includes(k));
  const inline = kinds.some((k) => !AUTHORED.includes(k));
  return authored && inline ? 'both' : authored ? 'see-also' : 'ref';
}

/**
 * The sections an entry sits in, top down. Magic: first digit, then the rule (`702.33` → 7, 702);
 * Lorcana: first number, then the first two (`6.4.2` → 6, 6.4); slug ids: document, then initial.
 */
export function sectionPath(id: string, style: IdStyle, doc: string | undefined): string[] {
  if (style === 'slug' || !/^\d/.test(id)) return doc ? [doc, `${doc}-${id[0] ?? '_'}`] : [];
  const parts = id.split('.');
  const head = parts[0] ?? id;
  if (style === 'mtg') return head.length === 3 ? [head.slice(0, 1), head] : [head];
  return parts.length > 1 ? [head, `${head}.${parts[1]}`] : [head];
}

function groupInfo(key: string, prefix: string[], style: IdStyle, input: Pick<GraphInput, 'titleOf' | 'docTitles'>, outside: boolean): GroupInfo {
  const level: GroupLevel = style === 'slug' ? (prefix.length === 1 ? 'doc' : 'letter') : prefix.length === 1 ? 'section' : 'rule';
  const label = level === 'letter' ? key.slice(key.lastIndexOf('-') + 1).toUpperCase()
    : level === 'section' && style === 'mtg' && prefix.length === 1 && /^\d$/.test(key) ? `${key}xx`
    : key;
  const title = level === 'doc' ? input.docTitles?.[key] : level === 'letter' ? undefined : input.titleOf?.(key);
  return { key, prefix, level, label, title, outside };
}

/** Every entry of a game as a node, planned targets as ghosts, links aggregated per pair. */
export function buildGraph(input: GraphInput): Graph {
  const nodes = new Map<string, GraphNode>();
  for (const e of input.entries) {
    nodes.set(e.id, { id: e.id, kind: 'entry', doc: e.doc, title: e.title, numbered: e.style !== 'slug', style: e.style, path: sectionPath(e.id, e.style, e.doc), size: 1 });
  }
  const numberedStyle = input.entries.find((e) => e.style !== 'slug')?.style ?? 'dotted';
  const pairs = new Map<string, { source: string; target: string; fwd: Set<EdgeKind>; back: Set<EdgeKind> }>();
  for (const l of input.links) {
    const from = nodes.get(l.from);
    if (!from || l.from === l.to) continue;
    if (!nodes.has(l.to)) {
      if (!l.planned) continue;
      // A ghost sits in its own section when it has a number, else beside its first referrer.
      const numbered = /^\d/.test(l.to);
      const style = numbered ? numberedStyle : 'slug';
      nodes.set(l.to, { id: l.to, kind: 'planned', title: l.planned, numbered, style, path: numbered ? sectionPath(l.to, style, undefined) : from.path, size: 1 });
    }
    const [a, b] = natural.compare(l.from, l.to) <= 0 ? [l.from, l.to] : [l.to, l.from];
    const key = `${a}\u0000${b}`;
    const pair = pairs.get(key) ?? { source: a, target: b, fwd: new Set(), back: new Set() };
    (l.from === a ? pair.fwd : pair.back).add(l.kind);
    pairs.set(key, pair);
  }
  const edges = [...pairs.values()].map((p) => {
    const fwd = sortKinds(p.fwd);
    const back = sortKinds(p.back);
    const [fwdN, backN] = [Math.min(1, fwd.length), Math.min(1, back.length)];
    return { source: p.source, target: p.target, fwd, back, cls: linkClass([...fwd, ...back]), fwdN, backN, weight: fwdN + backN };
  });
  return { game: input.game, nodes: [...nodes.values()].sort(byId), edges: edges.sort((x, y) => natural.compare(x.source, y.source) || natural.compare(x.target, y.target)) };
}

export interface Neighbour { id: string; out: EdgeKind[]; in: EdgeKind[]; outN: number; inN: number }
/** Every node's neighbours with the kinds of link each way, from one pass over the edges (the graph lists use them). */
const neighbourMaps = new WeakMap<object, Map<string, Neighbour[]>>();
export function neighbourMap(graph: Pick<Graph, 'edges'>): Map<string, Neighbour[]> {
  let map = neighbourMaps.get(graph.edges);
  if (!map) {
    map = new Map();
    const add = (id: string, n: Neighbour) => { const list = map!.get(id); if (list) list.push(n); else map!.set(id, [n]); };
    for (const e of graph.edges) {
      add(e.source, { id: e.target, out: e.fwd, in: e.back, outN: e.fwdN, inN: e.backN });
      if (e.target !== e.source) add(e.target, { id: e.source, out: e.back, in: e.fwd, outN: e.backN, inN: e.fwdN });
    }
    for (const list of map.values()) list.sort(byId);
    neighbourMaps.set(graph.edges, map);
  }
  return map;
}

export interface Neighbourhood extends Graph {
  center: string;
  hops: 1 | 2;
  /** Connected nodes left out to keep the picture small. */
  omitted: number;
}

/**
 * The nodes within `hops` links of an entry (default: 1, or 2 when one hop finds fewer than
 * `minNodes`), at most `maxNodes`: nearest first, written before planned, then the strongest
 * links, then id order.
 */
export function neighbourhood(graph: Graph, center: string, opts: { hops?: 1 | 2; maxNodes?: number; minNodes?: number } = {}): Neighbourhood {
  const maxNodes = opts.maxNodes ?? 24;
  const { adj, byId: node } = indexOf(graph);
  const weightTo = (a: string, b: string) => adj.get(a)?.get(b)?.weight ?? 0;
  const ring1 = [...(adj.get(center)?.keys() ?? [])];
  const hops: 1 | 2 = opts.hops ?? (ring1.length + 1 < (opts.minNodes ?? 6) ? 2 : 1);
  const score = new Map<string, number>(ring1.map((id) => [id, weightTo(center, id)]));
  const ghost = (id: string) => Number(node.get(id)?.kind === 'planned');
  // Written entries before planned ones, then the strongest links, then id order.
  const rank = (ids: string[]) => ids.sort((a, b) => ghost(a) - ghost(b) || (score.get(b) ?? 0) - (score.get(a) ?? 0) || natural.compare(a, b));
  const candidates = rank(ring1);
  if (hops === 2) {
    const ring2 = new Map<string, number>();
    for (const a of ring1) {
      for (const b of adj.get(a)?.keys() ?? []) if (b !== center && !score.has(b)) ring2.set(b, (ring2.get(b) ?? 0) + 1);
    }
    for (const [id, n] of ring2) score.set(id, n);
    candidates.push(...rank([...ring2.keys()]));
  }
  const keep = new Set([center, ...candidates.slice(0, maxNodes - 1)]);
  const edges = new Set<GraphEdge>();
  for (const id of keep) for (const [other, e] of adj.get(id) ?? []) if (keep.has(other)) edges.add(e);
  const order = indexOf(graph).order;
  return {
    game: graph.game,
    nodes: [...keep].flatMap((id) => node.get(id) ?? []).sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)),
    edges: [...edges].sort((a, b) => (order.get(a.source) ?? 0) - (order.get(b.source) ?? 0) || (order.get(a.target) ?? 0) - (order.get(b.target) ?? 0)),
    center,
    hops,
    omitted: Math.max(0, candidates.length - (maxNodes - 1)),
  };
}

/** Per-graph lookups (neighbours with their edge, nodes by id, node order), built once. */
const indexes = new WeakMap<Graph, { adj: Map<string, Map<string, GraphEdge>>; byId: Map<string, GraphNode>; order: Map<string, number> }>();
function indexOf(graph: Graph) {
  let ix = indexes.get(graph);
  if (!ix) {
    const adj = new Map<string, Map<string, GraphEdge>>();
    for (const e of graph.edges) {
      for (const [a, b] of [[e.source, e.target], [e.target, e.source]] as const) {
        const m = adj.get(a) ?? new Map<string, GraphEdge>();
        m.set(b, e);
        adj.set(a, m);
      }
    }
    ix = { adj, byId: new Map(graph.nodes.map((n) => [n.id, n])), order: new Map(graph.nodes.map((n, i) => [n.id, i])) };
    indexes.set(graph, ix);
  }
  return ix;
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

type ViewAt = (prefix: string[]) => View;

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

// ---------------------------------------------------------------------------------------------
// Layout

export interface SimNode extends SimulationNodeDatum { id: string; r: number }

/** A small seeded PRNG (mulberry32): d3-force's jiggle and initial placement never touch Math.random. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export const nodeRadius = (n: Pick<GraphNode, 'kind' | 'size'>, degree: number) =>
  n.kind === 'group' ? 8 + 3 * Math.sqrt(n.size) : 5 + Math.min(4, Math.sqrt(degree));

/** Rough width of a node's label in user units, so the viewBox leaves room for it. */
const labelRoom = (n: GraphNode) => Math.min(150, 6.5 * Math.max(n.title.en.length, 1.8 * n.title.ja.length, n.id.length) + 12);

export interface LayoutOptions {
  seed?: number;
  /** Fixed number of simulation steps (default: 150, fewer for large graphs). */
  ticks?: number;
  /** A node pinned at the centre (the current entry of a local graph). */
  center?: string;
  /** Leave room for labels to the right of the nodes. */
  labels?: boolean;
}

/** Below this many nodes the charge and collision forces are computed pair by pair. */
const SMALL = 48;

/** d3's many-body force without the Barnes–Hut approximation (exact for every pair). */
export function pairwiseCharge(strength: number, distanceMax: number) {
  let nodes: SimNode[] = [];
  let random = Math.random;
  const max2 = distanceMax * distanceMax;
  const force = (alpha: number) => {
    for (const a of nodes) {
      for (const b of nodes) {
        if (a === b) continue;
        let x = b.x! - a.x!;
        let y = b.y! - a.y!;
        let l = x * x + y * y;
        if (l >= max2) continue;
        if (x === 0) { x = (random() - 0.5) * 1e-6; l += x * x; }
        if (y === 0) { y = (random() - 0.5) * 1e-6; l += y * y; }
        if (l < 1) l = Math.sqrt(l);
        const w = (strength * alpha) / l;
        a.vx! += x * w;
        a.vy! += y * w;
      }
    }
  };
  force.initialize = (n: SimNode[], r: () => number) => { nodes = n; random = r; };
  return force;
}

/** d3's collision force (one iteration, full strength) over every pair. */
export function pairwiseCollide(radius: (d: SimNode) => number) {
  let nodes: SimNode[] = [];
  let radii: number[] = [];
  let random = Math.random;
  const force = () => {
    for (let i = 0; i < nodes.length; i++) {
      const a = nodes[i]!;
      const ri = radii[i]!;
      const ri2 = ri * ri;
      const xi = a.x! + a.vx!;
      const yi = a.y! + a.vy!;
      for (let j = i + 1; j < nodes.length; j++) {
        const b = nodes[j]!;
        const rj = radii[j]!;
        const r = ri + rj;
        let x = xi - b.x! - b.vx!;
        let y = yi - b.y! - b.vy!;
        let l = x * x + y * y;
        if (l >= r * r) continue;
        if (x === 0) { x = (random() - 0.5) * 1e-6; l += x * x; }
        if (y === 0) { y = (random() - 0.5) * 1e-6; l += y * y; }
        l = Math.sqrt(l);
        l = (r - l) / l;
        x *= l;
        y *= l;
        const share = (rj * rj) / (ri2 + rj * rj);
        a.vx! += x * share;
        a.vy! += y * share;
        b.vx! -= x * (1 - share);
        b.vy! -= y * (1 - share);
      }
    }
  };
  force.initialize = (n: SimNode[], r: () => number) => { nodes = n; random = r; radii = n.map(radius); };
  return force;
}

/**
 * Runs d3-force for a fixed number of ticks from fixed starting positions with a seeded random
 * source: the same graph always gets the same coordinates (rounded to whole units), which are
 * shifted so the drawing starts at (0, 0).
 */
export function layout(graph: Graph, opts: LayoutOptions = {}): Layout {
  const n = graph.nodes.length;
  const degree = new Map<string, number>();
  for (const e of graph.edges) for (const id of [e.source, e.target]) degree.set(id, (degree.get(id) ?? 0) + 1);
  const ticks = opts.ticks ?? (n > 2000 ? 80 : n > 500 ? 120 : 150);
  const sim: SimNode[] = graph.nodes.map((node, i) => {
    // d3's own phyllotaxis start, made explicit: node order (sections together) decides the spiral.
    const radius = 10 * Math.sqrt(0.5 + i);
    const angle = i * Math.PI * (3 - Math.sqrt(5));
    return { id: node.id, r: nodeRadius(node, degree.get(node.id) ?? 0), x: radius * Math.cos(angle), y: radius * Math.sin(angle) };
  });
  const pinned = opts.center ? sim.find((s) => s.id === opts.center) : undefined;
  if (pinned) {
    // A local graph starts as rings around its centre (one per hop), which is held in the middle.
    const hop = new Map([[pinned.id, 0]]);
    for (let d = 0, grew = true; grew; d++) {
      grew = false;
      for (const e of graph.edges) {
        for (const [a, b] of [[e.source, e.target], [e.target, e.source]] as const) {
          if (hop.get(a) === d && !hop.has(b)) { hop.set(b, d + 1); grew = true; }
        }
      }
    }
    const rings = new Map<number, SimNode[]>();
    for (const s of sim) { const d = hop.get(s.id) ?? 3; rings.set(d, [...(rings.get(d) ?? []), s]); }
    for (const [d, ring] of rings) {
      ring.forEach((s, i) => {
        const angle = (2 * Math.PI * i) / ring.length + d * 0.5;
        s.x = d * 80 * Math.cos(angle);
        s.y = d * 50 * Math.sin(angle);
      });
    }
    pinned.fx = 0;
    pinned.fy = 0;
  }
  const links: SimulationLinkDatum<SimNode>[] = graph.edges.map((e) => ({ source: e.source, target: e.target }));
  const maxWeight = Math.max(1, ...graph.edges.map((e) => e.weight));
  const weightOf = graph.edges.map((e) => e.weight);
  const big = n > 500;
  const simulation = forceSimulation<SimNode>(sim)
    .randomSource(seeded(opts.seed ?? 1))
    .alphaDecay(1 - 0.001 ** (1 / ticks))
    .force('link', forceLink<SimNode, SimulationLinkDatum<SimNode>>(links).id((d) => d.id)
      .distance((l) => {
        const s = l.source as SimNode;
        const t = l.target as SimNode;
        return (opts.labels ? 64 : 26) + s.r + t.r;
      })
      .strength((_l, i) => 0.3 + (0.5 * (weightOf[i] ?? 1)) / maxWeight))
    .force('charge', forceManyBody<SimNode>().strength(big ? -30 : opts.labels ? -420 : -120).theta(big ? 1.2 : 0.9).distanceMax(big ? 400 : 800))
    .force('x', forceX<SimNode>(0).strength(big ? 0.02 : opts.labels ? 0.03 : 0.05))
    .force('y', forceY<SimNode>(0).strength(big ? 0.035 : 0.09))
    .stop();
  const collideRadius = (d: SimNode) => d.r + (opts.labels ? 24 : 2);
  if (n <= SMALL) {
    // Small graphs (every local graph) compute all pairs exactly: d3's quadtrees cost more than
    // they save below a few dozen nodes, and a rule page's build time is mostly this layout.
    simulation.force('charge', pairwiseCharge(opts.labels ? -420 : -120, 800)).force('collide', pairwiseCollide(collideRadius));
  } else if (n <= 2000) {
    // Collision is the costliest force; very large graphs go without it (nodes are small there).
    simulation.force('collide', forceCollide<SimNode>(collideRadius));
  }
  simulation.tick(ticks);

  const placed = graph.nodes.map((node, i) => {
    const s = sim[i]!;
    return { ...node, x: Math.round(s.x ?? 0), y: Math.round(s.y ?? 0), r: Math.round(s.r * 10) / 10 };
  });
  const pad = 8;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of placed) {
    minX = Math.min(minX, p.x - p.r);
    minY = Math.min(minY, p.y - p.r - (opts.labels ? 14 : 0));
    maxX = Math.max(maxX, p.x + p.r + (opts.labels ? labelRoom(p) : 0));
    maxY = Math.max(maxY, p.y + p.r);
  }
  if (!placed.length) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
  for (const p of placed) {
    p.x = Math.round(p.x - minX + pad);
    p.y = Math.round(p.y - minY + pad);
  }
  return { game: graph.game, nodes: placed, edges: graph.edges, width: Math.ceil(maxX - minX + 2 * pad), height: Math.ceil(maxY - minY + 2 * pad) };
}

// ---------------------------------------------------------------------------------------------
// The site's graphs, built once per build and shared by both languages' pages.

export function graphInput(site: SiteLike, game: string): GraphInput {
  const g = site.games.find((x) => x.id === game);
  const entries = (g?.docs ?? []).flatMap((d) => d.entries.map((e) => ({ id: e.id, doc: e.doc, style: e.style, title: e.data.title })));
  const links = site.links.edges(game).map((e) => (e.to.kind === 'planned'
    ? { from: e.from.id, to: e.to.id, kind: e.kind, planned: e.to.title }
    : { from: e.from.id, to: e.to.entry.id, kind: e.kind }));
  const titleOf = (id: string): Bilingual | undefined => {
    const t = site.resolve(game, id);
    if (!t) return undefined;
    if (t.kind === 'planned') return t.title;
    if (t.kind === 'entry') return t.entry.data.title;
    const sub = t.rule.title;
    return sub?.ja && sub.en ? { ja: sub.ja, en: sub.en } : undefined;
  };
  const docTitles = Object.fromEntries((g?.docs ?? []).map((d) => [d.id, d.data.title]));
  return { game, entries, links, titleOf, docTitles };
}

interface SiteGraphs {
  input: GraphInput;
  graph: Graph;
  viewAt: ViewAt;
  layouts: Map<string, Layout & { view: View }>;
  locals: Map<string, { layout: Layout; hood: Neighbourhood }>;
}
type SiteLike = Pick<SiteModel, 'games' | 'links' | 'resolve'>;
const cache = new WeakMap<object, Map<string, SiteGraphs>>();

function siteGraphs(site: SiteLike, game: string): SiteGraphs {
  const perSite = cache.get(site) ?? new Map<string, SiteGraphs>();
  cache.set(site, perSite);
  let g = perSite.get(game);
  if (!g) {
    const input = graphInput(site, game);
    const graph = buildGraph(input);
    g = { input, graph, viewAt: viewsOf(graph, input), layouts: new Map(), locals: new Map() };
    perSite.set(game, g);
  }
  return g;
}

/** Options of the layout of a graph page: labels drawn (and room left for them) on small views. */
export const pageLayoutOptions = (v: Graph): LayoutOptions => ({ labels: v.nodes.length <= LABELLED_MAX });

/** The laid-out view of a game's graph page (`prefix` empty) or of one drill-down page. */
export function gameView(site: SiteLike, game: string, prefix: string[] = []): Layout & { view: View } {
  const g = siteGraphs(site, game);
  const key = prefix.join('\u0000');
  let v = g.layouts.get(key);
  if (!v) {
    const shown = g.viewAt(prefix);
    v = { ...layout(shown, pageLayoutOptions(shown)), view: shown };
    g.layouts.set(key, v);
  }
  return v;
}

export const gameGroupPages = (site: SiteLike, game: string) => groupPages(siteGraphs(site, game).viewAt);

/** The graph page (top: null, or a drill-down) where an entry appears as itself. */
export function gamePageOf(site: SiteLike, entry: Pick<Entry, 'game' | 'id'>): GroupInfo | null {
  const g = siteGraphs(site, entry.game);
  const node = indexOf(g.graph).byId.get(entry.id);
  return node ? pageOf(g.viewAt, node) : null;
}

/** The local graph of an entry page, or undefined when the entry links nowhere and nothing links to it. */
export function localGraph(site: SiteLike, entry: Pick<Entry, 'game' | 'id'>): { layout: Layout; hood: Neighbourhood } | undefined {
  const g = siteGraphs(site, entry.game);
  let local = g.locals.get(entry.id);
  if (!local) {
    const hood = neighbourhood(g.graph, entry.id, { maxNodes: LOCAL_MAX });
    local = { hood, layout: layout(hood, { center: entry.id, labels: true, ticks: 80 }) };
    g.locals.set(entry.id, local);
  }
  return local.hood.nodes.length > 1 ? local : undefined;
}
