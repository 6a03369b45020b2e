import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import * as pagefind from 'pagefind';
import { decodeCbor, decodeWords, encodeCbor, encodeWords, mayShare, ranges, readPagefindFile, rechunk, regroup, renumberFilter, renumberWord, urlOrder, type Cbor, type IndexWord, type WordPage } from '../../src/integrations/pagefind-chunks';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

describe('CBOR as Pagefind writes it', () => {
  it.each<[Cbor, string]>([
    [0, '00'], [23, '17'], [24, '1818'], [255, '18ff'], [256, '190100'], [65535, '19ffff'], [65536, '1a00010000'],
    [-1, '20'], [-25, '3818'], [-300, '39012b'],
    ['', '60'], ['ab', '626162'], ['置換', '66e7bdaee68f9b'],
    [[], '80'], [[1, [2, 'a']], '820182026161'], [null, 'f6'], [true, 'f5'],
  ])('%j ↔ %s', (value, hex) => {
    expect(Buffer.from(encodeCbor(value)).toString('hex')).toBe(hex);
    expect(decodeCbor(Buffer.from(hex, 'hex'))).toEqual(value);
  });

  it('refuses what it does not know, and trailing bytes', () => {
    expect(() => decodeCbor(Buffer.from('a0', 'hex'))).toThrow(/unsupported CBOR item 0xa0/);
    expect(() => decodeCbor(Buffer.from('0000', 'hex'))).toThrow(/1 bytes after/);
    expect(() => decodeCbor(Buffer.from('82', 'hex'))).toThrow(/ends early/);
  });

  it('names the file that is not Pagefind\'s format', () => {
    expect(() => readPagefindFile('x.pf_index', gzipSync(Buffer.from('not pagefind')))).toThrow(/x\.pf_index: not a Pagefind file/);
    // A non-shortest integer would not be written back the same: the format guard stops it.
    expect(() => readPagefindFile('y.pf_meta', gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from('1800', 'hex')])))).toThrow(/y\.pf_meta: Pagefind's format is not the one/);
  });
});

describe('regroup and ranges', () => {
  const w = (word: string, n: number): [string, number] => [word, n];
  const size = (x: [string, number]) => x[1];
  it.each<[string, [string, number][], number, number, string[][]]>([
    ['cuts before the target is passed', [w('ab', 2), w('cd', 2), w('ef', 2)], 2, 100, [['ab'], ['cd'], ['ef']]],
    ['keeps Latin words together from their third character', [w('rep', 3), w('repl', 3), w('rex', 1), w('zz', 1)], 2, 100, [['rep', 'repl'], ['rex', 'zz']]],
    ['but always at the limit', [w('rep', 3), w('repl', 3), w('repx', 1)], 2, 5, [['rep'], ['repl', 'repx']]],
    ['gives a word larger than the target a chunk of its own', [w('a', 1), w('big', 10), w('c', 1)], 4, 100, [['a'], ['big'], ['c']]],
    ['keeps small neighbours together', [w('a', 1), w('b', 1), w('c', 1)], 5, 100, [['a', 'b', 'c']]],
    ['keeps a Japanese word with its extensions', [w('置く', 3), w('置換', 3), w('置換効果', 3), w('能力', 1)], 2, 100, [['置く'], ['置換', '置換効果'], ['能力']]],
    ['counts characters, not UTF-16 units', [w('𠮷a', 3), w('𠮷b', 1)], 2, 100, [['𠮷a'], ['𠮷b']]],
  ])('%s', (_, words, target, limit, expected) => {
    expect(regroup(words, size, target, limit).map((c) => c.map((x) => x[0]))).toEqual(expected);
  });

  it('gives the ranges Pagefind gives (its own worked example)', () => {
    expect(ranges([{ first: 'apple', last: 'apple' }, { first: 'apricot', last: 'banana' }, { first: 'peach', last: 'peach' }]))
      .toEqual([['apple', 'app'], ['apr', 'b'], ['p', 'peach']]);
  });
});

describe('rechunk', () => {
  it('re-cuts a real bundle so that each word, and each start of a word, is found in the one chunk that holds it', async () => {
    const out = mkdtempSync(join(tmpdir(), 'taiyaku-chunks-'));
    dirs.push(out);
    const words = ['alpha', 'alphabet', 'beta', 'betray', 'gamma', 'delta', 'epsilon', 'zeta', 'kicker', 'kicked', 'replacement', 'replay', 'priority'];
    for (let p = 0; p < 12; p++) {
      mkdirSync(join(out, 'en', String(p)), { recursive: true });
      const text = Array.from({ length: 60 }, (_, i) => words[(i * (p + 3)) % words.length]).join(' ');
      writeFileSync(join(out, 'en', String(p), 'index.html'), `<!DOCTYPE html><html lang="en"><head><title>${p}</title></head><body><main><p>${text}</p></main></body></html>`);
    }
    const { index } = await pagefind.createIndex({});
    await index!.addDirectory({ path: out, glob: 'en/**/index.html' });
    const bundle = join(out, 'pagefind');
    await index!.writeFiles({ outputPath: bundle });
    await pagefind.close();
    const before = readdirSync(join(bundle, 'index'));
    const wordsOf = (file: string) => ((readPagefindFile(file, readFileSync(join(bundle, 'index', file))) as Cbor[][])[0] as Cbor[][]).map((x) => x[0] as string);
    const indexed = before.flatMap(wordsOf); // stems: priority is indexed as prioriti
    expect(indexed.length).toBeGreaterThan(10);

    const result = await rechunk(bundle, 'en', 40);
    expect(result.before).toBe(1);
    expect(result.after).toBeGreaterThan(2);

    const entry = JSON.parse(readFileSync(join(bundle, 'pagefind-entry.json'), 'utf8')) as { languages: { en: { hash: string } } };
    const metaFiles = readdirSync(bundle).filter((f) => f.endsWith('.pf_meta'));
    expect(metaFiles).toEqual([`pagefind.${entry.languages.en.hash}.pf_meta`]);
    const meta = readPagefindFile('meta', readFileSync(join(bundle, metaFiles[0]!))) as Cbor[];
    const chunks = meta[2] as [string, string, string][];
    expect(chunks).toHaveLength(result.after);
    expect(readdirSync(join(bundle, 'index')).sort()).toEqual(chunks.map((c) => `${c[2]}.pf_index`).sort());
    expect(readdirSync(join(bundle, 'index')).some((f) => before.includes(f))).toBe(false);

    // Pagefind's client loads, for a term, the first chunk whose [from, to] holds it, else the first
    // whose bounds cut to the term's length do (pagefind_web's request_indexes).
    const held = chunks.map((c) => wordsOf(`${c[2]}.pf_index`));
    const all = held.flat();
    expect(all).toEqual(indexed); // the same words in the same order
    const strict = (term: string) => chunks.findIndex(([from, to]) => term >= from && term <= to);
    const found = (term: string) => {
      const k = strict(term);
      return k >= 0 ? k : chunks.findIndex(([from, to]) => term.slice(0, from.length) >= from.slice(0, term.length) && term.slice(0, to.length) <= to.slice(0, term.length));
    };
    for (const word of all) expect(held[found(word)], word).toContain(word);
    // A term longer than the start two neighbours may share finds all the words it begins.
    for (const prefix of new Set(all.flatMap((x) => [...x].map((_, n) => x.slice(0, n + 1)).slice(mayShare(x))))) {
      const k = found(prefix);
      expect(all.filter((x) => x.startsWith(prefix)).every((x) => held[k]?.includes(x)), prefix).toBe(true);
    }
  }, 30_000);
});

describe('urlOrder', () => {
  it.each<[string[], number[]]>([
    [['/en/b/', '/en/a/'], [1, 0]],
    [['/en/mtg/cr/702.10/', '/en/mtg/cr/702.9/', '/en/'], [2, 1, 0]], // numbers by value, as a reader reads them
    [['/en/a/', '/en/A/', '/en/a/'], [0, 2, 1]], // equal URLs (identical pages) in their place
  ])('%j → %j', (urls, renumbered) => expect(urlOrder(urls)).toEqual(renumbered));
});

describe('pages renumbered in URL order', () => {
  const html = (p: number) => {
    const words = ['alpha', 'beta', 'gamma', 'café', 'cafe', 'kicker', 'kicked', 'priority', 'replacement'];
    const text = Array.from({ length: 20 + p }, (_, i) => words[(i * (p + 2)) % words.length]).join(' ');
    return `<!DOCTYPE html><html lang="en"><head><title>${p}</title></head><body><main><h2 id="s${p}" data-pagefind-title="Part ${p}">Part</h2><p>${text}</p>`
      + `<span data-pagefind-filter="game">${p % 3 === 0 ? 'mtg' : 'lorcana'}</span><span data-pagefind-meta="title">Page ${p}</span></main></body></html>`;
  };
  const PAGES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const rel = (p: number) => `en/rule/${p}/index.html`;

  /** Every file of a bundle folder, by path, as bytes. */
  const files = (dir: string): Map<string, string> => new Map(readdirSync(dir, { recursive: true }).map(String).sort()
    .filter((f) => !statSync(join(dir, f)).isDirectory()).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));

  /** What a bundle says, page numbers read as URLs: word → [url, locations, meta locations] in URL order; filter → value → URLs. */
  function meaning(dir: string) {
    const entry = JSON.parse(readFileSync(join(dir, 'pagefind-entry.json'), 'utf8')) as { languages: { en: { hash: string } } };
    const meta = readPagefindFile('meta', readFileSync(join(dir, `pagefind.${entry.languages.en.hash}.pf_meta`))) as Cbor[];
    const urls = (meta[1] as Cbor[][]).map((r) => (JSON.parse(gunzipSync(readFileSync(join(dir, 'fragment', `${r[0] as string}.pf_fragment`))).subarray(12).toString()) as { url: string }).url);
    const pages = (list: Cbor[][]) => { let at = 0; return list.map((p) => { at += p[0] as number; return [urls[at], ...p.slice(1)]; }).sort((a, b) => String(a[0]).localeCompare(String(b[0]))); };
    const words: Record<string, unknown> = {};
    for (const [, , hash] of meta[2] as string[][]) {
      for (const w of (readPagefindFile('chunk', readFileSync(join(dir, 'index', `${hash}.pf_index`))) as Cbor[][][])[0]!) {
        words[w[0] as string] = [pages(w[1] as Cbor[][]), (w[2] as Cbor[][]).map((v) => [v[0], pages(v[1] as Cbor[][])])];
      }
    }
    const filters: Record<string, unknown> = {};
    for (const [name, hash] of meta[3] as string[][]) {
      const f = readPagefindFile('filter', readFileSync(join(dir, 'filter', `${hash}.pf_filter`))) as Cbor[];
      filters[name!] = (f[1] as Cbor[][]).map(([value, ps]) => [value, (ps as number[]).map((p) => urls[p]).sort()]);
    }
    return { words, filters, pages: [...urls].sort() };
  }

  it('gives the same bundle, byte for byte, whatever order Pagefind was given the pages in, and says what it said before', async () => {
    const site = mkdtempSync(join(tmpdir(), 'taiyaku-order-'));
    dirs.push(site);
    for (const p of PAGES) { mkdirSync(join(site, 'en', 'rule', String(p)), { recursive: true }); writeFileSync(join(site, rel(p)), html(p)); }
    const bundles: string[] = [];
    const build = async (add: (index: NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>) => Promise<unknown>) => {
      const { index } = await pagefind.createIndex({});
      await add(index!);
      const bundle = join(site, `bundle-${bundles.length}`);
      await index!.writeFiles({ outputPath: bundle });
      bundles.push(bundle);
      return bundle;
    };
    const inOrder = async (order: number[]) => build(async (index) => { for (const p of order) await index.addHTMLFile({ sourcePath: rel(p), content: html(p) }); });
    try {
      const walked = await build((index) => index.addDirectory({ path: site, glob: 'en/**/index.html' }));
      const forward = await inOrder(PAGES);
      const backward = await inOrder([...PAGES].reverse());
      const shuffled = await inOrder([7, 2, 11, 5, 1, 12, 9, 3, 8, 4, 10, 6]);
      // Pagefind's own bundles differ with the order (its page numbers are the order of adding) …
      expect(files(backward)).not.toEqual(files(forward));
      const before = meaning(forward);
      expect(meaning(backward)).toEqual(before);
      expect(JSON.stringify(before.words['cafe'])).toContain('café'); // a diacritic variant, kept under its base word
      for (const b of bundles) await rechunk(b, 'en', 40);
      // … and the same once renumbered, whichever way the pages came (the file walk's order too).
      for (const b of [walked, backward, shuffled]) expect(files(b)).toEqual(files(forward));
      // The renumbering changed no word's pages or locations, no filter and no page.
      expect(meaning(forward)).toEqual(before);
      // The pages are numbered in URL order, 1, 2, … 9, 10, 11, 12.
      const entry = JSON.parse(readFileSync(join(forward, 'pagefind-entry.json'), 'utf8')) as { languages: { en: { hash: string } } };
      const meta = readPagefindFile('meta', readFileSync(join(forward, `pagefind.${entry.languages.en.hash}.pf_meta`))) as Cbor[];
      const urls = (meta[1] as Cbor[][]).map((r) => (JSON.parse(gunzipSync(readFileSync(join(forward, 'fragment', `${r[0] as string}.pf_fragment`))).subarray(12).toString()) as { url: string }).url);
      expect(urls).toEqual(PAGES.map((p) => `/en/rule/${p}/`));
    } finally {
      await pagefind.close();
    }
  }, 60_000);

  const at = (page: number, locations: number[]): WordPage => {
    const bytes = encodeCbor([locations, []]);
    return { page, locations: bytes.subarray(1), count: locations.length };
  };
  it('names the file and the page a word points at that the metadata does not list', () => {
    expect(() => renumberWord(['kicker', [at(0, [1]), at(5, [2])], []], [0, 1], 'x.pf_index')).toThrow('x.pf_index (word kicker): names page 5, which the metadata does not list');
    expect(() => renumberFilter(['game', [['mtg', [0, 3]]]], [1, 0], 'f.pf_filter')).toThrow('f.pf_filter: value mtg names page 3');
    expect(() => renumberFilter(['game', 'mtg'], [0], 'f.pf_filter')).toThrow('f.pf_filter: not a Pagefind filter index');
  });

  it.each<[string, IndexWord, number[], IndexWord]>([
    ['a word\'s pages, re-sorted', ['w', [at(0, [1]), at(2, [5]), at(3, [7])], []], [2, 0, 1, 0], ['w', [at(0, [7]), at(1, [5]), at(2, [1])], []]],
    ['and its variants\' pages', ['cafe', [at(1, [3])], [['café', [at(0, [4]), at(1, [9])]]]], [1, 0], ['cafe', [at(0, [3])], [['café', [at(0, [9]), at(1, [4])]]]]],
  ])('%s', (_, word, renumbered, expected) => expect(renumberWord(word, renumbered, 'x')).toEqual(expected));
});

describe('a chunk\'s words, their locations kept as bytes', () => {
  // [[word, [[page delta, locations, meta locations]…], [[form, pages]…]]…] in a one-item array.
  const chunk: Cbor = [[
    ['cafe', [[0, [1, 24, 300, -2], []], [3, [70000], [5]]], [['café', [[1, [2], []]]]]],
    ['kicker', [[2, [], [0]]], []],
  ]];
  it('reads absolute page numbers and the locations\' bytes, and writes the same bytes back', () => {
    const bytes = encodeCbor(chunk);
    const words = decodeWords(bytes, 'c.pf_index');
    expect(words.map((w) => [w[0], w[1].map((p) => [p.page, p.count]), w[2].map(([f, ps]) => [f, ps.map((p) => p.page)])]))
      .toEqual([['cafe', [[0, 4], [3, 1]], [['café', [1]]]], ['kicker', [[2, 0]], []]]);
    expect(Buffer.from(encodeWords(words))).toEqual(Buffer.from(bytes));
  });
  it.each<[string, string, RegExp]>([
    ['a number not in its shortest form', '81818366616263646566818318050 080 80'.replace(/ /g, ''), /c\.pf_index: not a Pagefind 1\.6 word index chunk .*\(a number not in its shortest form at byte/],
    ['a page entry of two fields', '8181836161818200808 0'.replace(/ /g, ''), /an array of 2 where 3 belong/],
    ['bytes after the words', '8180' + '00', /1 bytes after the words/],
  ])('refuses %s, naming the file', (_, hex, message) => expect(() => decodeWords(Buffer.from(hex, 'hex'), 'c.pf_index')).toThrow(message));
});
