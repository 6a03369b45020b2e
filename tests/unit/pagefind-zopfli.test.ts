import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHE_FOLDER, recompress, sameAndSmaller } from '../../src/integrations/pagefind-zopfli';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
const temp = () => { const d = mkdtempSync(join(tmpdir(), 'taiyaku-zopfli-')); dirs.push(d); return d; };

/** Bytes shaped like a Pagefind file (its signature, then repetitive but not trivial content), gzip level 9 as Pagefind writes them. */
function pagefindLike(seed: number): { raw: Buffer; gz: Buffer } {
  const words = Array.from({ length: 4000 }, (_, i) => `w${(i * 7919 + seed) % 613}`).join(' ');
  const raw = Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from(words)]);
  return { raw, gz: gzipSync(raw, { level: 9 }) };
}

describe('the search files recompressed with Zopfli', () => {
  it('writes a smaller gzip of the same bytes, and caches it by the hash of the original', async () => {
    const dir = temp();
    const cache = temp();
    const { raw, gz } = pagefindLike(1);
    writeFileSync(join(dir, 'wasm.en.pagefind'), gz);
    const r = await recompress(dir, ['wasm.en.pagefind'], cache, 1);
    expect(r.warnings).toEqual([]);
    const out = readFileSync(join(dir, 'wasm.en.pagefind'));
    expect(out.length).toBeLessThan(gz.length);
    expect(gunzipSync(out).equals(raw)).toBe(true);
    expect(r.files['wasm.en.pagefind']).toEqual({ before: gz.length, after: out.length, cached: false });
    expect(readdirSync(join(cache, CACHE_FOLDER))).toHaveLength(1);

    // The same original again: the cached result, the same bytes.
    writeFileSync(join(dir, 'wasm.en.pagefind'), gz);
    const again = await recompress(dir, ['wasm.en.pagefind'], cache, 1);
    expect(again.files['wasm.en.pagefind']!.cached).toBe(true);
    expect(readFileSync(join(dir, 'wasm.en.pagefind')).equals(out)).toBe(true);
  });

  it('ignores and removes a corrupt cache entry, and recomputes', async () => {
    const dir = temp();
    const cache = temp();
    const { raw, gz } = pagefindLike(2);
    writeFileSync(join(dir, 'm.pf_meta'), gz);
    await recompress(dir, ['m.pf_meta'], cache, 1);
    const [entry] = readdirSync(join(cache, CACHE_FOLDER));
    // An entry of other bytes (smaller, valid gzip) and a truncated one are both refused.
    for (const bad of [gzipSync(Buffer.from('pagefind_dcd other')), readFileSync(join(cache, CACHE_FOLDER, entry!)).subarray(0, 100)]) {
      writeFileSync(join(cache, CACHE_FOLDER, entry!), bad);
      writeFileSync(join(dir, 'm.pf_meta'), gz);
      const r = await recompress(dir, ['m.pf_meta'], cache, 1);
      expect(r.warnings.join('\n')).toMatch(/not a smaller gzip of m\.pf_meta's bytes, ignored and removed/);
      expect(r.files['m.pf_meta']!.cached).toBe(false);
      const out = readFileSync(join(dir, 'm.pf_meta'));
      expect(gunzipSync(out).equals(raw)).toBe(true);
      expect(out.length).toBeLessThan(gz.length);
      // The recomputed result replaced the bad entry.
      expect(sameAndSmaller(gz, readFileSync(join(cache, CACHE_FOLDER, entry!)))).toBe(true);
    }
  });

  it('keeps a file it cannot recompress as it was, with a warning', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'broken.pf_meta'), Buffer.from('not gzip'));
    const r = await recompress(dir, ['broken.pf_meta'], undefined, 1);
    expect(r.warnings.join('\n')).toMatch(/broken\.pf_meta: Zopfli failed .*kept as Pagefind wrote it/);
    expect(readFileSync(join(dir, 'broken.pf_meta', )).toString()).toBe('not gzip');
    expect(r.files['broken.pf_meta']).toEqual({ before: 8, after: 8, cached: false });
  });

  it('checks: same bytes and smaller', () => {
    const { gz } = pagefindLike(3);
    expect(sameAndSmaller(gz, gz)).toBe(false);
    expect(sameAndSmaller(gz, Buffer.from('x'))).toBe(false);
    expect(sameAndSmaller(gz, gzipSync(gunzipSync(gz), { level: 1 }))).toBe(false);
  });
});
