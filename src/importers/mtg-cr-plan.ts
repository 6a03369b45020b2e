// Decides what an import does to a game's content, given what is already there: which imported
// entries to write, update, leave or delete; which to skip because a hand-written (or hand-edited)
// entry holds their ids; where cross-references point; and what changed since the last import.
// Pure: the entries on disk come in as data (mtg-cr-apply.ts reads and writes them).
import { createHash } from 'node:crypto';
import { compareIds } from '../ids';
import type { Built, ImportedEntry, ImportedTerm } from './mtg-cr-build';
import { entryOf } from './mtg-cr-build';
import type { Diagnostic } from './mtg-cr-parse';

/** An entry file already in the game's content folder. */
export interface ExistingEntry {
  /** Path inside the game folder, e.g. `cr/702.33.mdx`. */
  file: string;
  doc: string;
  id: string;
  /** The entry id and every sub-rule id it defines. */
  ids: string[];
  /** The file's YAML (or MDX frontmatter), as parsed. */
  data: Record<string, unknown>;
  format: 'yaml' | 'mdx';
}

type Raw = Record<string, unknown>;
type RawRule = { id?: unknown; en?: unknown; ja?: unknown; title?: unknown; notes?: unknown };

/** Fields the importer owns; everything else in an imported file (notes, order, source, sourceTitle) is the maintainers'. */
function ownedFields(data: Raw) {
  const rules = Array.isArray(data['rules']) ? (data['rules'] as RawRule[]) : [];
  return {
    title: data['title'] ?? null,
    status: data['status'] ?? null,
    missing: data['missing'] ?? null,
    see: data['see'] ?? [],
    seeAlso: data['seeAlso'] ?? [],
    rules: rules.map((r) => ({ id: r.id ?? null, en: r.en ?? null, ja: r.ja ?? null, title: r.title ?? null })),
  };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const obj = value as Raw;
    return `{${Object.keys(obj).filter((k) => obj[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hash stored in `imported.hash`: over the importer-owned fields only. */
export const importedHash = (data: Raw) => createHash('sha256').update(canonical(ownedFields(data))).digest('hex').slice(0, 16);

const importedMark = (data: Raw) => {
  const m = data['imported'];
  return m && typeof m === 'object' ? (m as { from?: unknown; hash?: unknown }) : undefined;
};

/** How the importer treats a file: its own (updatable), its own but edited by hand, or hand-written. */
export function classify(e: ExistingEntry, docId: string): 'managed' | 'edited' | 'hand' {
  const mark = importedMark(e.data);
  if (!mark || e.doc !== docId) return 'hand';
  if (e.format !== 'yaml' || mark.hash !== importedHash(e.data)) return 'edited';
  return 'managed';
}

export interface EntryWrite {
  id: string;
  /** Path inside the game folder. */
  file: string;
  data: Raw;
  change: 'new' | 'updated' | 'unchanged';
}

export interface Reworded { id: string; what: string[] }

export interface Plan {
  writes: EntryWrite[];
  /** Imported files (paths inside the game folder) whose entries are gone from the source. */
  deletes: string[];
  skipped: { id: string; file: string; reason: 'hand-written' | 'edited' }[];
  /** Imported entries left alone because they were edited by hand since (and are no longer in the source, or are). */
  edited: string[];
  /** Hub entries with nothing to show (no text, no written rules below them). */
  empty: string[];
  /** Planned ids (planned.yaml) that the import writes. */
  plannedDone: string[];
  diff: { firstImport: boolean; added: string[]; removed: string[]; reworded: Reworded[] };
  glossary: { id: string; en: string; ja?: string; enAliases?: string[]; jaAliases?: string[]; obsolete?: true; def: { en?: string; ja?: string }; entries?: string[] }[];
  diagnostics: Diagnostic[];
}

export interface PlanInput {
  built: Built;
  docId: string;
  existing: ExistingEntry[];
  /** Ids in planned.yaml. */
  planned: string[];
  /** For `imported.from`. */
  from: string;
  /** YYYY-MM-DD for `checked` on new and changed entries. */
  today: string;
}

/** 104.3a → 104.3 → 104 (then nothing): a reference to a rule the site lacks lands on the nearest ancestor. */
export function parentOf(id: string): string | undefined {
  if (/[a-z]$/.test(id)) return id.slice(0, -1);
  if (id.includes('.')) return id.slice(0, id.lastIndexOf('.'));
  return undefined;
}

export function planImport(input: PlanInput): Plan {
  const { built, docId } = input;
  const diagnostics: Diagnostic[] = [];
  const managed = new Map<string, ExistingEntry>();
  const protectedIds = new Map<string, { file: string; reason: 'hand-written' | 'edited' }>();
  const edited: string[] = [];
  for (const e of input.existing) {
    const kind = classify(e, docId);
    if (kind === 'managed') { managed.set(e.id, e); continue; }
    if (kind === 'edited') edited.push(e.file);
    for (const id of e.ids) protectedIds.set(id, { file: e.file, reason: kind === 'edited' ? 'edited' : 'hand-written' });
  }

  // Entries a hand-written or hand-edited file already holds (any of their ids) are not written.
  const skipped: Plan['skipped'] = [];
  const candidates: ImportedEntry[] = [];
  for (const entry of built.entries) {
    const clash = [entry.id, ...entry.rules.map((r) => r.id)].map((id) => protectedIds.get(id)).find(Boolean);
    if (clash) skipped.push({ id: entry.id, file: clash.file, reason: clash.reason });
    else candidates.push(entry);
  }

  const known = new Set<string>([...protectedIds.keys(), ...input.planned]);
  for (const e of candidates) { known.add(e.id); for (const r of e.rules) known.add(r.id); }
  const nearest = (id: string) => {
    for (let at: string | undefined = id; at; at = parentOf(at)) if (known.has(at)) return at;
    return undefined;
  };
  const resolveRefs = (owner: string, refs: string[], within: (id: string) => boolean) => {
    const out: string[] = [];
    for (const ref of refs) {
      const to = nearest(ref);
      const what = `${/^\d$/.test(ref) ? 'section' : 'rule'} ${ref}`;
      if (!to) diagnostics.push({ level: 'warning', message: `${owner}: cites ${what}, which is not in the rules or on the site: left out of seeAlso (the text keeps it)` });
      else {
        if (to !== ref) diagnostics.push({ level: 'info', message: `${owner}: cites ${what}, which is not on the site: seeAlso points to ${to}` });
        if (!within(to) && !out.includes(to)) out.push(to);
      }
    }
    return out;
  };

  // Hubs list what is below them; an entry with nothing to show (no text, nothing written below it)
  // is not written. Children come after their hub, so walking backwards settles them first.
  const empty: string[] = [];
  for (const entry of [...candidates].reverse()) {
    if (entry.rules.length === 0 && !entry.children.some((c) => known.has(c))) {
      empty.unshift(entry.id);
      known.delete(entry.id);
    }
  }
  const emptySet = new Set(empty);
  const writes: EntryWrite[] = [];
  const kept = new Set<string>();
  const from = input.from;
  for (const entry of candidates) {
    if (emptySet.has(entry.id)) continue;
    const see = entry.children.filter((c) => known.has(c));
    const seeAlso = resolveRefs(entry.id, entry.refs, (id) => id === entry.id || entryOf(id) === entry.id || see.includes(id));
    const old = managed.get(entry.id);
    const oldData = old?.data ?? {};
    const oldRules = new Map(((oldData['rules'] as RawRule[] | undefined) ?? []).map((r) => [String(r.id), r]));
    const owned: Raw = {
      title: entry.title,
      status: entry.status,
      ...(entry.missing ? { missing: entry.missing } : {}),
      ...(see.length ? { see } : {}),
      ...(seeAlso.length ? { seeAlso } : {}),
      rules: entry.rules.map((r) => {
        const notes = oldRules.get(r.id)?.notes;
        return { id: r.id, ...(r.en !== undefined ? { en: r.en } : {}), ...(r.ja !== undefined ? { ja: r.ja } : {}), ...(Array.isArray(notes) && notes.length ? { notes } : {}) };
      }),
    };
    const hash = importedHash(owned);
    const unchanged = old !== undefined && importedMark(oldData)?.hash === hash;
    const keep = (k: string) => (oldData[k] !== undefined ? { [k]: oldData[k] } : {});
    const data: Raw = unchanged
      ? oldData
      : {
          title: owned['title'],
          ...keep('sourceTitle'),
          checked: input.today,
          imported: { from, hash },
          ...keep('source'),
          ...keep('order'),
          status: owned['status'],
          ...(owned['missing'] ? { missing: owned['missing'] } : {}),
          ...(owned['see'] ? { see: owned['see'] } : {}),
          ...(owned['seeAlso'] ? { seeAlso: owned['seeAlso'] } : {}),
          ...((owned['rules'] as unknown[]).length ? { rules: owned['rules'] } : {}),
          ...keep('notes'),
        };
    // Notes on sub-rules that are gone would be lost: keep the whole file as it is instead.
    const orphaned = [...oldRules.values()].filter((r) => Array.isArray(r.notes) && r.notes.length && !entry.rules.some((n) => n.id === String(r.id)));
    if (orphaned.length) {
      diagnostics.push({ level: 'warning', message: `${entry.id}: sub-rule${orphaned.length > 1 ? 's' : ''} ${orphaned.map((r) => String(r.id)).join(', ')} left the rules but carr${orphaned.length > 1 ? 'y' : 'ies'} notes: ${old!.file} is not updated; move the notes, then import again` });
      skipped.push({ id: entry.id, file: old!.file, reason: 'edited' });
      for (const id of old!.ids) kept.add(id);
      continue;
    }
    writes.push({ id: entry.id, file: old?.file ?? `${docId}/${entry.id}.yaml`, data, change: !old ? 'new' : unchanged ? 'unchanged' : 'updated' });
  }

  // What changed since the last import (only imported entries count: hand-written ones are not ours).
  const textOf = (rules: RawRule[] | undefined) => new Map((rules ?? []).map((r) => [String(r.id), r]));
  const oldIds = new Map<string, { title?: unknown; rule?: RawRule }>();
  for (const e of managed.values()) {
    oldIds.set(e.id, { title: e.data['title'] });
    for (const [id, r] of textOf(e.data['rules'] as RawRule[])) oldIds.set(id, { ...oldIds.get(id), rule: r });
  }
  const newIds = new Map<string, { title?: unknown; rule?: RawRule }>();
  for (const w of writes) {
    newIds.set(w.id, { title: w.data['title'] });
    for (const [id, r] of textOf(w.data['rules'] as RawRule[])) newIds.set(id, { ...newIds.get(id), rule: r });
  }
  const written = new Set(writes.map((w) => w.id));
  const stillDefined = (id: string) => newIds.has(id) || protectedIds.has(id) || kept.has(id);
  const sameTitle = (a: unknown, b: unknown) => canonical(a) === canonical(b);
  const reworded: Reworded[] = [];
  for (const [id, now] of newIds) {
    const before = oldIds.get(id);
    if (!before) continue;
    const what: string[] = [];
    for (const lang of ['en', 'ja'] as const) if ((before.rule?.[lang] ?? null) !== (now.rule?.[lang] ?? null)) what.push(lang);
    if (now.title !== undefined && before.title !== undefined && !sameTitle(before.title, now.title)) what.push('title');
    if (what.length) reworded.push({ id, what });
  }
  const diff = {
    firstImport: managed.size === 0,
    added: [...newIds.keys()].filter((id) => !oldIds.has(id)).sort(compareIds),
    removed: [...oldIds.keys()].filter((id) => !stillDefined(id)).sort(compareIds),
    reworded: reworded.sort((a, b) => compareIds(a.id, b.id)),
  };
  const deletes = [...managed.values()].filter((e) => !written.has(e.id) && !skipped.some((s) => s.file === e.file)).map((e) => e.file);

  const glossary = built.glossary.map((t) => glossaryItem(t, (refs) => resolveRefs(`glossary "${t.en || t.ja}"`, refs, () => false)));
  return {
    writes,
    deletes,
    skipped,
    edited,
    empty,
    plannedDone: input.planned.filter((id) => newIds.has(id)),
    diff,
    glossary,
    diagnostics,
  };
}

function glossaryItem(t: ImportedTerm, resolve: (refs: string[]) => string[]): Plan['glossary'][number] {
  const entries = resolve(t.refs);
  return {
    id: t.id,
    en: t.en,
    ...(t.enAliases.length ? { enAliases: t.enAliases } : {}),
    ...(t.ja !== undefined ? { ja: t.ja } : {}),
    ...(t.jaAliases.length ? { jaAliases: t.jaAliases } : {}),
    ...(t.obsolete ? { obsolete: true as const } : {}),
    def: t.def,
    ...(entries.length ? { entries } : {}),
  };
}

/** Glossary changes between the previous generated file and this import. */
export function diffGlossary(before: { id: string; en?: string; ja?: string; def?: { en?: string; ja?: string } }[], after: Plan['glossary']) {
  const old = new Map(before.map((t) => [t.id, t]));
  const now = new Map(after.map((t) => [t.id, t]));
  return {
    added: [...now.keys()].filter((id) => !old.has(id)),
    removed: [...old.keys()].filter((id) => !now.has(id)),
    reworded: [...now.values()].filter((t) => {
      const o = old.get(t.id);
      return o && (o.en !== t.en || o.ja !== t.ja || (o.def?.en ?? null) !== (t.def.en ?? null) || (o.def?.ja ?? null) !== (t.def.ja ?? null));
    }).map((t) => t.id),
  };
}
