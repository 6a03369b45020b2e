// The Disney Lorcana Comprehensive Rules: the English PDF from Ravensburger and the Japanese edition's
// PDF (same numbers). Dotted numbers to four levels: `1.` section, `1.9.` rule heading (an entry),
// `1.9.1.` and `1.9.1.1.` sub-rules; `Example:` / `例：` paragraphs stay with their rule; the table
// of contents, the glossary and the change history are counted, not imported. docs/import.md#lorcana.
import { findRefs } from '../model/refs';
import type { Built, GameImporter } from './game';
import { blocksToMarkdown, listItem, type Block } from './markdown';
import type { ImportedEntry } from './official';
import type { Diagnostic, Lang } from './report';
import { tallyLines, type LineKind, type Source, type SourceLine } from './source';
import type { LineCues } from './lines';

// The final period may be missing, and so may the space after it ("10.11.Singer").
const NUMBER = /^([1-9]\d?(?:\.\d{1,2}){0,3})(?:\.?(?=\s|$)|\.(?=[A-Za-z\u3040-\u9fff]))\s*(.*)$/;
const EXAMPLE = /^(?:Examples?|例)\s*[:：]/;
const CONTENTS = /^(?:CONTENTS|Contents|目次|もくじ)$/;
const BACK = /^(?:GLOSSARY|Glossary|用語集|CHANGE LOG|Change Log|CHANGELOG|更新履歴|INDEX|Index|索引)$/;
const TERMINAL = /[.!?:;。！？：；)）」]$/;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const pad = (n: number) => String(n).padStart(2, '0');

interface Unit { id: string; level: number; heading?: string; blocks: Block[]; line: SourceLine; examples: number; bulletLevels?: number[] }

export interface ParsedLorcana {
  lang: Lang;
  effective?: string;
  version?: string;
  units: Unit[];
  diagnostics: Diagnostic[];
  kinds: LineKind[];
  counts: { sections: number; headings: number; rules: number; examples: number; malformed: number; contents: number; front: number; back: number };
}

/** Effective date and version from the title page: "Effective October 31, 2025", 「2025 年 12 月 19 日施行」, "Version 2.0.1". */
export function readTitlePage(lines: string[]): { effective?: string; version?: string } {
  const out: { effective?: string; version?: string } = {};
  for (const line of lines) {
    const en = /effective(?:\s+as\s+of)?\s+([A-Za-z]+)\s+(\d{1,2}),?\s*(\d{4})/i.exec(line);
    const ja = /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日\s*(?:施行|発効|より有効|有効)/.exec(line);
    if (!out.effective && en && MONTHS.includes(en[1]!.toLowerCase())) out.effective = `${en[3]}-${pad(MONTHS.indexOf(en[1]!.toLowerCase()) + 1)}-${pad(Number(en[2]))}`;
    if (!out.effective && ja) out.effective = `${ja[1]}-${pad(Number(ja[2]))}-${pad(Number(ja[3]))}`;
    const v = /(?:version|ver\.|バージョン|第)\s*(\d+\.\d+(?:\.\d+)?)\s*版?/i.exec(line);
    if (!out.version && v?.[1]) out.version = v[1];
  }
  return out;
}

/** Nesting of a bullet: how many distinct bullet indents of the same rule lie left of it (a new, deeper indent nests one level in). */
export function bulletDepth(levels: number[], level: number): number {
  if (!levels.includes(level)) { levels.push(level); levels.sort((a, b) => a - b); }
  return Math.min(3, levels.indexOf(level));
}

/**
 * What is wrong with a line's rule number, when it starts like one and is not: a letter or a
 * placeholder where a number belongs (`4.x.`, `1.A.2.`), an empty part (`4..1.`), more than four
 * levels, or a part of three digits or more. Undefined for a well-formed number or a line that does not start with one.
 */
export function numberProblem(text: string): { number: string; why: string } | undefined {
  const m = /^(\d{1,3}(?:\.[0-9A-Za-z]{0,3})*\.?)(?=\s|$|[^\w.])/u.exec(text.trim()) ?? /^(\d{1,3}(?:\.[0-9A-Za-z]{1,2})+\.)(?=[A-Za-z\u3040-\u9fff])/u.exec(text.trim());
  if (!m || !m[1]!.includes('.')) return undefined;
  const number = m[1]!;
  const parts = number.replace(/\.$/, '').split('.');
  if (parts.some((p) => p === '')) return { number, why: 'an empty part between two periods' };
  if (parts.some((p) => /[A-Za-z]/.test(p))) {
    // "10.11.Singer": a number, then a word with no space; that is a rule, not a malformed number.
    if (/^\d+$/.test(parts.slice(0, -1).join('')) && /^[A-Za-z]{3,}/.test(parts.at(-1)!)) return undefined;
    return { number, why: `"${parts.find((p) => /[A-Za-z]/.test(p))}" where a number belongs` };
  }
  if (parts.length > 4) return { number, why: 'more than four levels' };
  if (parts.some((p) => p.length > 2)) return { number, why: 'a part of three digits or more' };
  return undefined;
}

const isHeading = (text: string) => !TERMINAL.test(text.trim()) && text.length <= 80;

export function parseLorcana(source: Source, lang: Lang): ParsedLorcana {
  const lines = source.lines;
  const diagnostics: Diagnostic[] = [];
  const kinds: LineKind[] = lines.map((l) => (l.text.trim() ? 'malformed' : 'blank'));
  const counts = { sections: 0, headings: 0, rules: 0, examples: 0, malformed: 0, contents: 0, front: 0, back: 0 };
  const at = (l: SourceLine) => ({ ...(l.page ? { page: l.page } : {}), line: l.line });
  const report = (level: Diagnostic['level'], l: SourceLine | undefined, message: string) => diagnostics.push({ level, lang, ...(l ? { ...at(l), text: l.text } : {}), message });
  const result: ParsedLorcana = { lang, units: [], diagnostics, kinds, counts };

  const text = (i: number) => lines[i]!.text.trim();
  // The rules start at the last "1. …" section line before the first three-level rule; the contents
  // repeat sections and headings but not the rules themselves.
  const firstRule = lines.findIndex((l) => /^\d{1,2}\.\d{1,2}\.\d{1,2}\.?\s/.test(l.text.trim()));
  let bodyStart = -1;
  for (let i = (firstRule < 0 ? lines.length : firstRule) - 1; i >= 0; i--) if (/^1\.?\s+\S/.test(text(i)) && !/^1\.\d/.test(text(i))) { bodyStart = i; break; }
  if (bodyStart < 0) bodyStart = firstRule;
  if (bodyStart < 0) {
    report('error', undefined, 'no rules found: expected a section line like "1. CONCEPTS" followed by numbered rules like "1.1.1. …"');
    return result;
  }
  const contentsAt = lines.slice(0, bodyStart).findIndex((l) => CONTENTS.test(l.text.trim()));
  const tocStart = contentsAt >= 0 ? contentsAt : bodyStart;
  Object.assign(result, readTitlePage(lines.slice(0, tocStart).map((l) => l.text)));
  for (let i = 0; i < tocStart; i++) if (text(i)) { kinds[i] = 'front'; counts.front++; }
  for (let i = tocStart; i < bodyStart; i++) if (text(i)) { kinds[i] = 'contents'; counts.contents++; }
  if (lang === 'en' && !result.effective && result.version) report('info', undefined, 'no "Effective <Month> <day>, <year>" on the title page: the pages show no effective date');

  let bodyEnd = lines.findIndex((l, i) => i > bodyStart && BACK.test(l.text.trim()));
  if (bodyEnd < 0) bodyEnd = lines.length;
  for (let i = bodyEnd; i < lines.length; i++) if (text(i)) { kinds[i] = /^(?:GLOSSARY|Glossary|用語集)$/.test(text(bodyEnd)) ? 'glossary' : 'back'; counts.back++; }

  const seen = new Map<string, SourceLine>();
  let current: Unit | undefined;
  for (let i = bodyStart; i < bodyEnd; i++) {
    const l = lines[i]!;
    const t = text(i);
    if (!t) continue;
    const bad = numberProblem(t);
    if (bad) {
      report('error', l, `malformed rule number "${bad.number}" (${bad.why}): line skipped`);
      counts.malformed++;
      current = undefined;
      continue;
    }
    const m = NUMBER.exec(t);
    // A section is printed "5. CARDS": a lone number without its period ("5", "5 Strength", "2 BANISHED",
    // a line wrapped after an icon's "1 ⬡ less …") is a diagram label or running text of the rule above,
    // as the text layers of the official PDFs have them, not a section (it took 5 and 7 from the real ones).
    const notSection = m !== null && !m[1]!.includes('.') && !/^\d{1,2}\./.test(t);
    // A line wrapped just before a cross-reference starts with it: "7.7, “Bag”).", "6.7.2).",
    // 「4.2.1.1～4.2.1.3.の手順に従う。」, 「1.8.1.4.の条件を…」 (a particle right after the number), and a
    // diagram's bare values ("0", "0 3"): text of the rule above, never a rule of that number.
    const wrappedRef = current !== undefined && (/^\d+(?:\.\d+)*\.?\s*[),、，～~–]/.test(t) || /^\d+(?:\.\d+)+\.?[のをにでとはがへもや]/.test(t) || /^\d+(?:\s+\d+)*$/.test(t));
    if (wrappedRef) {
      current!.blocks.push({ kind: 'para', text: t, depth: 0 });
      kinds[i] = 'rules';
      continue;
    }
    if (m && /^\d/.test(t) && !notSection) {
      const id = m[1]!;
      const body = m[2]!.trim();
      const level = id.split('.').length;
      const first = seen.get(id);
      if (first) {
        report('error', l, `duplicate rule number ${id} (first at ${first.page ? `page ${first.page} ` : ''}line ${first.line}): line skipped`);
        counts.malformed++;
        current = undefined;
        continue;
      }
      const parent = id.split('.').slice(0, -1).join('.');
      if (level > 1 && !seen.has(parent)) report('warning', l, `${id} has no ${parent} before it`);
      seen.set(id, l);
      kinds[i] = 'rules';
      current = { id, level, blocks: [], line: l, examples: 0 };
      if (level === 1) { current.heading = body; counts.sections++; }
      else if (level === 2 && isHeading(body)) { current.heading = body; counts.headings++; }
      else {
        if (!body) report('warning', l, `${id} has no text`);
        else current.blocks.push({ kind: 'para', text: body, depth: 0 });
        counts.rules++;
      }
      result.units.push(current);
      continue;
    }
    if (/^\d/.test(t) && !listItem(t) && !notSection) {
      report('error', l, 'malformed line (starts like a rule number but is not one): line skipped');
      counts.malformed++;
      current = undefined;
      continue;
    }
    if (!current) {
      report('error', l, 'line with no rule to attach to (after a skipped line): line skipped');
      counts.malformed++;
      continue;
    }
    if (EXAMPLE.test(t)) {
      current.blocks.push({ kind: 'para', text: t, depth: 0 });
      current.examples++;
      counts.examples++;
      kinds[i] = 'examples';
      continue;
    }
    const item = listItem(t);
    if (item) {
      // Nesting by indentation: the unit's first bullet is the outer list, each further indent stop one level in.
      current.blocks.push({ kind: item.kind, text: item.text, depth: bulletDepth(current.bulletLevels ??= [], l.level), ...(item.n ? { n: item.n } : {}) });
    } else current.blocks.push({ kind: 'para', text: t, depth: 0 });
    kinds[i] = 'rules';
  }
  return result;
}

const LANG_NAME: Record<Lang, string> = { en: 'English', ja: 'Japanese' };

/** Entries from the paired English and Japanese rules: one per section and per two-level rule. */
export function buildLorcana(en: ParsedLorcana, ja: ParsedLorcana | undefined, sources: { en: string; ja?: string }) {
  const diagnostics = [...en.diagnostics, ...(ja?.diagnostics ?? [])];
  const enUnits = new Map(en.units.map((u) => [u.id, u]));
  const jaUnits = new Map((ja?.units ?? []).map((u) => [u.id, u]));
  const unpaired = { en: [] as string[], ja: [] as string[] };
  if (ja) {
    for (const u of en.units) if (!jaUnits.has(u.id)) { unpaired.en.push(u.id); diagnostics.push({ level: 'warning', lang: 'en', ...(u.line.page ? { page: u.line.page } : {}), line: u.line.line, message: `${u.id} is in the English rules only: its Japanese text is marked missing` }); }
    for (const u of ja.units) if (!enUnits.has(u.id)) { unpaired.ja.push(u.id); diagnostics.push({ level: 'warning', lang: 'ja', ...(u.line.page ? { page: u.line.page } : {}), line: u.line.line, message: `${u.id} is in the Japanese rules only: its English text is marked missing` }); }
  }
  const order = en.units.map((u) => u.id);
  let after = '';
  for (const u of ja?.units ?? []) {
    if (enUnits.has(u.id)) { after = u.id; continue; }
    order.splice(after ? order.indexOf(after) + 1 : 0, 0, u.id);
    after = u.id;
  }
  const entries: ImportedEntry[] = [];
  const byId = new Map<string, ImportedEntry>();
  let crossReferences = 0;
  const text = (u: Unit | undefined) => (u && u.blocks.length ? blocksToMarkdown(u.blocks) : undefined);
  for (const id of order) {
    const parts = id.split('.');
    const entryId = parts.slice(0, Math.min(2, parts.length)).join('.');
    let entry = byId.get(entryId);
    if (!entry) {
      entry = { id: entryId, kind: parts.length === 1 ? 'section' : 'rule', title: { ja: '', en: '' }, status: { ja: 'official', en: 'official' }, rules: [], refs: [], children: [] };
      byId.set(entryId, entry);
      entries.push(entry);
      if (parts.length >= 2) byId.get(parts[0]!)?.children.push(entryId);
    }
    const e = enUnits.get(id);
    const j = jaUnits.get(id);
    const t = { en: text(e), ja: text(j) };
    if (t.en === undefined && t.ja === undefined) continue;
    entry.rules.push({ id, ...(t.en !== undefined ? { en: t.en } : {}), ...(t.ja !== undefined ? { ja: t.ja } : {}) });
    for (const ref of [...findRefs(t.en ?? '', 'dotted'), ...findRefs(t.ja ?? '', 'dotted')].flatMap((r) => r.ids)) {
      if (ref === entryId || ref.startsWith(`${entryId}.`)) continue;
      crossReferences++;
      if (!entry.refs.includes(ref)) entry.refs.push(ref);
    }
  }
  for (const entry of entries) {
    const h = { en: enUnits.get(entry.id)?.heading, ja: jaUnits.get(entry.id)?.heading };
    const fallback = h.en ?? h.ja ?? entry.id;
    // Section headings are printed in capitals in English ("CONCEPTS"): titled as words.
    const en = entry.kind === 'section' && h.en && h.en === h.en.toUpperCase() ? h.en.toLowerCase().replace(/(^|\s)\S/g, (c) => c.toUpperCase()) : h.en;
    entry.title = { en: en ?? fallback, ja: h.ja ?? en ?? fallback };
    if (entry.kind === 'section' && h.en && en !== h.en) entry.sourceTitle = h.en;
    const missing: { ja?: string; en?: string } = {};
    for (const lang of ['en', 'ja'] as const) {
      const units = lang === 'en' ? enUnits : jaUnits;
      const without = entry.rules.filter((r) => r[lang] === undefined).map((r) => r.id);
      const has = [entry.id, ...entry.rules.map((r) => r.id)].some((id) => units.has(id));
      if (lang === 'ja' && !ja) missing.ja = '日本語版は取り込まれていない（英語版のみを取り込んだ）。';
      else if (!has) missing[lang] = lang === 'ja' ? `日本語版（${sources.ja}）に ${entry.id} がない。` : `Not in the English rules (${sources.en}); only the Japanese edition has ${entry.id}.`;
      else if (without.length) missing[lang] = lang === 'ja' ? `日本語版（${sources.ja}）にない条文: ${without.join(', ')}。` : `Not in the English rules (${sources.en}): ${without.join(', ')}.`;
      else {
        if (!h[lang] && entry.rules.length === 0) diagnostics.push({ level: 'warning', lang, message: `${entry.id}: no ${LANG_NAME[lang]} heading; using the other language's title` });
        continue;
      }
      entry.status[lang] = 'missing';
    }
    if (missing.en || missing.ja) entry.missing = missing;
  }
  return { entries, diagnostics, unpaired, crossReferences, paired: ja ? en.units.filter((u) => jaUnits.has(u.id)).length : 0 };
}

/** A rule number starts a block unless the line before stops mid-sentence ("…such as" + "1.2.1."): then it is wrapped text. */
export const endsSentence = (before: string | undefined) => before === undefined || /[.。:：;；!?！？)）」』\]]$/.test(before.trim());
/**
 * …or unless, by position, the line before stopped short of its column (lines.ts LineCues.prevShort):
 * then it ended there, whatever its last character ("• Put it on the second card" + "1.3. Turns").
 */
const ended = (before: string | undefined, cues: unknown) => endsSentence(before) || (cues as LineCues | undefined)?.prevShort === true;
const startsBlock = (t: string, _line?: unknown, before?: string, cues?: unknown) => (NUMBER.test(t) && /^\d/.test(t) && ended(before, cues)) || EXAMPLE.test(t) || (listItem(t) !== undefined && !/^\d/.test(t)) || (listItem(t) !== undefined && ended(before, cues)) || CONTENTS.test(t) || BACK.test(t);

export const lorcanaCr: GameImporter = {
  game: 'lorcana',
  doc: 'cr',
  idStyle: 'dotted',
  name: 'the Disney Lorcana Comprehensive Rules',
  japanese: 'the Japanese edition of the Comprehensive Rules (same numbers)',
  startsBlock,
  documentDefaults: {
    title: { ja: '総合ルール', en: 'Comprehensive Rules' },
    publisher: 'Ravensburger',
    about: { ja: 'ディズニー・ロルカナ総合ルールの公式テキストと、その日本語版である。', en: 'The official text of the Disney Lorcana Comprehensive Rules, with its Japanese edition.' },
  },
  build(enSource, jaSource, given): Built {
    const en = parseLorcana(enSource, 'en');
    const ja = jaSource ? parseLorcana(jaSource, 'ja') : undefined;
    const enEdition = en.version ?? en.effective ?? given?.edition;
    const edition: { en?: string; ja?: string } = { ...(enEdition !== undefined ? { en: enEdition } : {}), ...(jaSource ? { ja: ja?.version ?? ja?.effective ?? jaSource.name } : {}) };
    // The reasons name the editions, not the files: the same text under another file name rewrites nothing.
    const built = buildLorcana(en, ja, { en: edition.en !== undefined ? `version ${edition.en}` : enSource.name, ...(jaSource ? { ja: `${edition.ja}` } : {}) });
    const c = (k: keyof ParsedLorcana['counts']) => `${en.counts[k]}${ja ? ` / ${ja.counts[k]}` : ''}`;
    const counts = [
      `sections ${c('sections')} · rule headings ${c('headings')} · rules ${c('rules')} · examples ${c('examples')} · cross-references ${built.crossReferences}`,
      ...(ja ? [`paired rule numbers ${built.paired} · English only ${built.unpaired.en.length}${built.unpaired.en.length ? ` (${built.unpaired.en.slice(0, 20).join(', ')})` : ''} · Japanese only ${built.unpaired.ja.length}${built.unpaired.ja.length ? ` (${built.unpaired.ja.slice(0, 20).join(', ')})` : ''}`] : []),
      `malformed lines (reported, skipped) ${c('malformed')} · not rules (counted, not imported): front matter ${c('front')} · contents ${c('contents')} · glossary and back matter ${c('back')} lines`,
    ];
    return {
      entries: built.entries,
      diagnostics: built.diagnostics,
      edition,
      ...(en.effective ? { effective: en.effective } : {}),
      // The Japanese edition's version is the English edition it translates (v2.2.0); its effective date is its own.
      ...(ja?.version ? { jaFollows: { edition: ja.version, how: 'its version line' } } : {}),
      version: [edition.en, edition.ja !== undefined ? `日本語版 ${edition.ja}` : undefined].filter(Boolean).join(' · '),
      tallies: { en: tallyLines(enSource, en.kinds), ...(ja && jaSource ? { ja: tallyLines(jaSource, ja.kinds) } : {}) },
      counts,
      unpaired: built.unpaired,
    };
  },
};
