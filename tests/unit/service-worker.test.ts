import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServiceWorker, fileList, offlineParts } from '../../src/integrations/service-worker';
import { cacheKey, isHashed } from '../../src/sw/urls';

const out = mkdtempSync(join(tmpdir(), 'taiyaku-sw-'));
const put = (file: string, text: string) => { mkdirSync(join(out, file, '..'), { recursive: true }); writeFileSync(join(out, file), text); };
put('ja/mtg/cr/702.33/index.html', '<p>キッカー</p>');
put('en/mtg/cr/702.33/index.html', '<p>Kicker</p>');
put('en/lorcana/cr/6.5/index.html', '<p>Resist</p>');
put('ja/index.html', 'ホーム');
put('index.html', 'home');
put('404.html', 'not found');
put('r/mtg/702.33a/index.html', 'short link');
put('_astro/Base.abc.css', 'body{}');
put('api/mtg/index.json', '{}');
put('api/lorcana/index.json', '{}');
put('pagefind/ja/pagefind.js', 'js');
put('pagefind/ja/fragment/ja_1.pf_fragment', 'f');
put('pagefind/ja/pagefind-ui.js', 'ui, unused');
put('search/ja.json', '{"games":{},"terms":[]}');
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('service worker and the offline parts', () => {
  it('writes a small worker with the version in front and no file list, and the lists beside it', async () => {
    const sw = await buildServiceWorker(out, '/taiyaku/', ['mtg', 'lorcana']);
    const code = readFileSync(join(out, 'sw.js'), 'utf8');
    expect(() => new Script(code)).not.toThrow(); // one valid classic script
    expect(code.startsWith(`const TAIYAKU_VERSION="${sw.version}";const TAIYAKU_BASE="/taiyaku/";`)).toBe(true);
    expect(code).not.toContain('702.33');
    const summary = JSON.parse(readFileSync(join(out, 'offline/index.json'), 'utf8'));
    expect(summary).toEqual(sw);
    expect(summary.parts.map((p: { id: string }) => p.id)).toEqual(['shared', 'mtg', 'lorcana']);
  });

  it('splits the site into the shared shell + search (with the names the search reads) and one part per game (its pages, JSON and short links), never Pagefind UI', () => {
    const { parts } = offlineParts(out, '/taiyaku/', ['mtg', 'lorcana']);
    const urls = Object.fromEntries(parts.map((p) => [p.id, p.files.map((f) => f.url)]));
    expect(urls['shared']).toEqual(['/taiyaku/404.html', '/taiyaku/_astro/Base.abc.css', '/taiyaku/index.html', '/taiyaku/ja/index.html', '/taiyaku/pagefind/ja/fragment/ja_1.pf_fragment', '/taiyaku/pagefind/ja/pagefind.js', '/taiyaku/search/ja.json']);
    expect(urls['mtg']).toEqual(['/taiyaku/api/mtg/index.json', '/taiyaku/en/mtg/cr/702.33/index.html', '/taiyaku/ja/mtg/cr/702.33/index.html', '/taiyaku/r/mtg/702.33a/index.html']);
    expect(urls['lorcana']).toEqual(['/taiyaku/api/lorcana/index.json', '/taiyaku/en/lorcana/cr/6.5/index.html']);
    expect(parts.find((p) => p.id === 'mtg')!.bytes).toBe(2 + '<p>Kicker</p>'.length + Buffer.byteLength('<p>キッカー</p>') + 'short link'.length);
  });

  it('lists the same files and revisions from the list of what the build wrote under /r/ as from reading the folder', () => {
    put('r/mtg/702.33b/index.html', 'another short link');
    put('r/mtg/702.33a@2026-09-25/index.html', 'pinned: not saved');
    put('r/lorcana/6.5/index.html', 'Resist');
    const files = ['r/mtg/702.33a/index.html', 'r/mtg/702.33b/index.html', 'r/mtg/702.33a@2026-09-25/index.html', 'r/mtg/_pins.json', 'r/lorcana/6.5/index.html'];
    const md5 = (rel: string) => createHash('md5').update(readFileSync(join(out, rel))).digest('hex');
    const known = new Map(files.filter((f) => existsSync(join(out, f))).map((f) => [f, { revision: md5(f), bytes: readFileSync(join(out, f)).length }]));
    expect(offlineParts(out, '/taiyaku/', ['mtg', 'lorcana'], { files, known })).toEqual(offlineParts(out, '/taiyaku/', ['mtg', 'lorcana']));
    // A known file is not read again: its revision is the build's.
    known.set('r/mtg/702.33b/index.html', { revision: 'f'.repeat(32), bytes: 18 });
    const mtg = offlineParts(out, '/', ['mtg'], { files, known }).parts.find((p) => p.id === 'mtg')!;
    expect(mtg.files.find((f) => f.url === '/r/mtg/702.33b/index.html')!.revision).toBe('f'.repeat(32));
    for (const f of ['r/mtg/702.33b', 'r/mtg/702.33a@2026-09-25', 'r/lorcana']) rmSync(join(out, f), { recursive: true });
  });

  it('gives the site a new version id when any file changes, so an update is never mixed', () => {
    const before = offlineParts(out, '/', ['mtg']).version;
    put('en/mtg/cr/702.33/index.html', '<p>Kicker, reworded</p>');
    const after = offlineParts(out, '/', ['mtg']).version;
    expect(after).toMatch(/^[0-9a-f]{16}$/);
    expect(after).not.toBe(before);
    expect(offlineParts(out, '/', ['mtg']).version).toBe(after);
  });

  it('gives a file longer than its read buffer (1 MB) its whole MD5 and size, and a short one after it its own', () => {
    const long = Array.from({ length: 900_000 }, (_, i) => `${i % 97}`).join(',');
    put('api/mtg/long.json', long);
    put('api/mtg/short.json', '{"a":1}');
    const listed = new Map(fileList(out, '/', ['api/mtg/*.json']).map((f) => [f.url, f]));
    for (const rel of ['api/mtg/long.json', 'api/mtg/short.json']) {
      const data = readFileSync(join(out, rel));
      expect(listed.get(`/${rel}`)).toEqual({ url: `/${rel}`, revision: createHash('md5').update(data).digest('hex'), bytes: data.length });
    }
    expect(listed.get('/api/mtg/long.json')!.bytes).toBeGreaterThan(1 << 20);
    rmSync(join(out, 'api/mtg/long.json'));
    rmSync(join(out, 'api/mtg/short.json'));
  });

  it('refuses a file too large to save, naming it', () => {
    put('api/huge.json', 'x'.repeat(5 * 1024 * 1024 + 1));
    expect(() => fileList(out, '/', ['api/**/*.json'])).toThrow(/api\/huge\.json is 5\.0 MB/);
  });

  it.each([
    ['https://x.org/taiyaku/ja/search/?q=置換&game=mtg', 'https://x.org/taiyaku/ja/search/index.html'],
    ['https://x.org/taiyaku/pagefind/ja/pagefind-entry.json?ts=1733040000', 'https://x.org/taiyaku/pagefind/ja/pagefind-entry.json'],
    ['https://x.org/taiyaku/en/mtg/cr/702.33/#702.33d', 'https://x.org/taiyaku/en/mtg/cr/702.33/index.html'],
    ['https://x.org/taiyaku/api/mtg/index.json?v=2', 'https://x.org/taiyaku/api/mtg/index.json?v=2'],
  ])('keeps %s under %s', (url, key) => expect(cacheKey(url)).toBe(key));

  it.each([
    ['/taiyaku/_astro/Base.abc.css', true],
    ['/taiyaku/pagefind/en/index/en_1a2b.pf_index', true],
    ['/taiyaku/pagefind/en/pagefind.en_7283cd11cd.pf_meta', true],
    ['/taiyaku/pagefind/en/wasm.en.pagefind', false], // same name in every Pagefind release
    ['/taiyaku/pagefind/en/pagefind.js', false],
    ['/taiyaku/ja/mtg/cr/702.33/', false],
    ['/other/_astro/x.css', false],
  ])('%s is content-hashed: %s', (path, hashed) => expect(isHashed(new URL(path, 'https://x.org'), '/taiyaku/')).toBe(hashed));
});
