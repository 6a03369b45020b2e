// Fragment groups (src/integrations/pagefind-fragments.ts, groupFragments; docs/search.md#fragment-groups):
// the packing, and real Pagefind bundles grouped and then searched with the bundle's own client.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pagefind from 'pagefind';
import { fragmentsIn, groupFragments, groupsWithin, isGroupFile, packGroups, readFragment, readGroup, splitFragments, type Fragment } from '../../src/integrations/pagefind-fragments';
import { readPagefindFile } from '../../src/integrations/pagefind-chunks';
import searchFragments from '../../scripts/dist-checks/search-fragments.mjs';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

describe('packGroups', () => {
  it.each<[string, number[], number, number[][]]>([
    ['one group when all fit', [1, 2, 3], 6, [[0, 1, 2]]],
    ['closes a group before the item that would take it over', [3, 3, 3, 3], 7, [[0, 1], [2, 3]]],
    ['an item over the bound is alone', [1, 9, 1, 1], 4, [[0], [1], [2, 3]]],
    ['keeps the order (next fit, no reordering)', [3, 1, 3, 1], 4, [[0, 1], [2, 3]]],
    ['the bound itself fits', [2, 2], 4, [[0, 1]]],
    ['nothing', [], 5, []],
  ])('%s', (_, sizes, bound, groups) => expect(packGroups(sizes, bound)).toEqual(groups));
});

describe('groupsWithin', () => {
  it.each<[string, number[], number, number, number]>([
    // [sizes, cap] → the smallest bound and the count it gives
    ['no more items than the cap: each alone', [5, 1, 7], 3, 7, 3],
    ['pairs of equal items', [2, 2, 2, 2, 2, 2], 3, 4, 3],
    ['the large one alone, the small ones together', [1, 1, 1, 1, 20, 1, 1], 3, 4, 3],
    ['a small bound where the large items are few', [1, 1, 1, 1, 20, 1, 1, 1, 1], 4, 4, 3],
    ['cap 1: one group of all', [3, 4, 5], 1, 12, 1],
  ])('%s', (_, sizes, cap, bound, count) => {
    const got = groupsWithin(sizes, cap);
    expect(got.bound).toBe(bound);
    expect(got.groups.length).toBe(count);
    expect(got.groups.length).toBeLessThanOrEqual(cap);
    // The smallest: one less does not fit the cap.
    if (sizes.length > cap) expect(packGroups(sizes, bound - 1).length).toBeGreaterThan(cap);
    expect(got.groups.flat()).toEqual(sizes.map((_, i) => i));
  });
  it('refuses a cap that is no whole number from 1', () => {
    expect(() => groupsWithin([1], 0)).toThrow(/cap must be a whole number/);
    expect(() => groupsWithin([1], 2.5)).toThrow(/cap must be a whole number/);
  });
});

/** Each file Pagefind's client fetched, under its bundle; fetch answers /bundle/{n}/… from that bundle on disk. */
const fetched: string[] = [];
const bundles: string[] = [];
const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (url: string | URL) => {
    const m = /\/bundle\/(\d+)\/([^?]*)/.exec(String(url));
    if (!m) return new Response('', { status: 404 });
    fetched.push(m[2]!);
    try { return new Response(readFileSync(join(bundles[Number(m[1])]!, m[2]!))); } catch { return new Response('', { status: 404 }); }
  }) as typeof fetch;
});
afterAll(() => { globalThis.fetch = realFetch; });

/** Pagefind's own client (the bundle's pagefind.js), in Node: a query's results' data. */
async function clientOf(bundle: string) {
  bundles.push(bundle);
  const pf = await import(/* @vite-ignore */ `${pathToFileURL(join(bundle, 'pagefind.js')).href}?${bundles.length}`);
  await pf.options({ basePath: `/bundle/${bundles.length - 1}/`, noWorker: true });
  await pf.init();
  return async (q: string) => {
    const found = await pf.search(q) as { results: { data: () => Promise<Fragment & { excerpt: string; sub_results: unknown[] }> }[] };
    return Promise.all(found.results.map((r) => r.data()));
  };
}

/** The metadata's pages [hash, words, group], through the entry. */
function pagesOf(bundle: string, lang: string): [string, number, string][] {
  const entry = JSON.parse(readFileSync(join(bundle, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { hash: string }> };
  const file = join(bundle, `pagefind.${entry.languages[lang]!.hash}.pf_meta`);
  return (readPagefindFile(file, readFileSync(file)) as unknown[])[1] as [string, number, string][];
}

/** A word only page `p` has (both bundles find a Latin word as a whole). */
const ownWord = (p: number) => `unique${String.fromCharCode(97 + (p % 26))}${String.fromCharCode(97 + Math.floor(p / 26))}word`;

describe('groupFragments', () => {
  let out: string;
  const PAGES = 30;
  // A document of 30 rules: most short, a few long (every seventh), each with a word of its own.
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), 'taiyaku-groups-'));
    dirs.push(out);
    const words = { ja: ['置換', '効果', 'は', '呪文', 'を', '唱え', 'る', '。'], en: ['replacement', 'effects', 'spell', 'cast', 'the', 'of', 'a'] };
    for (const lang of ['ja', 'en'] as const) {
      for (let p = 1; p <= PAGES; p++) {
        const n = p % 7 === 0 ? 900 : 15 + ((p * 13) % 40);
        const text = Array.from({ length: n }, (_, i) => words[lang][(i + p) % words[lang].length]).join(lang === 'ja' ? '' : ' ');
        const own = ownWord(p);
        mkdirSync(join(out, lang, 'doc', `${p}`), { recursive: true });
        writeFileSync(join(out, lang, 'doc', `${p}`, 'index.html'), `<!DOCTYPE html><html lang="${lang}"><head><title>Rule ${p}</title></head><body><main><h2 id="r${p}">${p}</h2><p>${own} ${text}</p></main></body></html>`);
      }
      const { index } = await pagefind.createIndex({});
      await index!.addDirectory({ path: out, glob: `${lang}/**/index.html` });
      await index!.writeFiles({ outputPath: join(out, 'whole', lang) });
    }
    await pagefind.close();
  }, 60_000);

  it.each(['ja', 'en'])('%s: at most the cap of files, neighbours grouped by bytes, and every page found with its excerpt as before', async (lang) => {
    const whole = join(out, 'whole', lang);
    const grouped = join(out, 'grouped', lang);
    cpSync(whole, grouped, { recursive: true });
    const sizes = new Map(readdirSync(join(whole, 'fragment')).map((f) => [f.replace(/\.pf_fragment$/, ''), statSync(join(whole, 'fragment', f)).size]));
    const result = await groupFragments(grouped, lang, 10);
    expect(result).toMatchObject({ pages: PAGES, files: 10 });
    expect(result.groups).toBeGreaterThan(0);
    const files = readdirSync(join(grouped, 'fragment'));
    expect(files.length).toBe(10);
    expect(files.filter(isGroupFile).length).toBe(result.groups);
    // The metadata names a page's group; the group holds it, as Pagefind wrote it; a page with no group keeps its own file.
    const pages = pagesOf(grouped, lang);
    expect(pages.map((p) => p[0])).toEqual(pagesOf(whole, lang).map((p) => p[0])); // the page numbers are the index's
    const members = new Map<string, string[]>();
    for (const [hash, , group] of pages) {
      const original = readFragment(hash, readFileSync(join(whole, 'fragment', `${hash}.pf_fragment`)));
      if (group) {
        expect(readGroup(group, readFileSync(join(grouped, 'fragment', `${group}.pf_fragment`))).get(hash)).toEqual(original);
        members.set(group, [...(members.get(group) ?? []), hash]);
      } else {
        expect(readFragment(hash, readFileSync(join(grouped, 'fragment', `${hash}.pf_fragment`)))).toEqual(original);
      }
    }
    // A group's pages are neighbours in the document, and their fragments add up to at most the bound.
    const urlOf = (hash: string) => readFragment(hash, readFileSync(join(whole, 'fragment', `${hash}.pf_fragment`))).url;
    for (const hashes of members.values()) {
      const rules = hashes.map((h) => Number(/\/doc\/(\d+)\//.exec(urlOf(h))![1])).sort((a, b) => a - b);
      expect(rules.at(-1)! - rules[0]!).toBe(rules.length - 1);
      expect(hashes.reduce((n, h) => n + sizes.get(h)!, 0)).toBeLessThanOrEqual(result.bound);
    }
    // The long pages (over the bound) stay alone.
    for (const [hash, , group] of pages) if (sizes.get(hash)! > result.bound) expect(group).toBe('');
    // Pagefind's own client finds every page by its word, with the same data as from the whole bundle.
    const [before, after] = [await clientOf(whole), await clientOf(grouped)];
    for (let p = 1; p <= PAGES; p++) {
      const [a, b] = [await before(ownWord(p)), await after(ownWord(p))];
      expect(b.length, ownWord(p)).toBe(1);
      expect(b[0]!.url).toBe(`/${lang}/doc/${p}/`);
      expect(b[0]!.excerpt).toBe(a[0]!.excerpt);
      expect(b[0]!.excerpt).toContain('<mark>');
      expect(b[0]!.sub_results).toEqual(a[0]!.sub_results);
    }
    // A query listing every page loads each file once (a fresh client: nothing cached).
    const fresh = await clientOf(grouped);
    fetched.length = 0;
    const many = await fresh(lang === 'ja' ? '置換' : 'replacement');
    expect(many.length).toBe(PAGES);
    const loaded = fetched.filter((f) => f.startsWith('fragment/'));
    expect(new Set(loaded).size).toBe(loaded.length);
    expect(loaded.length).toBe(10);
    // Whatever reads the bundle's fragments finds every page in them.
    const all = files.flatMap((f) => fragmentsIn(f, readFileSync(join(grouped, 'fragment', f))));
    expect(all.map((f) => f.url).sort()).toEqual(Array.from({ length: PAGES }, (_, i) => `/${lang}/doc/${i + 1}/`).sort());
  }, 60_000);

  it('the output check finds every page of a grouped bundle, and names a missing group and an orphan file', () => {
    const check = (dist: string) => {
      const files = readdirSync(dist, { recursive: true }).map(String).filter((f) => statSync(join(dist, f)).isFile()).map((f) => f.split('\\').join('/'));
      const site = { dist, files, problems: [] as string[] };
      searchFragments.site(site);
      return site.problems;
    };
    const dist = join(out, 'dist');
    for (const lang of ['ja', 'en']) cpSync(join(out, 'grouped', lang), join(dist, 'pagefind', lang), { recursive: true });
    expect(check(dist)).toEqual([]);
    const folder = join(dist, 'pagefind', 'en', 'fragment');
    const group = readdirSync(folder).find(isGroupFile)!;
    cpSync(join(folder, group), join(folder, 'en_0000000.pf_fragment'));
    rmSync(join(folder, group));
    const problems = check(dist);
    expect(problems).toContain('pagefind/en/: fragment/en_0000000.pf_fragment: no page, group or text block of the index names it');
    expect(problems.filter((p) => p.includes(`its group ${group.replace('.pf_fragment', '')} has no file`)).length).toBeGreaterThan(1);
    expect(problems.every((p) => p.startsWith('pagefind/en/'))).toBe(true);
  });

  it('with the text blocks on (TAIYAKU_SEARCH_BLOCKS=on), groups the heads and keeps the blocks as files: Pagefind gives the head, the blocks it names are there', async () => {
    const bundle = join(out, 'split', 'en');
    cpSync(join(out, 'whole', 'en'), bundle, { recursive: true });
    const split = await splitFragments(bundle, 'en', 400, 200);
    expect(split.split).toBe(4); // pages 7, 14, 21, 28
    const result = await groupFragments(bundle, 'en', 10);
    expect(result.files).toBe(10);
    const files = readdirSync(join(bundle, 'fragment'));
    expect(files.length).toBe(10 + split.blocks);
    const client = await clientOf(bundle);
    for (const p of [7, 14, 21, 28]) {
      const [head] = await client(ownWord(p)) as (Fragment & { taiyaku?: { blocks: [number, string][] } })[];
      expect(head!.url).toBe(`/en/doc/${p}/`);
      expect(head!.content).toBe('');
      expect(head!.taiyaku!.blocks.length).toBeGreaterThan(1);
      for (const [, name] of head!.taiyaku!.blocks) expect(files).toContain(`${name}.pf_fragment`);
    }
    const dist = join(out, 'dist-split');
    cpSync(bundle, join(dist, 'pagefind', 'en'), { recursive: true });
    const site = { dist, files: readdirSync(dist, { recursive: true }).map(String).filter((f) => statSync(join(dist, f)).isFile()).map((f) => f.split('\\').join('/')), problems: [] as string[] };
    searchFragments.site(site);
    expect(site.problems).toEqual([]);
  }, 30_000);

  it('leaves a bundle with no more pages than the cap as Pagefind wrote it', async () => {
    const bundle = join(out, 'same');
    cpSync(join(out, 'whole', 'en'), bundle, { recursive: true });
    const list = () => readdirSync(bundle, { recursive: true }).map(String).sort().map((f) => [f, statSync(join(bundle, f)).isFile() ? readFileSync(join(bundle, f)).toString('base64') : '']);
    const before = list();
    expect(await groupFragments(bundle, 'en', PAGES)).toMatchObject({ pages: PAGES, files: PAGES, groups: 0 });
    expect(list()).toEqual(before);
  });

  it('refuses a bundle Pagefind grouped itself, and a group file that is not one', async () => {
    const site = join(out, 'pf');
    const { index } = await pagefind.createIndex({ maxFragments: 5 });
    await index!.addDirectory({ path: out, glob: 'en/**/index.html' });
    await index!.writeFiles({ outputPath: site });
    await pagefind.close();
    await expect(groupFragments(site, 'en', 10)).rejects.toThrow(/already in group en_group_.*maxFragments must not be set/);
    const bad = join(out, 'en_group_abc.pf_fragment');
    writeFileSync(bad, readFileSync(join(site, 'pagefind-entry.json')));
    expect(() => fragmentsIn(bad, readFileSync(bad))).toThrow();
  }, 30_000);
});
