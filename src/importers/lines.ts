// Positioned PDF lines → the logical lines a parser reads: running headers, footers and page numbers
// dropped (they repeat across pages), wrapped lines joined (no space between Japanese characters,
// English hyphenation undone), indentation kept as a level so bullets keep their nesting.
import type { PdfLine, PdfText, Weight } from './pdf';

export interface LogicalLine {
  text: string;
  page: number;
  /** The page line the logical line starts on. */
  line: number;
  /** How many physical lines were joined into it (1 when it did not wrap). */
  lines: number;
  /** Left edge of its first line (points). */
  x: number;
  /** Indentation level: 0 for the leftmost text of the document, +1 for each further indent stop. */
  level: number;
  size: number;
  bold: boolean;
  weight: Weight;
  /** Set larger than the body text (the size most characters of the document have): see LineCues. */
  larger: boolean;
  /** Set in another font family than the body text: see LineCues. */
  otherFace: boolean;
  /** Whether a paragraph gap (more than a line's spacing) or a page break comes before it. */
  gapBefore: boolean;
  /** Whether the line before it ended its paragraph: a sentence end, or it stopped short of its column's right edge. */
  afterEnd: boolean;
  /** Whether it continues over a page break. */
  spansPages: boolean;
}

export interface DroppedLine { page: number; line: number; text: string; why: 'running header' | 'running footer' | 'page number' }

export interface Reflowed {
  lines: LogicalLine[];
  dropped: DroppedLine[];
  /** Physical lines read (kept + dropped). */
  read: number;
  /** The body text's size (points). */
  bodySize: number;
}

/**
 * What sets a line apart from the running text, read from the page rather than from the font's name
 * alone, so that fonts whose names say nothing (Type 3 fonts of browsers' and converters' PDFs) work.
 */
export interface LineCues {
  /** A paragraph gap or a page break before it. */
  gapBefore: boolean;
  /** At least HEADING_SIZE_STEP larger than the body text. */
  larger: boolean;
  /** The face's weight by its name (`unknown` when the name does not tell). */
  weight: Weight;
  /** Set in another font family than the body text, by the fonts' names (false when a name does not tell). */
  otherFace: boolean;
  /** The line before ended its paragraph: it ends a sentence, or it stopped short (prevShort). */
  afterEnd: boolean;
  /**
   * The line before stopped short of its column's right edge by more than this line's first word
   * (plus ROOM_SLACK ems): had it been wrapped text, that word would have fitted on it.
   */
  prevShort: boolean;
}

/** How much larger than the body a heading is at least: 0.5 pt, or 4 % of the body size if more (sizes are read to 0.5 pt). */
export const HEADING_SIZE_STEP = (body: number) => Math.max(0.5, body * 0.04);
/** The line spacing of a paragraph is at most this many times the font size (1.17 in the Lorcana English PDF, 1.64 in the Japanese). */
export const PITCH_MAX = 2.2;
/** A gap is a common one when it occurs at least this share as often as the most common gap. */
export const PITCH_SHARE = 0.1;
/** Lines starting within this many points of each other are in one column (indents and hanging numbers included). */
export const COLUMN_REACH = 60;
/**
 * Room (ems) beyond the next line's first word that a line must leave free to count as stopped
 * short: a space, and the slack of a composer that breaks a line before it is full (InDesign's
 * paragraph composer does, to even out a paragraph's lines).
 */
export const ROOM_SLACK = 2;

/** The width of a line's first word, from the line's average character width (Japanese: its first character). */
export function firstWordWidth(l: Pick<PdfLine, 'text' | 'x' | 'end' | 'size'>): number {
  const text = l.text.trim();
  const perChar = text.length ? Math.max(0, l.end - l.x) / text.length : l.size * 0.5;
  const word = CJK.test(text[0] ?? '') ? 1 : (/^\S+/.exec(text)?.[0].length ?? 1);
  return word * perChar;
}

/**
 * Whether a line stands out as a heading does (the importers add what the text must look like):
 * set in a bold face, larger than the body, in another family than the body (a display face named
 * "Regular"), or after a paragraph gap; and, when the face's weight cannot be read, a line that
 * starts after a finished paragraph. A regular face at body size, with no gap, directly after a
 * line that runs on, is running text.
 */
export function standsOut(c: Pick<LineCues, 'gapBefore' | 'larger' | 'weight' | 'afterEnd' | 'otherFace'>): boolean {
  return c.weight === 'bold' || c.larger || c.otherFace || c.gapBefore || (c.weight === 'unknown' && c.afterEnd);
}

export interface ReflowOptions {
  /** Whether a line starts a block of its own (a rule number, a bullet, a heading…): it is never joined to the line before. */
  startsBlock?: (text: string, line: PdfLine, before?: string, cues?: LineCues) => boolean;
}

const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
const PAGE_NUMBER = /^(?:(?:page|p\.)\s*)?[-–—]?\s*(?:\d{1,4}|[ivxlcdm]{1,7})\s*[-–—]?(?:\s*(?:\/|of)\s*\d{1,4})?$/i;
/** Text that marks a new block in any of the importers' documents. */
export const BLOCK_START = /^(?:\d+(?:\.\d+)*\.?[a-z]{0,2}\s|[•●◦○▪■□・\-–—*]\s*\S|(?:Example|Examples|例)\s*[:：]|(?:See also|関連項目|参照)\s*[:：]|\d+[.)）]\s|（?\d+）)/u;

const norm = (s: string) => s.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();

/** Joins a wrapped line to the text before it. */
export function joinWrapped(before: string, after: string, vocabulary?: ReadonlySet<string>): string {
  const a = before.replace(/\s+$/, '');
  const b = after.replace(/^\s+/, '');
  // English hyphenation: "activa-" + "tion" → "activation", unless the document elsewhere spells the
  // hyphenated compound on one line and never the closed form ("face-" + "down" stays "face-down").
  const hy = /([A-Za-z]+)-$/.exec(a);
  if (hy && /^[a-z]/.test(b)) {
    const tail = /^[a-z]+/.exec(b)![0];
    const hyphenated = `${hy[1]}-${tail}`.toLowerCase();
    const closed = `${hy[1]}${tail}`.toLowerCase();
    if (vocabulary?.has(hyphenated) && !vocabulary.has(closed)) return a + b;
    return a.slice(0, -1) + b;
  }
  if (CJK.test(a.at(-1) ?? '') || CJK.test(b[0] ?? '')) {
    // Between Japanese characters (and next to Japanese punctuation) a line break is not a space.
    const left = a.at(-1) ?? '';
    const right = b[0] ?? '';
    if (CJK.test(left) && (CJK.test(right) || /[\d(（「『]/.test(right))) return a + b;
    if (CJK.test(right) && /[\d)）」』]/.test(left)) return a + b;
  }
  return `${a} ${b}`;
}

/** Words written with a hyphen or closed up within single lines: decides how a hyphen at a line end is undone. */
function vocabularyOf(lines: { text: string }[]): Set<string> {
  const words = new Set<string>();
  for (const l of lines) {
    const body = l.text.replace(/[A-Za-z]+-$/, '');
    for (const w of body.toLowerCase().match(/[a-z]+(?:-[a-z]+)*/g) ?? []) words.add(w);
  }
  return words;
}

/** Indent stops: the distinct left edges of body lines, clustered to 3 pt. */
function indentStops(lines: PdfLine[]): number[] {
  const xs = [...new Set(lines.map((l) => Math.round(l.x)))].sort((a, b) => a - b);
  const stops: number[] = [];
  for (const x of xs) if (!stops.length || x - stops.at(-1)! > 3) stops.push(x);
  return stops;
}

export function reflow(pdf: PdfText, options: ReflowOptions = {}): Reflowed {
  const startsBlock = options.startsBlock ?? ((t: string) => BLOCK_START.test(t));
  const dropped: DroppedLine[] = [];
  // Running headers and footers: the same text (numbers aside) in the top or bottom band of at least
  // half of the pages (and of two pages or more); page numbers: a bare number in either band.
  const band = (l: PdfLine): 'top' | 'bottom' | undefined => {
    const h = pdf.heights[l.page - 1] ?? 792;
    if (l.y > h * 0.9) return 'top';
    if (l.y < h * 0.1) return 'bottom';
    return undefined;
  };
  const seen = new Map<string, Set<number>>();
  for (const l of pdf.lines) {
    const b = band(l);
    if (!b) continue;
    const key = `${b}:${norm(l.text)}`;
    (seen.get(key) ?? seen.set(key, new Set()).get(key)!).add(l.page);
  }
  const minPages = Math.max(2, Math.ceil(pdf.pages / 2));
  const kept: PdfLine[] = [];
  for (const l of pdf.lines) {
    const b = band(l);
    if (b && PAGE_NUMBER.test(l.text.trim())) dropped.push({ page: l.page, line: l.line, text: l.text, why: 'page number' });
    else if (b && (seen.get(`${b}:${norm(l.text)}`)?.size ?? 0) >= minPages) dropped.push({ page: l.page, line: l.line, text: l.text, why: b === 'top' ? 'running header' : 'running footer' });
    else kept.push(l);
  }

  // The usual spacing between two lines of one paragraph, per font size: the most common gap.
  const pitches = new Map<number, Map<number, number>>();
  for (let i = 1; i < kept.length; i++) {
    const a = kept[i - 1]!;
    const b = kept[i]!;
    if (a.page !== b.page || Math.abs(a.size - b.size) > 0.5) continue;
    const gap = Math.round((a.y - b.y) * 2) / 2;
    if (gap <= 0) continue;
    const size = Math.round(b.size);
    const m = pitches.get(size) ?? pitches.set(size, new Map()).get(size)!;
    m.set(gap, (m.get(gap) ?? 0) + 1);
  }
  // The smallest of the common gaps (at least PITCH_SHARE of the most common one's count, and at
  // most PITCH_MAX sizes): where most paragraphs are one line (the Magic rules), the most common gap
  // of all is the paragraph gap, not the line spacing; a rare smaller gap (a table) is neither.
  const pitchOf = (size: number) => {
    const gaps = [...(pitches.get(Math.round(size)) ?? [])].filter(([gap]) => gap <= size * PITCH_MAX);
    if (!gaps.length) return size * 1.3;
    const top = Math.max(...gaps.map(([, n]) => n));
    return Math.min(...gaps.filter(([, n]) => n >= top * PITCH_SHARE).map(([gap]) => gap));
  };

  // The body size: the size most characters are set in.
  const sizes = new Map<number, number>();
  for (const l of kept) sizes.set(l.size, (sizes.get(l.size) ?? 0) + l.text.length);
  const body = [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const larger = (l: PdfLine) => l.size - body >= HEADING_SIZE_STEP(body) - 1e-6;
  // The body's font family: the one most characters are set in (none when most have no telling name).
  const families = new Map<string, number>();
  for (const l of kept) families.set(l.family ?? '', (families.get(l.family ?? '') ?? 0) + l.text.length);
  const bodyFamily = [...families].sort((a, b) => b[1] - a[1])[0]?.[0] || undefined;
  const otherFace = (l: PdfLine) => bodyFamily !== undefined && l.family !== undefined && l.family !== bodyFamily;
  // Each line's column right edge: the farthest any line of its page starting within COLUMN_REACH
  // of it reaches (a two-column page has two). Only the importers' block starts read it (a rule
  // number, a heading in capitals, a glossary term): a narrow box inside a column looks short, so
  // it never decides alone whether two lines are joined.
  const rightEdge = new Map<PdfLine, number>();
  const byPage = new Map<number, PdfLine[]>();
  for (const l of kept) (byPage.get(l.page) ?? byPage.set(l.page, []).get(l.page)!).push(l);
  for (const lines of byPage.values()) for (const l of lines) rightEdge.set(l, Math.max(...lines.filter((o) => Math.abs(o.x - l.x) <= COLUMN_REACH).map((o) => o.end)));
  const stoppedShort = (prev: PdfLine, next: PdfLine) => (rightEdge.get(prev) ?? prev.end) - prev.end > firstWordWidth(next) + prev.size * ROOM_SLACK;

  const stops = indentStops(kept);
  const levelOf = (x: number) => Math.max(0, stops.findIndex((s) => Math.abs(s - x) <= 3));
  const vocabulary = vocabularyOf(kept);
  const out: LogicalLine[] = [];
  let prev: PdfLine | undefined;
  for (const l of kept) {
    const last = out.at(-1);
    const newPage = prev !== undefined && prev.page !== l.page;
    const gap = prev && !newPage ? prev.y - l.y : 0;
    const pitch = pitchOf(l.size);
    const paragraphGap = newPage || gap > pitch * 1.12 || gap < 0;
    const prevShort = prev ? stoppedShort(prev, l) : true;
    const cues: LineCues = { gapBefore: prev === undefined || paragraphGap, larger: larger(l), weight: l.weight, otherFace: otherFace(l), prevShort, afterEnd: prev === undefined || prevShort || /[.!?:;。！？：；]$/.test(prev.text.trim()) };
    const continues = last && prev
      && !startsBlock(l.text, l, last.text, cues)
      && Math.abs(prev.size - l.size) <= 0.5
      && prev.weight === l.weight
      && (newPage ? l.x >= stops[0]! - 3 : !paragraphGap)
      && l.x >= last.x - 3
      // A line that ends a sentence and is followed by an outdented line is not wrapped text.
      && !(newPage && /[.。:：]$/.test(prev.text) && l.x < prev.x - 3);
    if (continues) {
      last.text = joinWrapped(last.text, l.text, vocabulary);
      last.lines++;
      if (newPage) last.spansPages = true;
    } else {
      out.push({ text: l.text, page: l.page, line: l.line, lines: 1, x: l.x, level: levelOf(l.x), size: l.size, bold: l.bold, weight: l.weight, larger: cues.larger, otherFace: cues.otherFace, gapBefore: cues.gapBefore, afterEnd: cues.afterEnd, spansPages: false });
    }
    prev = l;
  }
  return { lines: out, dropped, read: pdf.lines.length, bodySize: body };
}
