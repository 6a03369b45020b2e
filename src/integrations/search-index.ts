// Builds the Pagefind bundles after the pages are written: /pagefind/ja/ indexes the /ja/ pages
// (Japanese segmentation) and /pagefind/en/ the /en/ pages (English stemming and typo tolerance).
// Each bundle indexes only its own language's half of every pair (in rule rows and notes the other
// half is marked data-pagefind-ignore; in MDX bodies a selector leaves it out); the browser searches
// both side by side and merges the results (docs/search.md).
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { rechunk } from './pagefind-chunks';
import { type Grouped, groupFragments, splitFragments } from './pagefind-fragments';
import { postProcess } from './pagefind-post';
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

/** One language's bundle: /{lang}/ pages in, /pagefind/{lang}/ out. */
async function buildBundle(out: string, lang: 'ja' | 'en', cap: number): Promise<{ pages: number; fragments: Grouped }> {
  // Only this language's text: anything marked as the other language (the other half of each rule,
  // note and MDX <Pair>, the dictionary's other-language cells, the 訳注 label on English pages) is
  // left out, as rule text is through data-pagefind-ignore (src/render/rules.ts); the other bundle
  // indexes it with its own analysis. The entry's header too: the title is searchable as Pagefind's
  // title metadata, and as page text it would open every excerpt.
  const other = lang === 'ja' ? 'en' : 'ja';
  const { index, errors } = await pagefind.createIndex({ excludeSelectors: [`[lang="${other}"]`, '.entry-head'] });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: out, glob: `${lang}/**/index.html` });
  if (added.errors.length) throw new Error(`Pagefind indexing failed:\n${added.errors.join('\n')}`);
  // Pagefind's process panics (and its API never answers) when it cannot create the folder:
  // create it here, so that failure is an error naming the path.
  const outputPath = join(out, 'pagefind', lang);
  await mkdir(outputPath, { recursive: true }).catch((error: Error) => {
    throw new Error(`Pagefind could not write its bundle: ${error.message}`);
  });
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(`Pagefind could not write its bundle:\n${written.errors.join('\n')}`);
  await index.deleteIndex();
  // Smaller index chunks than Pagefind's: a query loads one chunk per term (pagefind-chunks.ts).
  await rechunk(outputPath, lang, CHUNK_LOCATIONS);
  // The English pages' words, for correcting a typo (read before the long fragments lose their text).
  if (lang === 'en') await writeSpelling(outputPath, out);
  // A long page's result loads its head and the block its excerpt is in, not its whole text.
  if (searchBlocksFrom(process.env)) await splitFragments(outputPath, lang, LONG_PAGE_WORDS, BLOCK_WORDS);
  // Long pages listed in the entry (the panel shows them before their text), pagefind.js minified
  // (pagefind-post.ts). Before the groups: it reads each page's own fragment file.
  await postProcess(outputPath);
  // More pages than the cap: their fragments (the heads, if split) share group files.
  const fragments = await groupFragments(outputPath, lang, cap);
  // Pagefind always writes its prebuilt interfaces too; the search page has its own (it merges two
  // bundles), so they would only be dead weight in every deploy.
  await Promise.all([...UNUSED, ...UNUSED_IN[lang]].map((name) => rm(join(outputPath, name), { force: true })));
  return { pages: added.page_count, fragments };
}

export async function buildSearchIndex(out: string): Promise<{ pages: Record<string, number>; fragments: Record<string, Grouped>; cap: number; ms: number }> {
  const started = performance.now();
  // Read before Pagefind starts: a bad value stops the build before any bundle is written.
  const cap = searchFragmentsFrom(process.env);
  searchBlocksFrom(process.env);
  // If Pagefind's process dies mid-request its API never answers, and once nothing else is pending
  // Node would exit mid-build: fail with a message instead.
  let stalled = () => {};
  const died = new Promise<never>((_, reject) => {
    stalled = () => reject(new Error('Pagefind stopped without finishing the search index (see its message above).'));
    process.once('beforeExit', stalled);
  });
  // The two bundles are independent: Pagefind's service builds them side by side. Both are let
  // finish, and its process is closed whatever happens, so a failed build leaves nothing running.
  let results: PromiseSettledResult<{ pages: number; fragments: Grouped }>[];
  try {
    results = await Promise.race([died, Promise.allSettled([buildBundle(out, 'ja', cap), buildBundle(out, 'en', cap)])]);
  } finally {
    process.off('beforeExit', stalled);
    await pagefind.close();
  }
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  const [ja, en] = results.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
  return { pages: { ja: ja!.pages, en: en!.pages }, fragments: { ja: ja!.fragments, en: en!.fragments }, cap, ms: Math.round(performance.now() - started) };
}
