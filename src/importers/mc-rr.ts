// The Marvel Champions Rules Reference (English, Fantasy Flight Games): a glossary of headings in
// capitals, each an entry with the slug the site already uses (`ATTACK (ENEMY ACTIVATION)` →
// `attack-enemy-activation`; an icon glyph the text layer shows as `()` and quotes are dropped).
// Paragraphs, bullets (nested by indentation) and numbered steps (`slug.step-N`) are kept; `See also:`
// lists become see-also links by slug; appendices are not glossary entries. There is no official
// Japanese Rules Reference: the Japanese side stays Taiyaku's own text, paired by slug. docs/import.md.
import { slug } from './mtg-cr-build';
import type { Built, GameImporter } from './game';
import { blocksToMarkdown, listItem, type Block } from './markdown';
import type { ImportedEntry } from './official';
import { bulletDepth, readTitlePage } from './lorcana-cr';
import type { Diagnostic } from './report';
import { tallyLines, type LineKind, type Source, type SourceLine } from './source';
import { standsOut, type LineCues } from './lines';

const GLOSSARY = /^GLOSSARY$/i;
const APPENDIX = /^APPENDIX\b|^INDEX$/i;
const SEE_ALSO = /^See also\s*[:：]\s*/i;
const SEE = /^See\s*[:：]\s*/;

/** A glossary heading: capitals (with digits, brackets, quotes, dashes), not a sentence. */
export function isHeadingLine(text: string): boolean {
  const t = text.trim();
  if (t.length < 2 || t.length > 60 || /[a-z]/.test(t) || !/[A-Z]{2}|^[A-Z]$|“[A-Z]+”/.test(t)) return false;
  if (/[.:;!?]$/.test(t)) return false;
  // → is printed in two headings (ARROW ICON (→), COST ARROW ICON (→)) where other icons leave "()".
  return /^[“"'‘]?[A-Z0-9][A-Z0-9 ()“”"'’‘\-–/&,+→]*$/.test(t);
}

/** A See-also list that is finished: a list wraps after a comma, so one ending in a name has ended (what comes next is not more of it). */
const finishedList = (line: string | undefined) => line !== undefined && SEE_ALSO.test(line.trim()) && !/[,;，、]$/.test(line.trim());

/**
 * Where a Rules Reference line starts a block of its own in a PDF: a heading in capitals that stands
 * out (lines.ts standsOut, or after a finished See-also list when the face's weight is unknown), the
 * line after such a heading, a See-also list, a list item, the glossary and appendix titles.
 */
function startsBlock(text: string, before: string | undefined, cues: LineCues | undefined): boolean {
  if (isHeadingLine(text) && (cues === undefined || standsOut(cues) || (cues.weight === 'unknown' && finishedList(before)))) return true;
  // The text under a heading is not more of the heading, whatever its face (a heading wraps in capitals).
  if (before !== undefined && isHeadingLine(before) && !/^[a-z]/.test(text.trim()) && !isHeadingLine(text)) return true;
  return SEE_ALSO.test(text) || listItem(text) !== undefined || APPENDIX.test(text) || GLOSSARY.test(text);
}

/** The site's slug for a printed heading: `ATTACK (ENEMY ACTIVATION)` → `attack-enemy-activation`, `“AND”` → `and`, `AMPLIFY ICON ()` → `amplify-icon`. */
export const headingSlug = (heading: string) => slug(heading.replace(/\(\s*\)/g, '').replace(/[“”"‘’']/g, ''));

/** The heading as a title: `ATTACK (ENEMY ACTIVATION)` → `Attack (enemy activation)`. */
const titleOf = (heading: string) => {
  const clean = heading.replace(/\(\s*\)/g, '').replace(/\s+/g, ' ').trim();
  const lower = clean.toLowerCase();
  return lower.replace(/^([“"'‘]?)(\p{L})/u, (_, q: string, c: string) => q + c.toUpperCase());
};

interface Heading { slug: string; heading: string; line: SourceLine; blocks: { text: string; level: number; line: SourceLine }[]; seeAlso: string[] }

export function parseRulesReference(source: Source) {
  const lines = source.lines;
  const diagnostics: Diagnostic[] = [];
  const kinds: LineKind[] = lines.map((l) => (l.text.trim() ? 'malformed' : 'blank'));
  const at = (l: SourceLine) => ({ lang: 'en' as const, ...(l.page ? { page: l.page } : {}), line: l.line, text: l.text });
  const t = (i: number) => lines[i]!.text.trim();
  const glossaryAt = lines.findIndex((l) => GLOSSARY.test(l.text.trim()));
  const start = glossaryAt >= 0 ? glossaryAt + 1 : lines.findIndex((l) => isHeadingLine(l.text));
  const title = readTitlePage(lines.slice(0, Math.max(0, start)).map((l) => l.text));
  const version = title.version ?? /\bv(\d+\.\d+(?:\.\d+)?)\b/i.exec(lines.slice(0, Math.max(0, start)).map((l) => l.text).join('\n'))?.[1];
  const counts = { headings: 0, paragraphs: 0, bullets: 0, steps: 0, seeAlso: 0, front: 0, back: 0, malformed: 0 };
  for (let i = 0; i < Math.max(0, start); i++) if (t(i)) { kinds[i] = GLOSSARY.test(t(i)) ? 'glossary' : 'front'; counts.front++; }
  if (start < 0) {
    diagnostics.push({ level: 'error', lang: 'en', message: 'no glossary headings found: expected headings in capitals like "ATTACK (ENEMY ACTIVATION)"' });
    return { headings: [] as Heading[], diagnostics, kinds, counts, version, effective: title.effective };
  }
  let end = lines.findIndex((l, i) => i >= start && APPENDIX.test(l.text.trim()));
  if (end < 0) end = lines.length;
  for (let i = end; i < lines.length; i++) if (t(i)) { kinds[i] = 'back'; counts.back++; }

  const headings: Heading[] = [];
  const seen = new Map<string, SourceLine>();
  let current: Heading | undefined;
  let inSeeAlso = false;
  for (let i = start; i < end; i++) {
    const l = lines[i]!;
    const text = t(i);
    if (!text) continue;
    // A heading is in capitals and stands out (bold, larger, after a gap, or after a finished
    // paragraph when the font's name does not tell its weight): lines.ts standsOut.
    if (isHeadingLine(text) && (source.format === 'text' || standsOut(l) || (l.weight === 'unknown' && finishedList(lines[i - 1]?.text)))) {
      const s = headingSlug(text);
      inSeeAlso = false;
      if (!s) { diagnostics.push({ level: 'error', ...at(l), message: 'heading gives no slug: line skipped' }); counts.malformed++; current = undefined; continue; }
      const first = seen.get(s);
      if (first) { diagnostics.push({ level: 'error', ...at(l), message: `heading gives the slug "${s}" again (first at ${first.page ? `page ${first.page} ` : ''}line ${first.line}): line skipped` }); counts.malformed++; current = undefined; continue; }
      seen.set(s, l);
      current = { slug: s, heading: text, line: l, blocks: [], seeAlso: [] };
      headings.push(current);
      counts.headings++;
      kinds[i] = 'glossary';
      continue;
    }
    if (!current) {
      diagnostics.push({ level: 'error', ...at(l), message: 'line with no heading to attach to: line skipped' });
      counts.malformed++;
      continue;
    }
    kinds[i] = 'glossary';
    const see = SEE_ALSO.exec(text);
    if (see || (inSeeAlso && !l.gapBefore)) {
      // "See also: Ally, Attack (Enemy Activation), Boost" — wrapped lists arrive joined (or continue here).
      const names = text.slice(see ? see[0].length : 0).split(/\s*[,;]\s*/).map((n) => n.replace(/[.\s]+$/, '')).filter(Boolean);
      for (const name of names) { const s = headingSlug(name); if (s && !current.seeAlso.includes(s)) current.seeAlso.push(s); }
      counts.seeAlso++;
      inSeeAlso = true;
      continue;
    }
    inSeeAlso = false;
    const redirect = SEE.exec(text);
    if (redirect && current.blocks.length === 0) {
      for (const name of text.slice(redirect[0].length).split(/\s*[,;]\s*/)) { const s = headingSlug(name.replace(/\.$/, '')); if (s) current.seeAlso.push(s); }
    }
    current.blocks.push({ text, level: l.level, line: l });
  }
  return { headings, diagnostics, kinds, counts, version, effective: title.effective };
}

/** One entry per heading: the text before the first numbered step is the entry's own rule; each step is `slug.step-N`. */
export function buildRulesReference(headings: Heading[]): { entries: ImportedEntry[]; counts: { bullets: number; steps: number } } {
  const counts = { bullets: 0, steps: 0 };
  const entries = headings.map((h): ImportedEntry => {
    const parts: { id: string; title?: string; blocks: Block[] }[] = [{ id: h.slug, blocks: [] }];
    let bulletLevels: number[] = [];
    for (const b of h.blocks) {
      const item = listItem(b.text);
      if (item?.kind === 'step' && item.n !== undefined && parts.length === item.n) {
        parts.push({ id: `${h.slug}.step-${item.n}`, title: `Step ${item.n}`, blocks: [{ kind: 'para', text: item.text, depth: 0 }] });
        counts.steps++;
        bulletLevels = [];
        continue;
      }
      const part = parts.at(-1)!;
      if (item) {
        part.blocks.push({ kind: item.kind, text: item.text, depth: bulletDepth(bulletLevels, b.level), ...(item.n ? { n: item.n } : {}) });
        if (item.kind === 'bullet') counts.bullets++;
      } else {
        bulletLevels = [];
        part.blocks.push({ kind: 'para', text: b.text, depth: 0 });
      }
    }
    const rules = parts.filter((p) => p.blocks.length).map((p) => ({ id: p.id, en: blocksToMarkdown(p.blocks), ...(p.title ? { title: { en: p.title } } : {}) }));
    const title = titleOf(h.heading);
    return {
      id: h.slug,
      kind: 'heading',
      title: { en: title, ja: title },
      sourceTitle: h.heading,
      status: { en: 'official', ja: 'missing' },
      // Not the file's name: a re-import of the same text under another name would rewrite every entry (and date it anew).
      missing: { ja: 'ルールリファレンスに公式の日本語版はない（公式のテキストは英語のみ）。日本語は Taiyaku の説明のページにある。' },
      rules,
      refs: h.seeAlso.filter((s) => s !== h.slug),
      children: [],
    };
  });
  return { entries, counts };
}

export const mcRr: GameImporter = {
  game: 'marvel-champions',
  doc: 'rr',
  idStyle: 'slug',
  name: 'the Marvel Champions Rules Reference',
  japanese: 'none: there is no official Japanese Rules Reference',
  startsBlock: (text, _line, before, cues) => startsBlock(text, before, cues as LineCues | undefined),
  documentDefaults: {
    title: { ja: 'ルールリファレンス', en: 'Rules Reference' },
    publisher: 'Fantasy Flight Games',
    idStyle: 'slug',
    about: { ja: 'ルールリファレンスの公式テキスト（英語）である。', en: 'The official text of the Rules Reference (English).' },
  },
  build(enSource, jaSource, given): Built {
    const parsed = parseRulesReference(enSource);
    const built = buildRulesReference(parsed.headings);
    const diagnostics = [...parsed.diagnostics];
    if (jaSource) diagnostics.push({ level: 'error', lang: 'ja', message: 'there is no official Japanese Rules Reference: the Japanese file is not read (the Japanese side stays Taiyaku\'s own text)' });
    const slugs = new Set(parsed.headings.map((h) => h.slug));
    for (const h of parsed.headings) for (const s of h.seeAlso) if (!slugs.has(s)) diagnostics.push({ level: 'info', lang: 'en', ...(h.line.page ? { page: h.line.page } : {}), line: h.line.line, message: `${h.slug}: See also names "${s}", which is not a heading of this file` });
    const en = parsed.version ?? parsed.effective ?? given?.edition;
    const edition = en !== undefined ? { en } : {};
    const tally = tallyLines(enSource, parsed.kinds);
    // Glossary text is rules text here: count it under glossary, which is what the document is.
    return {
      entries: built.entries,
      diagnostics,
      edition,
      ...(parsed.effective ? { effective: parsed.effective } : {}),
      version: en ?? '',
      tallies: { en: tally },
      counts: [
        `glossary headings ${parsed.counts.headings} · bullets ${built.counts.bullets} · numbered steps ${built.counts.steps} · See also lists ${parsed.counts.seeAlso}`,
        `malformed lines (reported, skipped) ${parsed.counts.malformed} · not glossary (counted, not imported): front matter ${parsed.counts.front} · appendices ${parsed.counts.back} lines`,
      ],
      unpaired: { en: [], ja: [] },
    };
  },
};
