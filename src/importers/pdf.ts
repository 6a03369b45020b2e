// PDF → positioned lines, with Mozilla's pdf.js (pdfjs-dist, pure JavaScript, pinned in package.json;
// the legacy build runs in Node without a DOM). Only the text layer is read: no rendering, no canvas,
// no network (fonts and CMaps come from the package folder). docs/import.md#pdf-files.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface PdfLine {
  /** 1-based page number. */
  page: number;
  /** 1-based line number on the page, in reading order (every line counts, headers and footers too). */
  line: number;
  text: string;
  /** Left edge and baseline, in PDF points from the page's bottom left. */
  x: number;
  y: number;
  /** Font size (points) of the line's first text. */
  size: number;
  /** Whether the line's first text is set in a bold face (by font name). */
  bold: boolean;
}

export interface PdfText {
  pages: number;
  /** Page heights in points, by page number - 1. */
  heights: number[];
  lines: PdfLine[];
  /** The document information dictionary (Title, Creator, …), as pdf.js reports it. */
  info: Record<string, unknown>;
}

export type PdfErrorCode = 'encrypted' | 'no-text' | 'invalid';

/** A PDF the importer cannot read: encrypted, without a text layer (a scan), or not a PDF at all. */
export class PdfError extends Error {
  constructor(readonly code: PdfErrorCode, message: string) {
    super(message);
    this.name = 'PdfError';
  }
}

/** Whether the bytes are a PDF (by content: the `%PDF-` signature near the start), whatever the file is called. */
export function isPdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

interface TextItem { str: string; transform: number[]; width: number; height: number; hasEOL: boolean; fontName: string }

const require = createRequire(import.meta.url);
const pdfjsDir = () => dirname(require.resolve('pdfjs-dist/package.json'));

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
/**
 * globalThis key of a loader for pdf.js that a Node entry sets (scripts/import.ts): there src/ runs in
 * Vite's module runner, which is closed once the entry has loaded it, so the entry loads pdf.js natively.
 */
export const PDFJS_LOADER = Symbol.for('taiyaku.pdfjs');
let pdfjs: Promise<Pdfjs> | undefined;
function load() {
  // The legacy build is the one pdf.js supports outside browsers; loaded on first use only.
  const loader = (globalThis as { [PDFJS_LOADER]?: () => Promise<Pdfjs> })[PDFJS_LOADER];
  pdfjs ??= loader ? loader() : (import(/* @vite-ignore */ pathToFileURL(join(pdfjsDir(), 'legacy/build/pdf.mjs')).href) as Promise<Pdfjs>);
  return pdfjs;
}

/**
 * Some PDF text layers (browser-printed Japanese, some publishers') map ideographs to the look-alike
 * Kangxi radicals (⽉ U+2F49 for 月): those become the ideographs; nothing else is normalised.
 */
export const fixRadicals = (text: string) => text.replace(/[\u2e80-\u2fdf]/gu, (c) => c.normalize('NFKC'));

const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/** Joins the text pieces of one line: a space where the gap between two pieces is a word gap, none between Japanese characters. */
function joinPieces(pieces: { str: string; x: number; end: number; size: number; font: string }[]): string {
  let out = '';
  let prevEnd = -Infinity;
  for (const p of pieces) {
    if (out && p.x - prevEnd > p.size * 0.18 && !/\s$/.test(out) && !/^\s/.test(p.str)) {
      const a = out.at(-1)!;
      const b = p.str[0]!;
      if (!(CJK.test(a) && CJK.test(b))) out += ' ';
    }
    out += p.str;
    prevEnd = Math.max(prevEnd, p.end);
  }
  return out.replace(/[ \t\u00a0]+/g, ' ').trim();
}

/**
 * Reads a PDF's text layer as lines. Text items arrive in the content stream's order, which is the
 * reading order in the publishers' files (InDesign) and in browser-printed ones (columns included);
 * a new line starts where the baseline moves or the text jumps back to the left.
 */
export async function readPdf(bytes: Uint8Array, file: string): Promise<PdfText> {
  const { getDocument } = await load();
  const dir = pdfjsDir();
  let doc;
  const task = getDocument({
      data: new Uint8Array(bytes),
      cMapUrl: join(dir, 'cmaps') + '/',
      cMapPacked: true,
      standardFontDataUrl: join(dir, 'standard_fonts') + '/',
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: 0,
    });
  try {
    doc = await task.promise;
  } catch (e) {
    await task.destroy();
    const err = e as { name?: string; message?: string };
    if (err.name === 'PasswordException') throw new PdfError('encrypted', `${file} is an encrypted PDF (it asks for a password): the importer cannot read it. Use the publisher's unencrypted download.`);
    throw new PdfError('invalid', `${file} cannot be read as a PDF: ${err.message ?? String(e)}`);
  }
  try {
    const lines: PdfLine[] = [];
    const heights: number[] = [];
    const meta = await doc.getMetadata().catch(() => ({ info: {} }));
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      heights.push(page.getViewport({ scale: 1 }).height);
      const content = await page.getTextContent();
      const styles = content.styles as Record<string, { fontFamily?: string }>;
      let current: { y: number; pieces: { str: string; x: number; end: number; size: number; font: string }[]; x: number } | undefined;
      let n = 0;
      const flush = () => {
        if (!current) return;
        const text = fixRadicals(joinPieces(current.pieces));
        if (text) {
          // Size and weight of the line are those of most of its characters (a bold rule number does not make the rule text bold).
          const weight = new Map<string, number>();
          for (const piece of current.pieces) {
            const font = `${piece.font} ${styles[piece.font]?.fontFamily ?? ''}`;
            const key = `${Math.round(piece.size * 2) / 2}|${/bold|black|heavy|semibold|w[6-9]/i.test(font) ? 1 : 0}`;
            weight.set(key, (weight.get(key) ?? 0) + piece.str.trim().length);
          }
          const [size = '0', bold = '0'] = [...weight].sort((a, b) => b[1] - a[1])[0]![0].split('|');
          lines.push({ page: p, line: ++n, text, x: current.x, y: current.y, size: Number(size), bold: bold === '1' });
        }
        current = undefined;
      };
      for (const raw of content.items as TextItem[]) {
        if (!('str' in raw)) continue;
        const [a = 0, b = 0, , d = 0, x = 0, y = 0] = raw.transform;
        const size = Math.hypot(a, b) || Math.abs(d) || raw.height || 1;
        if (raw.str === '') {
          if (raw.hasEOL) flush();
          continue;
        }
        const sameLine = current && Math.abs(y - current.y) <= Math.max(1.5, size * 0.35) && x >= (current.pieces.at(-1)?.x ?? 0) - size * 0.5;
        if (!sameLine) {
          flush();
          current = { y, pieces: [], x };
        }
        if (!current!.pieces.length && !raw.str.trim()) continue; // leading spaces of a line
        if (!current!.pieces.length) current!.x = x;
        current!.pieces.push({ str: raw.str, x, end: x + raw.width, size, font: raw.fontName });
        if (raw.hasEOL) flush();
      }
      flush();
      page.cleanup();
    }
    if (!lines.length) throw new PdfError('no-text', `${file} has no text layer (${doc.numPages} page${doc.numPages === 1 ? '' : 's'} of images, like a scan): the importer reads text, not pictures. Use the publisher's text PDF, or run OCR first.`);
    return { pages: doc.numPages, heights, lines, info: (meta.info ?? {}) as Record<string, unknown> };
  } finally {
    await task.destroy();
  }
}
