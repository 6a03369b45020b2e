// The build's second thread (src/render/offload.ts) gives the same layouts and the same highlighted
// code as computing them in place: it runs the same TypeScript sources, loaded by Node itself.
import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { buildGraph, type GraphInput } from '../../src/model/graph/build';
import { view } from '../../src/model/graph/groups';
import { layout } from '../../src/model/graph/layout';
import { neighbourhood } from '../../src/model/graph/neighbourhoods';
import { pageLayoutOptions } from '../../src/model/graph/site-graphs';
import { createHighlighter } from 'shiki';
import { highlight, LANGS, shikiOptions, THEMES } from '../../src/render/code';
import { laidOut, offload } from '../../src/render/offload';

const root = fileURLToPath(new URL('../..', import.meta.url));
// 300 entries over the nine sections of a Comprehensive Rules, each citing three others.
const ids = Array.from({ length: 300 }, (_, i) => `${100 * (1 + (i % 9)) + (Math.floor(i / 9) % 20)}.${1 + Math.floor(i / 180)}`);
const input: GraphInput = {
  game: 'bench',
  docTitles: { cr: { ja: '総合ルール', en: 'Comprehensive Rules' } },
  entries: ids.map((id) => ({ id, doc: 'cr', style: 'mtg' as const, title: { ja: `規則 ${id}`, en: `Rule ${id}` } })),
  links: ids.flatMap((id, i) => [7, 31, 113].map((k) => ({ from: id, to: ids[(i * k + k) % ids.length]!, kind: 'ref' as const }))),
};
const graph = buildGraph(input);

afterEach(async () => {
  await offload.stop();
});

describe("the build's second thread", () => {
  it('is off unless a build enables it: calls compute in place', () => {
    expect(offload.run('layout', 'layout', [graph, {}])).toBeUndefined();
    const small = neighbourhood(graph, graph.nodes[0]!.id, { maxNodes: 16 });
    expect(laidOut(small, { labels: true })).toEqual(layout(small, { labels: true }));
  });

  it.each([
    ['a local graph (pairwise forces)', () => neighbourhood(graph, graph.nodes[5]!.id, { maxNodes: 16 }), { center: graph.nodes[5]!.id, labels: true, ticks: 80 }],
    ['a game view, grouped by section', () => view(graph, input), undefined],
    ['a game view of 300 entries (d3 quadtrees)', () => view(graph, input, [], 1000), undefined],
    ['a whole game', () => graph, {}],
  ] as const)('lays out %s exactly as in place', async (_name, make, options) => {
    const g = make();
    const opts = options ?? pageLayoutOptions(g);
    const here = layout(g, opts);
    offload.enable(root);
    const there = await laidOut(g, opts);
    expect(there).toEqual(here);
    expect(JSON.stringify(there)).toBe(JSON.stringify(here));
  });

  it('highlights code exactly as Shiki does in place', async () => {
    const blocks: [string, 'ts' | 'json' | 'sh' | 'http'][] = [
      ['const id: string = "702.33d"; // a rule\nexport async function quote(): Promise<void> {}\n', 'ts'],
      ['{"game": "mtg", "ids": {"702.33d": "cr/702.33"}}', 'json'],
      ['GET https://example.org/api/mtg/index.json', 'http'],
      ['TAIYAKU_URL=https://example.org/ node quote-bot.ts mtg 702.33d ja', 'sh'],
    ];
    const shiki = await createHighlighter({ themes: [THEMES.light, THEMES.dark], langs: [...LANGS] });
    // Under vitest a new highlighter's first TypeScript block comes out with other light colours
    // (not in Node, where the build and the thread run): one block first, thrown away.
    shiki.codeToHtml('const x = 1;', { lang: 'ts', ...shikiOptions });
    const here = blocks.map(([code, lang]) => shiki.codeToHtml(code.replace(/\n+$/, ''), { lang, ...shikiOptions }));
    offload.enable(root);
    const there = await Promise.all(blocks.map(([code, lang]) => offload.run<string>('code', 'highlight', [code, lang])));
    expect(there).toEqual(here);
    // What the pages call: the thread's answer, once per block (the API page's two languages share it).
    const first = await highlight(`${blocks[0]![0]}// offloaded`, 'ts');
    expect(first).toBe(shiki.codeToHtml(`${blocks[0]![0]}// offloaded`, { lang: 'ts', ...shikiOptions }));
    const { calls } = await offload.stop();
    expect(calls).toBe(blocks.length + 1);
  });

  it('counts what it answered and rejects a call it cannot run, naming the module and function', async () => {
    offload.enable(root);
    await laidOut(view(graph, input), {});
    await expect(offload.run('layout', 'noSuchThing', [])).rejects.toThrow(/second thread failed: .*layout has no function noSuchThing/);
    const done = await offload.stop();
    expect(done.calls).toBe(2);
    expect(done.busyMs).toBeGreaterThan(0);
  });
});
