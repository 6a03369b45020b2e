import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import * as pagefind from 'pagefind';
import { decodeCbor, encodeCbor, mayShare, ranges, readPagefindFile, rechunk, regroup, type Cbor } from '../../src/integrations/pagefind-chunks';

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
