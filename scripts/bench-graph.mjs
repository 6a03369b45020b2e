#!/usr/bin/env node
// `npm run bench:graph`: the link graph at full Comprehensive Rules scale. Builds a synthetic graph
// of 6,000 entries in nine sections (uneven rules, a 702-like giant, hubs, see-also chains, inline
// references mostly within a section, ~3% planned targets), then prints layout time and SVG size
// (bytes and gzip) for the grouped top level, the largest drill-down, every drill-down together,
// a local graph, and, for comparison, the whole 6,000 nodes ungrouped.
// It prints figures; it is not a test and asserts nothing. Needs Node ≥ 22.18 (type stripping):
// `npm run bench:graph` runs the project's Node 24. usage: npm run bench:graph -- [--nodes 6000]
import { gzipSync } from 'node:zlib';
import { buildGraph } from '../src/model/graph/build.ts';
import { groupPages, viewsOf } from '../src/model/graph/groups.ts';
import { layout } from '../src/model/graph/layout.ts';
import { neighbourhood } from '../src/model/graph/neighbourhoods.ts';
import { LABELLED_MAX, LOCAL_MAX, pageLayoutOptions } from '../src/model/graph/site-graphs.ts';
import { renderSvg } from '../src/render/graph-svg.ts';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const NODES = arg('nodes', 6000);

/** Deterministic pseudo-random numbers, so every run measures the same graph. */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}
const rand = rng(42);
const pick = (list) => list[Math.floor(rand() * list.length)];

// Rules per section as in the real CR (1xx: 22 rules … 7xx: 33), sub-entries per rule skewed so
// that 702 (keyword abilities) is by far the largest.
const SECTIONS = { 1: 23, 2: 10, 3: 16, 4: 9, 5: 15, 6: 17, 7: 33, 8: 12, 9: 8 };
const rules = Object.entries(SECTIONS).flatMap(([s, n]) => Array.from({ length: n }, (_, i) => 100 * Number(s) + i));
const weight = (rule) => (rule === 702 ? 14 : rule === 701 ? 4 : 0.5 + rand() * 1.5);
const weights = rules.map(weight);
const total = weights.reduce((a, b) => a + b, 0);
const ids = [];
rules.forEach((rule, i) => {
  const n = Math.max(1, Math.round((weights[i] / total) * NODES));
  for (let k = 1; k <= n && ids.length < NODES; k++) ids.push(`${rule}.${k}`);
});
while (ids.length < NODES) ids.push(`999.${ids.length}`);

const EN = ['Casting', 'Spells', 'Abilities', 'Damage', 'Combat', 'Priority', 'Stack', 'Counters', 'Tokens', 'Copies', 'Costs', 'Targets', 'Zones', 'Turn', 'Phase', 'Step', 'Effects', 'Replacement', 'Triggered', 'Activated'];
const JA = ['呪文', '能力', 'ダメージ', '戦闘', '優先権', 'スタック', 'カウンター', 'トークン', 'コピー', 'コスト', '対象', '領域', 'ターン', 'フェイズ', 'ステップ', '効果', '置換', '誘発', '起動'];
const title = () => ({ en: `${pick(EN)} ${pick(EN).toLowerCase()} and ${pick(EN).toLowerCase()}`, ja: `${pick(JA)}と${pick(JA)}の${pick(JA)}` });
const entries = ids.map((id) => ({ id, doc: 'cr', style: 'mtg', title: title() }));

const bySection = new Map();
for (const id of ids) bySection.set(id[0], [...(bySection.get(id[0]) ?? []), id]);
const hubs = ['601.2', '117.1', '608.2', '702.1', '613.1'].filter((h) => ids.includes(h));
const links = [];
ids.forEach((id, i) => {
  const next = ids[i + 1];
  if (next && next.split('.')[0] === id.split('.')[0] && rand() < 0.6) links.push({ from: id, to: next, kind: 'see-also' });
  const refs = Math.floor(rand() * 4);
  for (let r = 0; r < refs; r++) {
    const local = rand() < 0.7;
    const to = rand() < 0.08 ? pick(hubs) : local ? pick(bySection.get(id[0])) : pick(ids);
    if (rand() < 0.03) links.push({ from: id, to: `${id.split('.')[0]}.${900 + r}`, kind: 'ref', planned: title() });
    else links.push({ from: id, to, kind: rand() < 0.15 ? 'see-also' : 'ref' });
  }
});

const gz = (s) => gzipSync(Buffer.from(s), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (t) => `${t.toFixed(0)} ms`;
const text = (n) => {
  const name = n.group ? n.group.label : `${n.numbered ? `${n.id} ` : ''}${n.title.en}`;
  return { label: name.length > 26 ? `${name.slice(0, 25)}…` : name, title: `${name} / ${n.title.ja}`, href: n.kind === 'planned' ? undefined : `/taiyaku/en/bench/graph/${n.group ? `${n.group.key}/` : ''}` };
};
function measure(label, graph, opts) {
  const started = performance.now();
  const laid = layout(graph, opts);
  const secs = performance.now() - started;
  const svg = renderSvg(laid, { name: label, text, anchors: true, dense: graph.nodes.length > LABELLED_MAX });
  return { label, nodes: graph.nodes.length, edges: graph.edges.length, ms: secs, bytes: Buffer.byteLength(svg), gzip: gz(svg) };
}
const row = (r) => `  ${r.label.padEnd(34)} ${String(r.nodes).padStart(5)} nodes ${String(r.edges).padStart(6)} edges   layout ${ms(r.ms).padStart(8)}   SVG ${kb(r.bytes).padStart(9)}, gzip ${kb(r.gzip).padStart(8)}`;

const input = { game: 'bench', entries, links, titleOf: () => undefined, docTitles: { cr: { ja: '総合ルール', en: 'Comprehensive Rules' } } };
let t = performance.now();
const graph = buildGraph(input);
const viewAt = viewsOf(graph, input);
const pages = groupPages(viewAt);
const buildMs = performance.now() - t;
const ghosts = graph.nodes.filter((n) => n.kind === 'planned').length;
console.log(`synthetic rules graph: ${ids.length} entries + ${ghosts} planned (ghosts), ${links.length} links → ${graph.edges.length} edges; ${rules.length} rules in 9 sections`);
console.log(`graph build + grouping: ${ms(buildMs)} (${pages.length} drill-down pages; groups above ${LABELLED_MAX} nodes draw labels only when zoomed in)\n`);

const top = measure('top level (grouped by section)', viewAt([]), pageLayoutOptions(viewAt([])));
const drill = pages.map((p) => ({ p, v: viewAt(p.prefix) }));
const largest = drill.reduce((a, b) => (b.v.nodes.length > a.v.nodes.length ? b : a));
t = performance.now();
let allBytes = 0;
let allGzip = 0;
for (const { p, v } of drill) {
  const svg = renderSvg(layout(v, pageLayoutOptions(v)), { name: p.key, text, anchors: true, dense: v.nodes.length > LABELLED_MAX });
  allBytes += Buffer.byteLength(svg);
  allGzip += gz(svg);
}
const allMs = performance.now() - t;
const big = measure(`largest drill-down (${largest.p.key})`, largest.v, pageLayoutOptions(largest.v));
const center = hubs[0] ?? ids[0];
const hood = neighbourhood(graph, center, { maxNodes: LOCAL_MAX });
const local = measure(`local graph of a hub (${center})`, hood, { center, labels: true, ticks: 80 });
const whole = measure('ungrouped: all nodes in one SVG', graph, {});

console.log(row(top));
console.log(row(big));
console.log(`  ${`all ${drill.length} drill-down pages`.padEnd(34)} ${''.padStart(26)}   layout ${ms(allMs).padStart(8)}   SVG ${kb(allBytes).padStart(9)}, gzip ${kb(allGzip).padStart(8)} (sum)`);
console.log(row(local));
console.log(row(whole));
console.log(`\nlayout: d3-force, fixed ticks (≤500 nodes: 150, ≤2,000: 120, more: 80 without collision; local graphs 80), seeded; Node ${process.version}`);
