import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import * as pagefind from 'pagefind';
import { listLongPages, longPages, minifyClient } from '../../src/integrations/pagefind-post';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

/** A real Pagefind bundle of two pages, a short one and a long one. */
async function bundle(): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'taiyaku-post-'));
  dirs.push(out);
  const page = (path: string, title: string, words: number) => {
    mkdirSync(join(out, 'en', path), { recursive: true });
    const text = Array.from({ length: words }, (_, i) => `word${(i * 7919) % 5003}`).join(' ');
    writeFileSync(join(out, 'en', path, 'index.html'), `<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><main data-pagefind-body><span hidden data-pagefind-meta="title[data-value]" data-value="${title}"></span><span hidden data-pagefind-ignore><span data-pagefind-filter="game">mtg</span><span data-pagefind-filter="doc">mtg/terms</span></span><p>kicker ${text}</p></main></body></html>`);
  };
  page('short', 'Short', 20);
  page('long', 'Long &lt;page&gt;', 3000);
  const { index } = await pagefind.createIndex({});
  await index!.addDirectory({ path: out, glob: 'en/**/index.html' });
  await index!.writeFiles({ outputPath: join(out, 'pagefind') });
  await pagefind.close();
  return join(out, 'pagefind');
}

describe('long pages listed in the entry', () => {
  it('lists every fragment over the size by its hash, with its URL, title, game and document, beside Pagefind\'s own fields, once', async () => {
    const dir = await bundle();
    const sizes = readdirSync(join(dir, 'fragment')).map((f) => statSync(join(dir, 'fragment', f)).size).sort((a, b) => a - b);
    expect(sizes).toHaveLength(2);
    const before = JSON.parse(readFileSync(join(dir, 'pagefind-entry.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(await longPages(dir, sizes[1]!))).toEqual([]);
    expect(Object.keys(await longPages(dir, sizes[0]! - 1))).toHaveLength(2);
    expect(await listLongPages(dir, sizes[0]!)).toBe(1);
    const entry = JSON.parse(readFileSync(join(dir, 'pagefind-entry.json'), 'utf8')) as Record<string, unknown> & { taiyaku: { v: number; pages: Record<string, string[]> } };
    expect(entry['languages']).toEqual(before['languages']);
    expect(entry['version']).toEqual(before['version']);
    expect(entry.taiyaku.v).toBe(1);
    const rows = Object.entries(entry.taiyaku.pages);
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]).toMatch(/^en_[0-9a-f]+$/);
    expect(readdirSync(join(dir, 'fragment'))).toContain(`${rows[0]![0]}.pf_fragment`);
    expect(rows[0]![1]).toEqual(['/en/long/', 'Long <page>', 'mtg', 'mtg/terms']);
    await expect(listLongPages(dir, sizes[0]!)).rejects.toThrow(/already lists its long pages/);
  }, 30_000);

  it.each<[string, object, string[] | RegExp]>([
    ['a title, game and document', { url: '/en/x/', content: 'a', word_count: 1, filters: { game: ['mtg'], doc: ['mtg/cr'] }, meta: { title: 'X' }, anchors: [] }, ['/en/x/', 'X', 'mtg', 'mtg/cr']],
    ['no title', { url: '/en/x/', content: 'a', word_count: 1, filters: { game: ['mtg'], doc: ['mtg/cr'] }, meta: {}, anchors: [] }, ['/en/x/', '', 'mtg', 'mtg/cr']],
    ['no filters', { url: '/en/x/', content: 'a', word_count: 1, meta: { title: 'X' }, anchors: [] }, ['/en/x/', 'X', '', '']],
    ['a title that is not text', { url: '/en/x/', content: 'a', word_count: 1, meta: { title: 3 }, anchors: [] }, /en_bad\.pf_fragment: Pagefind's fragment format is not the one .*pagefind-post\.ts knows \(field "meta\.title"\)/],
    ['not Pagefind\'s format', { url: 1 }, /en_bad\.pf_fragment: Pagefind's fragment format is not the one .* \(field "url"\)/],
  ])('a long fragment with %s', async (_, fragment, expected) => {
    const dir = mkdtempSync(join(tmpdir(), 'taiyaku-post-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'fragment'));
    writeFileSync(join(dir, 'fragment', 'en_bad.pf_fragment'), gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from(JSON.stringify(fragment))])));
    if (expected instanceof RegExp) await expect(longPages(dir, 0)).rejects.toThrow(expected);
    else expect(await longPages(dir, 0)).toEqual({ en_bad: expected });
  });
});

describe('pagefind.js minified', () => {
  it('is smaller, still exports what Pagefind exports, and still searches', async () => {
    const dir = await bundle();
    const file = join(dir, 'pagefind.js');
    const original = readFileSync(file, 'utf8');
    const exportsOf = (code: string) => /export\s*\{([^}]*)\}/.exec(code)![1]!.split(',').map((x) => x.trim().split(/\s+as\s+/).at(-1)).sort();
    const { before, after } = await minifyClient(dir);
    const code = readFileSync(file, 'utf8');
    expect(before).toBe(original.length);
    expect(after).toBe(code.length);
    expect(after).toBeLessThan(before * 0.8);
    expect(exportsOf(code)).toEqual(exportsOf(original));
    // Not twice, and not a file it does not know.
    await expect(minifyClient(dir)).rejects.toThrow(/pagefind\.js: Pagefind \(no version line\) is not one/);
    writeFileSync(file, 'const pagefind_version="9.9.9";export{createInstance};');
    await expect(minifyClient(dir)).rejects.toThrow(/Pagefind 9\.9\.9 is not one/);
    writeFileSync(file, code);
    // The minified module loads and answers in Node (fetch of the bundle's files from disk).
    const real = globalThis.fetch;
    globalThis.fetch = (async (url: string | URL) => new Response(readFileSync(join(dir, String(url).replace(/^.*\/pagefind\//, '').replace(/\?.*$/, ''))))) as typeof fetch;
    try {
      const mod = (await import(pathToFileURL(file).href)) as { createInstance: (o: object) => { search: (q: string) => Promise<{ results: { id: string }[] }> } };
      const pf = mod.createInstance({ basePath: 'http://x/pagefind/', noWorker: true });
      const found = await pf.search('kicker');
      expect(found.results.length).toBe(2);
    } finally {
      globalThis.fetch = real;
    }
  }, 30_000);
});
