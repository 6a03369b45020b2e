// The search client (src/search/): the header panel, loaded on every page only when the search box
// is first used, and the search page, which imports the panel. Bundled here with Rolldown rather
// than by Astro's Vite build because a page can only load a Vite chunk on demand through a dynamic
// import(), which Vite wraps in its module-preload helper: 0.9 KB more script on every page, which
// the plain rule page's budget (3 KB of JavaScript) cannot take. Here the layout's script adds a
// <script type="module"> for the panel's URL, known before the pages render. Three files: the panel
// (with the engine), the search page's own part, and the line a pinned link leaves on the rule page it
// lands on (src/scripts/pinned-line.ts, loaded by the rule page's script the same way, only then),
// content-hashed like Astro's assets.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

export interface SearchClient {
  /** File names under /_astro/. */
  panel: string;
  page: string;
  /** The pinned-link line (src/scripts/pinned-line.ts). */
  pinnedLine: string;
  files: { fileName: string; code: string }[];
}

const entry = (name: string) => fileURLToPath(new URL(`../search/${name}.ts`, import.meta.url));
const script = (name: string) => fileURLToPath(new URL(`../scripts/${name}.ts`, import.meta.url));

type Output = { fileName: string; code: string; name: string; isEntry: boolean };

/** One Rolldown build of `input` (entry name → source file): its files, by entry name. */
async function bundle(input: Record<string, string>): Promise<Output[]> {
  const build = await rolldown({ input, preserveEntrySignatures: false, logLevel: 'silent' });
  try {
    const { output } = await build.generate({ format: 'es', minify: true, entryFileNames: '[name].[hash].js', chunkFileNames: '[name].[hash].js' });
    return output.flatMap((o) => (o.type === 'chunk' ? [{ fileName: o.fileName, code: o.code, name: o.name, isEntry: o.isEntry }] : []));
  } finally {
    await build.close();
  }
}

export async function bundleSearchClient(): Promise<SearchClient> {
  // The panel's file holds the engine too (no facade chunk in front of it: one request on a rule page).
  // The pinned line is a build of its own, so that the little it shares with the panel (the {param}
  // filler) is not split into a third file the panel would have to fetch.
  const [search, pinned] = await Promise.all([
    bundle({ 'search-panel': entry('panel'), 'search-page': entry('page') }),
    bundle({ 'pinned-line': script('pinned-line') }),
  ]);
  const output = [...search, ...pinned];
  const name = (n: string) => {
    const chunk = output.find((o) => o.isEntry && o.name === n);
    if (!chunk) throw new Error(`Search client: Rolldown wrote no ${n} entry`);
    return chunk.fileName;
  };
  const files = output.map((o) => ({ fileName: o.fileName, code: o.code }));
  return { panel: name('search-panel'), page: name('search-page'), pinnedLine: name('pinned-line'), files };
}

/** Writes the bundle into the build's /_astro/ (before the service worker lists the files). */
export async function writeSearchClient(client: SearchClient, out: string): Promise<void> {
  await mkdir(join(out, '_astro'), { recursive: true });
  await Promise.all(client.files.map((f) => writeFile(join(out, '_astro', f.fileName), f.code)));
}
