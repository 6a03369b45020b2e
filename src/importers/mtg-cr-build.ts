// Pairs the parsed English and Japanese Comprehensive Rules by rule number and shapes them as the
// content model's entries (one per section, rule and numbered rule) and glossary terms. Pure: the
// decisions that need the content on disk (hand-written entries, see-also targets) are in
// mtg-cr-plan.ts.
import type { CrLang, Diagnostic, GlossaryTerm, ParsedCr, Unit } from './mtg-cr-parse';
import { findRefs } from '../model/refs';
import { escapeMarkdown } from '../model/markdown-text';

export type EntryKind = 'section' | 'rule' | 'numbered';

export interface ImportedRule {
  id: string;
  /** Markdown (the source text with Markdown syntax characters escaped). */
  en?: string;
  ja?: string;
}

export interface ImportedEntry {
  id: string;
  kind: EntryKind;
  /** Both languages always filled: a language the source lacks borrows the other's (and is marked missing). */
  title: { ja: string; en: string };
  status: { ja: 'official' | 'missing'; en: 'official' | 'missing' };
  missing?: { ja?: string; en?: string };
  rules: ImportedRule[];
  /** Rule numbers cited in the entry's text that lie outside the entry, in source order (not yet checked to exist). */
  refs: string[];
  /** Sections and rules: the units directly below them (their table of contents). */
  children: string[];
}

export interface ImportedTerm {
  /** Slug from the first English name. */
  id: string;
  en: string;
  /** Further English names on the term line ("Active Player, Nonactive Player"). */
  enAliases: string[];
  ja?: string;
  jaAliases: string[];
  obsolete: boolean;
  def: { en?: string; ja?: string };
  /** Rule numbers the definition cites. */
  refs: string[];
  line: { en?: number; ja?: number };
}

export interface BuildCounts {
  en: ParsedCr['counts'];
  ja?: ParsedCr['counts'];
  /** Units (sections, rules, numbered rules, sub-rules) in both languages. */
  paired: number;
  crossReferences: number;
  entries: Record<EntryKind, number>;
}

export interface Built {
  entries: ImportedEntry[];
  glossary: ImportedTerm[];
  effective?: string;
  jaEffective?: string;
  version?: string;
  /** Unit ids present in one language only. */
  unpaired: { en: string[]; ja: string[] };
  /** Glossary terms present in one language only (English name, or the Japanese term line). */
  glossaryUnpaired: { en: string[]; ja: string[] };
  diagnostics: Diagnostic[];
  counts: BuildCounts;
}

export interface BuildOptions {
  /** How reasons name the sources, e.g. "MagicCompRules 20251114.txt" and "日本語訳 20231117.0". */
  enSource: string;
  jaSource?: string;
}

// ── Markdown ──────────────────────────────────────────────────────────────────────────────────────

// The escaper is the model's (src/model/markdown-text.ts), shared with the official glossary's renderer.
export { escapeMarkdown };

// ── Cross-references ──────────────────────────────────────────────────────────────────────────────
// "See rule 702.19.", "rules 601.2f–h", "rule 117", "section 8", "ルール601.2b", "607参照", "セクション8". A bare
// number counts only when its shape cannot be anything else (three digits, a dot, a number).

/** Rule numbers a text cites, in order, without duplicates; ranges are expanded (src/model/refs.ts). */
export function findCrossRefs(text: string): string[] {
  return [...new Set(findRefs(text, 'mtg').flatMap((m) => m.ids))];
}

/** The entry an id belongs to: 702.33d → 702.33; 702.33 → 702.33; 702 → 702; 7 → 7. */
export const entryOf = (id: string) => id.replace(/[a-z]$/, '');

// ── Glossary ──────────────────────────────────────────────────────────────────────────────────────

export const slug = (s: string) =>
  s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

const termKey = (names: string[]) => names.map((n) => n.toLowerCase().replace(/\s+/g, ' ')).join(', ');

function buildGlossary(en: GlossaryTerm[], ja: GlossaryTerm[] | undefined, diagnostics: Diagnostic[]) {
  const terms: ImportedTerm[] = [];
  const byKey = new Map<string, ImportedTerm>();
  const byFirst = new Map<string, ImportedTerm>();
  const ids = new Set<string>();
  const uniqueId = (base: string, line: number, lang: CrLang) => {
    let id = base || 'term';
    for (let n = 2; ids.has(id); n++) id = `${base}-${n}`;
    if (id !== base) diagnostics.push({ level: 'warning', lang, line, message: `glossary term id "${base}" is taken: using "${id}"` });
    ids.add(id);
    return id;
  };
  for (const t of en) {
    const term: ImportedTerm = {
      id: uniqueId(slug(t.enNames[0] ?? t.term), t.line, 'en'),
      en: t.enNames[0] ?? t.term,
      enAliases: t.enNames.slice(1),
      jaAliases: [],
      obsolete: t.obsolete,
      def: t.definition.length ? { en: t.definition.join('\n') } : {},
      refs: findCrossRefs(t.definition.join('\n')),
      line: { en: t.line },
    };
    terms.push(term);
    byKey.set(termKey(t.enNames), term);
    if (t.enNames[0]) byFirst.set(t.enNames[0].toLowerCase(), term);
  }
  const unpaired = { en: [] as string[], ja: [] as string[] };
  for (const t of ja ?? []) {
    const match = byKey.get(termKey(t.enNames)) ?? (t.enNames[0] ? byFirst.get(t.enNames[0].toLowerCase()) : undefined);
    if (match && match.ja === undefined) {
      match.ja = t.names[0] ?? t.term;
      match.jaAliases = t.names.slice(1);
      if (t.definition.length) match.def.ja = t.definition.join('\n');
      for (const r of findCrossRefs(t.definition.join('\n'))) if (!match.refs.includes(r)) match.refs.push(r);
      match.line.ja = t.line;
      if (t.obsolete !== match.obsolete) diagnostics.push({ level: 'warning', lang: 'ja', line: t.line, message: `glossary term "${t.term}" is marked obsolete in one language only` });
      continue;
    }
    if (match) diagnostics.push({ level: 'warning', lang: 'ja', line: t.line, message: `glossary term "${t.term}" pairs with "${match.en}", which already has a Japanese term` });
    unpaired.ja.push(t.term);
    terms.push({
      id: uniqueId(t.enNames[0] ? slug(t.enNames[0]) : `ja-term-${t.line}`, t.line, 'ja'),
      en: t.enNames[0] ?? '',
      enAliases: t.enNames.slice(1),
      ja: t.names[0] ?? t.term,
      jaAliases: t.names.slice(1),
      obsolete: t.obsolete,
      def: t.definition.length ? { ja: t.definition.join('\n') } : {},
      refs: findCrossRefs(t.definition.join('\n')),
      line: { ja: t.line },
    });
  }
  if (ja) for (const t of terms) if (t.line.en && t.ja === undefined) unpaired.en.push(t.en);
  return { terms, unpaired };
}

// ── Entries ───────────────────────────────────────────────────────────────────────────────────────

const LANG_NAME: Record<CrLang, string> = { en: 'English', ja: 'Japanese' };

export function buildImport(en: ParsedCr, ja: ParsedCr | undefined, options: BuildOptions): Built {
  const diagnostics: Diagnostic[] = [...en.diagnostics, ...(ja?.diagnostics ?? [])];
  const enUnits = new Map(en.units.map((u) => [u.id, u]));
  const jaUnits = new Map((ja?.units ?? []).map((u) => [u.id, u]));
  const unpaired = { en: [] as string[], ja: [] as string[] };
  if (ja) {
    for (const u of en.units) if (!jaUnits.has(u.id)) unpaired.en.push(u.id);
    for (const u of ja.units) if (!enUnits.has(u.id)) unpaired.ja.push(u.id);
  }
  for (const id of unpaired.en) diagnostics.push({ level: 'warning', lang: 'en', line: enUnits.get(id)!.line, message: `${id} is in the English rules only: its Japanese text is marked missing` });
  for (const id of unpaired.ja) diagnostics.push({ level: 'warning', lang: 'ja', line: jaUnits.get(id)!.line, message: `${id} is in the Japanese rules only: its English text is marked missing` });

  // Every unit id in source order: English order, Japanese-only units slotted in after their predecessor.
  const order: string[] = en.units.map((u) => u.id);
  let after = '';
  for (const u of ja?.units ?? []) {
    if (enUnits.has(u.id)) { after = u.id; continue; }
    const at = after ? order.indexOf(after) + 1 : 0;
    order.splice(at, 0, u.id);
    after = u.id;
  }

  // Numbered rules: heading or text is decided by the English line when there is one.
  for (const id of order) {
    const e = enUnits.get(id);
    const j = jaUnits.get(id);
    if (e?.kind !== 'numbered' || j?.kind !== 'numbered') continue;
    const eHead = e.heading !== undefined;
    const jHead = j.heading !== undefined;
    if (eHead && !jHead) {
      const heading = j.paragraphs.shift();
      if (heading !== undefined) j.heading = heading;
      diagnostics.push({ level: 'info', lang: 'ja', line: j.line, message: `${id}: the English line is a heading, so the Japanese line is read as one too` });
    } else if (!eHead && jHead) {
      j.paragraphs.unshift(j.heading!);
      delete j.heading;
      diagnostics.push({ level: 'info', lang: 'ja', line: j.line, message: `${id}: the English line is rule text, so the Japanese line is read as text too` });
    }
  }

  const units = (id: string) => ({ en: enUnits.get(id), ja: jaUnits.get(id) });
  const kindOf = (id: string) => (enUnits.get(id) ?? jaUnits.get(id))!.kind;
  const headingOf = (id: string, lang: CrLang): string | undefined => (lang === 'en' ? enUnits : jaUnits).get(id)?.heading;

  const entries: ImportedEntry[] = [];
  const byId = new Map<string, ImportedEntry>();
  let crossReferences = 0;
  const textOf = (u: Unit | undefined) => (u && u.paragraphs.length ? u.paragraphs.join('\n\n') : undefined);

  for (const id of order) {
    const kind = kindOf(id);
    const entryId = kind === 'sub' ? id.replace(/[a-z]$/, '') : id;
    let entry = byId.get(entryId);
    if (!entry) {
      const entryKind: EntryKind = kind === 'sub' ? 'numbered' : kind;
      entry = { id: entryId, kind: entryKind, title: { ja: '', en: '' }, status: { ja: 'official', en: 'official' }, rules: [], refs: [], children: [] };
      byId.set(entryId, entry);
      entries.push(entry);
      if (entryKind === 'rule') byId.get(id[0]!)?.children.push(id);
      if (entryKind === 'numbered') byId.get(id.split('.')[0]!)?.children.push(entryId);
    }
    const u = units(id);
    const text = { en: textOf(u.en), ja: textOf(u.ja) };
    if (text.en !== undefined || text.ja !== undefined) {
      entry.rules.push({ id, ...(text.en !== undefined ? { en: escapeMarkdown(text.en) } : {}), ...(text.ja !== undefined ? { ja: escapeMarkdown(text.ja) } : {}) });
      const cited = [...findCrossRefs(text.en ?? ''), ...findCrossRefs(text.ja ?? '')];
      for (const ref of cited) {
        if (entryOf(ref) === entryId) continue;
        crossReferences++;
        if (!entry.refs.includes(ref)) entry.refs.push(ref);
      }
    }
  }

  // Titles, status, missing reasons.
  const source = (lang: CrLang) => (lang === 'en' ? options.enSource : options.jaSource ?? 'no Japanese file given');
  for (const entry of entries) {
    const raw: Partial<Record<CrLang, string>> = {};
    // A numbered rule without a heading of its own ("100.1. These rules…") is titled by its rule's
    // heading ("100.1 General"); one with a heading ("702.33. Kicker") by that heading.
    const headed = entry.kind !== 'numbered' || headingOf(entry.id, 'en') !== undefined || headingOf(entry.id, 'ja') !== undefined;
    const titleFrom = headed ? entry.id : entry.id.split('.')[0]!;
    for (const lang of ['en', 'ja'] as const) {
      if (lang === 'ja' && !ja) continue;
      const h = headingOf(titleFrom, lang);
      if (h) raw[lang] = h;
    }
    if (raw.ja && raw.en) raw.ja = stripEnglish(raw.ja, raw.en);
    const fallback = raw.en ?? raw.ja ?? entry.id;
    entry.title = { ja: raw.ja ?? fallback, en: raw.en ?? fallback };
    const missing: { ja?: string; en?: string } = {};
    for (const lang of ['en', 'ja'] as const) {
      const other: CrLang = lang === 'en' ? 'ja' : 'en';
      const without = entry.rules.filter((r) => r[lang] === undefined).map((r) => r.id);
      const hasUnit = [entry.id, ...entry.rules.map((r) => r.id)].some((id) => (lang === 'en' ? enUnits : jaUnits).has(id));
      // The reason is read by the readers of the missing language, so it is written in that language.
      if (lang === 'ja' && !ja) {
        missing.ja = '日本語訳は取り込まれていない（英語版のみを取り込んだ）。';
      } else if (!hasUnit) {
        missing[lang] = lang === 'ja'
          ? `日本語訳（${source('ja')}）に ${entry.id} がない。`
          : `Not in the English rules (${source('en')}); only the Japanese translation has ${entry.id}.`;
      } else if (without.length) {
        missing[lang] = lang === 'ja'
          ? `日本語訳（${source('ja')}）にない条文: ${without.join(', ')}。`
          : `Not in the English rules (${source('en')}): ${without.join(', ')}.`;
      } else if (!raw[lang]) {
        diagnostics.push({ level: 'warning', lang, message: `${entry.id}: no ${LANG_NAME[lang]} heading to title it; using the ${LANG_NAME[other]} title` });
        continue;
      } else continue;
      entry.status[lang] = 'missing';
    }
    if (missing.en || missing.ja) entry.missing = missing;
  }

  const glossary = buildGlossary(en.glossary, ja?.glossary, diagnostics);
  if (ja?.effective && en.effective && ja.effective !== en.effective) {
    diagnostics.push({ level: 'info', lang: 'ja', message: `the Japanese translation is of the rules effective ${ja.effective}; the English file is effective ${en.effective}` });
  }
  const entryCounts: Record<EntryKind, number> = { section: 0, rule: 0, numbered: 0 };
  for (const e of entries) entryCounts[e.kind]++;
  return {
    entries,
    glossary: glossary.terms,
    ...(en.effective ? { effective: en.effective } : {}),
    ...(ja?.effective ? { jaEffective: ja.effective } : {}),
    ...(ja?.version ? { version: ja.version } : {}),
    unpaired,
    glossaryUnpaired: glossary.unpaired,
    diagnostics,
    counts: {
      en: en.counts,
      ...(ja ? { ja: ja.counts } : {}),
      paired: ja ? en.units.filter((u) => jaUnits.has(u.id)).length : 0,
      crossReferences,
      entries: entryCounts,
    },
  };
}

/** 「キッカー/Kicker」 → 「キッカー」 when the part after the slash is the English title. */
function stripEnglish(ja: string, en: string): string {
  const m = /^(.*?[^\s/／])\s*[/／]\s*(.+)$/.exec(ja);
  return m && m[2]!.toLowerCase() === en.toLowerCase() ? m[1]! : ja;
}
