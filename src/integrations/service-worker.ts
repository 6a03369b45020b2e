// Offline reading and search after the first visit: a Workbox service worker (src/sw/sw.ts) that
// precaches the site (pages in both languages, styles, scripts, JSON, both search bundles).
// Precaching is versioned by content hash and a new worker only takes over once every tab of the
// old one is closed, so a reader never gets a mix of old and new files (docs/offline.md).
// The worker is bundled with Rolldown (about 0.1 s) rather than Workbox's generateSW, whose
// Rollup + Terser pass cost seconds per build; the precache list is the same {url, revision} list.
import { createHash } from 'node:crypto';
import { globSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

/** Above this, pages are cached as they are read instead of all up front (a full rulebook import). */
const PRECACHE_BUDGET = 25 * 1024 * 1024;
/** Workbox's limit: a larger file is an error, not a silent gap in the offline copy. */
const MAX_FILE = 5 * 1024 * 1024;
const PAGES = ['{ja,en}/**/index.html', 'index.html', '404.html'];
const SHELL = [
  'favicon.svg', '_astro/**/*.{css,js}', 'api/**/*.json',
  // Pagefind's search core and index; its optional UI bundles are not used by the site.
  'pagefind/*/{pagefind.js,pagefind-worker.js,pagefind-entry.json,*.pf_meta,wasm.*.pagefind}',
  'pagefind/*/{index,fragment,filter}/*',
];

export interface PrecacheEntry { url: string; revision: string }

/** The files matching `patterns` under `out`, each with its URL under `base` and an MD5 revision. */
export function precacheList(out: string, base: string, patterns: string[]): { entries: PrecacheEntry[]; bytes: number } {
  const files = [...new Set(patterns.flatMap((p) => globSync(p, { cwd: out })))].map((f) => f.split('\\').join('/')).sort();
  let bytes = 0;
  const entries = files.map((file) => {
    const data = readFileSync(`${out}/${file}`);
    if (data.length > MAX_FILE) throw new Error(`Service worker: ${file} is ${(data.length / 1024 / 1024).toFixed(1)} MB, over the ${MAX_FILE / 1024 / 1024} MB a precached file may be`);
    bytes += data.length;
    return { url: `${base}${file}`, revision: createHash('md5').update(data).digest('hex') };
  });
  return { entries, bytes };
}

let runtime: Promise<string> | undefined;
/** The worker's code without its data, bundled and minified once per process. */
function bundle(): Promise<string> {
  runtime ??= (async () => {
    const build = await rolldown({
      input: fileURLToPath(new URL('../sw/sw.ts', import.meta.url)),
      transform: { define: { 'process.env.NODE_ENV': '"production"' } },
      logLevel: 'silent',
    });
    const { output } = await build.generate({ format: 'iife', minify: true });
    await build.close();
    return output[0].code;
  })();
  return runtime;
}

export async function buildServiceWorker(out: string, base: string, budget = PRECACHE_BUDGET): Promise<{ files: number; bytes: number; pages: 'precached' | 'on-read' }> {
  const code = bundle();
  const shell = precacheList(out, base, SHELL);
  // Decide from sizes first (cheap), so each page is read and hashed only when it is precached.
  const pageBytes = PAGES.flatMap((p) => globSync(p, { cwd: out })).reduce((n, f) => n + statSync(`${out}/${f}`).size, 0);
  const pages: 'precached' | 'on-read' = pageBytes + shell.bytes > budget ? 'on-read' : 'precached';
  const all = pages === 'precached' ? precacheList(out, base, PAGES) : { entries: [], bytes: 0 };
  const entries = [...all.entries, ...shell.entries].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  writeFileSync(`${out}/sw.js`, `const TAIYAKU_PRECACHE=${JSON.stringify(entries)};const TAIYAKU_PAGES_ON_READ=${pages === 'on-read'};\n${await code}`);
  return { files: entries.length, bytes: all.bytes + shell.bytes, pages };
}
