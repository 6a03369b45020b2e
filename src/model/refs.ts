// The rule-reference grammar: finds the rule numbers a text cites, in English and Japanese, so the
// site can link them. Magic: "rule 601.2b", "rules 601.2f–h", "ルール601.2b", "601.2b参照",
// "rule 607". Lorcana: "6.4.2.1", "総合ルール 1.9.3", 「6.5」. Marvel Champions has no numbers; its
// authors link glossary terms with [[slug]] (the sibling grammar, src/model/wiki-links.ts).
//
// Precision over recall: a bare number is only a reference when its shape cannot be anything else
// (Magic's `123.4a`, Lorcana's three-level `1.9.3`); shorter forms need a cue word or brackets.
import type { IdStyle } from './ids';

export interface RefMatch {
  /** Offsets of the matched text (the part that becomes the link). */
  start: number;
  end: number;
  text: string;
  /** Cited ids in order; a range ("601.2f–h") expands to every id in it. */
  ids: string[];
}

const MTG_LETTERS = 'abcdefghijkmnpqrstuvwxyz'; // l and o are never used
const DASH = '[-–—~〜～]';
const BEFORE = '(?:rules?|Rules?|CR|ルール|規則|総合ルール)\\s*';
const NOT_NUM_AFTER = '(?![\\d.]?\\d)(?![a-z])';

function letterRange(from: string, to: string): string[] | undefined {
  const a = MTG_LETTERS.indexOf(from);
  const b = MTG_LETTERS.indexOf(to);
  return a >= 0 && b > a ? [...MTG_LETTERS.slice(a, b + 1)] : undefined;
}

interface Pattern { re: RegExp; ids: (m: RegExpExecArray) => string[] | undefined; group?: number }

// Patterns are tried at each position in order; the first (longest, most specific) wins.
const MTG: Pattern[] = [
  // 601.2f–h, 601.2f-601.2h
  { re: new RegExp(`(?<![\\w.])(\\d{3}\\.\\d+)([a-z])\\s*${DASH}\\s*(?:\\1)?([a-z])(?![a-z\\d])`, 'y'), ids: (m) => letterRange(m[2]!, m[3]!)?.map((l) => `${m[1]}${l}`) },
  // 702.33d, 704.5aa, 601.2 — three digits, a dot, a number: unmistakable
  { re: new RegExp(`(?<![\\w.])\\d{3}\\.\\d+(?:[a-z]{1,2})?${NOT_NUM_AFTER}`, 'y'), ids: (m) => (/\d[a-z]*[lo][a-z]*$/.test(m[0]) ? undefined : [m[0]]) },
  // rule 607, ルール607 (a bare three-digit rule needs the cue word)
  { re: new RegExp(`${BEFORE}(\\d{3})(?![\\d.])`, 'y'), ids: (m) => [m[1]!], group: 1 },
  // 607参照, 607を参照, 607〔関連している能力〕, 607「…」
  { re: /(?<![\w.])(\d{3})(?=\s*(?:を?参照|〔|「))/y, ids: (m) => [m[1]!] },
  // section 8, セクション8 (the Comprehensive Rules' nine sections)
  { re: /(?:[Ss]ections?\s+|セクション\s*)([1-9])(?![\d.]?\d)/y, ids: (m) => [m[1]!] },
];

function dottedRange(from: string, to: string): string[] | undefined {
  const a = from.split('.');
  const b = to.split('.');
  if (a.length !== b.length || a.slice(0, -1).join('.') !== b.slice(0, -1).join('.')) return undefined;
  const x = Number(a.at(-1));
  const y = Number(b.at(-1));
  if (!(y > x) || y - x > 50) return undefined;
  const prefix = a.slice(0, -1).join('.');
  return Array.from({ length: y - x + 1 }, (_, i) => `${prefix}.${x + i}`);
}

const DOTTED: Pattern[] = [
  // 1.9.2.1〜1.9.2.4
  { re: new RegExp(`(?<![\\w.])(\\d+(?:\\.\\d+){1,4})\\s*${DASH}\\s*(\\d+(?:\\.\\d+){1,4})(?![\\d.]?\\d)`, 'y'), ids: (m) => dottedRange(m[1]!, m[2]!) },
  // 6.4.2.1 — three or more levels
  { re: /(?<![\w.])\d+\.\d+\.\d+(?:\.\d+)*(?![.]?\d)/y, ids: (m) => [m[0]] },
  // 総合ルール 1.8, rule 6.5 — two levels need the cue word…
  { re: new RegExp(`${BEFORE}(\\d+\\.\\d+)(?![.]?\\d)`, 'y'), ids: (m) => [m[1]!], group: 1 },
  // …or brackets 「6.5」, or 参照 after it
  { re: /(?<=「)(\d+\.\d+)(?=」)/y, ids: (m) => [m[1]!] },
  { re: /(?<![\w.])(\d+\.\d+)(?=\s*参照)/y, ids: (m) => [m[1]!] },
];

const GRAMMARS: Record<IdStyle, Pattern[]> = { mtg: MTG, dotted: DOTTED, slug: [] };

/** Every rule reference in `text`, left to right, without overlaps. */
export function findRefs(text: string, style: IdStyle): RefMatch[] {
  const patterns = GRAMMARS[style];
  const out: RefMatch[] = [];
  if (!patterns.length) return out;
  let i = 0;
  while (i < text.length) {
    let matched = false;
    // Cheap skip: every pattern starts at a digit or a cue word.
    if (/[\dRrCSsル規総セ]/.test(text[i]!)) {
      for (const p of patterns) {
        p.re.lastIndex = i;
        const m = p.re.exec(text);
        if (!m) continue;
        const ids = p.ids(m);
        if (!ids?.length) continue;
        out.push({ start: i, end: i + m[0].length, text: m[0], ids });
        i += m[0].length;
        matched = true;
        break;
      }
    }
    if (!matched) i++;
  }
  return out;
}
