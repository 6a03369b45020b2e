// Offline reading and search after the first visit: a Workbox-generated service worker that
// precaches the site (pages in both languages, styles, scripts, JSON, both search bundles).
// Precaching is versioned by content hash and a new worker only takes over once every tab of the
// old one is closed, so a reader never gets a mix of old and new files (docs/offline.md).
import { globSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { generateSW, type GenerateSWOptions } from 'workbox-build';

/** Above this, pages are cached as they are read instead of all up front (a full rulebook import). */
const PRECACHE_BUDGET = 25 * 1024 * 1024;
const PAGES = ['{ja,en}/**/index.html', 'index.html', '404.html'];
const SHELL = [
  'favicon.svg', '_astro/**/*.{css,js}', 'api/**/*.json',
  // Pagefind's search core and index; its optional UI bundles are not used by the site.
  'pagefind/*/{pagefind.js,pagefind-worker.js,pagefind-entry.json,*.pf_meta,wasm.*.pagefind}',
  'pagefind/*/{index,fragment,filter}/*',
];

export async function buildServiceWorker(out: string, base: string): Promise<{ files: number; bytes: number; pages: 'precached' | 'on-read' }> {
  const options = (globPatterns: string[], extra: Partial<GenerateSWOptions> = {}): GenerateSWOptions => ({
    globDirectory: out,
    globPatterns,
    swDest: `${out}/sw.js`,
    modifyURLPrefix: { '': base },
    directoryIndex: 'index.html',
    // ?q= and friends are search state, and Pagefind adds ?ts= to bust caches: all served from the precache.
    ignoreURLParametersMatching: [/^q$/, /^game$/, /^doc$/, /^ts$/],
    cleanupOutdatedCaches: true,
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    mode: 'production',
    ...extra,
  });
  // Decide from file sizes first (cheap), so Workbox hashes the files only once.
  const bytes = [...PAGES, ...SHELL].flatMap((p) => globSync(p, { cwd: out })).reduce((n, f) => n + statSync(join(out, f)).size, 0);
  const pages: 'precached' | 'on-read' = bytes > PRECACHE_BUDGET ? 'on-read' : 'precached';
  const result = await generateSW(pages === 'precached' ? options([...PAGES, ...SHELL]) : options(SHELL, {
    runtimeCaching: [{ urlPattern: ({ request }) => request.mode === 'navigate', handler: 'NetworkFirst', options: { cacheName: 'taiyaku-pages' } }],
  }));
  if (result.warnings.length) throw new Error(`Service worker: ${result.warnings.join('\n')}`);
  return { files: result.count, bytes: result.size, pages };
}
