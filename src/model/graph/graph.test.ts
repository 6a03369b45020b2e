import { describe, expect, it } from 'vitest';
import { forceCollide, forceManyBody } from 'd3-force';
import { buildGraph, type GraphInput, linkClass, sectionPath } from './build';
import { GROUP_THRESHOLD, groupPages, pageOf, view, viewsOf } from './groups';
import { layout, pairwiseCharge, pairwiseCollide, seeded, type SimNode } from './layout';
import { neighbourhood, neighbourMap } from './neighbourhoods';
import { renderSvg } from '../../render/graph-svg';
import type { EdgeKind } from '../link-index';

const title = (en: string) => ({ ja: `${en}（日本語）`, en });
const entry = (id: string, doc = 'cr', style: 'mtg' | 'dotted' | 'slug' = 'mtg') => ({ id, doc, style, title: title(`Rule ${id}`) });
const link = (from: string, to: string, kind: EdgeKind = 'ref') => ({ from, to, kind });

/** A synthetic Comprehensive Rules: `n` entries spread over the nine sections, with cross-references. */
export function synthetic(n: number, seed = 7): GraphInput {
  let s = seed;
  const rand = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(`${100 * (1 + (i % 9)) + Math.floor(i / 9) % 20}.${1 + Math.floor(i / 180)}`);
  const links = ids.flatMap((id, i) => [
    link(id, ids[(i + 9) % n]!, 'see-also'),
    link(id, ids[Math.floor(rand() * n)]!),
    link(id, ids[Math.floor(rand() * n)]!),
  ]);
  return { game: 'bench', entries: ids.map((id) => entry(id)), links };
}

describe('sections', () => {
  it.each([
    ['702.33', 'mtg', 'cr', ['7', '702']],
    ['117', 'mtg', 'cr', ['1', '117']],
    ['6.4.2', 'dotted', 'cr', ['6', '6.4']],
    ['6.4', 'dotted', 'cr', ['6', '6.4']],
    ['6', 'dotted', 'cr', ['6']],
    ['attack-enemy-activation', 'slug', 'rr', ['rr', 'rr-a']],
  ] as const)('%s (%s) sits in %j', (id, style, doc, path) => {
    expect(sectionPath(id, style, doc)).toEqual(path);
  });
});

describe('graph', () => {
  const input: GraphInput = {
    game: 'demo',
    entries: [entry('601.2'), entry('702.33'), entry('117'), entry('608')],
    links: [
      link('702.33', '601.2', 'see-also'),
      link('702.33', '601.2', 'ref'),
      link('601.2', '702.33', 'link'),
      link('117', '608', 'see-also'),
      link('117', '117'), // a reference to itself is no edge
      { from: '608', to: '603', kind: 'ref', planned: title('Handling Triggered Abilities') },
      { from: '117', to: '603', kind: 'see-also', planned: title('Handling Triggered Abilities') },
      link('608', '999.9'), // neither written nor planned: no node
    ],
  };
  const g = buildGraph(input);

  it('has a node per entry and a ghost per planned target, in id order', () => {
    expect(g.nodes.map((n) => `${n.id}:${n.kind}`)).toEqual(['117:entry', '601.2:entry', '603:planned', '608:entry', '702.33:entry']);
    expect(g.nodes.find((n) => n.id === '603')?.path).toEqual(['6', '603']);
  });

  it('aggregates links per pair, keeping the kinds each way distinguishable', () => {
    const e = g.edges.find((x) => x.source === '601.2' && x.target === '702.33');
    expect(e).toMatchObject({ fwd: ['link'], back: ['see-also', 'ref'], cls: 'both', fwdN: 1, backN: 1, weight: 2 });
    expect(g.edges.find((x) => x.source === '117' && x.target === '608')?.cls).toBe('see-also');
    expect(g.edges.find((x) => x.source === '603' && x.target === '608')).toMatchObject({ cls: 'ref', fwd: [], back: ['ref'] });
    expect(g.edges).toHaveLength(4);
    expect(linkClass(['see'])).toBe('see-also');
    expect(linkClass(['link', 'ref'])).toBe('ref');
  });

  it('finds every node\'s neighbours in one pass, the same as scanning the edges for each', () => {
    const big = buildGraph(synthetic(300));
    const all = neighbourMap(big);
    for (const n of big.nodes) {
      const scan = big.edges.flatMap((e) => (e.source === n.id ? [{ id: e.target, out: e.fwd, in: e.back, outN: e.fwdN, inN: e.backN }]
        : e.target === n.id ? [{ id: e.source, out: e.back, in: e.fwd, outN: e.backN, inN: e.fwdN }] : []));
      expect(all.get(n.id) ?? []).toEqual(scan.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true })));
    }
  });

  it('lists neighbours with the direction of each kind', () => {
    expect(neighbourMap(g).get('702.33')).toEqual([{ id: '601.2', out: ['see-also', 'ref'], in: ['link'], outN: 1, inN: 1 }]);
  });
});

describe('neighbourhood', () => {
  // a chain 100.1 – 100.2 – 100.3 – 100.4 – 100.5, and a hub 200.1 linked to 20 others
  const chain = ['100.1', '100.2', '100.3', '100.4', '100.5'];
  const spokes = Array.from({ length: 20 }, (_, i) => `300.${i + 1}`);
  const g = buildGraph({
    game: 'demo',
    entries: [...chain, '200.1', ...spokes].map((id) => entry(id)),
    links: [...chain.slice(1).map((id, i) => link(chain[i]!, id)), ...spokes.map((id) => link('200.1', id, 'see-also'))],
  });

  it('takes one hop when asked', () => {
    expect(neighbourhood(g, '100.3', { hops: 1 }).nodes.map((n) => n.id)).toEqual(['100.2', '100.3', '100.4']);
  });

  it('takes two hops when asked, and by default when one hop finds little', () => {
    expect(neighbourhood(g, '100.3', { hops: 2 }).nodes.map((n) => n.id)).toEqual(chain);
    const auto = neighbourhood(g, '100.1');
    expect(auto.hops).toBe(2);
    expect(auto.nodes.map((n) => n.id)).toEqual(['100.1', '100.2', '100.3']);
    expect(auto.edges).toHaveLength(2);
  });

  it('caps a hub and says how many it left out', () => {
    const hub = neighbourhood(g, '200.1', { maxNodes: 10 });
    expect(hub.hops).toBe(1);
    expect(hub.nodes).toHaveLength(10);
    expect(hub.omitted).toBe(11);
    expect(hub.nodes.map((n) => n.id)).toContain('200.1');
  });
});

describe('grouping for large games', () => {
  const input = synthetic(900);
  const g = buildGraph(input);
  const viewAt = viewsOf(g, input);

  it('leaves small games whole', () => {
    const small = synthetic(100);
    const v = view(buildGraph(small), small);
    expect(v.grouped).toBe(false);
    expect(v.nodes).toHaveLength(100);
  });

  it('groups a large game by section at the top level, with links between sections summed', () => {
    const top = viewAt([]);
    expect(g.nodes.length).toBeGreaterThan(GROUP_THRESHOLD);
    expect(top.grouped).toBe(true);
    expect(top.nodes.map((n) => n.group?.label)).toEqual(['1xx', '2xx', '3xx', '4xx', '5xx', '6xx', '7xx', '8xx', '9xx']);
    expect(top.nodes.reduce((n, x) => n + x.size, 0)).toBe(900);
    const crossing = g.edges.filter((e) => e.source[0] !== e.target[0]).reduce((n, e) => n + e.weight, 0);
    expect(top.edges.reduce((n, e) => n + e.weight, 0)).toBe(crossing);
    expect(top.edges.every((e) => e.fwdN + e.backN === e.weight)).toBe(true);
    // links from section 1 to section 2, counted one way
    const oneToTwo = g.edges.reduce((n, e) => n + (e.source[0] === '1' && e.target[0] === '2' ? e.fwdN : e.source[0] === '2' && e.target[0] === '1' ? e.backN : 0), 0);
    const e12 = top.edges.find((e) => e.source === 'group:1' && e.target === 'group:2');
    expect(e12?.fwdN).toBe(oneToTwo);
    expect(top.edges.every((e) => e.source !== e.target)).toBe(true);
  });

  it('drills down into a section: its entries, plus the neighbouring sections they link to', () => {
    const seven = viewAt(['7']);
    expect(seven.grouped).toBe(false);
    const inside = seven.nodes.filter((n) => !n.outside);
    expect(inside).toHaveLength(100);
    expect(inside.every((n) => n.kind === 'entry' && n.path[0] === '7')).toBe(true);
    const outside = seven.nodes.filter((n) => n.outside);
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.every((n) => n.kind === 'group' && n.group?.outside && n.group.prefix.length === 1)).toBe(true);
    // no edge between two outside sections
    const out = new Set(outside.map((n) => n.id));
    expect(seven.edges.some((e) => out.has(e.source) && out.has(e.target))).toBe(false);
  });

  it('splits a section again when it is still too large, and finds the page of any entry', () => {
    const big = synthetic(3000);
    const bg = buildGraph(big);
    const at = viewsOf(bg, big);
    const pages = groupPages(at);
    expect(pages.filter((p) => p.level === 'section')).toHaveLength(9);
    expect(pages.some((p) => p.level === 'rule' && p.key === '702')).toBe(true);
    const leaf = at(['7', '702']);
    expect(leaf.nodes.filter((n) => !n.outside).every((n) => n.path[1] === '702')).toBe(true);
    // a sibling rule shows as its rule group; another section as its section
    expect(leaf.nodes.filter((n) => n.outside).map((n) => n.group?.level)).toEqual(expect.arrayContaining(['rule', 'section']));
    expect(pageOf(at, bg.nodes.find((n) => n.id === '702.5')!)?.key).toBe('702');
    const keys = new Set(pages.map((p) => p.key));
    for (const n of leaf.nodes) if (n.group) expect(keys.has(n.group.key)).toBe(true);
  });
});

describe('layout', () => {
  const input = synthetic(120);
  const g = buildGraph(input);

  it('is deterministic: the same graph gets the same coordinates', () => {
    const a = layout(g, { labels: true });
    const b = layout(buildGraph(synthetic(120)), { labels: true });
    expect(b).toEqual(a);
    expect(a.nodes.every((n) => n.x >= 0 && n.y >= 0 && n.x <= a.width && n.y <= a.height)).toBe(true);
    expect(new Set(a.nodes.map((n) => `${n.x},${n.y}`)).size).toBeGreaterThan(100);
  });

  it('pins the centre of a local graph in the middle', () => {
    const hood = neighbourhood(g, g.nodes[5]!.id);
    const l = layout(hood, { center: g.nodes[5]!.id, labels: true });
    const c = l.nodes.find((n) => n.id === g.nodes[5]!.id)!;
    const xs = l.nodes.map((n) => n.x);
    expect(c.x).toBeGreaterThanOrEqual(Math.min(...xs));
    expect(c.x).toBeLessThanOrEqual(Math.max(...xs));
  });

  it('keeps the nodes of a local graph apart', () => {
    for (const center of g.nodes.slice(0, 30)) {
      const l = layout(neighbourhood(g, center.id), { center: center.id, labels: true });
      for (const [i, a] of l.nodes.entries()) {
        for (const b of l.nodes.slice(i + 1)) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(a.r + b.r);
      }
    }
  });

  it('computes small graphs\' forces pair by pair exactly as d3 does without approximation', () => {
    const rand = seeded(3);
    const start = () => Array.from({ length: 20 }, (_, i): SimNode => ({ id: `n${i}`, index: i, r: 5 + rand() * 4, x: rand() * 200, y: rand() * 120, vx: rand() - 0.5, vy: rand() - 0.5 }));
    const nodes = start();
    const run = (force: { (alpha: number): void; initialize?: (n: SimNode[], r: () => number) => void }) => {
      const copy = nodes.map((n) => ({ ...n }));
      force.initialize?.(copy, seeded(1));
      force(0.7);
      return copy.map((n) => [n.vx!, n.vy!]).flat();
    };
    const close = (a: number[], b: number[]) => a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 9));
    close(run(pairwiseCharge(-420, 800)), run(forceManyBody<SimNode>().strength(-420).distanceMax(800).theta(0) as never));
    // d3's collision prunes with a quadtree built before the step moves anything, so it matches
    // only when no node is pushed twice: compare on a spread-out layout where pairs overlap singly.
    const spread = nodes.map((n, i) => ({ ...n, x: (i % 5) * 70 + (i % 2) * 20, y: Math.floor(i / 5) * 70, vx: 0, vy: 0 }));
    nodes.splice(0, nodes.length, ...spread);
    close(run(pairwiseCollide((d) => d.r + 24)), run(forceCollide<SimNode>((d) => d.r + 24) as never));
    expect(run(pairwiseCollide((d) => d.r + 24)).some((v) => v !== 0)).toBe(true);
  });

  it('lays out 6,000 nodes and gives finite coordinates', () => {
    const huge = buildGraph(synthetic(6000));
    const l = layout(huge);
    expect(l.nodes).toHaveLength(6000);
    expect(l.nodes.every((n) => Number.isFinite(n.x) && Number.isFinite(n.y))).toBe(true);
    expect(Number.isFinite(l.width) && Number.isFinite(l.height)).toBe(true);
  });
});

describe('SVG', () => {
  const g = buildGraph({
    game: 'demo',
    entries: [entry('601.2'), { ...entry('702.33'), title: { ja: 'キッカー', en: 'Kicker <&>' } }],
    links: [link('702.33', '601.2', 'see-also'), { from: '702.33', to: '118.8', kind: 'ref', planned: title('Additional costs') }],
  });
  const svg = renderSvg(layout(g, { labels: true }), {
    name: 'Graph',
    current: '702.33',
    text: (n) => ({ label: n.title.en, title: `${n.id} ${n.title.en} (${n.title.ja})`, href: n.kind === 'entry' ? `/en/demo/cr/${n.id}/` : undefined }),
  });

  it('draws written entries as links, planned ones as ghosts, and escapes text', () => {
    expect(svg.match(/<a href=/g)).toHaveLength(2);
    expect(svg).toContain('<g class="n ghost" data-id="118.8">');
    expect(svg).toContain('aria-current="page"');
    expect(svg).toContain('Kicker &lt;&amp;&gt;');
    expect(svg).toMatch(/<path class="e see-also cur" d="M\d+ \d+L\d+ \d+"\/>/);
    expect(svg).toMatch(/<path class="e ref cur"/);
  });
});
