// The site's graphs, built once per build and shared by both languages' pages: each game's graph,
// its views and their layouts, and every entry's local graph, cached per site model.
import type { Entry, SiteModel } from '../types';
import { type Bilingual, buildGraph, type Graph, type GraphInput, type GroupInfo } from './build.ts';
import { type View, type ViewAt, groupPages, pageOf, viewsOf } from './groups.ts';
import { type Layout, type LayoutOptions, layout } from './layout.ts';
import { indexOf, type Neighbourhood, neighbourhood } from './neighbourhoods.ts';

/** Views up to this many nodes show their labels at any zoom (more: once zoomed in). */
export const LABELLED_MAX = 60;
/** At most this many nodes in an entry page's local graph. */
export const LOCAL_MAX = 16;

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
  locals: Map<string, { layout: Layout; hood: Neighbourhood } | undefined>;
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
  if (g.locals.has(entry.id)) return g.locals.get(entry.id);
  const hood = neighbourhood(g.graph, entry.id, { maxNodes: LOCAL_MAX });
  // A lone entry has no picture: nothing to lay out.
  const local = hood.nodes.length > 1 ? { hood, layout: layout(hood, { center: entry.id, labels: true, ticks: 80 }) } : undefined;
  g.locals.set(entry.id, local);
  return local;
}
