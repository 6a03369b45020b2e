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
  /** Right edge of its last text (points). */
  end: number;
  /** Font size (points) of most of the line's characters. */
  size: number;
  /** Whether most of the line's characters are set in a bold face, by the font's name (false when the name does not say). */
  bold: boolean;
  /** The face's weight by its name; `unknown` for a font without a name that tells (most Type 3 fonts): then only size and position can say. */
  weight: Weight;
  /** The font family most of its characters are set in, by the font's name (`NotoSansCJKjp` of `ABCDEF+NotoSansCJKjp-Bold`); absent when the name does not tell. */
  family?: string;
}

export type Weight = 'bold' | 'regular' | 'unknown';

export interface PdfText {
  pages: number;
  /** Page heights in points, by page number - 1. */
  heights: number[];
  /** The fonts the text uses, by whether their names tell the weight (`Type3`, `F1`, `T3_0` do not). */
  fonts: { named: string[]; unnamed: number };
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
export const fixRadicals = (text: string) => text.replace(/[\u2e80-\u2fdf]/gu, (c) => SUPPLEMENT[c] ?? c.normalize('NFKC'));
/** CJK Radicals Supplement forms (no NFKC mapping) that text layers give for common ideographs: Chromium's prints give ⻑ for 長. */
const SUPPLEMENT: Record<string, string> = {
  '⺟': '母', '⺠': '民', '⺢': '水', '⺩': '王', '⺮': '竹', '⺲': '罒', '⺶': '羊', '⻁': '虎', '⻂': '衣', '⻃': '西', '⻄': '西',
  '⻆': '角', '⻊': '足', '⻌': '辶', '⻍': '辶', '⻏': '阝', '⻑': '長', '⻒': '長', '⻔': '门', '⻘': '青', '⻝': '食', '⻟': '食',
  '⻤': '鬼', '⻥': '鱼', '⻦': '鸟', '⻨': '麦', '⻩': '黄', '⻫': '斉', '⻭': '歯', '⻯': '竜', '⻲': '亀', '⻣': '骨',
};

/** A font's name with the subset prefix (`ABCDEF+`) removed; undefined for a name that says nothing of the face (`Type3`, what pdf.js calls a Type 3 font without a descriptor; `F1`, `T3_0`, `Font12`). */
export function faceName(name: string | undefined): string | undefined {
  const n = (name ?? '').replace(/^[A-Z]{6}\+/, '').trim();
  if (!n || /^(?:type\s*3|t3(?:font)?[-_]?\d*|font[-_]?\d+|[a-z]{0,2}\d+|unnamed|untitled|none)$/i.test(n)) return undefined;
  return n;
}

/** A font's family: its face name without the style after the last `-` or `,` (`Helvetica-Bold` → `Helvetica`, `Arial,Bold` → `Arial`). */
export function fontFamily(name: string | undefined): string | undefined {
  const n = faceName(name);
  return n?.replace(/[-,][^-,]*$/, '') || n;
}

/** The weight a font's name gives: `NotoSans-Bold`, `Gotham-Black`, `HiraginoSans-W6`, `Arial,Bold` are bold; a name that does not tell is `unknown`. */
export function weightOfFont(name: string | undefined): Weight {
  const n = faceName(name);
  if (!n) return 'unknown';
  return /bold|black|heavy|demi|ultra|w[6-9](?!\d)|(?:^|[-,_ ])(?:bd|hv|bk|sb)$/i.test(n) ? 'bold' : 'regular';
}

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
      // Fonts' names (and so their weight) come with their data only when asked for.
      fontExtraProperties: true,
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
    // The fonts' names (pdf.js gives text items only an internal id, `g_d0_f3`): the worker sends a
    // font's data, with its name, when a page's drawing operators are read, so a page with fonts not
    // seen before is read for them once.
    const fontNames = new Map<string, string | undefined>();
    const meta = await doc.getMetadata().catch(() => ({ info: {} }));
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      heights.push(page.getViewport({ scale: 1 }).height);
      const content = await page.getTextContent();
      const ids = Object.keys(content.styles);
      if (ids.some((id) => !fontNames.has(id))) {
        await page.getOperatorList();
        for (const id of ids) {
          if (fontNames.has(id)) continue;
          let name: string | undefined;
          try { name = (page.commonObjs.get(id) as { name?: string } | undefined)?.name; } catch { name = undefined; }
          fontNames.set(id, name);
        }
      }
      let current: { y: number; pieces: { str: string; x: number; end: number; size: number; font: string }[]; x: number } | undefined;
      let n = 0;
      const flush = () => {
        if (!current) return;
        const text = fixRadicals(joinPieces(current.pieces));
        if (text) {
          // Size and weight of the line are those of most of its characters (a bold rule number does not make the rule text bold).
          const weight = new Map<string, number>();
          for (const piece of current.pieces) {
            const key = `${Math.round(piece.size * 2) / 2}|${weightOfFont(fontNames.get(piece.font))}`;
            weight.set(key, (weight.get(key) ?? 0) + piece.str.trim().length);
          }
          const [size = '0', face = 'unknown'] = [...weight].sort((a, b) => b[1] - a[1])[0]![0].split('|');
          const end = Math.max(...current.pieces.map((piece) => piece.end));
          const families = new Map<string, number>();
          for (const piece of current.pieces) { const f = fontFamily(fontNames.get(piece.font)); if (f) families.set(f, (families.get(f) ?? 0) + piece.str.trim().length); }
          const family = [...families].sort((a, b) => b[1] - a[1])[0]?.[0];
          lines.push({ page: p, line: ++n, text, x: current.x, y: current.y, end, size: Number(size), bold: face === 'bold', weight: face as Weight, ...(family ? { family } : {}) });
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
    const used = [...new Set([...fontNames.values()])];
    const named = [...new Set(used.map(faceName).filter((n): n is string => n !== undefined))].sort();
    return { pages: doc.numPages, heights, lines, fonts: { named, unnamed: [...fontNames.values()].filter((n) => !faceName(n)).length }, info: (meta.info ?? {}) as Record<string, unknown> };
  } finally {
    await task.destroy();
  }
}
