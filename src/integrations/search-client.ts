// The search client (src/search/): the header panel, loaded on every page only when the search box
// is first used, and the search page, which imports the panel. Bundled here with Rolldown rather
// than by Astro's Vite build because a page can only load a Vite chunk on demand through a dynamic
// import(), which Vite wraps in its module-preload helper: 0.9 KB more script on every page, which
// the plain rule page's budget (3 KB of JavaScript) cannot take. Here the layout's script adds a
// <script type="module"> for the panel's URL, known before the pages render. Two files: the panel
// (with the engine) and the search page's own part, content-hashed like Astro's assets.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

export interface SearchClient {
  /** File names under /_astro/. */
  panel: string;
  page: string;
  files: { fileName: string; code: string }[];
}

const entry = (name: string) => fileURLToPath(new URL(`../search/${name}.ts`, import.meta.url));

export async function bundleSearchClient(): Promise<SearchClient> {
  // The panel's file holds the engine too (no facade chunk in front of it: one request on a rule page).
  const build = await rolldown({ input: { panel: entry('panel'), page: entry('page') }, preserveEntrySignatures: false, logLevel: 'silent' });
  try {
    const { output } = await build.generate({
      format: 'es', minify: true, entryFileNames: 'search-[name].[hash].js', chunkFileNames: 'search-[name].[hash].js',
    });
    const files = output.flatMap((o) => (o.type === 'chunk' ? [{ fileName: o.fileName, code: o.code }] : []));
    const name = (n: string) => {
      const chunk = output.find((o) => o.type === 'chunk' && o.isEntry && o.name === n);
      if (!chunk) throw new Error(`Search client: Rolldown wrote no ${n} entry`);
      return chunk.fileName;
    };
    return { panel: name('panel'), page: name('page'), files };
  } finally {
    await build.close();
  }
}

/** Writes the bundle into the build's /_astro/ (before the service worker lists the files). */
export async function writeSearchClient(client: SearchClient, out: string): Promise<void> {
  await mkdir(join(out, '_astro'), { recursive: true });
  await Promise.all(client.files.map((f) => writeFile(join(out, '_astro', f.fileName), f.code)));
}
