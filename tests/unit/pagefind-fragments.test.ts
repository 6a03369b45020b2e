import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import * as pagefind from 'pagefind';
import { blockStarts, readFragment, splitFragments, wordsOf, type Fragment } from '../../src/integrations/pagefind-fragments';
import { blocksFor, fillExcerpt, splitOf, withHash, type Block, type LongData } from '../../src/search/excerpt';
import { bestSub } from '../../src/model/search-merge';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

describe('blockStarts', () => {
  it.each<[string, number, number[], number, number[]]>([
    ['a text within one block', 50, [10, 20], 100, [0]],
    ['cuts at the last anchor within the block size', 100, [10, 30, 45, 70], 50, [0, 45, 70]],
    ['cuts inside a section longer than a block', 120, [], 50, [0, 50, 100]],
    ['mixes both', 130, [20, 90], 50, [0, 20, 70, 90]],
    ['ignores anchors at 0, past the end and twice', 100, [0, 40, 40, 200], 50, [0, 40, 90]],
    ['an anchor exactly one block on', 100, [50], 50, [0, 50]],
  ])('%s', (_, words, anchors, size, starts) => {
    expect(blockStarts(words, anchors, size)).toEqual(starts);
  });
});

describe('readFragment', () => {
  const file = (value: unknown) => gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from(JSON.stringify(value))]));
  it('names the file and the field that is not Pagefind\'s', () => {
    expect(() => readFragment('x.pf_fragment', gzipSync(Buffer.from('nope')))).toThrow(/x\.pf_fragment: not a Pagefind fragment/);
    expect(() => readFragment('y.pf_fragment', gzipSync(Buffer.from('pagefind_dcd{')))).toThrow(/y\.pf_fragment: a Pagefind fragment that is not JSON/);
    expect(() => readFragment('z.pf_fragment', file({ url: '/a/', meta: {}, anchors: [] }))).toThrow(/z\.pf_fragment: .*field "content"/);
    expect(() => readFragment('w.pf_fragment', file({ url: '/a/', content: 'a', meta: {}, anchors: [{ id: 'x' }] }))).toThrow(/field "anchors"/);
  });
});

/**
 * Pagefind's own excerpt code, taken from the bundle's pagefind.js (calculate_excerpt_region,
 * build_excerpt, calculate_sub_results), and its data() around it, on a fragment's JSON.
 */
function pagefindClient(source: string) {
  const from = source.indexOf('var word_separators=');
  const to = source.indexOf('var asyncSleep=');
  expect(from, 'pagefind.js has its excerpt code where this test looks').toBeGreaterThan(0);
  const fns = new Function(`${source.slice(from, to)}; return { calculate_excerpt_region, build_excerpt, calculate_sub_results };`)() as {
    calculate_excerpt_region: (w: unknown[], n: number) => number;
    build_excerpt: (c: string, s: number, n: number, l: number[], a?: number, b?: number, e?: string) => { excerpt: string };
    calculate_sub_results: (f: unknown, n: number, e: string) => LongData['sub_results'];
  };
  return (fragment: Fragment, weighted: { location: number; balanced_score: number; weight: number }[]): LongData => {
    const f = structuredClone(fragment) as Fragment & Record<string, unknown>;
    f['weighted_locations'] = weighted;
    f['locations'] = weighted.map((w) => w.location);
    f['raw_content'] = f.content.replace(/</g, '&lt;').replace(/>/g, '&gt;');
    f['excerpt'] = fns.build_excerpt(f['raw_content'] as string, fns.calculate_excerpt_region(weighted, 30), 30, f['locations'] as number[], undefined, undefined, '…').excerpt;
    f['sub_results'] = fns.calculate_sub_results(f, 30, '…');
    return f as unknown as LongData;
  };
}

describe('splitFragments', () => {
  it('gives every result the excerpt, title and link Pagefind gives from the whole fragment, from the blocks it needs', async () => {
    const out = mkdtempSync(join(tmpdir(), 'taiyaku-fragments-'));
    dirs.push(out);
    const ja = ['置換', '効果', 'は', 'キッカー', 'を', '持つ', '呪文', 'が', '唱え', 'られ', 'た', '。', '能力', '<b>', 'と', 'カード'];
    const en = ['replacement', 'effects', 'kicker', 'spell', 'cast', 'ability', '<tag>', 'card', 'the', 'of', 'a'];
    for (const [lang, words] of [['ja', ja], ['en', en]] as const) {
      for (let p = 0; p < 4; p++) {
        mkdirSync(join(out, lang, String(p)), { recursive: true });
        const text = (n: number, s: number) => Array.from({ length: n }, (_, i) => words[(i * (p + 2) + s) % words.length]!.replace('<', '&lt;').replace('>', '&gt;')).join(lang === 'ja' ? '' : ' ');
        // Short and long sections, some without a heading, so blocks are cut both at and between anchors.
        const body = [`<p>${text(40 + p * 30, 0)}</p>`, ...Array.from({ length: 6 + p }, (_, s) => `<h2 id="${s === 2 ? `裁定 "x"-${s}` : `s${s}`}">${lang} ${s}</h2><p>${text(10 + ((s * 37 + p * 11) % 160), s)}</p>`)].join('');
        writeFileSync(join(out, lang, String(p), 'index.html'), `<!DOCTYPE html><html lang="${lang}"><head><title>${p}</title></head><body><main>${body}</main></body></html>`);
      }
    }
    // One bundle per language, as the site builds them (search-index.ts).
    for (const lang of ['ja', 'en']) {
      const { index } = await pagefind.createIndex({});
      await index!.addDirectory({ path: out, glob: `${lang}/**/index.html` });
      await index!.writeFiles({ outputPath: join(out, 'pagefind', lang) });
    }
    await pagefind.close();

    for (const lang of ['ja', 'en']) {
      const bundle = join(out, 'pagefind', lang);
      const folder = join(bundle, 'fragment');
      const mine = readdirSync(folder).filter((f) => f.startsWith(`${lang}_`));
      const whole = new Map(mine.map((f) => [f, readFragment(f, readFileSync(join(folder, f)))]));
      const result = await splitFragments(bundle, lang, 60, 40);
      expect(result.fragments).toBe(4);
      expect(result.split).toBeGreaterThanOrEqual(3); // the first page may be short
      const client = pagefindClient(readFileSync(join(bundle, 'pagefind.js'), 'utf8'));
      const blockFile = (name: string) => JSON.parse(gunzipSync(readFileSync(join(folder, `${name}.pf_fragment`))).subarray(12).toString()) as Block;
      let compared = 0;
      for (const [file, fragment] of whole) {
        const head = readFragment(file, readFileSync(join(folder, file)));
        const split = splitOf(head);
        const total = wordsOf(fragment.content).words.length;
        if (total <= 60) { expect(split, file).toBeUndefined(); expect(head).toEqual(fragment); continue; }
        expect(split, file).toBeDefined();
        expect(head.content).toBe('');
        if (lang === 'ja') expect(split!.zws).toBe(true);
        // The blocks hold the page's words, in order.
        expect(split!.blocks.flatMap(([, name]) => blockFile(name).w)).toEqual(wordsOf(fragment.content).words);
        // The head keeps no anchor's id or title: the blocks name them.
        expect(head.anchors.every((a, k) => a.id === String(k) && a.title === '-')).toBe(true);
        // Matches anywhere: one word, a run, spread over sections, weighted differently.
        let seed = total;
        const random = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
        const cases = [[0], [total - 1], [5, 6, 7], ...Array.from({ length: 25 }, () => Array.from({ length: 1 + Math.floor(random() * 6) }, () => Math.floor(random() * total)))];
        for (const locations of cases) {
          const weighted = [...new Set(locations)].sort((a, b) => a - b).map((location) => ({ location, weight: 1, balanced_score: 1 + Math.floor(random() * 3) * 20 }));
          const expected = client(fragment, weighted);
          const fetched: string[] = [];
          const filled = await fillExcerpt(client(head, weighted), 30, '…', async (name) => { fetched.push(name); return blockFile(name); });
          const [a, b] = [bestSub(expected as never), bestSub(filled as never)];
          expect(b?.url, `${file} ${locations.join(',')}`).toBe(a?.url);
          expect(b?.title).toBe(a?.title);
          expect(b?.excerpt ?? filled.excerpt, `${file} ${locations.join(',')}`).toBe(a?.excerpt ?? expected.excerpt);
          expect(fetched.length).toBeLessThanOrEqual(2);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(60);
    }
  }, 60_000);
});

describe('withHash', () => {
  it.each<[string, string, string]>([
    ['/ja/mtg/cr/702.33/', '702.33d', '/ja/mtg/cr/702.33/#702.33d'],
    ['/ja/mtg/cr/702.33/#0', '裁定--rulings', '/ja/mtg/cr/702.33/#%E8%A3%81%E5%AE%9A--rulings'],
    ['/a/#12', 'a b"c<d>`e', '/a/#a%20b%22c%3Cd%3E%60e'],
  ])('%s + %s', (url, id, out) => {
    expect(withHash(url, id)).toBe(out);
    // As the URL hash setter (Pagefind's way) writes it.
    const u = new URL(url, 'https://example.com');
    u.hash = id;
    expect(u.pathname + u.hash).toBe(out);
  });
});

describe('blocksFor', () => {
  const split = { v: 2 as const, words: 100, zws: false, blocks: [[0, 'a'], [40, 'b'], [70, 'c']] as [number, string][] };
  it.each<[number, number, number[]]>([[0, 30, [0]], [30, 30, [0, 1]], [40, 30, [1]], [65, 10, [1, 2]], [90, 30, [2]]])('words %i + %i are in blocks %j', (start, length, ks) => {
    expect(blocksFor(split, start, length)).toEqual(ks);
  });
});
