// Is the file whole? A download cut short still parses — its rules up to the cut, a glossary that
// stops mid-way — so each file read is held against what it promises itself
// (docs/import.md#a-file-cut-short): its table of contents (every section and rule it lists must be
// in the body) and the sections that close the document (Magic: the Glossary, then the Credits;
// Lorcana: the glossary when its contents list one). A file that breaks its own promise is refused
// with the file, the line the text stops at and what is missing. Independent of the parsers: it
// reads the decoded text again, by the documents' published layout.
import type { GameId } from './game';

export interface WholeInput {
  /** How the report names the file. */
  name: string;
  /** The decoded text (lines joined by \n). */
  text: string;
}

const CONTENTS = /^(?:contents|もくじ|目次)$/i;
const GLOSSARY = /^(?:\d+\.\s*)?(?:glossary|用語集)$/i;
const CREDITS = /^(?:\d+\.\s*)?(?:credits|クレジット)$/i;
/** Back matter a table of contents may list, numbered or not: never a section the rules must have. */
const BACK = /^(?:\d+\.\s*)?(?:glossary|credits|change ?log|index|用語集|クレジット|更新履歴|索引)\b/i;

const listed = (ids: string[], max = 6) => (ids.length > max ? `${ids.slice(0, max).join(', ')}, … (${ids.length - max} more)` : ids.join(', '));

interface Layout {
  /** A line of the rules proper (the first one ends the contents). */
  firstRule: RegExp;
  /** Numbers the contents list and the body must have: each pattern's first group. */
  numbered: RegExp[];
  /** The closing sections, in order: the first the contents name (or, with no contents, `always`). */
  closers: { name: string; line: RegExp; always: boolean }[];
}

const LAYOUTS: Partial<Record<GameId, Layout>> = {
  mtg: {
    firstRule: /^\d{3}\.\d+[a-z]?\.?\s/,
    numbered: [/^([1-9])\.\s+\S/, /^(\d{3})\.\s+\S/],
    closers: [{ name: 'Glossary', line: GLOSSARY, always: true }, { name: 'Credits', line: CREDITS, always: true }],
  },
  lorcana: {
    firstRule: /^\d+\.\d+\.\d+\.?\s/,
    numbered: [/^(\d+)\.\s+\S/, /^(\d+\.\d+)\.?\s+\S/],
    closers: [{ name: 'Glossary', line: GLOSSARY, always: false }],
  },
};

/**
 * What is missing from each file, as messages naming the file and line (empty: the file is whole as
 * far as it tells). The Marvel Champions Rules Reference lists no contents to hold it to.
 */
export function missingParts(game: GameId, files: WholeInput[]): string[] {
  const layout = LAYOUTS[game];
  if (!layout) return [];
  return files.flatMap((f) => checkOne(layout, f));
}

function checkOne(layout: Layout, file: WholeInput): string[] {
  const lines = file.text.split('\n').map((l) => l.trim());
  const first = lines.findIndex((l) => layout.firstRule.test(l));
  if (first < 0) {
    // Not one rule: a file cut inside its contents, or not this document at all.
    const contentsAt = lines.findIndex((l) => CONTENTS.test(l));
    return contentsAt < 0 ? [] : [`${file.name}: the text has a table of contents (line ${contentsAt + 1}) but not one numbered rule: the file looks cut short; download it again`];
  }
  // The rules start at the last "1. …" section line before the first rule; the contents are above.
  let start = first;
  for (let i = first - 1; i >= 0; i--) if (/^1\.\s+\S/.test(lines[i]!)) { start = i; break; }
  const contentsAt = lines.slice(0, start).findIndex((l) => CONTENTS.test(l));
  // A contents line may end in its page number, after spaces or dot leaders ("1. CONCEPTS ..... 3").
  const toc = contentsAt >= 0 ? lines.slice(contentsAt + 1, start).map((l) => l.replace(/(?:\s*\.{2,}\s*|\s+)\d+$/, '')) : [];
  const body = lines.slice(start);
  const lastLine = (() => { let n = lines.length; while (n > 0 && !lines[n - 1]) n--; return n; })();
  const problems: string[] = [];
  const say = (what: string) => problems.push(`${file.name}: ${what}: the file looks cut short (its text ends at line ${lastLine}); download it again`);

  const isCloser = (l: string) => layout.closers.some((c) => c.line.test(l));
  const numbers = (ls: string[]) => {
    const out: string[] = [];
    for (const l of ls) {
      if (isCloser(l) || BACK.test(l)) continue;
      for (const p of layout.numbered) { const m = p.exec(l); if (m) { out.push(m[1]!); break; } }
    }
    return out;
  };
  // The body's numbers: only up to the first closing section (a glossary may cite rules).
  const bodyEnd = body.findIndex(isCloser);
  const inBody = new Set(numbers(bodyEnd < 0 ? body : body.slice(0, bodyEnd)));
  const missing = [...new Set(numbers(toc))].filter((n) => n !== '0' && !inBody.has(n));
  if (missing.length) {
    const last = [...inBody].at(-1);
    say(`the table of contents lists ${missing.length === 1 ? 'a section or rule' : `${missing.length} sections or rules`} the text does not have (${listed(missing)})${last ? `; the last the text has is ${last}` : ''}`);
  }
  // The closing sections, in order, each after the one before.
  let from = 0;
  for (const c of layout.closers) {
    const promised = toc.length ? toc.some((l) => c.line.test(l)) : c.always;
    const at = body.findIndex((l, i) => i >= from && c.line.test(l));
    if (at < 0) {
      if (promised) {
        const before = layout.closers.slice(0, layout.closers.indexOf(c)).map((x) => x.name);
        say(`${toc.length ? `the table of contents lists ${c.name}, but` : `${c.name} closes the document, but`} the text ends ${before.length && from > 0 ? `inside the ${before.at(-1)}` : 'in the rules'} without it`);
      }
      break;
    }
    from = at + 1;
  }
  return problems;
}
