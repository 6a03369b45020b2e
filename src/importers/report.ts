// What every importer reports the same way: diagnostics located by file:line (file:page:line for a
// PDF), and a tally of the lines read that must reconcile, so nothing is dropped unseen.

export type Lang = 'en' | 'ja';

export interface Diagnostic {
  level: 'error' | 'warning' | 'info';
  /** Which file (language) the line is in, when it comes from one. */
  lang?: Lang;
  /** 1-based page of a PDF. */
  page?: number;
  /** 1-based line: in a text file, of the file; in a PDF, of the page. */
  line?: number;
  message: string;
  /** The line the diagnostic is about, as read (the report quotes it, shortened). */
  text?: string;
}

/** Where the lines of one file went. `read` must equal the sum of the rest (see reconciles()). */
export interface LineTally {
  read: number;
  rules: number;
  examples: number;
  glossary: number;
  contents: number;
  /** Running headers, footers and page numbers (PDF). */
  running: number;
  /** Title page, introduction and other front matter before the rules. */
  front: number;
  /** Credits, appendices, change history: after the rules, counted, not imported. */
  back: number;
  malformed: number;
}

export const emptyTally = (): LineTally => ({ read: 0, rules: 0, examples: 0, glossary: 0, contents: 0, running: 0, front: 0, back: 0, malformed: 0 });

export const tallySum = (t: LineTally) => t.rules + t.examples + t.glossary + t.contents + t.running + t.front + t.back + t.malformed;
export const reconciles = (t: LineTally) => t.read === tallySum(t);

export function formatTally(t: LineTally): string {
  const parts = [`rules ${t.rules}`, `examples ${t.examples}`, `glossary ${t.glossary}`, `contents ${t.contents}`, `headers/footers ${t.running}`, `front matter ${t.front}`, `back matter ${t.back}`, `malformed ${t.malformed}`];
  return `lines read ${t.read} = ${parts.join(' + ')}${reconciles(t) ? '' : `  ✗ (sum ${tallySum(t)}: does not reconcile)`}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `file:line`, or `file:page:line` for a PDF. */
export function locate(d: Diagnostic, files: Partial<Record<Lang, string>>): string {
  if (!d.lang) return '';
  const file = files[d.lang] ?? d.lang;
  return `${file}${d.page ? `:${d.page}` : ''}${d.line ? `:${d.line}` : ''}`;
}

/** Longest quote of a line in the report; longer lines are cut at a word boundary and end with "…". */
export const QUOTE_MAX = 72;

/**
 * A line of the file as the report quotes it: control characters shown as \u{…} (the file is
 * untrusted, and the report goes to a terminal), runs of spaces as one, cut to QUOTE_MAX characters.
 */
export function quoteLine(text: string, max = QUOTE_MAX): string {
  let t = text.replace(/[ \t\u00a0]+/g, ' ').trim().replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
  if ([...t].length > max) {
    const cut = [...t].slice(0, max - 1).join('');
    const space = cut.lastIndexOf(' ');
    t = `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
  }
  return `“${t}”`;
}

/** Errors are always listed in full; warnings and info up to `max` each, then a count of the rest. */
export function formatDiagnostics(diagnostics: Diagnostic[], files: Partial<Record<Lang, string>> = {}, max = 40): string[] {
  const count = (level: Diagnostic['level']) => diagnostics.filter((d) => d.level === level).length;
  const out = [`Diagnostics: ${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${count('info')} info`];
  const width = Math.max(7, ...diagnostics.map((d) => locate(d, files).length));
  for (const level of ['error', 'warning', 'info'] as const) {
    const these = diagnostics.filter((d) => d.level === level)
      .sort((a, b) => (a.lang ?? '').localeCompare(b.lang ?? '') || (a.page ?? 0) - (b.page ?? 0) || (a.line ?? 0) - (b.line ?? 0));
    const shown = level === 'error' ? these : these.slice(0, max);
    out.push(...shown.map((d) => `  ${locate(d, files).padEnd(width)} ${d.level.padEnd(7)} ${d.message}${d.text !== undefined && d.text.trim() ? ` — ${quoteLine(d.text)}` : ''}`));
    if (shown.length < these.length) out.push(`  … ${these.length - shown.length} more ${level === 'info' ? 'info lines' : `${level}s`} (--verbose lists them all)`);
  }
  return out;
}
