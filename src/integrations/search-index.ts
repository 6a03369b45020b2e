// Builds the Pagefind bundles after the pages are written: /pagefind/ja/ indexes the /ja/ pages
// (Japanese segmentation) and /pagefind/en/ the /en/ pages (English stemming and typo tolerance).
// Each bundle indexes only its own language's half of every pair (the other half is marked
// data-pagefind-ignore); the browser searches both side by side and merges the results
// (docs/search.md).
import { join } from 'node:path';
import * as pagefind from 'pagefind';

export async function buildSearchIndex(out: string): Promise<{ pages: Record<string, number>; ms: number }> {
  const started = performance.now();
  const pages: Record<string, number> = {};
  // The two bundles are independent: Pagefind's service builds them side by side.
  await Promise.all((['ja', 'en'] as const).map(async (lang) => {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: out, glob: `${lang}/**/index.html` });
    if (added.errors.length) throw new Error(`Pagefind indexing failed:\n${added.errors.join('\n')}`);
    const written = await index.writeFiles({ outputPath: join(out, 'pagefind', lang) });
    if (written.errors.length) throw new Error(`Pagefind could not write its bundle:\n${written.errors.join('\n')}`);
    pages[lang] = added.page_count;
    await index.deleteIndex();
  }));
  await pagefind.close();
  return { pages, ms: Math.round(performance.now() - started) };
}
