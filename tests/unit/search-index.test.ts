import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSearchIndex, fragmentLine, SEARCH_FRAGMENTS, searchBlocksFrom, searchFragmentsFrom } from '../../src/integrations/search-index';

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
      for (const lang of ['ja', 'en']) {
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
