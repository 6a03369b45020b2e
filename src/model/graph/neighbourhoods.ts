// Around one entry: every node's neighbours with the kinds of link each way (the graph lists), and
// the neighbourhood an entry page's local graph draws.
import { natural } from '../ids.ts';
import type { EdgeKind } from '../types';
import { type Graph, type GraphEdge, type GraphNode, byId } from './build.ts';

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
export function indexOf(graph: Graph) {
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
