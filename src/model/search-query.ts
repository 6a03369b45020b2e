// Splits a search query into the terms the Japanese index can match, whatever word segmentation the
// browser would apply (docs/search.md#query-segmentation). Pure: the browser passes `matches`, which
// asks the index whether any indexed word starts with a term.
//
// Pagefind's Japanese index is segmented at build time (its own dictionary: 状況|起因|処理,
// 第|2|種|常在|能力, プレインズウォーカー whole); a query term matches the words it is a prefix of,
// and a page must match every query term that matches anything. Pagefind's own query splitting uses
// the browser's Intl.Segmenter, whose dictionary differs by browser and version (Chromium splits
// プレインズウォーカー into プレイン|ズ|ウ|ォ|ー|カー and 加速トークン into 加速|トーク|ン, and the
// stray pieces then must match on the page too). So the Japanese runs of a query are split here
// against the index itself, longest indexed prefix first, and the index is searched without
// Pagefind's segmentation.

/** Does some indexed word start with `term`? */
export type Matches = (term: string) => Promise<boolean>;

type Kind = 'han' | 'kata' | 'hira' | 'other' | 'sep';

const HAN = /[\p{Script=Han}々〆ヶ]/u;
const KATA = /[\p{Script=Katakana}ー]/u;
const HIRA = /\p{Script=Hiragana}/u;
// Spaces and Japanese punctuation separate terms; ASCII punctuation stays inside a word (702.33d).
const SEP = /[\s\u3000-\u3004\u3008-\u3011\u3014-\u301f\u30fb\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]/u;

function kindOf(ch: string): Kind {
  if (ch === 'ー') return 'kata';
  if (SEP.test(ch)) return 'sep';
  if (HAN.test(ch)) return 'han';
  if (KATA.test(ch)) return 'kata';
  if (HIRA.test(ch)) return 'hira';
  return 'other';
}

/** The query as runs of one kind: kanji, katakana, hiragana, or anything else (Latin words, numbers). */
export function scriptRuns(query: string): { text: string; kind: Exclude<Kind, 'sep'> }[] {
  const runs: { text: string; kind: Exclude<Kind, 'sep'> }[] = [];
  let current: { text: string; kind: Kind } | undefined;
  for (const ch of query.normalize('NFKC')) {
    const kind = kindOf(ch);
    if (current && current.kind === kind && kind !== 'sep') current.text += ch;
    else {
      if (current && current.kind !== 'sep') runs.push(current as { text: string; kind: Exclude<Kind, 'sep'> });
      current = { text: ch, kind };
    }
  }
  if (current && current.kind !== 'sep') runs.push(current as { text: string; kind: Exclude<Kind, 'sep'> });
  return runs;
}

/**
 * Splits one Japanese run into indexed words: at each position the longest prefix that some indexed
 * word starts with (at most `maxLength` characters). "Some word starts with X" holds for every
 * shorter prefix of an X it holds for, so the rest of the run is tried whole first (a query is often
 * one word) and otherwise the length is found by bisection. Characters that start no indexed word are
 * dropped; if none of the run is found it is returned whole (and then honestly finds nothing). Past
 * `budget.probes` questions to the index (a pasted paragraph) the rest of the run stays whole.
 */
export async function splitRun(run: string, matches: Matches, budget = { probes: 64 }, maxLength = 12): Promise<string[]> {
  const chars = [...run];
  const out: string[] = [];
  const ask = (from: number, n: number) => { budget.probes--; return matches(chars.slice(from, from + n).join('')); };
  let i = 0;
  while (i < chars.length) {
    if (budget.probes <= 0) { out.push(chars.slice(i).join('')); break; }
    const most = Math.min(maxLength, chars.length - i);
    let found = 0;
    if (await ask(i, most)) found = most;
    else {
      let lo = 0; // a prefix of this length is known to match (0: vacuously)
      let hi = most; // ... and of this length known not to
      while (hi - lo > 1 && budget.probes > 0) {
        const mid = (lo + hi) >> 1;
        if (await ask(i, mid)) lo = mid; else hi = mid;
      }
      if (hi - lo > 1) { out.push(chars.slice(i).join('')); break; } // out of budget mid-search
      found = lo;
    }
    if (found) { out.push(chars.slice(i, i + found).join('')); i += found; } else i += 1;
  }
  return out.length ? out : [run];
}

/**
 * The query's terms, space-separated, for an index searched without its own segmentation: Latin
 * words and numbers as typed; kanji and katakana runs split against the index; hiragana runs
 * (particles and verb endings: を, して, された) dropped when anything else is left, since the index
 * splits them differently from one sentence to the next and a stray ending would have to match too.
 */
export async function queryTerms(query: string, matches: Matches): Promise<string> {
  const runs = scriptRuns(query);
  const content = runs.some((r) => r.kind !== 'hira') ? runs.filter((r) => r.kind !== 'hira') : runs;
  const terms: string[] = [];
  const budget = { probes: 64 };
  for (const run of content) {
    // Latin words and numbers as typed; a query of nothing but hiragana too (split, it would be
    // single syllables, each matching half the index).
    if (run.kind === 'other' || run.kind === 'hira') terms.push(run.text);
    else terms.push(...(await splitRun(run.text, matches, budget)));
  }
  return terms.join(' ');
}

/** Memoises `matches` (a reader typing asks about the same prefixes again and again). */
export function cachedMatches(matches: Matches): Matches {
  const seen = new Map<string, Promise<boolean>>();
  return (term) => {
    let hit = seen.get(term);
    if (!hit) { hit = matches(term); seen.set(term, hit); }
    return hit;
  };
}

const LATIN = /\p{Script=Latin}/u;

/**
 * The part of a query a bundle answers, by script ('' when none): Japanese text is only in the
 * Japanese bundle and English text only in the English one, so the Japanese bundle gets the
 * Japanese-script runs (with any plain numbers among them: 第2種), the English bundle the words in
 * Latin letters (with any numbers and rule ids), and a query of only numbers goes to both. English
 * words do occur in Japanese text — キッカー（kicker） — but always beside English text that has them
 * too; a Japanese word in an English note is a quotation. So キッカー kicker searches キッカー in one
 * bundle and kicker in the other.
 */
export function queryFor(query: string, bundle: 'ja' | 'en'): string {
  const runs = scriptRuns(query);
  const cjk = runs.some((r) => r.kind !== 'other');
  const latin = runs.some((r) => r.kind === 'other' && LATIN.test(r.text));
  const keep = bundle === 'ja'
    ? (cjk ? runs.filter((r) => r.kind !== 'other' || !LATIN.test(r.text)) : latin ? [] : runs)
    : (latin ? runs.filter((r) => r.kind === 'other') : cjk ? [] : runs);
  return keep.map((r) => r.text).join(' ');
}

