// Which rule of the previous edition each rule of the new one continues: moves are found by text,
// not guessed from numbers, the way rule archives compare editions. docs/import.md#moves.
//
// 1. Same number, same words (rule numbers inside the text aside): unchanged, or reworded only in
//    its cross-references.
// 2. The same words under another number: moved (among several equal texts, the nearest).
// 3. Near-identical words: every pair over its threshold, best first. A rule that keeps its number,
//    or stays in its place (under the rule its parent became, or as its own first sub-rule), needs
//    NEAR_THRESHOLD; a move anywhere else needs MOVE_THRESHOLD. Keeping the number (SAME_BONUS) and
//    staying in place (FIT_BONUS) count for more when candidates compete.
// 4. A heading whose sub-rules went on, most of them, under one new number is that number.
// 5. The rest: removed (previous edition) and added (new one). A number whose rule went and that now
//    holds another is both: the report calls it a number reused.
// Similarity is difflib's ratio over words (2 × longest common subsequence / total words), on text
// lowercased, with rule numbers replaced by one token (a renumbering changes the cross-references
// of the rules it moves) and Japanese read a character at a time. The thresholds were measured on 25
// successive editions of the Magic Comprehensive Rules, 2017-08-25 to 2022-04-29 (`npm run
// bench:history -- --sweep`; docs/import.md#moves).
import { compareIds, parentOf, type IdStyle } from '../model/ids';

/**
 * A rule (or heading) of one edition and the text it is matched by, per language. Two rules are
 * compared in English when both have it, else in Japanese (an English file that lacks a rule the
 * Japanese one still has).
 */
export interface Unit { id: string; en?: string | undefined; ja?: string | undefined }

export interface Pair {
  from: string;
  to: string;
  /** 1 for the same text (rule numbers aside), else the ratio that paired them. */
  similarity: number;
}

export interface Matching {
  /** Every rule of the previous edition that continues in the new one (same number or not), in the new order. */
  pairs: Pair[];
  /** New ids no earlier rule continues into. */
  added: string[];
  /** Previous ids whose rule does not continue. */
  removed: string[];
}

/**
 * A rule that keeps its number, or moves within its place (under the rule its parent became, or to
 * its own first sub-rule), is that rule reworded from this similarity on.
 */
export const NEAR_THRESHOLD = 0.3;
/** A rule moved anywhere else needs at least this similarity. */
export const MOVE_THRESHOLD = 0.5;
/** Added to a same-number pair's similarity when candidates compete: the number is kept when close. */
export const SAME_BONUS = 0.05;
/**
 * Added when the new number sits under the rule the old one's parent became (see fits()): a rule
 * moves out of its place only for a text closer than its place offers by this much. On the 25 real
 * steps, 0.1 let one definition that was cut short in place (investigate, 701.36a in 2021-06-18) go
 * to the new rule that took its details (111.10f, 0.79 against 0.48); every value from 0.26 to 0.6
 * pairs the same 64,009 rules otherwise (docs/import.md#moves).
 */
export const FIT_BONUS = 0.3;

const RULE_NUMBER = /\b\d{1,3}(?:\.\d+)+[a-z]{0,2}\b|\b\d{3}[a-z]{0,2}\b/g;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]/;

/** The words a text is compared by. */
export function tokens(text: string): string[] {
  const plain = text.toLowerCase()
    .replace(/\\(.)/g, '$1') // Markdown escapes
    .replace(RULE_NUMBER, ' # ')
    .replace(/[“”"‘’'`]/g, '')
    .replace(/[^\p{L}\p{N}#]+/gu, ' ');
  const out: string[] = [];
  for (const word of plain.split(' ')) {
    if (!word) continue;
    if (CJK.test(word)) out.push(...[...word]);
    else out.push(word);
  }
  return out;
}

function counts(words: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

/** 2 × shared words / total words, order ignored: an upper bound of ratio(), and cheap. */
function dice(a: Map<string, number>, la: number, b: Map<string, number>, lb: number): number {
  if (la + lb === 0) return 1;
  let shared = 0;
  for (const [w, n] of a) shared += Math.min(n, b.get(w) ?? 0);
  return (2 * shared) / (la + lb);
}

/** difflib-style ratio over words: 2 × longest common subsequence / total words. */
export function ratio(a: string[], b: string[]): number {
  if (a.length + b.length === 0) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const [x, y] = a.length < b.length ? [b, a] : [a, b];
  let prev = new Uint16Array(y.length + 1);
  let cur = new Uint16Array(y.length + 1);
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) cur[j] = x[i - 1] === y[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    [prev, cur] = [cur, prev];
  }
  return (2 * prev[y.length]!) / (a.length + b.length);
}

/** The similarity of two texts, 0 to 1 (1: the same words in the same order). */
export const similarity = (a: string, b: string) => ratio(tokens(a), tokens(b));

interface Words { key: string; words: string[]; bag: Map<string, number> }
interface Prepared { id: string; en?: Words; ja?: Words; rank: number; parent: string | undefined }

const words = (text: string | undefined): Words | undefined => {
  if (text === undefined) return undefined;
  const w = tokens(text);
  return { key: w.join(' '), words: w, bag: counts(w) };
};

function prepare(units: Unit[], style: IdStyle): Prepared[] {
  const sorted = [...units].sort((a, b) => compareIds(a.id, b.id));
  return sorted.map((u, i) => {
    const en = words(u.en);
    const ja = words(u.ja);
    return { id: u.id, ...(en ? { en } : {}), ...(ja ? { ja } : {}), rank: sorted.length > 1 ? i / (sorted.length - 1) : 0, parent: parentOf(style, u.id) };
  });
}

/** The words two rules are compared by: English when both have it, else Japanese. */
const shared = (o: Prepared, n: Prepared): [Words, Words] | undefined => (o.en && n.en ? [o.en, n.en] : o.ja && n.ja ? [o.ja, n.ja] : undefined);
const sameWords = (o: Prepared, n: Prepared) => { const w = shared(o, n); return !!w && w[0].key === w[1].key; };

export interface Thresholds { near: number; move: number; bonus: number; fit: number }
export const THRESHOLDS: Thresholds = { near: NEAR_THRESHOLD, move: MOVE_THRESHOLD, bonus: SAME_BONUS, fit: FIT_BONUS };

/** Pairs the rules of two editions; see the head of this file. `t` is for measuring the thresholds. */
export function matchRules(before: Unit[], after: Unit[], style: IdStyle, t: Thresholds = THRESHOLDS): Matching {
  const olds = prepare(before, style);
  const news = prepare(after, style);
  const newById = new Map(news.map((n) => [n.id, n]));
  const pairOfOld = new Map<string, Pair>();
  const pairedNew = new Set<string>();
  const pair = (o: Prepared, n: Prepared, s: number) => {
    pairOfOld.set(o.id, { from: o.id, to: n.id, similarity: s });
    pairedNew.add(n.id);
  };

  // 1. Same number, same words.
  for (const o of olds) {
    const n = newById.get(o.id);
    if (n && sameWords(o, n)) pair(o, n, 1);
  }

  // 2. The same words under another number: a text found once on each side first; then texts
  //    printed more than once (the steps of ending the turn and of ending combat share sentences),
  //    each under the rule its parent became, else the nearest.
  const repeated: [Prepared, Prepared][] = [];
  for (const lang of ['en', 'ja'] as const) {
    // English keys for rules with English on both sides; Japanese keys for the rest.
    const oldByKey = new Map<string, Prepared[]>();
    const newByKey = new Map<string, Prepared[]>();
    const usable = (u: Prepared) => (lang === 'en' ? !!u.en : !!u.ja);
    for (const o of olds) if (!pairOfOld.has(o.id) && usable(o)) oldByKey.set(o[lang]!.key, [...(oldByKey.get(o[lang]!.key) ?? []), o]);
    for (const n of news) if (!pairedNew.has(n.id) && usable(n)) newByKey.set(n[lang]!.key, [...(newByKey.get(n[lang]!.key) ?? []), n]);
    for (const [key, os] of oldByKey) {
      const ns = (newByKey.get(key) ?? []).filter((n) => os.some((o) => sameWords(o, n)));
      const mine = os.filter((o) => ns.some((n) => sameWords(o, n)));
      if (mine.length === 1 && ns.length === 1) pair(mine[0]!, ns[0]!, 1);
      else for (const o of mine) for (const n of ns) if (sameWords(o, n)) repeated.push([o, n]);
    }
  }
  // A rule is expected under the rule its parent became (Embalm's sub-rules follow the Embalm
  // heading when a keyword is inserted before it, even where Eternalize's sub-rule reads much the
  // same), or under its own old number when it became that number's first sub-rule (208.4 → 208.4a).
  const parentNow = (id: string | undefined) => (id === undefined ? undefined : pairOfOld.get(id)?.to ?? (newById.has(id) && !pairedNew.has(id) ? id : null));
  const fits = (o: Prepared, n: Prepared) => parentNow(o.parent) === n.parent || n.parent === o.id;
  repeated.sort(([o1, n1], [o2, n2]) => Number(fits(o2, n2)) - Number(fits(o1, n1)) || Math.abs(o1.rank - n1.rank) - Math.abs(o2.rank - n2.rank));
  for (const [o, n] of repeated) if (!pairOfOld.has(o.id) && !pairedNew.has(n.id)) pair(o, n, 1);

  // 3. Near-identical: every pair over its threshold, best first (keeping the number and staying in
  //    place count for more), then the nearer one.
  const candidates: { o: Prepared; n: Prepared; s: number; score: number; distance: number }[] = [];
  for (const o of olds) {
    if (pairOfOld.has(o.id)) continue;
    for (const n of news) {
      if (pairedNew.has(n.id)) continue;
      const same = o.id === n.id;
      const fit = fits(o, n);
      const threshold = same || fit ? t.near : t.move;
      const w = shared(o, n);
      if (!w || dice(w[0].bag, w[0].words.length, w[1].bag, w[1].words.length) < threshold) continue;
      const s = ratio(w[0].words, w[1].words);
      if (s < threshold) continue;
      candidates.push({ o, n, s, score: s + (same ? t.bonus : 0) + (fit ? t.fit : 0), distance: Math.abs(o.rank - n.rank) });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.distance - b.distance);
  for (const c of candidates) if (!pairOfOld.has(c.o.id) && !pairedNew.has(c.n.id)) pair(c.o, c.n, c.s);

  // 4. A heading (or rule) whose sub-rules went on, most of them, below one new number that no
  //    rule continues yet is that number, however its own words changed ("Ending the Turn" →
  //    "Ending Turns and Phases", whose sub-rules 716.2 and 716.3 went one level down).
  const children = new Map<string, string[]>();
  for (const o of olds) if (o.parent !== undefined) children.set(o.parent, [...(children.get(o.parent) ?? []), o.id]);
  for (const o of olds) {
    const kids = children.get(o.id);
    if (pairOfOld.has(o.id) || !kids) continue;
    const votes = new Map<string, number>();
    for (const k of kids) {
      for (let up = parentOf(style, pairOfOld.get(k)?.to ?? ''); up !== undefined; up = parentOf(style, up)) {
        if (newById.has(up) && !pairedNew.has(up)) votes.set(up, (votes.get(up) ?? 0) + 1);
      }
    }
    const best = [...votes].filter(([, n]) => n * 2 > kids.length).sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)[0];
    if (!best) continue;
    const n = newById.get(best[0])!;
    const w = shared(o, n);
    pair(o, n, w ? ratio(w[0].words, w[1].words) : 0);
  }

  return {
    pairs: [...pairOfOld.values()].sort((a, b) => compareIds(a.to, b.to)),
    added: news.filter((n) => !pairedNew.has(n.id)).map((n) => n.id),
    removed: olds.filter((o) => !pairOfOld.has(o.id)).map((o) => o.id),
  };
}

// Magic's sub-rule letters: a–z without l and o, then aa, ab… (704.5aa).
const LETTERS = 'abcdefghijkmnpqrstuvwxyz';

/** The position of a Magic sub-rule letter (a = 0, k = 10, m = 11, z = 23, aa = 24), or undefined. */
export function letterIndex(letters: string): number | undefined {
  if (letters.length === 1) { const i = LETTERS.indexOf(letters); return i < 0 ? undefined : i; }
  if (letters.length === 2) {
    const a = LETTERS.indexOf(letters[0]!);
    const b = LETTERS.indexOf(letters[1]!);
    return a < 0 || b < 0 ? undefined : LETTERS.length * (a + 1) + b;
  }
  return undefined;
}

/** The letters at a position (the inverse of letterIndex). */
export function letterAt(index: number): string {
  if (index < LETTERS.length) return LETTERS[index]!;
  const i = index - LETTERS.length;
  return `${LETTERS[Math.floor(i / LETTERS.length)]!}${LETTERS[i % LETTERS.length]!}`;
}

/** An id split into what comes before its last step and that step's position: 100.1k → [100.1, 9]; 6.4.2 → [6.4., 2]. */
function lastStep(style: IdStyle, id: string): { stem: string; at: number } | undefined {
  if (style === 'mtg') {
    const m = /^(\d{1,3}\.\d+)([a-z]{1,2})$/.exec(id);
    if (m) { const at = letterIndex(m[2]!); return at === undefined ? undefined : { stem: m[1]!, at }; }
    const n = /^(\d{1,3}\.)(\d+)$/.exec(id) ?? /^()(\d{1,3})$/.exec(id);
    return n ? { stem: n[1]!, at: Number(n[2]) } : undefined;
  }
  if (style === 'dotted') {
    const m = /^((?:\d+\.)*)(\d+)$/.exec(id);
    return m ? { stem: m[1]!, at: Number(m[2]) } : undefined;
  }
  return undefined;
}

const stepId = (style: IdStyle, stem: string, at: number) => (style === 'mtg' && /\.\d+$/.test(stem) ? `${stem}${letterAt(at)}` : `${stem}${at}`);

/** Whether `b` is the id right after `a` in its list (100.1k → 100.1m: l is skipped; 702.9 → 702.10). */
export function isNext(style: IdStyle, a: string, b: string): boolean {
  const x = lastStep(style, a);
  return !!x && stepId(style, x.stem, x.at + 1) === b;
}

/**
 * Moves in runs: consecutive numbers that moved by the same step to consecutive numbers, as
 * `100.1j–100.1n → 100.1k–100.1p`; a lone move as `100.1c → 100.1d`.
 */
export function moveRuns(style: IdStyle, moves: { from: string; to: string }[]): string[] {
  const sorted = [...moves].sort((a, b) => compareIds(a.from, b.from));
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && isNext(style, sorted[j]!.from, sorted[j + 1]!.from) && isNext(style, sorted[j]!.to, sorted[j + 1]!.to)) j++;
    const first = sorted[i]!;
    const last = sorted[j]!;
    out.push(i === j ? `${first.from} → ${first.to}` : `${first.from}–${last.from} → ${first.to}–${last.to}`);
    i = j + 1;
  }
  return out;
}
