// A deterministic force layout (d3-force, seeded, fixed ticks) computed at build time: the browser
// never lays anything out.
import { forceCollide, forceLink, forceManyBody, forceSimulation, forceX, forceY } from 'd3-force';
import type { SimulationLinkDatum, SimulationNodeDatum } from 'd3-force';
import type { Graph, GraphEdge, GraphNode } from './build';

export interface PlacedNode extends GraphNode { x: number; y: number; r: number }
export interface Layout {
  game: string;
  nodes: PlacedNode[];
  edges: GraphEdge[];
  width: number;
  height: number;
}

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
