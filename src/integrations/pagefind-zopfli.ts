// Recompresses the files every first search loads with Zopfli (docs/search.md, "The WebAssembly module
// recompressed"). Pagefind writes its WebAssembly module (wasm.{lang}.pagefind, 52–60 KB) and each
// bundle's metadata (pagefind.{hash}.pf_meta) as gzip level 9; its client gunzips whatever valid gzip
// it gets and checks the `pagefind_dcd` signature after it, so a smaller gzip stream of the same bytes
// is read exactly as Pagefind's (the module: 2.5–2.9 KB less on every first search).
//
// Zopfli is slow (about 2 s for a module), so:
// - the result is cached under the build's cache folder by the sha256 of Pagefind's file (the module is
//   the same bytes for a given Pagefind version, so a warm cache costs a read and a check);
// - a cache miss is computed in a worker thread, started as soon as Pagefind has written the bundle,
//   while the other post-steps run;
// - every result, cached or new, is checked before it replaces the file: it must gunzip to the bytes
//   Pagefind's file gunzips to, and be smaller. Anything else (a corrupt or foreign cache entry, a
//   failed worker) keeps Pagefind's file, with a warning; a bad cache entry is removed.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';

/** Zopfli's iterations (15: its CLI's default; 1 gives nearly the same bytes, docs/search.md). */
export const ZOPFLI_ITERATIONS = 15;
/** The cache's folder under the build's cache folder; its entries are `{sha256 of Pagefind's file}.gz`. */
export const CACHE_FOLDER = 'taiyaku-zopfli';

// Plain CommonJS, evaluated as is (as in write-files.ts: the integration is bundled by Astro's config
// loader, so a worker file next to this one would not be found); Zopfli's module path is handed in.
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const { gunzipSync } = require('node:zlib');
const { gzip } = require(workerData.zopfli);
const out = [];
let left = workerData.files.length;
if (left === 0) parentPort.postMessage(out);
const settle = (i, value) => { out[i] = value; if (--left === 0) parentPort.postMessage(out); };
workerData.files.forEach((data, i) => {
  let raw;
  try { raw = gunzipSync(data); } catch (error) { settle(i, 'not gzip: ' + error.message); return; }
  gzip(raw, { numiterations: workerData.iterations }, (error, result) => settle(i, error ? String(error && error.message || error) : result));
});
`;

/** Gzip streams recompressed by Zopfli in a worker thread: each a Uint8Array, or an error's message. */
export function zopfliInWorker(files: Uint8Array[], iterations = ZOPFLI_ITERATIONS): Promise<(Uint8Array | string)[]> {
  const zopfli = createRequire(import.meta.url).resolve('@gfx/zopfli');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { zopfli, files, iterations } });
    let done = false;
    worker.once('message', (result: (Uint8Array | string)[]) => { done = true; resolve(result); void worker.terminate(); });
    worker.once('error', (error) => reject(new Error(`Zopfli's worker failed: ${error.message}`)));
    worker.once('exit', (code) => { if (!done) reject(new Error(`Zopfli's worker stopped (exit code ${code})`)); });
  });
}

/** Whether `candidate` is a gzip stream of the same bytes as Pagefind's `original`. */
function sameBytes(original: Uint8Array, candidate: Uint8Array): boolean {
  try {
    return Buffer.from(gunzipSync(candidate)).equals(gunzipSync(original));
  } catch {
    return false;
  }
}

/** Whether `candidate` is a gzip stream of the same bytes as Pagefind's `original`, and smaller. */
export function sameAndSmaller(original: Uint8Array, candidate: Uint8Array): boolean {
  return candidate.length < original.length && sameBytes(original, candidate);
}

export interface Recompressed {
  /** Per file name: its bytes before and after (equal where Pagefind's file was kept). */
  files: Record<string, { before: number; after: number; cached: boolean }>;
  /** Why a file was kept as Pagefind wrote it, or a cache entry ignored. */
  warnings: string[];
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Recompresses the named files of the bundle in `dir` (names relative to it), in place. With
 * `cacheDir`, each result is read from and written to `{cacheDir}/taiyaku-zopfli/`; without, each is
 * computed. Never throws for a file it could not recompress: that file is kept, with a warning.
 */
export async function recompress(dir: string, names: string[], cacheDir?: string, iterations = ZOPFLI_ITERATIONS): Promise<Recompressed> {
  const result: Recompressed = { files: {}, warnings: [] };
  const cache = cacheDir ? join(cacheDir, CACHE_FOLDER) : undefined;
  const originals = await Promise.all(names.map((n) => readFile(join(dir, n))));
  const keys = originals.map(sha256);
  const chosen: (Uint8Array | undefined)[] = await Promise.all(originals.map(async (original, i) => {
    if (!cache) return undefined;
    const entry = join(cache, `${keys[i]}.gz`);
    const cached = await readFile(entry).catch(() => undefined);
    if (!cached) return undefined;
    if (sameAndSmaller(original, cached)) return cached;
    result.warnings.push(`${entry}: not a smaller gzip of ${names[i]}'s bytes, ignored and removed`);
    await rm(entry, { force: true });
    return undefined;
  }));
  const missing = names.map((_, i) => i).filter((i) => !chosen[i]);
  const computed = new Map<number, Uint8Array>();
  if (missing.length) {
    try {
      const out = await zopfliInWorker(missing.map((i) => originals[i]!), iterations);
      missing.forEach((i, k) => {
        const r = out[k];
        if (typeof r === 'string' || r === undefined) result.warnings.push(`${join(dir, names[i]!)}: Zopfli failed (${r ?? 'no result'}), kept as Pagefind wrote it`);
        else if (sameAndSmaller(originals[i]!, r)) computed.set(i, r);
        // Not smaller (a tiny file): Pagefind's is kept, nothing is wrong. Other bytes: a warning.
        else if (!sameBytes(originals[i]!, r)) result.warnings.push(`${join(dir, names[i]!)}: Zopfli's output is not a gzip of the same bytes, kept as Pagefind wrote it`);
      });
    } catch (error) {
      result.warnings.push(`${dir}: ${error instanceof Error ? error.message : String(error)}; its files kept as Pagefind wrote them`);
    }
  }
  if (cache && computed.size) {
    await mkdir(cache, { recursive: true });
    for (const [i, data] of computed) {
      // Written under a temporary name and renamed: a build stopped mid-write leaves no half entry
      // (and one that is found anyway is refused by the check above).
      const tmp = join(cache, `${keys[i]}.${process.pid}.tmp`);
      await writeFile(tmp, data);
      await rename(tmp, join(cache, `${keys[i]}.gz`));
    }
  }
  await Promise.all(names.map(async (name, i) => {
    const data = chosen[i] ?? computed.get(i);
    if (data) await writeFile(join(dir, name), data);
    result.files[name] = { before: originals[i]!.length, after: (data ?? originals[i]!).length, cached: chosen[i] !== undefined };
  }));
  return result;
}

/** The bundle's WebAssembly modules, as Pagefind names them. */
export async function wasmFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^wasm\.[\w-]+\.pagefind$/.test(f)).sort();
}

/** The bundle's metadata file (one per bundle once the re-cut has removed Pagefind's). */
export async function metaFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.pf_meta')).sort();
}
