// Decides what an import writes under content/{game}/{doc}/official/: one file per entry, each
// holding the official text per sub-rule and language with the edition it came from. Hand-written
// explanations are never written; they only decide which official entries share a page with them
// (src/model/official.ts), for the report. Pure: the files on disk come in as data (apply.ts).
import { compareIds, parentOf, type IdStyle } from '../model/ids';
import { heldBy } from '../model/official';
import { changedFields, matchTexts, unitsOf, type Units } from '../model/history';
import { matchRules, type Matching, type Pair } from './moves';
import type { Diagnostic } from './report';
import type { JaFollows } from '../schemas/content';

export interface ImportedRule {
  id: string;
  /** Markdown (the source text with Markdown syntax characters escaped). */
  en?: string;
  ja?: string;
  /** A heading printed for this sub-rule (a glossary sub-heading, a numbered step). */
  title?: { en?: string; ja?: string };
  /** The English edition the Japanese follows, when not the one imported (src/importers/pairs.ts). */
  jaFollows?: JaFollows;
}

export interface ImportedEntry {
  id: string;
  /** What the entry is in its document, for the counts: section, rule, numbered rule, glossary heading… */
  kind: string;
  /** Both languages always filled: a language the source lacks borrows the other's (and is marked missing). */
  title: { ja: string; en: string };
  /** The heading as printed, when the title is a cleaned-up form of it. */
  sourceTitle?: string;
  status: { ja: 'official' | 'missing'; en: 'official' | 'missing' };
  missing?: { ja?: string; en?: string };
  rules: ImportedRule[];
  /** Ids cited in the entry's text (or listed as See also) outside the entry, in source order (not yet checked to exist). */
  refs: string[];
  /** Sections and headings: the entries directly below them (their table of contents). */
  children: string[];
  /** The Japanese edition of this entry's Japanese text, when it is not the one imported now (a translation kept from an earlier import). */
  jaEdition?: string;
}

/** An official file already on disk. */
export interface OfficialFile { id: string; file: string; data: Record<string, unknown> }

export interface EntryWrite {
  id: string;
  /** Path inside the game folder: `cr/official/702.33.yaml`. */
  file: string;
  data: Record<string, unknown>;
  change: 'new' | 'updated' | 'unchanged';
}

/** A rule whose text (or heading) changed: `id` is its number now, `from` its number before when it moved. */
export interface Reworded { id: string; from?: string; what: string[] }

export interface Plan {
  writes: EntryWrite[];
  /** Official files (paths inside the game folder) whose entries are gone from the source. */
  deletes: string[];
  /** Entries whose ids a hand-written entry holds too: shown on one page with that explanation. */
  merged: { id: string; by: string }[];
  /** Headings with nothing to show (no text, nothing written below them): not written. */
  empty: string[];
  /** Every id of the previous import and of this one, with its text and title. */
  units: { before: Units; now: Units };
  /** Which rule of this import continues which of the previous one. */
  matching: Matching;
  diff: {
    firstImport: boolean;
    /** New rules: no earlier rule continues into them. */
    added: string[];
    /** Rules of the previous import that nothing continues. */
    removed: string[];
    reworded: Reworded[];
    /** Rules found under another number. */
    moved: Pair[];
    /** Ids of the previous import that are no id now (nor held by a hand-written page): published ones need redirects. */
    gone: string[];
  };
  diagnostics: Diagnostic[];
  /** Resolves cited ids to ids the site has (for the glossary's entries), reporting the rest. */
  resolve: (owner: string, refs: string[]) => string[];
}

export interface PlanInput {
  entries: ImportedEntry[];
  style: IdStyle;
  docId: string;
  /** Every id a hand-written entry of the game holds (entry ids and sub-rule ids), with its file. */
  held: ReadonlyMap<string, string>;
  /** Ids in planned.yaml. */
  planned: string[];
  /** The document's official files from the previous import, by entry id. */
  old: ReadonlyMap<string, OfficialFile>;
  /** The edition of each language imported now. */
  edition: { en?: string; ja?: string };
  /** YYYY-MM-DD: `checked` of new and changed files. */
  today: string;
  /**
   * The moves the pairing found (src/importers/pairs.ts: the same files on disk against this
   * import's English), reused instead of matched again; absent when the pairing matched nothing
   * (a first import, a Japanese-only one).
   */
  matching?: Matching | undefined;
}

/** The entry a Magic id belongs to: 702.33d → 702.33. Other games keep the sub-rule's own entry from the builder. */
const inEntry = (style: IdStyle, id: string, entry: string) => id === entry || (style === 'mtg' ? id.replace(/[a-z]$/, '') === entry : id.startsWith(`${entry}.`));

export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString().slice(0, 10));
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `{${Object.keys(obj).filter((k) => obj[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The fields that decide whether a file changed (not its edition or date). */
const owned = (data: Record<string, unknown>) => {
  const { edition: _e, checked: _c, ...rest } = data;
  return canonical(rest);
};

/**
 * The pairing's moves, held to the units this plan writes. The pairing matched the files on disk
 * against this import's English alone, so it judged every pair of rules that both have English
 * text; those judgements stand (a pair whose new end is not written — a heading with nothing to
 * show — is dropped). What it could not see is a unit without English on one side: a rule only in
 * the Japanese (702.2c of a Japanese file ahead of its English), before or now. Those are matched
 * here by their Japanese, among the ids left over, in two small calls that never compare two
 * English texts again: (1) every old id left against the new ids without English, (2) the old ids
 * without English still left against the new ids with English. Everything else written now is
 * added, everything else of before removed.
 */
export function onUnits(m: Matching, before: Units, now: Units, style: IdStyle): Matching {
  const pairs: Pair[] = m.pairs.filter((p) => before.has(p.from) && now.has(p.to));
  const from = new Set(pairs.map((p) => p.from));
  const to = new Set(pairs.map((p) => p.to));
  const unit = ([id, state]: [string, Units extends Map<string, infer U> ? U : never]) => ({ id, ...matchTexts(state) });
  const leftOld = () => [...before].filter(([id]) => !from.has(id)).map(unit);
  const leftNew = () => [...now].filter(([id]) => !to.has(id)).map(unit);
  const take = (found: Matching) => { for (const p of found.pairs) { pairs.push(p); from.add(p.from); to.add(p.to); } };
  const newNoEn = leftNew().filter((u) => u.en === undefined);
  if (newNoEn.length) take(matchRules(leftOld(), newNoEn, style));
  const oldNoEn = leftOld().filter((u) => u.en === undefined);
  if (oldNoEn.length) take(matchRules(oldNoEn, leftNew().filter((u) => u.en !== undefined), style));
  return {
    pairs: pairs.sort((a, b) => compareIds(a.to, b.to)),
    added: [...now.keys()].filter((id) => !to.has(id)).sort(compareIds),
    removed: [...before.keys()].filter((id) => !from.has(id)).sort(compareIds),
  };
}

export function planOfficial(input: PlanInput): Plan {
  const { style, docId } = input;
  const diagnostics: Diagnostic[] = [];
  const merged: Plan['merged'] = [];
  for (const e of input.entries) {
    const by = heldBy([e.id, ...e.rules.map((r) => r.id)], input.held);
    if (by) merged.push({ id: e.id, by });
  }

  // Ids a reference can land on: hand-written ones, planned ones and every official entry (each is
  // shown, on its own page or on an explanation's).
  const known = new Set<string>([...input.held.keys(), ...input.planned]);
  for (const e of input.entries) { known.add(e.id); for (const r of e.rules) known.add(r.id); }

  // Headings list what is below them; one with nothing to show is not written. Children come after
  // their heading, so walking backwards settles them first.
  const empty: string[] = [];
  for (const e of [...input.entries].reverse()) {
    if (e.rules.length === 0 && !e.children.some((c) => known.has(c))) {
      empty.unshift(e.id);
      known.delete(e.id);
    }
  }
  const emptySet = new Set(empty);

  const nearest = (id: string) => {
    for (let at: string | undefined = id; at; at = parentOf(style, at)) if (known.has(at)) return at;
    return undefined;
  };
  const resolveRefs = (owner: string, refs: string[], within: (id: string) => boolean) => {
    const out: string[] = [];
    for (const ref of refs) {
      const to = nearest(ref);
      if (!to) diagnostics.push({ level: 'warning', message: `${owner}: cites ${ref}, which is not in the source or on the site: left out of seeAlso (the text keeps it)` });
      else {
        if (to !== ref) diagnostics.push({ level: 'info', message: `${owner}: cites ${ref}, which is not on the site: seeAlso points to ${to}` });
        if (!within(to) && !out.includes(to)) out.push(to);
      }
    }
    return out;
  };

  const writes: EntryWrite[] = [];
  for (const e of input.entries) {
    if (emptySet.has(e.id)) continue;
    const see = e.children.filter((c) => known.has(c));
    const seeAlso = resolveRefs(e.id, e.refs, (id) => inEntry(style, id, e.id) || see.includes(id));
    const languages = (['en', 'ja'] as const).filter((l) => e.rules.some((r) => r[l] !== undefined) || (e.rules.length === 0 && e.status[l] === 'official'));
    const editionOf = (l: 'en' | 'ja') => (l === 'ja' ? e.jaEdition ?? input.edition.ja : input.edition.en);
    const edition = Object.fromEntries(languages.filter((l) => editionOf(l)).map((l) => [l, editionOf(l)]));
    const data: Record<string, unknown> = {
      title: e.title,
      ...(e.sourceTitle ? { sourceTitle: e.sourceTitle } : {}),
      edition,
      checked: input.today,
      status: e.status,
      ...(e.missing ? { missing: e.missing } : {}),
      ...(see.length ? { see } : {}),
      ...(seeAlso.length ? { seeAlso } : {}),
      ...(e.rules.length ? {
        rules: e.rules.map((r) => ({
          id: r.id,
          ...(r.title && (r.title.en || r.title.ja) ? { title: r.title } : {}),
          ...(r.en !== undefined ? { en: r.en } : {}),
          ...(r.ja !== undefined ? { ja: r.ja } : {}),
          ...(r.jaFollows ? { jaFollows: r.jaFollows } : {}),
        })),
      } : {}),
    };
    const old = input.old.get(e.id);
    const unchanged = old !== undefined && owned(old.data) === owned(data);
    writes.push({ id: e.id, file: old?.file ?? `${docId}/official/${e.id}.yaml`, data: unchanged ? old.data : data, change: !old ? 'new' : unchanged ? 'unchanged' : 'updated' });
  }

  // What changed since the last import: which rule of the new text continues which of the old
  // (moves found by their text, src/importers/moves.ts), then what changed in each.
  const before = unitsOf(input.old.values());
  const now = unitsOf(writes);
  const asUnits = (u: Units) => [...u].map(([id, state]) => ({ id, ...matchTexts(state) }));
  const matching = input.matching ? onUnits(input.matching, before, now, style) : matchRules(asUnits(before), asUnits(now), style);
  const reworded: Reworded[] = [];
  for (const p of matching.pairs) {
    const b = before.get(p.from)!;
    const n = now.get(p.to)!;
    const changed = changedFields(b, n);
    const what: string[] = (['en', 'ja'] as const).filter((l) => l in changed);
    const retitled = (b.title && n.title && 'title' in changed) || (b.ruleTitle && n.ruleTitle && 'ruleTitle' in changed);
    if (retitled) what.push('title');
    if (what.length) reworded.push({ id: p.to, ...(p.from !== p.to ? { from: p.from } : {}), what });
  }
  const written = new Set(writes.map((w) => w.id));
  return {
    writes,
    deletes: [...input.old.values()].filter((f) => !written.has(f.id)).map((f) => f.file),
    merged: merged.filter((m) => !emptySet.has(m.id)),
    empty,
    units: { before, now },
    matching,
    diff: {
      firstImport: input.old.size === 0,
      added: [...matching.added].sort(compareIds),
      removed: [...matching.removed].sort(compareIds),
      reworded: reworded.sort((a, b) => compareIds(a.id, b.id)),
      moved: matching.pairs.filter((p) => p.from !== p.to).sort((a, b) => compareIds(a.from, b.from)),
      gone: [...before.keys()].filter((id) => !now.has(id) && !input.held.has(id)).sort(compareIds),
    },
    diagnostics,
    resolve: (owner, refs) => resolveRefs(owner, refs, () => false),
  };
}
