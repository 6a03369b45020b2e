// Builds the Pagefind bundles: /pagefind/ja/ indexes the /ja/ pages (Japanese segmentation) and
// /pagefind/en/ the /en/ pages (English stemming and typo tolerance). In a build, Pagefind reads each
// page as it is rendered (startSearchIndex: the middleware hands the pages over, Pagefind's process
// parses them on the core the renderer leaves idle), and only its write and our post-steps are left
// once the pages are done; buildSearchIndex reads a folder of written pages instead.
// Each bundle indexes only its own language's half of every pair (in rule rows and notes the other
// half is marked data-pagefind-ignore; in MDX bodies a selector leaves it out); the browser searches
// both side by side and merges the results (docs/search.md).
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { setPriority } from 'node:os';
import * as pagefind from 'pagefind';
import { rechunk } from './pagefind-chunks';
import { type Grouped, groupFragments, splitFragments } from './pagefind-fragments';
import { postProcess } from './pagefind-post';
import { metaFiles, type Recompressed, recompress, wasmFiles } from './pagefind-zopfli';
import { writeSpelling } from './search-spelling';

/** Pagefind's own search interfaces and highlighter, which the site does not load. */
const UNUSED = ['pagefind-ui.js', 'pagefind-ui.css', 'pagefind-component-ui.js', 'pagefind-component-ui.css',
  'pagefind-modular-ui.js', 'pagefind-modular-ui.css', 'pagefind-highlight.js',
  // The site searches in the page's own thread (src/search/engine.ts: noWorker) ...
  'pagefind-worker.js'];
/** ... and each bundle with its own language's WebAssembly module (the English one has the stemmer). */
const UNUSED_IN: Record<'ja' | 'en', string[]> = { ja: [], en: ['wasm.unknown.pagefind'] };

/** About how many word locations an index chunk holds (Pagefind's own: 20,000); docs/search.md. */
const CHUNK_LOCATIONS = 2500;
/**
 * A page's fragment is split into a head and blocks of its text when it has more words than this,
 * in blocks of about this many words (pagefind-fragments.ts; the sizes chosen by figures in docs/search.md).
 */
export const LONG_PAGE_WORDS = 400;
export const BLOCK_WORDS = 200;

/**
 * Whether long pages' fragments are split (TAIYAKU_SEARCH_BLOCKS: `on`, or `off`, the default). The
 * blocks are one file each: they double the files a saved offline game downloads (the shared part
 * 1,439 → 3,241 files on the bundled site) and grow a deployment against its host's file limit, so
 * they are opt-in; the search client reads an unsplit fragment as Pagefind wrote it (docs/search.md).
 */
export function searchBlocksFrom(env: Record<string, string | undefined>): boolean {
  const v = env.TAIYAKU_SEARCH_BLOCKS?.trim();
  if (v === undefined || v === '' || v === 'off') return false;
  if (v === 'on') return true;
  throw new Error(`taiyaku: TAIYAKU_SEARCH_BLOCKS="${v}" is neither on nor off`);
}

/**
 * The most fragment files a language's bundle may have (TAIYAKU_SEARCH_FRAGMENTS, a whole number
 * from 1 up; default SEARCH_FRAGMENTS): with more pages, their fragments share group files
 * (pagefind-fragments.ts, groupFragments; docs/search.md#fragment-groups). The default is above the
 * bundled site's 431 pages per language, whose first search it leaves as it is, and brings a full
 * deployment's 2,594 fragments to at most 1,000 files.
 */
export const SEARCH_FRAGMENTS = 500;

export function searchFragmentsFrom(env: Record<string, string | undefined>): number {
  const v = env.TAIYAKU_SEARCH_FRAGMENTS?.trim();
  if (v === undefined || v === '') return SEARCH_FRAGMENTS;
  if (!/^[1-9]\d*$/.test(v)) throw new Error(`taiyaku: TAIYAKU_SEARCH_FRAGMENTS="${v}" is not a number of files from 1 up (the most search fragment files per language, e.g. ${SEARCH_FRAGMENTS})`);
  return Number(v);
}

/** The build log's account of the fragment files: per language, how many, and the groups if any. */
export function fragmentLine(fragments: Record<string, Grouped>, cap: number): string {
  const each = Object.entries(fragments).map(([lang, g]) => (g.groups
    ? `${lang} ${g.files} (${g.grouped} pages in ${g.groups} groups of at most ${(g.bound / 1024).toFixed(1)} KB)`
    : `${lang} ${g.files}`));
  return `fragment files (at most ${cap} per language, TAIYAKU_SEARCH_FRAGMENTS): ${each.join(', ')}`;
}

type Lang = 'ja' | 'en';
const LANGS: readonly Lang[] = ['ja', 'en'];
type Index = NonNullable<Awaited<ReturnType<typeof pagefind.createIndex>>['index']>;
/** How long each step of a bundle took (ms), for the build log. */
export type Steps = Record<string, number>;

/** One language's empty index: what it leaves out of the pages. */
async function openIndex(lang: Lang): Promise<Index> {
  // Only this language's text: anything marked as the other language (the other half of each rule,
  // note and MDX <Pair>, the dictionary's other-language cells, the 訳注 label on English pages) is
  // left out, as rule text is through data-pagefind-ignore (src/render/rules.ts); the other bundle
  // indexes it with its own analysis. The entry's header too: the title is searchable as Pagefind's
  // title metadata, and as page text it would open every excerpt.
  const other = lang === 'ja' ? 'en' : 'ja';
  const { index, errors } = await pagefind.createIndex({ excludeSelectors: [`[lang="${other}"]`, '.entry-head'] });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  return index;
}

/** The pages a language's bundle indexes: every `index.html` under `out/{lang}/`, at any depth (the glob buildSearchIndex gives Pagefind), as paths relative to `out` ('/'-separated, sorted). */
export async function pageFiles(out: string, lang: Lang): Promise<string[]> {
  const names = await readdir(join(out, lang), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names.filter((n) => n === 'index.html' || n.endsWith(`${sep}index.html`)).map((n) => `${lang}/${n.split(sep).join('/')}`).sort();
}

/**
 * The file a rendered page is written to, relative to the output folder, if a bundle indexes it:
 * `pathname` (as the browser asks for it, `base` included) of a page under /ja/ or /en/, written by
 * Astro's directory format as `{path}/index.html`; undefined for anything else (the 404 page, short
 * links, files with an extension).
 */
export function pageFile(pathname: string, base: string): string | undefined {
  const b = base.endsWith('/') ? base : `${base}/`;
  if (!pathname.startsWith(b)) return undefined;
  let rest: string;
  try { rest = decodeURIComponent(pathname.slice(b.length)); } catch { return undefined; }
  if (!/^(ja|en)\//.test(rest) || !rest.endsWith('/') || rest.includes('\\') || rest.split('/').some((s) => s === '.' || s === '..')) return undefined;
  return `${rest}index.html`;
}

/**
 * Lowers the priority of this process's Pagefind service (Linux: found as a child process named
 * pagefind…), so that while the pages render it takes only the CPU the renderer leaves. Elsewhere,
 * or if it cannot be found, nothing changes.
 */
async function yieldToRenderer(): Promise<void> {
  try {
    const tasks = await readdir(`/proc/${process.pid}/task`);
    for (const t of tasks) {
      const children = (await readFile(`/proc/${process.pid}/task/${t}/children`, 'utf8')).trim().split(/\s+/).filter(Boolean);
      for (const pid of children) {
        const comm = (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim();
        if (comm.startsWith('pagefind')) setPriority(Number(pid), 10);
      }
    }
  } catch {
    // not Linux, or no permission: Pagefind keeps its priority
  }
}

/** Once a language's pages are all added: Pagefind writes the bundle, then our post-steps. */
async function writeBundle(out: string, lang: Lang, index: Index, cap: number, steps: Steps, cacheDir: string | undefined, zopfli: Record<Lang, Recompressed>): Promise<Grouped> {
  let t = performance.now();
  const lap = (step: string) => { const now = performance.now(); steps[step] = (steps[step] ?? 0) + now - t; t = now; };
  // Pagefind's process panics (and its API never answers) when it cannot create the folder:
  // create it here, so that failure is an error naming the path.
  const outputPath = join(out, 'pagefind', lang);
  await mkdir(outputPath, { recursive: true }).catch((error: Error) => {
    throw new Error(`Pagefind could not write its bundle: ${error.message}`);
  });
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(`Pagefind could not write its bundle:\n${written.errors.join('\n')}`);
  await index.deleteIndex();
  lap('write');
  // The WebAssembly module is final once Pagefind has written it: its Zopfli recompression (cached
  // by its bytes' hash; on a miss, a worker thread) runs while the steps below do (pagefind-zopfli.ts).
  // Only with a cache folder (a build always has one; tests and tools without one keep Pagefind's files).
  const none: Recompressed = { files: {}, warnings: [] };
  const wasm = cacheDir ? wasmFiles(outputPath).then((names) => recompress(outputPath, names.filter((n) => !UNUSED_IN[lang].includes(n)), cacheDir)) : Promise.resolve(none);
  wasm.catch(() => undefined); // awaited below
  // Smaller index chunks than Pagefind's: a query loads one chunk per term; and the pages numbered
  // in URL order, whatever order they were added in (pagefind-chunks.ts).
  await rechunk(outputPath, lang, CHUNK_LOCATIONS);
  lap('re-cut');
  // The English pages' words, for correcting a typo (read before the long fragments lose their text).
  if (lang === 'en') { await writeSpelling(outputPath, out); lap('spelling'); }
  // A long page's result loads its head and the block its excerpt is in, not its whole text.
  if (searchBlocksFrom(process.env)) { await splitFragments(outputPath, lang, LONG_PAGE_WORDS, BLOCK_WORDS); lap('blocks'); }
  // Long pages listed in the entry (the panel shows them before their text), pagefind.js minified
  // (pagefind-post.ts). Before the groups: it reads each page's own fragment file.
  await postProcess(outputPath);
  lap('post');
  // More pages than the cap: their fragments (the heads, if split) share group files.
  const fragments = await groupFragments(outputPath, lang, cap);
  // Pagefind always writes its prebuilt interfaces too; the search page has its own (it merges two
  // bundles), so they would only be dead weight in every deploy.
  await Promise.all([...UNUSED, ...UNUSED_IN[lang]].map((name) => rm(join(outputPath, name), { force: true })));
  lap('groups');
  // The metadata is final now (the re-cut wrote it): recompressed the same way, then the module awaited.
  const meta = cacheDir ? await recompress(outputPath, await metaFiles(outputPath), cacheDir) : none;
  const module = await wasm;
  zopfli[lang] = { files: { ...module.files, ...meta.files }, warnings: [...module.warnings, ...meta.warnings] };
  lap('zopfli');
  return fragments;
}

/** What the build log says of the search index. */
export interface SearchIndexResult {
  pages: Record<Lang, number>;
  fragments: Record<Lang, Grouped>;
  cap: number;
  /** From the end of the pages to the bundles' last file (ms). */
  ms: number;
  /** Per language, each step's ms (add: the pages added after the render; write: Pagefind's). */
  steps: Record<Lang, Steps>;
  /** Pages Pagefind read while they rendered, and pages it read from the written files afterwards. */
  streamed: Record<Lang, number>;
  fromDisk: Record<Lang, number>;
  /** Per language, the files recompressed with Zopfli and any warning (pagefind-zopfli.ts). */
  zopfli: Record<Lang, Recompressed>;
}

/**
 * Runs `work` with Pagefind's service, and closes the service whatever happens, so a failed build
 * leaves nothing running. If Pagefind's process dies mid-request its API never answers, and once
 * nothing else is pending Node would exit mid-build: that fails with a message instead.
 */
async function guarded<T>(work: Promise<T>): Promise<T> {
  let stalled = () => {};
  const died = new Promise<never>((_, reject) => {
    stalled = () => reject(new Error('Pagefind stopped without finishing the search index (see its message above).'));
    process.once('beforeExit', stalled);
  });
  try {
    return await Promise.race([died, work]);
  } finally {
    process.off('beforeExit', stalled);
    await pagefind.close();
  }
}

/** Both languages' results, once both have finished (the first failure thrown, after both settle). */
async function both<T>(run: (lang: Lang) => Promise<T>): Promise<Record<Lang, T>> {
  const results = await Promise.allSettled(LANGS.map(run));
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const [ja, en] = results.map((r) => (r as PromiseFulfilledResult<T>).value);
  return { ja: ja!, en: en! };
}

const none = (): Record<Lang, number> => ({ ja: 0, en: 0 });
const noZopfli = (): Record<Lang, Recompressed> => ({ ja: { files: {}, warnings: [] }, en: { files: {}, warnings: [] } });

/**
 * The search index of a folder of written pages, read from the files (tests, tools). `cacheDir`: the
 * build's cache folder, for the Zopfli results (none: Pagefind's files are kept as they are).
 */
export async function buildSearchIndex(out: string, cacheDir?: string): Promise<SearchIndexResult> {
  const started = performance.now();
  // Read before Pagefind starts: a bad value stops the build before any bundle is written.
  const cap = searchFragmentsFrom(process.env);
  searchBlocksFrom(process.env);
  const steps: Record<Lang, Steps> = { ja: {}, en: {} };
  const pages = none();
  const zopfli = noZopfli();
  // The two bundles are independent: Pagefind's service builds them side by side. Both are let
  // finish, and its process is closed whatever happens.
  const fragments = await guarded(both(async (lang) => {
    const t = performance.now();
    const index = await openIndex(lang);
    const added = await index.addDirectory({ path: out, glob: `${lang}/**/index.html` });
    if (added.errors.length) throw new Error(`Pagefind indexing failed:\n${added.errors.join('\n')}`);
    pages[lang] = added.page_count;
    steps[lang].add = performance.now() - t;
    return writeBundle(out, lang, index, cap, steps[lang], cacheDir, zopfli);
  }));
  return { pages, fragments, cap, ms: Math.round(performance.now() - started), steps, streamed: none(), fromDisk: { ...pages }, zopfli };
}

/** A search index being fed the pages as they render (startSearchIndex). */
export interface SearchIndexRun {
  /** A rendered page (its path, `base` included, and its bytes): added if a bundle indexes it. */
  page(pathname: string, html: Uint8Array): void;
  /**
   * Once every page is written: the pages Pagefind was not handed (if any) are read from their
   * files, then both bundles are written and post-processed. Closes Pagefind.
   */
  finish(log: (line: string) => void): Promise<SearchIndexResult>;
  /**
   * Settles once both bundles' pages are final (after `finish` has listed the written pages and
   * read any it was not handed): from then on files written under the output folder, such as the
   * redirect pages, are not indexed, so they need not wait for Pagefind's write. Settles too when
   * `finish` fails before that (its error is `finish`'s to report).
   */
  readonly indexed: Promise<void>;
  /** The build stopped: Pagefind is closed, nothing is left running. */
  abort(): Promise<void>;
}

/**
 * Starts both languages' indexes before the pages render (astro:build:start), to be handed each
 * page as it renders (src/middleware.ts through src/content/rendered-pages.ts). The pages reach
 * Pagefind in whatever order they finish; the bundles do not depend on it (rechunk numbers the
 * pages in URL order). `out` is the output folder, `base` the site's base path, `cacheDir` the build's
 * cache folder (for the Zopfli results; none: Pagefind's files are kept as they are).
 */
export function startSearchIndex(out: string, base: string, cacheDir?: string): SearchIndexRun {
  // Read before Pagefind starts: a bad value stops the build before any page renders.
  const cap = searchFragmentsFrom(process.env);
  searchBlocksFrom(process.env);
  const opening = both(openIndex);
  opening.catch(() => undefined); // reported by finish
  // Pagefind parses on the core the renderer leaves; when both are busy, the renderer goes first.
  void opening.then(() => yieldToRenderer(), () => undefined);
  const taken: Record<Lang, Set<string>> = { ja: new Set(), en: new Set() };
  /** Each added page's error, if Pagefind gave one. */
  const adds: Promise<string | undefined>[] = [];
  const text = new TextDecoder();
  // Leaving the process (a page that failed to render ends the build) closes Pagefind too.
  const onExit = () => { void pagefind.close(); };
  process.once('exit', onExit);
  const add = (index: Index, rel: string, content: string) => index.addHTMLFile({ sourcePath: rel, content })
    .then((r) => (r.errors.length ? `${rel}: ${r.errors.join('; ')}` : undefined), (error: unknown) => `${rel}: ${error instanceof Error ? error.message : String(error)}`);
  const stop = async () => {
    process.off('exit', onExit);
    await pagefind.close();
  };
  const deferred = () => { let resolve = () => {}; const promise = new Promise<void>((r) => { resolve = r; }); return { promise, resolve }; };
  const final: Record<Lang, { promise: Promise<void>; resolve: () => void }> = { ja: deferred(), en: deferred() };
  const indexed = Promise.all(LANGS.map((lang) => final[lang].promise)).then(() => undefined);
  return {
    indexed,
    page(pathname, html) {
      const rel = pageFile(pathname, base);
      if (!rel) return;
      const lang = rel.slice(0, 2) as Lang;
      taken[lang].add(rel);
      const content = text.decode(html);
      adds.push(opening.then((ix) => add(ix[lang], rel, content), (error: Error) => `${rel}: ${error.message}`));
    },
    async finish(log) {
      const started = performance.now();
      const steps: Record<Lang, Steps> = { ja: {}, en: {} };
      const pages = none();
      const streamed = none();
      const fromDisk = none();
      const zopfli = noZopfli();
      try {
        const fragments = await guarded((async () => {
          const indexes = await opening;
          const failed = (await Promise.all(adds)).filter((e) => e !== undefined);
          if (failed.length) throw new Error(`Pagefind could not index ${failed.length} page(s):\n${failed.slice(0, 10).join('\n')}`);
          return both(async (lang) => {
            const t = performance.now();
            let index = indexes[lang];
            const files = await pageFiles(out, lang);
            const written = new Set(files);
            const notWritten = [...taken[lang]].filter((rel) => !written.has(rel));
            if (notWritten.length) {
              // Pagefind cannot take a page back: read this language again from the written files.
              log(`search index (${lang}): ${notWritten.length} page(s) rendered but not written as such (${notWritten.slice(0, 3).join(', ')}…), so the bundle is read from the written files`);
              await index.deleteIndex();
              index = await openIndex(lang);
              const added = await index.addDirectory({ path: out, glob: `${lang}/**/index.html` });
              if (added.errors.length) throw new Error(`Pagefind indexing failed:\n${added.errors.join('\n')}`);
              fromDisk[lang] = added.page_count;
            } else {
              // Written by something other than the pages' render (none today): read from its file.
              const missing = files.filter((rel) => !taken[lang].has(rel));
              const errors = (await Promise.all(missing.map(async (rel) => add(index, rel, await readFile(join(out, rel), 'utf8'))))).filter((e) => e !== undefined);
              if (errors.length) throw new Error(`Pagefind could not index ${errors.length} page(s):\n${errors.slice(0, 10).join('\n')}`);
              streamed[lang] = taken[lang].size;
              fromDisk[lang] = missing.length;
            }
            pages[lang] = files.length;
            steps[lang].add = performance.now() - t;
            // This language's pages are final: files written from now on are not its pages.
            final[lang].resolve();
            return writeBundle(out, lang, index, cap, steps[lang], cacheDir, zopfli);
          });
        })());
        return { pages, fragments, cap, ms: Math.round(performance.now() - started), steps, streamed, fromDisk, zopfli };
      } finally {
        process.off('exit', onExit);
        for (const lang of LANGS) final[lang].resolve();
      }
    },
    abort: stop,
  };
}

/** The build log's line for the steps: per language, each step's seconds. */
export function stepsLine(steps: Record<string, Steps>): string {
  return Object.entries(steps).map(([lang, s]) => `${lang} ${Object.entries(s).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(2)}`).join(', ')}`).join('; ');
}
