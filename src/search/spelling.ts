// A typo in an English word (bodygaurd, chalenge): Pagefind's English index stems words and finds
// words a term begins, but a letter swapped, missing or doubled inside a word finds nothing. When a
// query of one English word finds nothing, the engine looks it up in the English pages' own words
// (/search/en/spelling/{letter}.json, written by src/integrations/search-spelling.ts: every word of
// four letters or more, with how many pages have it, split by first letter) and searches the word
// one edit away that most pages have (docs/search.md, "Query handling"). Pure.

/** A row of a spelling file: [word, how many pages have it]. */
export type SpellingRow = [string, number];

/** The queries a correction is tried for: one word of Latin letters, five or more. */
export const correctable = (q: string): boolean => /^[a-z]{5,}$/i.test(q.trim());

/**
 * Optimal string alignment distance (Damerau–Levenshtein without re-editing a substring): one edit
 * is a letter added, dropped, changed, or two neighbours swapped. Stops early above `max`.
 */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let low = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      low = Math.min(low, d);
    }
    if (low > max) return max + 1;
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The word a query most likely meant: a word of the pages one edit from it — or whose start, as
 * long as the query, is (a word still being typed: bodygau for bodyguard) — the one most pages have
 * (then the shorter, then the first alphabetically). Undefined when the query is a word of the pages
 * or nothing is one edit away.
 */
export function correction(query: string, rows: readonly SpellingRow[]): string | undefined {
  const q = query.trim().toLowerCase();
  if (!correctable(q)) return undefined;
  let best: SpellingRow | undefined;
  for (const row of rows) {
    const [w, pages] = row;
    if (w === q) return undefined;
    const near = editDistance(q, w, 1) <= 1 || (w.length > q.length && editDistance(q, w.slice(0, q.length), 1) <= 1);
    if (!near) continue;
    if (!best || pages > best[1] || (pages === best[1] && (w.length < best[0].length || (w.length === best[0].length && w < best[0])))) best = row;
  }
  return best?.[0];
}
