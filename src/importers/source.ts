// One input file, whatever it is: a text file (any of the encodings decode.ts detects) or a PDF,
// told apart by content, not by extension. Both come out as numbered lines a parser reads, with
// where each came from, so diagnostics say file:line or file:page:line.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { decodeText, type Decoded } from './decode';
import { isPdf, PdfError, readPdf, type Weight } from './pdf';
import { BLOCK_START, reflow, type DroppedLine, type ReflowOptions } from './lines';
import { emptyTally, type LineTally } from './report';

export interface SourceLine {
  text: string;
  /** PDF page (1-based); absent for a text file. */
  page?: number;
  /** Text file: line number; PDF: line on the page where this line starts. */
  line: number;
  /** Physical lines joined into this one (PDF wrapped lines); 1 in a text file. */
  lines: number;
  /** Indentation level (PDF: by indent stops; text file: 0). */
  level: number;
  /** Font size in points (PDF); 0 in a text file. */
  size: number;
  bold: boolean;
  /** PDF: the face's weight by its font's name (`unknown` when the name does not tell, as in most Type 3 fonts); text file: `unknown`. */
  weight: Weight;
  /** PDF: set larger than the body text (lines.ts LineCues); text file: false. */
  larger: boolean;
  /** PDF: set in another font family than the body text (lines.ts LineCues); text file: false. */
  otherFace: boolean;
  /** A blank line, a paragraph gap or a page break comes before it. */
  gapBefore: boolean;
  /** The line before ended its paragraph (a sentence end, or it stopped short of its column's edge); text file: a blank line or a sentence end before it. */
  afterEnd: boolean;
}

export interface Source {
  path: string;
  /** The file name, as diagnostics name it. */
  name: string;
  format: 'text' | 'pdf';
  /** Non-blank lines (blank lines of a text file are kept as empty text, for parsers that read blocks). */
  lines: SourceLine[];
  /** Running headers, footers and page numbers dropped from a PDF. */
  dropped: DroppedLine[];
  /** What the report's first lines say about the file (encoding, pages). */
  describe: string;
  decoded?: Decoded;
  pages?: number;
}

/** Which parts of a file each logical line went to, filled in by the parser. */
export type LineKind = Exclude<keyof LineTally, 'read' | 'running'> | 'blank';

export async function readSource(path: string, options: ReflowOptions = {}): Promise<Source | string> {
  if (!existsSync(path)) return `${path} not found`;
  const bytes = new Uint8Array(readFileSync(path));
  const name = basename(path);
  if (isPdf(bytes)) {
    try {
      const pdf = await readPdf(bytes, name);
      const flowed = reflow(pdf, { startsBlock: options.startsBlock ?? ((t) => BLOCK_START.test(t)) });
      return {
        path, name, format: 'pdf', dropped: flowed.dropped, pages: pdf.pages,
        describe: `PDF, ${pdf.pages} pages, ${flowed.read} lines (${flowed.dropped.length} running headers, footers and page numbers dropped, ${flowed.read - flowed.dropped.length - flowed.lines.length} wrapped lines joined); body text ${flowed.bodySize} pt; ${fontsLine(pdf.fonts)}`,
        lines: flowed.lines.map((l) => ({ text: l.text, page: l.page, line: l.line, lines: l.lines, level: l.level, size: l.size, bold: l.bold, weight: l.weight, larger: l.larger, otherFace: l.otherFace, gapBefore: l.gapBefore, afterEnd: l.afterEnd })),
      };
    } catch (e) {
      if (e instanceof PdfError) return e.message;
      throw e;
    }
  }
  const decoded = decodeText(bytes);
  const raw = decoded.text.split('\n');
  if (raw.at(-1) === '') raw.pop();
  return {
    path, name, format: 'text', dropped: [], decoded,
    describe: `text, ${decoded.encoding}${decoded.bom ? ' with BOM' : ''}, ${decoded.lineEnds.toUpperCase()} line ends`,
    lines: raw.map((text, i) => ({ text, line: i + 1, lines: 1, level: 0, size: 0, bold: false, weight: 'unknown' as const, larger: false, otherFace: false, gapBefore: i === 0 || raw[i - 1]!.trim() === '', afterEnd: i === 0 || /^$|[.!?:;。！？：；]$/.test(raw[i - 1]!.trim()) })),
  };
}

/** The report's words for a PDF's fonts: how many have names that tell the weight, and how many do not (headings then found by size and position). */
function fontsLine(fonts: { named: string[]; unnamed: number }): string {
  const named = fonts.named.length ? `fonts ${fonts.named.slice(0, 4).join(', ')}${fonts.named.length > 4 ? `, … (${fonts.named.length} named)` : ''}` : 'no named fonts';
  return fonts.unnamed ? `${named}; ${fonts.unnamed} font${fonts.unnamed === 1 ? '' : 's'} without a name that tells the weight (headings found by size and position)` : named;
}

/** The tally of a file from the kind of each logical line (physical lines counted, blank lines not). */
export function tallyLines(source: Source, kinds: (LineKind | undefined)[]): LineTally {
  const t = emptyTally();
  t.running = source.dropped.length;
  t.read = t.running;
  source.lines.forEach((l, i) => {
    if (!l.text.trim()) return;
    t.read += l.lines;
    const kind = kinds[i];
    if (kind && kind !== 'blank') t[kind] += l.lines;
  });
  return t;
}

/** The source as plain text, one logical line per line, with a blank line at each paragraph gap of a PDF; `at` maps a text line back. */
export function asText(source: Source): { text: string; at: (line: number) => { index: number; page?: number; line: number } } {
  if (source.format === 'text') return { text: source.lines.map((l) => l.text).join('\n'), at: (n) => ({ index: n - 1, line: n }) };
  const out: string[] = [];
  const back: number[] = [];
  source.lines.forEach((l, i) => {
    if (i > 0 && l.gapBefore) { out.push(''); back.push(-1); }
    out.push(l.text);
    back.push(i);
  });
  return {
    text: out.join('\n'),
    at: (n) => {
      let i = back[n - 1] ?? -1;
      for (let k = n - 1; i < 0 && k < back.length; k++) i = back[k] ?? -1;
      const l = source.lines[Math.max(0, i)]!;
      return { index: i, ...(l.page ? { page: l.page } : {}), line: l.line };
    },
  };
}
