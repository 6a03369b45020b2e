// What the build does to a Pagefind bundle after it is written, for the first search's bytes
// (docs/search.md, "Long pages listed before their text"), without adding a file:
// - each long page (a result fragment over `LONG_FRAGMENT_BYTES`: the dictionary pages, long guides
//   and long rules) is listed in the bundle's `pagefind-entry.json`, which every search loads anyway,
//   by its Pagefind page hash with what its result line needs (URL, title, game, document), so the
//   header panel can rank and show it before its fragment arrives and fill the excerpt afterwards;
// - `pagefind.js` is minified (Pagefind ships it with its names and layout kept: 13.2 → 11.4 KB gzip).
// Pagefind's own client ignores the entry's extra field and loads the minified file as before.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { rolldown } from 'rolldown';
import { readFragment } from './pagefind-fragments';

/** A fragment file larger than this (gzip bytes, as served) is listed as a long page. */
export const LONG_FRAGMENT_BYTES = 3072;
/** The version of the entry's `taiyaku` field (src/search/engine.ts reads version 1). */
export const LONG_PAGES_VERSION = 1;

/** A long page's result line: [URL as Pagefind writes it, title, game, document] ('' for none). */
export type LongPage = [string, string, string, string];
export interface EntryLongPages { v: typeof LONG_PAGES_VERSION; pages: Record<string, LongPage> }

/** The Pagefind versions whose `pagefind.js` and fragment format this file was checked against. */
const KNOWN_PAGEFIND = ['1.6.0'];

/**
 * The long pages of the bundle in `dir`: every fragment over `minBytes`, by its page hash (the file
 * name Pagefind's result ids name), with its URL, title, game and document as its fragment has them
 * ('' where it has none, as a page without filters does).
 */
export async function longPages(dir: string, minBytes = LONG_FRAGMENT_BYTES): Promise<Record<string, LongPage>> {
  const folder = join(dir, 'fragment');
  const pages: Record<string, LongPage> = {};
  for (const name of (await readdir(folder)).sort()) {
    if (!name.endsWith('.pf_fragment')) continue;
    const file = join(folder, name);
    if ((await stat(file)).size <= minBytes) continue;
    const f = readFragment(file, await readFile(file));
    const text = (v: unknown, field: string) => {
      if (v === undefined) return '';
      if (typeof v !== 'string') throw new Error(`${file}: Pagefind's fragment format is not the one src/integrations/pagefind-post.ts knows (field "${field}")`);
      return v;
    };
    pages[name.replace(/\.pf_fragment$/, '')] = [f.url, text(f.meta['title'], 'meta.title'), text(f.filters?.['game']?.[0], 'filters.game'), text(f.filters?.['doc']?.[0], 'filters.doc')];
  }
  return pages;
}

/** Writes the long pages into the bundle's pagefind-entry.json (its `languages` kept as they are). */
export async function listLongPages(dir: string, minBytes = LONG_FRAGMENT_BYTES): Promise<number> {
  const entryFile = join(dir, 'pagefind-entry.json');
  const entry = JSON.parse(await readFile(entryFile, 'utf8')) as Record<string, unknown>;
  if (typeof entry['languages'] !== 'object' || entry['languages'] === null) throw new Error(`${entryFile}: not Pagefind's entry (no "languages")`);
  if ('taiyaku' in entry) throw new Error(`${entryFile}: already lists its long pages (the bundle was post-processed twice)`);
  const pages = await longPages(dir, minBytes);
  const field: EntryLongPages = { v: LONG_PAGES_VERSION, pages };
  await writeFile(entryFile, JSON.stringify({ ...entry, taiyaku: field }));
  return Object.keys(pages).length;
}

/**
 * Minifies the bundle's `pagefind.js` in place, every export kept. A Pagefind other than the
 * versions known here stops the build (its file is not rewritten unchecked).
 */
export async function minifyClient(dir: string): Promise<{ before: number; after: number }> {
  const file = join(dir, 'pagefind.js');
  const code = await readFile(file, 'utf8');
  const version = /^const pagefind_version="([^"]+)"/.exec(code)?.[1];
  if (!version || !KNOWN_PAGEFIND.includes(version)) throw new Error(`${file}: Pagefind ${version ?? '(no version line)'} is not one src/integrations/pagefind-post.ts knows (${KNOWN_PAGEFIND.join(', ')})`);
  const build = await rolldown({ input: file, preserveEntrySignatures: 'strict', logLevel: 'silent' });
  let out: string;
  try {
    const { output } = await build.generate({ format: 'es', minify: true });
    const chunks = output.filter((o) => o.type === 'chunk');
    if (chunks.length !== 1) throw new Error(`${file}: minifying it gave ${chunks.length} files, not one`);
    out = chunks[0]!.code;
  } finally {
    await build.close();
  }
  // The engine creates its instances through this export (src/search/engine.ts).
  if (!/export\s*\{[^}]*\bcreateInstance\b/.test(out)) throw new Error(`${file}: minified, it no longer exports createInstance`);
  await writeFile(file, out);
  return { before: code.length, after: out.length };
}

/** Both steps, on one bundle (called from search-index.ts once the bundle's files are final). */
export async function postProcess(dir: string): Promise<void> {
  await listLongPages(dir);
  await minifyClient(dir);
}
