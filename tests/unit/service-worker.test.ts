import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServiceWorker, precacheList } from '../../src/integrations/service-worker';

const out = mkdtempSync(join(tmpdir(), 'taiyaku-sw-'));
const put = (file: string, text: string) => { mkdirSync(join(out, file, '..'), { recursive: true }); writeFileSync(join(out, file), text); };
put('ja/mtg/cr/702.33/index.html', '<p>キッカー</p>');
put('en/mtg/cr/702.33/index.html', '<p>Kicker</p>');
put('index.html', 'home');
put('404.html', 'not found');
put('r/mtg/702.33a/index.html', 'short link');
put('_astro/Base.abc.css', 'body{}');
put('api/mtg/index.json', '{}');
put('pagefind/ja/pagefind.js', 'js');
put('pagefind/ja/fragment/ja_1.pf_fragment', 'f');
put('pagefind/ja/pagefind-ui.js', 'ui, unused');
afterAll(() => rmSync(out, { recursive: true, force: true }));

const listOf = (code: string) => JSON.parse(/^const TAIYAKU_PRECACHE=(\[.*?\]);/.exec(code)![1]!) as { url: string; revision: string }[];

describe('service worker', () => {
  it('precaches every page, the shell and the search bundle under the base path, never short links or Pagefind UI', async () => {
    const sw = await buildServiceWorker(out, '/taiyaku/');
    const code = readFileSync(join(out, 'sw.js'), 'utf8');
    expect(sw.pages).toBe('precached');
    expect(() => new Script(code)).not.toThrow(); // it is one valid classic script
    expect(code).toContain('TAIYAKU_PAGES_ON_READ=false');
    expect(listOf(code).map((e) => e.url)).toEqual([
      '/taiyaku/404.html', '/taiyaku/_astro/Base.abc.css', '/taiyaku/api/mtg/index.json', '/taiyaku/en/mtg/cr/702.33/index.html',
      '/taiyaku/index.html', '/taiyaku/ja/mtg/cr/702.33/index.html', '/taiyaku/pagefind/ja/fragment/ja_1.pf_fragment', '/taiyaku/pagefind/ja/pagefind.js',
    ]);
  });

  it('caches pages on read instead when the site is over budget, keeping the shell and search', async () => {
    const sw = await buildServiceWorker(out, '/', 10);
    const code = readFileSync(join(out, 'sw.js'), 'utf8');
    expect(sw.pages).toBe('on-read');
    expect(code).toContain('TAIYAKU_PAGES_ON_READ=true');
    expect(listOf(code).map((e) => e.url)).toEqual(['/_astro/Base.abc.css', '/api/mtg/index.json', '/pagefind/ja/fragment/ja_1.pf_fragment', '/pagefind/ja/pagefind.js']);
  });

  it('gives a file a new revision when its content changes, so an update is never mixed', () => {
    const before = precacheList(out, '/', ['index.html']).entries[0]!.revision;
    put('index.html', 'home, new version');
    const after = precacheList(out, '/', ['index.html']).entries[0]!.revision;
    expect(after).toMatch(/^[0-9a-f]{32}$/);
    expect(after).not.toBe(before);
  });

  it('refuses a file too large to precache, naming it', () => {
    put('api/huge.json', 'x'.repeat(5 * 1024 * 1024 + 1));
    expect(() => precacheList(out, '/', ['api/**/*.json'])).toThrow(/api\/huge\.json is 5\.0 MB/);
  });
});
