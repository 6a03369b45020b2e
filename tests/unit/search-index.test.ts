import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../src/integrations/search-index';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

function site(): string {
  const out = mkdtempSync(join(tmpdir(), 'taiyaku-search-'));
  dirs.push(out);
  const page = (lang: string, text: string) => {
    mkdirSync(join(out, lang, 'mtg', 'cr', '702.33'), { recursive: true });
    writeFileSync(join(out, lang, 'mtg', 'cr', '702.33', 'index.html'),
      `<!DOCTYPE html><html lang="${lang}"><head><title>702.33</title></head><body><main data-pagefind-body><p>${text}</p></main></body></html>`);
  };
  page('ja', 'キッカーは追加コストです。');
  page('en', 'Kicker is an additional cost.');
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
