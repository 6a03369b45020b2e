// The cross-link graph of a game: entries as nodes (planned targets as ghosts), links aggregated per
// pair of entries with their kinds. Neighbourhoods (neighbourhoods.ts), section groups for games too
// large to draw whole (groups.ts) and the force layout (layout.ts) work on this graph; site-graphs.ts
// builds each game's graph once per build from the site model. Value imports name their .ts file, so
// `npm run bench:graph` (scripts/bench-graph.mjs) loads these files with Node's type stripping.
import type { Lang } from '../../schemas/content';
import { natural, type IdStyle } from '../ids.ts';
import type { EdgeKind } from '../types';

export type Bilingual = Record<Lang, string>;
/** How an edge is drawn: authored lists (See also, See), inline (references, [[links]]) or both. */
export type LinkClass = 'see-also' | 'ref' | 'both';

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

export const byId = (a: { id: string }, b: { id: string }) => natural.compare(a.id, b.id);
const AUTHORED: EdgeKind[] = ['see-also', 'see'];
const KIND_ORDER: EdgeKind[] = ['see-also', 'see', 'link', 'ref'];
export const sortKinds = (kinds: Iterable<EdgeKind>) => [...new Set(kinds)].sort((a, b) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b));

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
