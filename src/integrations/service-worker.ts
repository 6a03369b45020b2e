// The service worker (src/sw/sw.ts) and the lists it saves from (docs/offline.md). A first visit
// downloads the page and the worker only: pages, scripts and search files are cached as the reader
// opens them, and a whole game is saved for offline only when the reader asks, on /{lang}/offline/.
// The build writes:
//   sw.js                   the worker, bundled with Rolldown, with this build's version id in front
//   offline/index.json      the version and, per part (the shared shell + search, and each game),
//                           how many files and bytes saving it takes
//   offline/{part}.json     the part's files, each with its MD5 revision
// The version id is a hash over every listed file, so any change to the site makes a new worker,
// which takes over only when the reader agrees (or every tab of the old one is closed): a reader never
// gets a mix of two versions.
import { createHash } from 'node:crypto';
import { closeSync, globSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

/** Workbox's old limit, kept: a larger file is an error, not a silent gap in the offline copy. */
const MAX_FILE = 5 * 1024 * 1024;
/** What every saved game needs: the home and search pages, styles, scripts, icon, both search bundles. */
const SHARED = [
  'index.html', '404.html', '{ja,en}/index.html', '{ja,en}/search/index.html', '{ja,en}/offline/index.html', '{ja,en}/api/index.html',
  'favicon.svg', '_astro/**/*.{css,js}',
  // Pagefind's search core and index (the build writes no UI bundles and no worker), and the names
  // and dictionary wordings the search reads with them (src/pages/search/[lang].json.ts and [lang]/words/).
  'pagefind/*/{pagefind.js,pagefind-entry.json,*.pf_meta,wasm.*.pagefind}',
  'pagefind/*/{index,fragment,filter}/*',
  'search/**/*.json',
];
/** One game: its pages in both languages, its JSON (which reference previews read) and its short links. */
const GAME_PAGES = (game: string) => [`{ja,en}/${game}/**/index.html`, `api/${game}/**/*.json`];
const GAME_LINKS = (game: string) => `r/${game}/**/index.html`;
const GAME = (game: string) => [...GAME_PAGES(game), GAME_LINKS(game)];
/** GAME_LINKS's glob, over a list of paths the build knows it wrote (no walk of the folder). */
const isGameLink = (game: string, rel: string) => rel.startsWith(`r/${game}/`) && rel.endsWith('/index.html');
/**
 * Not saved with a game: the history and changes pages and their JSON (docs/architecture.md#editions),
 * which would more than double a saved Magic with a few imported editions, and the pinned short links
 * (`/r/{game}/{id}@{edition}/`, one per id and more per earlier edition: a fifth more files for a saved
 * Marvel Champions, for links that are opened from chat, not browsed); they are cached when read.
 */
const NOT_SAVED = /\/history\/index\.html$|\/changes\/[^/]+\/index\.html$|\/history\.json$|\/editions\.json$|\/r\/[^/]+\/[^/]*@[^/]*\/index\.html$/;

export interface SavedFile { url: string; revision: string; bytes: number }
export interface Part { id: string; files: SavedFile[]; bytes: number }

/** What the build wrote and already knows (relative path → MD5 and bytes): listed without reading it again. */
export type Known = ReadonlyMap<string, { revision: string; bytes: number }>;

const saved = (base: string, file: string, revision: string, bytes: number): SavedFile => {
  if (bytes > MAX_FILE) throw new Error(`Service worker: ${file} is ${(bytes / 1024 / 1024).toFixed(1)} MB, over the ${MAX_FILE / 1024 / 1024} MB a file saved for offline may be`);
  return { url: `${base}${file}`, revision, bytes };
};

/**
 * The files matching `patterns` under `out`, and `extra` files (relative paths), each with its URL
 * under `base`, MD5 revision and size; a file of `known` is not read again.
 */
export function fileList(out: string, base: string, patterns: string[], skip?: RegExp, extra: readonly string[] = [], known?: Known): SavedFile[] {
  const globbed = patterns.flatMap((p) => globSync(p, { cwd: out })).map((f) => f.split('\\').join('/'));
  const files = [...new Set([...globbed, ...extra])].filter((f) => !skip?.test(`${base}${f}`)).sort();
  return files.map((file) => {
    const k = known?.get(file);
    if (k) return saved(base, file, k.revision, k.bytes);
    const { revision, bytes } = digest(`${out}/${file}`);
    return saved(base, file, revision, bytes);
  });
}

/**
 * A file's MD5 and size, read through one buffer: the lists read every page of the site (150 MB on
 * a full deployment), and a new buffer per file cost more than the reading and hashing together.
 */
let chunk: Buffer | undefined;
function digest(path: string): { revision: string; bytes: number } {
  chunk ??= Buffer.allocUnsafe(1 << 20);
  const hash = createHash('md5');
  const fd = openSync(path, 'r');
  let bytes = 0;
  try {
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0; bytes += n) hash.update(chunk.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return { revision: hash.digest('hex'), bytes };
}

/** Every file the build wrote under `/r/` (relative paths), and the revisions it computed for those it rendered. */
export interface WrittenLinks { files: readonly string[]; known: Known }

/**
 * The shared part and one part per game, and the version id they make together. With `links`
 * (every file the build wrote under `/r/`), the games' short links are taken from that list rather
 * than by globbing thousands of folders and reading their files: the lists come out the same.
 */
export function offlineParts(out: string, base: string, games: string[], links?: WrittenLinks): { version: string; parts: Part[] } {
  const part = (id: string, patterns: string[], extra?: string[]): Part => {
    // What is not saved is left out before it is read (the pinned links: thousands of files).
    const files = fileList(out, base, patterns, id === 'shared' ? undefined : NOT_SAVED, extra, links?.known);
    return { id, files, bytes: files.reduce((n, f) => n + f.bytes, 0) };
  };
  const parts = [part('shared', SHARED), ...games.map((g) => (links ? part(g, GAME_PAGES(g), links.files.filter((rel) => isGameLink(g, rel))) : part(g, GAME(g))))];
  const hash = createHash('sha256');
  for (const p of parts) for (const f of p.files) hash.update(`${f.url} ${f.revision}\n`);
  return { version: hash.digest('hex').slice(0, 16), parts };
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

export async function buildServiceWorker(out: string, base: string, games: string[], links?: WrittenLinks): Promise<{ version: string; parts: { id: string; files: number; bytes: number }[] }> {
  const code = bundle();
  const { version, parts } = offlineParts(out, base, games, links);
  mkdirSync(`${out}/offline`, { recursive: true });
  const summary = { version, parts: parts.map((p) => ({ id: p.id, files: p.files.length, bytes: p.bytes })) };
  writeFileSync(`${out}/offline/index.json`, JSON.stringify(summary));
  for (const p of parts) writeFileSync(`${out}/offline/${p.id}.json`, JSON.stringify({ version, id: p.id, files: p.files.map(({ url, revision }) => ({ url, revision })) }));
  writeFileSync(`${out}/sw.js`, `const TAIYAKU_VERSION=${JSON.stringify(version)};const TAIYAKU_BASE=${JSON.stringify(base)};\n${await code}`);
  return summary;
}
