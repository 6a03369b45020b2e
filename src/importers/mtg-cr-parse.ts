// Parser for the Magic: The Gathering Comprehensive Rules text format (the English file from Wizards,
// and the Japanese translation, which uses the same numbers). Text in, structures and diagnostics
// out: no fs, no content model. docs/import.md describes the format it expects.
//
//   Magic: The Gathering Comprehensive Rules          ← header (title, effective date, introduction)
//   These rules are effective as of November 14, 2025.
//   Contents                                          ← table of contents: not rules
//   1. Game Concepts … Glossary … Credits
//   1. Game Concepts                                  ← section (1–9)
//   100. General                                      ← rule (three digits): a heading
//   100.1. Text of the numbered rule.                 ← numbered rule (or a heading: "702.33. Kicker")
//   100.1a Text of the sub-rule.                      ← sub-rule (letters skip l and o)
//   Example: …                                        ← attached to the rule above
//   Glossary                                          ← term line, then its definition; blank line between terms
//   Credits                                           ← not imported (counted)
import { isRuleId } from '../model/ids';
import type { Diagnostic } from './report';
import type { LineKind } from './source';

export type { Diagnostic };

export type CrLang = 'en' | 'ja';
export type UnitKind = 'section' | 'rule' | 'numbered' | 'sub';

/** One numbered unit of the rules: a section, a rule, a numbered rule or a sub-rule. */
export interface Unit {
  id: string;
  kind: UnitKind;
  line: number;
  /** Sections and rules: their heading. Numbered rules: their heading when the line is one ("702.33. Kicker"). */
  heading?: string;
  /** The unit's own text: the rule text, then continuation lines and "Example:" lines, one paragraph each. */
  paragraphs: string[];
  examples: number;
}

export interface GlossaryTerm {
  line: number;
  /** The term line as printed, without the obsolete marker. */
  term: string;
  /** The names on the term line (comma-separated aliases), in this file's language. */
  names: string[];
  /** English names: the same as `names` in the English file; in the Japanese file, those printed after "/" or in brackets. */
  enNames: string[];
  obsolete: boolean;
  /** Definition lines, in order. */
  definition: string[];
}

export interface CrCounts {
  sections: number;
  rules: number;
  numbered: number;
  subRules: number;
  examples: number;
  glossaryTerms: number;
  obsoleteTerms: number;
  /** Unnumbered lines attached to the unit above them as a further paragraph. */
  continuations: number;
  /** Lines that could not be read as anything: reported and skipped. */
  malformed: number;
  /** Non-blank lines that are not rules, counted so nothing disappears unseen. */
  headerLines: number;
  tocLines: number;
  creditsLines: number;
}

export interface ParsedCr {
  lang: CrLang;
  /** The effective date as YYYY-MM-DD, from "These rules are effective as of …" (or 「…年…月…日…有効」). */
  effective?: string;
  /** The version printed in the header (the Japanese translation's "20231117.0"). */
  version?: string;
  units: Unit[];
  glossary: GlossaryTerm[];
  diagnostics: Diagnostic[];
  counts: CrCounts;
  /** What each line of the text (0-based) is, for the line tally. */
  kinds: LineKind[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const pad = (n: number) => String(n).padStart(2, '0');

const SECTION = /^([1-9])\.\s+(\S.*)$/;
const RULE = /^(\d{3})\.\s+(\S.*)$/;
const NUMBERED = /^(\d{3}\.\d+)\.?\s+(\S.*)$/;
const SUB = /^(\d{3}\.\d+[a-z]{1,2})\.?\s+(\S.*)$/; // 704.5z, then 704.5aa
const EXAMPLE = /^(?:Example|例)\s*[:：]/;
const CONTENTS = /^(?:Contents|目次|もくじ)$/i;
// In the body the headings may carry their contents number, as the Japanese translation's do ("10. 用語集").
const GLOSSARY = /^(?:\d{1,2}\.\s*)?(?:Glossary|用語集)$/i;
const CREDITS = /^(?:\d{1,2}\.\s*)?(?:Credits|クレジット)$/i;
/** The Japanese translation's introduction, "0. はじめに", sits between its contents and its rules. */
const INTRO = /^0\.\s*\S/;
const OBSOLETE = /\s*[(（]\s*(?:Obsolete|廃止|旧)\s*[)）]\s*$/i;
/** Text that ends a sentence (so the line is text, not a heading). */
const TERMINAL = /[.!?:;。！？：；]$/;

/** Whether a numbered rule's line is a heading ("702.33. Kicker") rather than text: no sentence ending. */
export function isHeading(text: string): boolean {
  const bare = text.replace(/["'”’)）」』\]]+$/u, '');
  return !TERMINAL.test(bare) && text.length <= 120;
}

function parseEffective(line: string): string | undefined {
  const en = /effective as of\s+([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})/i.exec(line);
  if (en) {
    const month = MONTHS.indexOf(en[1]!.toLowerCase());
    if (month >= 0) return `${en[3]}-${pad(month + 1)}-${pad(Number(en[2]))}`;
  }
  const ja = /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/.exec(line);
  if (ja && /有効|発効|施行|effective/i.test(line)) return `${ja[1]}-${pad(Number(ja[2]))}-${pad(Number(ja[3]))}`;
  return undefined;
}

function parseVersion(line: string): string | undefined {
  // The Japanese translation numbers its versions like 20231117.0 (date, then a revision).
  const dated = /(?<![\d.])(\d{8}\.\d+)(?![\d.])/.exec(line);
  if (dated) return dated[1];
  const named = /(?:version|バージョン|版)\s*[:：]?\s*([0-9][0-9A-Za-z.\-]*)/i.exec(line);
  return named?.[1];
}

/** Splits a glossary term line into names: "Active Player, Nonactive Player" → two names. */
const splitNames = (s: string) => s.split(/\s*[,、，]\s*/).map((n) => n.trim()).filter(Boolean);

function parseTermLine(raw: string, lang: CrLang): Pick<GlossaryTerm, 'term' | 'names' | 'enNames' | 'obsolete'> {
  const obsolete = OBSOLETE.test(raw);
  const term = raw.replace(OBSOLETE, '').trim();
  if (lang === 'en') return { term, names: splitNames(term), enNames: splitNames(term), obsolete };
  // Japanese term lines print the English after a slash (キッカー/Kicker) or in brackets (キッカー（Kicker）).
  const slash = /^(.*?[^\s/／])\s*[/／]\s*([A-Za-z].*)$/.exec(term);
  const bracket = /^(.*?)\s*[(（]\s*([A-Za-z][^()（）]*?)\s*[)）]$/.exec(term);
  const m = slash ?? bracket;
  if (m) return { term, names: splitNames(m[1]!), enNames: splitNames(m[2]!), obsolete };
  return { term, names: splitNames(term), enNames: [], obsolete };
}

export function parseCr(text: string, lang: CrLang): ParsedCr {
  const lines = text.split('\n');
  const diagnostics: Diagnostic[] = [];
  const counts: CrCounts = {
    sections: 0, rules: 0, numbered: 0, subRules: 0, examples: 0, glossaryTerms: 0, obsoleteTerms: 0,
    continuations: 0, malformed: 0, headerLines: 0, tocLines: 0, creditsLines: 0,
  };
  const report = (level: Diagnostic['level'], line: number | undefined, message: string) =>
    diagnostics.push({ level, lang, ...(line ? { line } : {}), message });
  const kinds: LineKind[] = lines.map((l) => (l.trim() ? 'malformed' : 'blank'));
  const result: ParsedCr = { lang, units: [], glossary: [], diagnostics, counts, kinds };

  // The rules start at the last "1. …" section line before the first numbered rule: the table of
  // contents repeats the section and rule headings but never a numbered rule.
  const firstNumbered = lines.findIndex((l) => NUMBERED.test(l.trim()) && !SECTION.test(l.trim()) && !RULE.test(l.trim()));
  let bodyStart = -1;
  for (let i = (firstNumbered < 0 ? lines.length : firstNumbered) - 1; i >= 0; i--) {
    const m = SECTION.exec(lines[i]!.trim());
    if (m?.[1] === '1') { bodyStart = i; break; }
  }
  if (bodyStart < 0) {
    bodyStart = firstNumbered;
    if (bodyStart < 0) {
      report('error', undefined, 'no rules found: expected a section line like "1. Game Concepts" followed by numbered rules like "100.1. …"');
      return result;
    }
    report('warning', bodyStart + 1, 'no "1. …" section line before the first numbered rule: reading rules from here');
  }
  const contentsAt = lines.slice(0, bodyStart).findIndex((l) => CONTENTS.test(l.trim()));
  const firstSection = lines.slice(0, bodyStart).findIndex((l) => SECTION.exec(l.trim())?.[1] === '1');
  const tocStart = contentsAt >= 0 ? contentsAt : firstSection >= 0 ? firstSection : bodyStart;

  // The Japanese translation's "0. はじめに" after its contents is an introduction, not contents.
  let introAt = -1;
  for (let i = bodyStart - 1; i >= tocStart; i--) if (INTRO.test(lines[i]!.trim())) { introAt = i; break; }
  if (introAt >= 0 && !lines.slice(introAt + 1, bodyStart).some((l) => l.trim() && !/^\d/.test(l.trim()))) introAt = -1;
  const tocEnd = introAt >= 0 ? introAt : bodyStart;
  for (let i = Math.max(0, introAt); introAt >= 0 && i < bodyStart; i++) if (lines[i]!.trim()) { counts.headerLines++; kinds[i] = 'front'; }

  // Header: effective date and version.
  for (let i = 0; i < tocStart; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    counts.headerLines++;
    kinds[i] = 'front';
    const effective = result.effective ?? parseEffective(line);
    const version = result.version ?? parseVersion(line);
    if (effective) result.effective = effective;
    if (version) result.version = version;
  }
  for (let i = tocStart; i < tocEnd; i++) if (lines[i]!.trim()) { counts.tocLines++; kinds[i] = 'contents'; }
  if (lang === 'en' && !result.effective) report('warning', undefined, 'no "These rules are effective as of <Month> <day>, <year>." line in the header: the effective date is not updated');

  let glossaryAt = lines.findIndex((l, i) => i > bodyStart && GLOSSARY.test(l.trim()));
  const creditsAt = lines.findIndex((l, i) => i > (glossaryAt < 0 ? bodyStart : glossaryAt) && CREDITS.test(l.trim()));
  const bodyEnd = glossaryAt >= 0 ? glossaryAt : creditsAt >= 0 ? creditsAt : lines.length;
  if (glossaryAt < 0) {
    report('warning', undefined, 'no "Glossary" line after the rules: no glossary terms read');
    glossaryAt = bodyEnd;
  }

  // Rules.
  const seen = new Map<string, number>();
  let current: Unit | undefined;
  let last = '';
  const open = (id: string, kind: UnitKind, line: number, heading: string | undefined, first: string | undefined) => {
    const before = seen.get(id);
    if (before) {
      report('error', line, `duplicate rule number ${id} (first on line ${before}): line skipped`);
      counts.malformed++;
      current = undefined;
      return;
    }
    if (last && kind !== 'section' && compare(last, id) >= 0) report('warning', line, `rule ${id} comes after ${last}: out of order`);
    seen.set(id, line);
    last = kind === 'section' ? last : id;
    kinds[line - 1] = 'rules';
    current = { id, kind, line, ...(heading !== undefined ? { heading } : {}), paragraphs: first !== undefined ? [first] : [], examples: 0 };
    result.units.push(current);
    counts[kind === 'section' ? 'sections' : kind === 'rule' ? 'rules' : kind === 'numbered' ? 'numbered' : 'subRules']++;
  };
  for (let i = bodyStart; i < bodyEnd; i++) {
    const line = lines[i]!.trim();
    const n = i + 1;
    if (!line) continue;
    let m: RegExpExecArray | null;
    if ((m = SECTION.exec(line))) open(m[1]!, 'section', n, m[2]!, undefined);
    else if ((m = RULE.exec(line))) open(m[1]!, 'rule', n, m[2]!, undefined);
    else if ((m = SUB.exec(line))) {
      const id = m[1]!;
      if (!isRuleId('mtg', id)) {
        report('error', n, `malformed rule number "${id}" (sub-rule letters skip l and o): line skipped: ${clip(line)}`);
        counts.malformed++;
        current = undefined;
        continue;
      }
      const parent = id.replace(/[a-z]+$/, '');
      if (!seen.has(parent)) report('warning', n, `sub-rule ${id} has no numbered rule ${parent} before it`);
      open(id, 'sub', n, undefined, m[2]!);
    } else if ((m = NUMBERED.exec(line))) {
      const id = m[1]!;
      const body = m[2]!;
      if (!seen.has(id.split('.')[0]!)) report('warning', n, `numbered rule ${id} has no rule ${id.split('.')[0]} heading before it`);
      if (isHeading(body)) open(id, 'numbered', n, body, undefined);
      else open(id, 'numbered', n, undefined, body);
    } else if (EXAMPLE.test(line)) {
      if (!current) {
        report('error', n, `"Example" line with no rule to attach to (after a skipped line): line skipped: ${clip(line)}`);
        counts.malformed++;
        continue;
      }
      current.paragraphs.push(line);
      current.examples++;
      counts.examples++;
      kinds[i] = 'examples';
    } else if (/^\d/.test(line)) {
      report('error', n, `malformed line (starts like a rule number but is not one): line skipped: ${clip(line)}`);
      counts.malformed++;
      current = undefined;
    } else if (current) {
      report('warning', n, `unnumbered line attached to ${current.id} as a further paragraph: ${clip(line)}`);
      current.paragraphs.push(line);
      counts.continuations++;
      kinds[i] = 'rules';
    } else {
      report('error', n, `unnumbered line with no rule to attach to (after a skipped line): line skipped: ${clip(line)}`);
      counts.malformed++;
    }
  }

  // Glossary: blocks separated by blank lines; the first line of a block is the term.
  const glossaryEnd = creditsAt >= 0 ? creditsAt : lines.length;
  let block: { start: number; lines: string[] } | undefined;
  const flush = () => {
    if (!block) return;
    const [head, ...definition] = block.lines;
    const prev = result.glossary.at(-1);
    if (definition.length === 0 && prev && TERMINAL.test(head!)) {
      // A lone sentence after a blank line continues the previous definition.
      report('warning', block.start, `glossary line attached to the definition of "${prev.term}": ${clip(head!)}`);
      prev.definition.push(head!);
      counts.continuations++;
    } else {
      const term: GlossaryTerm = { line: block.start, ...parseTermLine(head!, lang), definition };
      if (!definition.length) report('warning', block.start, `glossary term "${term.term}" has no definition`);
      if (lang === 'ja' && !term.enNames.length) report('warning', block.start, `glossary term "${term.term}" names no English term (expected "日本語/English"): cannot be paired`);
      result.glossary.push(term);
      counts.glossaryTerms++;
      if (term.obsolete) counts.obsoleteTerms++;
    }
    block = undefined;
  };
  if (GLOSSARY.test(lines[glossaryAt]?.trim() ?? '')) kinds[glossaryAt] = 'glossary';
  for (let i = glossaryAt + 1; i < glossaryEnd; i++) {
    const line = lines[i]!.trim();
    if (!line) { flush(); continue; }
    kinds[i] = 'glossary';
    if (block) block.lines.push(line);
    else block = { start: i + 1, lines: [line] };
  }
  flush();
  if (creditsAt >= 0) for (let i = creditsAt; i < lines.length; i++) if (lines[i]!.trim()) { counts.creditsLines++; kinds[i] = 'back'; }
  return result;
}

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);

/** Source order of rule numbers: 100 < 100.1 < 100.1a < 100.2 < 101. */
function compare(a: string, b: string): number {
  const key = (id: string) => {
    const m = /^(\d+)(?:\.(\d+)([a-z]{0,2}))?$/.exec(id);
    return m ? [Number(m[1]), m[2] === undefined ? -1 : Number(m[2]), m[3] ?? ''] as const : [0, 0, ''] as const;
  };
  const [a1, a2, a3] = key(a);
  const [b1, b2, b3] = key(b);
  // Letters: z comes before aa.
  return a1 - b1 || a2 - b2 || a3.length - b3.length || (a3 < b3 ? -1 : a3 > b3 ? 1 : 0);
}
