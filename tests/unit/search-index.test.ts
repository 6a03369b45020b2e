import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSearchIndex, fragmentLine, pageFile, pageFiles, SEARCH_FRAGMENTS, searchBlocksFrom, searchFragmentsFrom, startSearchIndex } from '../../src/integrations/search-index';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

function site(words = 0): string {
  const out = mkdtempSync(join(tmpdir(), 'taiyaku-search-'));
  dirs.push(out);
  const page = (lang: string, text: string) => {
    mkdirSync(join(out, lang, 'mtg', 'cr', '702.33'), { recursive: true });
    writeFileSync(join(out, lang, 'mtg', 'cr', '702.33', 'index.html'),
      `<!DOCTYPE html><html lang="${lang}"><head><title>702.33</title></head><body><main data-pagefind-body><p>${text}</p></main></body></html>`);
  };
  page('ja', 'キッカーは追加コストです。');
  page('en', `Kicker is an additional cost.${' Kicker pays extra for more effect.'.repeat(words)}`);
  return out;
}

describe('buildSearchIndex', () => {
  it('writes one bundle per language, each from its own pages', async () => {
    const out = site();
    const result = await buildSearchIndex(out);
    expect(result.pages).toEqual({ ja: 1, en: 1 });
    expect(existsSync(join(out, 'pagefind', 'ja', 'pagefind-entry.json'))).toBe(true);
    expect(existsSync(join(out, 'pagefind', 'en', 'pagefind-entry.json'))).toBe(true);
    expect(existsSync(join(out, 'pagefind', 'en', 'pagefind.js'))).toBe(true);
    // Pagefind's own interfaces are not used by the site and not deployed.
    expect(existsSync(join(out, 'pagefind', 'en', 'pagefind-ui.js'))).toBe(false);
    expect(existsSync(join(out, 'pagefind', 'ja', 'pagefind-component-ui.js'))).toBe(false);
    // Nor its web worker (the site searches in the page's thread), nor a WebAssembly module the
    // bundle's own language does not load.
    expect(existsSync(join(out, 'pagefind', 'ja', 'pagefind-worker.js'))).toBe(false);
    expect(existsSync(join(out, 'pagefind', 'ja', 'wasm.unknown.pagefind'))).toBe(true);
    expect(existsSync(join(out, 'pagefind', 'en', 'wasm.en.pagefind'))).toBe(true);
    expect(existsSync(join(out, 'pagefind', 'en', 'wasm.unknown.pagefind'))).toBe(false);
  }, 30_000);

  it('with a cache folder, recompresses the modules and metadata with Zopfli: the same bytes, smaller, then from the cache', async () => {
    const plain = site();
    await buildSearchIndex(plain);
    const cache = mkdtempSync(join(tmpdir(), 'taiyaku-search-cache-'));
    dirs.push(cache);
    const files = (out: string) => ['ja/wasm.unknown.pagefind', 'en/wasm.en.pagefind',
      ...['ja', 'en'].flatMap((l) => readdirSync(join(out, 'pagefind', l)).filter((f) => f.endsWith('.pf_meta')).map((f) => `${l}/${f}`))];
    for (const round of ['computed', 'cached'] as const) {
      const out = site();
      const result = await buildSearchIndex(out, cache);
      expect(result.zopfli.ja.warnings.concat(result.zopfli.en.warnings)).toEqual([]);
      expect(result.zopfli.en.files['wasm.en.pagefind']?.cached).toBe(round === 'cached');
      expect(files(out)).toEqual(files(plain));
      for (const rel of files(out)) {
        const before = readFileSync(join(plain, 'pagefind', rel));
        const after = readFileSync(join(out, 'pagefind', rel));
        // The modules shrink; this one-page bundle's metadata (a hundred bytes) does not, and is kept.
        if (rel.includes('wasm')) expect(after.length, rel).toBeLessThan(before.length);
        else expect(after.equals(before), rel).toBe(true);
        expect(gunzipSync(after).equals(gunzipSync(before)), rel).toBe(true);
      }
    }
  }, 60_000);

  it('reports a bundle it cannot write, and the next build still works (Pagefind was closed)', async () => {
    const broken = site();
    writeFileSync(join(broken, 'pagefind'), 'a file where the bundle folder goes');
    await expect(buildSearchIndex(broken)).rejects.toThrow(/Pagefind could not write its bundle: .*pagefind/);
    const out = site();
    await expect(buildSearchIndex(out)).resolves.toMatchObject({ pages: { ja: 1, en: 1 } });
  }, 30_000);
});

describe('TAIYAKU_SEARCH_BLOCKS', () => {
  it.each([
    [undefined, false], ['', false], ['on', true], [' on ', true], ['off', false],
  ])('%j splits long pages: %s', (value, on) => expect(searchBlocksFrom({ TAIYAKU_SEARCH_BLOCKS: value })).toBe(on));
  it.each(['no', 'OFF', '0'])('%j stops the build naming the variable', (value) => {
    expect(() => searchBlocksFrom({ TAIYAKU_SEARCH_BLOCKS: value })).toThrow(`TAIYAKU_SEARCH_BLOCKS="${value}" is neither on nor off`);
  });

  const fragments = (out: string) => readdirSync(join(out, 'pagefind', 'en', 'fragment')).length;
  it('a long page is kept whole by default, and split into blocks with on', async () => {
    const before = process.env.TAIYAKU_SEARCH_BLOCKS;
    try {
      delete process.env.TAIYAKU_SEARCH_BLOCKS;
      const whole = site(200); // about 1,200 English words
      await buildSearchIndex(whole);
      expect(fragments(whole)).toBe(1);
      process.env.TAIYAKU_SEARCH_BLOCKS = 'on';
      const split = site(200); // a head and several blocks
      await buildSearchIndex(split);
      expect(fragments(split)).toBeGreaterThan(2);
    } finally {
      if (before === undefined) delete process.env.TAIYAKU_SEARCH_BLOCKS;
      else process.env.TAIYAKU_SEARCH_BLOCKS = before;
    }
  }, 60_000);
});

describe('TAIYAKU_SEARCH_FRAGMENTS', () => {
  it.each<[string | undefined, number]>([
    [undefined, SEARCH_FRAGMENTS], ['', SEARCH_FRAGMENTS], ['200', 200], [' 1 ', 1], ['20000', 20000],
  ])('%j: at most %i fragment files per language', (value, cap) => expect(searchFragmentsFrom({ TAIYAKU_SEARCH_FRAGMENTS: value })).toBe(cap));
  it.each(['0', '-5', '2.5', 'off', '1e3', '500 files'])('%j stops the build naming the variable', (value) => {
    expect(() => searchFragmentsFrom({ TAIYAKU_SEARCH_FRAGMENTS: value })).toThrow(`TAIYAKU_SEARCH_FRAGMENTS="${value}" is not a number of files from 1 up`);
  });
  it('is above the bundled site\'s 431 fragments per language, which it leaves ungrouped (docs/search.md#fragment-groups)', () => {
    expect(SEARCH_FRAGMENTS).toBeGreaterThan(431);
  });

  it('a site with more pages than the cap gets group files, and the log says so', async () => {
    const before = process.env.TAIYAKU_SEARCH_FRAGMENTS;
    try {
      process.env.TAIYAKU_SEARCH_FRAGMENTS = '3';
      const out = mkdtempSync(join(tmpdir(), 'taiyaku-search-'));
      dirs.push(out);
      for (let p = 1; p <= 8; p++) {
        for (const lang of ['ja', 'en']) {
          mkdirSync(join(out, lang, 'mtg', 'cr', `70${p}`), { recursive: true });
          writeFileSync(join(out, lang, 'mtg', 'cr', `70${p}`, 'index.html'), `<!DOCTYPE html><html lang="${lang}"><head><title>70${p}</title></head><body><main data-pagefind-body><p>${lang === 'ja' ? 'キッカー' : 'Kicker'} ${p}</p></main></body></html>`);
        }
      }
      const result = await buildSearchIndex(out);
      expect(result.pages).toEqual({ ja: 8, en: 8 });
      for (const lang of ['ja', 'en'] as const) {
        const files = readdirSync(join(out, 'pagefind', lang, 'fragment'));
        expect(files.length).toBeLessThanOrEqual(3);
        expect(files.some((f) => f.startsWith(`${lang}_group_`))).toBe(true);
        expect(result.fragments[lang]).toMatchObject({ pages: 8, files: files.length });
      }
      expect(fragmentLine(result.fragments, result.cap)).toMatch(/^fragment files \(at most 3 per language, TAIYAKU_SEARCH_FRAGMENTS\): ja \d \(8 pages in \d groups of at most [\d.]+ KB\), en \d \(8 pages in/);
      process.env.TAIYAKU_SEARCH_FRAGMENTS = 'x';
      await expect(buildSearchIndex(out)).rejects.toThrow('TAIYAKU_SEARCH_FRAGMENTS="x"');
    } finally {
      if (before === undefined) delete process.env.TAIYAKU_SEARCH_FRAGMENTS;
      else process.env.TAIYAKU_SEARCH_FRAGMENTS = before;
    }
  }, 60_000);
});

describe('pageFile: the file a rendered page is written to, if a bundle indexes it', () => {
  it.each<[string, string, string | undefined]>([
    ['/ja/mtg/cr/702.33/', '/', 'ja/mtg/cr/702.33/index.html'],
    ['/en/', '/', 'en/index.html'],
    ['/taiyaku/en/lorcana/cr/6.5/', '/taiyaku/', 'en/lorcana/cr/6.5/index.html'],
    ['/taiyaku/en/lorcana/cr/6.5/', '/taiyaku', 'en/lorcana/cr/6.5/index.html'],
    ['/ja/mtg/terms/%E7%BD%AE%E6%8F%9B/', '/', 'ja/mtg/terms/置換/index.html'],
    ['/en/mtg/cr/702.33/', '/taiyaku/', undefined], // outside the base
    ['/404/', '/', undefined],
    ['/r/mtg/702.33d/', '/', undefined], // short links are not indexed
    ['/search/ja.json', '/', undefined],
    ['/ja/api', '/', undefined], // not a directory page
    ['/fr/mtg/', '/', undefined],
    ['/ja/%E0%A4%A/', '/', undefined], // not decodable
    ['/ja/a/%2E%2E/b/', '/', undefined], // no way out of the folder
  ])('%s (base %s) → %s', (pathname, base, file) => expect(pageFile(pathname, base)).toBe(file));
});

describe('startSearchIndex: Pagefind reads the pages as they render', () => {
  const page = (lang: string, n: number) => `<!DOCTYPE html><html lang="${lang}"><head><title>${n}</title></head><body><main><p>${lang === 'ja' ? `キッカー${n}は追加コストです。` : `Kicker ${n} is an additional cost.`}</p><span data-pagefind-filter="game">mtg</span></main></body></html>`;
  const PAGES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].flatMap((n) => ['ja', 'en'].map((lang) => ({ lang, n, path: `/base/${lang}/mtg/cr/${n}/`, rel: `${lang}/mtg/cr/${n}/index.html` })));
  /** An output folder with the pages written, as Astro writes them. */
  const written = (pages = PAGES) => {
    const out = mkdtempSync(join(tmpdir(), 'taiyaku-stream-'));
    dirs.push(out);
    for (const p of pages) { mkdirSync(join(out, p.rel, '..'), { recursive: true }); writeFileSync(join(out, p.rel), page(p.lang, p.n)); }
    mkdirSync(join(out, 'r', 'mtg', '1'), { recursive: true });
    writeFileSync(join(out, 'r', 'mtg', '1', 'index.html'), page('en', 99)); // never indexed
    return out;
  };
  const bundle = (out: string) => new Map(readdirSync(join(out, 'pagefind'), { recursive: true }).map(String).sort()
    .filter((f) => !statSync(join(out, 'pagefind', f)).isDirectory()).map((f) => [f, readFileSync(join(out, 'pagefind', f)).toString('base64')]));
  const feed = async (out: string, order: typeof PAGES) => {
    const run = startSearchIndex(out, '/base/');
    for (const p of order) run.page(p.path, new TextEncoder().encode(page(p.lang, p.n)));
    run.page('/base/r/mtg/1/', new TextEncoder().encode(page('en', 99)));
    const lines: string[] = [];
    const result = await run.finish((l) => lines.push(l));
    return { result, lines };
  };

  it('lists the pages a bundle indexes as the file walk finds them', async () => {
    expect(await pageFiles(written(PAGES.slice(0, 4)), 'en')).toEqual(['en/mtg/cr/1/index.html', 'en/mtg/cr/2/index.html']);
    expect(await pageFiles(written([]), 'ja')).toEqual([]);
  });

  it('gives the same bundles, byte for byte, whatever order the pages render in, and the same as reading the written files', async () => {
    const fromFiles = written();
    await buildSearchIndex(fromFiles);
    const forward = written();
    const { result, lines } = await feed(forward, PAGES);
    expect(result.pages).toEqual({ ja: 11, en: 11 });
    expect(result.streamed).toEqual({ ja: 11, en: 11 });
    expect(result.fromDisk).toEqual({ ja: 0, en: 0 });
    expect(lines).toEqual([]);
    const backward = written();
    await feed(backward, [...PAGES].reverse());
    const shuffled = written();
    await feed(shuffled, [...PAGES].sort((a, b) => ((a.n * 7) % 11) - ((b.n * 7) % 11)));
    const expected = bundle(fromFiles);
    expect(expected.size).toBeGreaterThan(10);
    for (const out of [forward, backward, shuffled]) expect(bundle(out)).toEqual(expected);
  }, 60_000);

  it('reads a written page it was not handed from its file, and a language again from the files if it was handed a page that was not written', async () => {
    const out = written();
    const run = startSearchIndex(out, '/base/');
    // Not handed: ja 3 (read from its file). Handed but not written: en /gone/ (the English bundle is read again).
    for (const p of PAGES.filter((x) => !(x.lang === 'ja' && x.n === 3))) run.page(p.path, new TextEncoder().encode(page(p.lang, p.n)));
    run.page('/base/en/gone/', new TextEncoder().encode(page('en', 50)));
    const lines: string[] = [];
    const result = await run.finish((l) => lines.push(l));
    expect(result.pages).toEqual({ ja: 11, en: 11 });
    expect(result.streamed).toEqual({ ja: 10, en: 0 });
    expect(result.fromDisk).toEqual({ ja: 1, en: 11 });
    expect(lines).toEqual([expect.stringMatching(/^search index \(en\): 1 page\(s\) rendered but not written as such \(en\/gone\/index\.html…\), so the bundle is read from the written files$/)]);
    const fromFiles = written();
    await buildSearchIndex(fromFiles);
    expect(bundle(out)).toEqual(bundle(fromFiles));
  }, 60_000);

  it('says when its pages are final, so pages written after that (the redirect pages) are not indexed while it writes', async () => {
    const out = written();
    const run = startSearchIndex(out, '/base/');
    for (const p of PAGES) run.page(p.path, new TextEncoder().encode(page(p.lang, p.n)));
    const finishing = run.finish(() => {});
    await run.indexed;
    // What the build writes next: a redirect page in each language, beside the rule pages.
    for (const lang of ['ja', 'en']) { mkdirSync(join(out, lang, 'mtg', 'cr', 'old'), { recursive: true }); writeFileSync(join(out, lang, 'mtg', 'cr', 'old', 'index.html'), page(lang, 77)); }
    const result = await finishing;
    expect(result.pages).toEqual({ ja: 11, en: 11 });
    expect(result.fromDisk).toEqual({ ja: 0, en: 0 });
    const fromFiles = written();
    await buildSearchIndex(fromFiles);
    expect(bundle(out)).toEqual(bundle(fromFiles));
  }, 60_000);

  it('closes Pagefind when the build stops, and the next build still works', async () => {
    const out = written();
    const run = startSearchIndex(out, '/base/');
    run.page(PAGES[0]!.path, new TextEncoder().encode(page('ja', 1)));
    await run.abort();
    await expect(run.finish(() => {})).rejects.toThrow();
    const again = written();
    await expect(feed(again, PAGES)).resolves.toMatchObject({ result: { pages: { ja: 11, en: 11 } } });
  }, 60_000);

  it('stops at the start on a bad setting, before Pagefind is started', () => {
    const before = process.env.TAIYAKU_SEARCH_FRAGMENTS;
    try {
      process.env.TAIYAKU_SEARCH_FRAGMENTS = 'many';
      expect(() => startSearchIndex(written([]), '/')).toThrow('TAIYAKU_SEARCH_FRAGMENTS="many"');
    } finally {
      if (before === undefined) delete process.env.TAIYAKU_SEARCH_FRAGMENTS;
      else process.env.TAIYAKU_SEARCH_FRAGMENTS = before;
    }
  });
});
