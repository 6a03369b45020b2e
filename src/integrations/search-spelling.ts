// The English pages' words for the search's typo correction (src/search/spelling.ts): every word of
// four letters or more in the English bundle's page texts (Pagefind's fragments, read before the
// long ones are split), lowercased, with how many pages have it, written as
// /search/en/spelling/{first letter}.json (rows [word, pages], most pages first). The English index
// itself holds stems (challeng), which a typo cannot be compared with; these are the words as written.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readFragment } from './pagefind-fragments';

/** Word → how many of the texts have it (words of `min` letters or more, a–z, lowercased). */
export function vocabulary(texts: Iterable<string>, min = 4): Map<string, number> {
  const pages = new Map<string, number>();
  for (const text of texts) {
    for (const w of new Set(text.toLowerCase().match(/[a-z]+/g) ?? [])) if (w.length >= min) pages.set(w, (pages.get(w) ?? 0) + 1);
  }
  return pages;
}

/** The rows of each first letter's file, most pages first, then alphabetically. */
export function spellingFiles(words: Map<string, number>): Map<string, [string, number][]> {
  const files = new Map<string, [string, number][]>();
  for (const [w, n] of words) {
    const rows = files.get(w[0]!) ?? [];
    rows.push([w, n]);
    files.set(w[0]!, rows);
  }
  for (const rows of files.values()) rows.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return files;
}

/** Reads the English bundle's fragments in `bundle` and writes the spelling files under `out`. Returns how many words. */
export async function writeSpelling(bundle: string, out: string): Promise<number> {
  const folder = join(bundle, 'fragment');
  const texts: string[] = [];
  for (const f of (await readdir(folder)).filter((n) => n.endsWith('.pf_fragment'))) texts.push(readFragment(join(folder, f), await readFile(join(folder, f))).content);
  const words = vocabulary(texts);
  const dir = join(out, 'search', 'en', 'spelling');
  await mkdir(dir, { recursive: true });
  for (const [letter, rows] of spellingFiles(words)) await writeFile(join(dir, `${letter}.json`), JSON.stringify(rows));
  return words.size;
}
