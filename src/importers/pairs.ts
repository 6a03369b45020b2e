// A pair is always the same rule (docs/import.md#pairs). Each language of an official text has its
// own edition: the Japanese translation follows some English edition, often not the one imported
// with it. Numbers are paired only within one edition; across editions this module carries each
// Japanese text to the number its rule has now through the kept editions — the history steps
// (official/_history/, moves found by text) and the editions record (content/{game}/editions.yaml) —
// never by number. What cannot be placed is set aside and named. Pure: apply.ts reads the files.
import { belongsTo, compareIds, type IdStyle } from '../model/ids';
import { composedMoves, replay, unitsOf, type HistoryStep, type Units } from '../model/history';
import type { JaFollows } from '../schemas/content';
import type { Matching } from './moves';
import type { ImportedEntry, OfficialFile } from './official';

/** The Japanese of one id: its text, and for an entry its title, for a sub-rule its printed heading. */
export interface JaUnit { ja?: string | undefined; title?: string | undefined; ruleTitle?: string | undefined }

/** How the numbers of one English edition reach the numbering the pages will follow. */
export interface Reach {
  edition: string;
  /** How it is reached, for the report: "the English imported now", "the previous import", "the kept edition 2032-01-10", "the editions record (ja-2.2.0)". */
  via: string;
  /** Its number now (null: the rule was removed since; undefined: no rule of that edition had the number). */
  to(id: string): string | null | undefined;
  /** The English text that edition printed at a number (undefined when it is not known: an edition only the record names). */
  en?: (id: string) => string | undefined;
  /** Every number of that edition, when known. */
  ids?: string[];
}

export interface KeptEdition { id: string; en: string | undefined; units: Units; toPrev: Map<string, string | null> }

export interface PairContext {
  style: IdStyle;
  /** The English edition after this import: the numbering the pages follow. */
  now: string;
  /** The English of every id after this import. */
  final: Units;
  /** The official text on disk before this import, and its English edition (absent at a first import). */
  prev?: { en: string | undefined; units: Units } | undefined;
  /** Previous numbers → numbers now, found by text (absent: the English is the one on disk). */
  matching?: Matching | undefined;
  /** Earlier editions of the kept history, newest first, each with where its numbers are in `prev`. */
  kept: KeptEdition[];
  /** The editions record of the document (hand-written): its current edition and earlier numberings. */
  record?: { current: string; earlier: { id: string; moved: { from: string; to: string }[] }[] } | undefined;
}

/** The kept editions of a history: each state walked back from the text on disk, with its English edition and its numbers on disk. */
export function keptEditions(prev: Units, ordered: HistoryStep[]): KeptEdition[] {
  if (!ordered.length) return [];
  const states = replay(prev, ordered, ordered.at(-1)!.id);
  const numberings = composedMoves(states, ordered);
  return states.slice(1).map((s, k) => {
    const n = numberings[k]!;
    const toPrev = new Map<string, string | null>([...s.units.keys()].map((id) => [id, id]));
    for (const m of n.moved) toPrev.set(m.from, m.to);
    for (const r of n.retired) toPrev.set(r.from, null);
    const step = ordered[ordered.length - 1 - k]!;
    return { id: s.id, en: step.data.previous.en === undefined ? undefined : String(step.data.previous.en), units: s.units, toPrev };
  });
}

/** Where the numbers of `edition` are now, or undefined when no kept edition is that one. `jaVersion` also finds the record's `ja-{version}` numbering. */
export function reach(edition: string, ctx: PairContext, jaVersion?: string): Reach | undefined {
  const final = ctx.final;
  const pairFrom = new Map((ctx.matching?.pairs ?? []).map((p) => [p.from, p.to]));
  const removed = new Set(ctx.matching?.removed ?? []);
  const prevToNow = (id: string): string | null | undefined => {
    if (!ctx.matching) return final.has(id) ? id : undefined;
    return pairFrom.get(id) ?? (removed.has(id) ? null : undefined);
  };
  if (edition === ctx.now) return { edition, via: 'the English of this numbering', to: (id) => (final.has(id) ? id : undefined), en: (id) => final.get(id)?.en, ids: [...final.keys()] };
  if (ctx.prev && edition === ctx.prev.en) {
    const units = ctx.prev.units;
    return { edition, via: 'the previous import', to: (id) => (units.has(id) ? prevToNow(id) : undefined), en: (id) => units.get(id)?.en, ids: [...units.keys()] };
  }
  const kept = ctx.kept.find((k) => k.en === edition);
  if (kept) {
    return {
      edition, via: `the kept edition ${kept.id}`,
      to: (id) => { const p = kept.toPrev.get(id); return p === undefined || p === null ? p : prevToNow(p); },
      en: (id) => kept.units.get(id)?.en, ids: [...kept.units.keys()],
    };
  }
  const rec = ctx.record?.earlier.find((e) => e.id === edition || (jaVersion !== undefined && e.id === `ja-${jaVersion}`));
  if (rec && ctx.record) {
    const moved = new Map(rec.moved.map((m) => [m.from, m.to]));
    const landed = new Set(moved.values());
    // A number the record does not list is unchanged (its contract), unless one of its moves landed there.
    const onRecord = (id: string) => moved.get(id) ?? (landed.has(id) ? undefined : id);
    const base = ctx.record.current;
    const via = `the editions record (${rec.id})`;
    if (base === ctx.now) return { edition, via, to: (id) => { const n = onRecord(id); return n !== undefined && final.has(n) ? n : undefined; } };
    if (ctx.prev && base === ctx.prev.en) return { edition, via, to: (id) => { const n = onRecord(id); return n === undefined ? undefined : prevToNow(n); } };
  }
  return undefined;
}

export type PairKind = 'number' | 'moved' | 'kept' | 'none' | 'added';

/** One id of the numbering now and the Japanese placed on it. */
export interface Placed { to: string; ja: JaUnit; follows?: JaFollows; jaEdition?: string | undefined; kind: PairKind; from: string }

export interface PairOutcome {
  /** Japanese per id now. */
  placed: Map<string, Placed>;
  /** Japanese that could not be placed: its number (in the edition it follows) and why. Kept out of the site, named in the report. */
  aside: { id: string; why: string; text?: string | undefined }[];
  /** Ids now with no Japanese: added since the edition the translation follows (no rule of it continues into them). */
  added: string[];
  /** The edition those were added after. */
  addedSince?: string | undefined;
  /** Per id, when the parts of the translation follow different editions (`--ja-follows 5=…,10=…`). */
  addedSinceOf?: Map<string, string> | undefined;
  /** The edition followed and how it was reached, for the report. */
  follows?: string | undefined;
  via?: string | undefined;
  /** Set when nothing could be placed: why. */
  whole?: string | undefined;
}

const compare = (then: string | undefined, now: string | undefined, known: boolean): JaFollows['english'] => (!known ? 'unknown' : then === now ? 'unchanged' : 'changed');

/**
 * A Japanese file's texts (by its own numbers, those of the English edition `follows`) carried to the
 * numbers now. A rule removed since, or a number that edition did not have, is set aside.
 */
export function carryJapanese(ja: Map<string, JaUnit>, follows: string, ctx: PairContext, jaVersion: string | undefined): PairOutcome {
  const r = reach(follows, ctx, jaVersion);
  const out: PairOutcome = { placed: new Map(), aside: [], added: [], follows };
  if (!r) {
    out.whole = `it follows the English ${follows}, which is neither the English imported now (${ctx.now}) nor a kept edition${ctx.kept.length || ctx.prev ? ` (${[ctx.prev?.en, ...ctx.kept.map((k) => k.en)].filter(Boolean).join(', ')})` : ''} nor in the editions record`;
    for (const [id, u] of ja) out.aside.push({ id, why: `follows ${follows}`, text: u.ja ?? u.title });
    return out;
  }
  out.via = r.via;
  const same = follows === ctx.now;
  for (const [id, u] of [...ja].sort(([a], [b]) => compareIds(a, b))) {
    const to = r.to(id);
    if (to === null) { out.aside.push({ id, why: `its rule was removed after ${follows}`, text: u.ja ?? u.title }); continue; }
    if (to === undefined) { out.aside.push({ id, why: `no rule of the English ${follows} has this number`, text: u.ja ?? u.title }); continue; }
    if (out.placed.has(to)) { out.aside.push({ id, why: `${to} already holds the translation of ${out.placed.get(to)!.from}`, text: u.ja ?? u.title }); continue; }
    const kind: PairKind = to === id ? 'number' : 'moved';
    const english = compare(r.en?.(id), ctx.final.get(to)?.en, !!r.en);
    out.placed.set(to, { to, from: id, ja: u, kind, ...(same ? {} : { follows: { edition: follows, ...(to !== id ? { from: id } : {}), english } }) });
  }
  if (!same && r.ids) {
    const reached = new Set(r.ids.map((id) => r.to(id)).filter((x): x is string => typeof x === 'string'));
    out.added = [...ctx.final.keys()].filter((id) => !reached.has(id) && ctx.final.get(id)?.en !== undefined).sort(compareIds);
    out.addedSince = follows;
  }
  return out;
}

/**
 * An English-only import keeps the translation the previous import had: each Japanese text goes
 * with its rule to the number it has now (this import's moves), remembering the English edition it
 * follows and whether the English changed since.
 */
export function keepJapanese(old: Iterable<OfficialFile>, prevEdition: { en?: string | undefined; jaFollows?: string | undefined }, ctx: PairContext): PairOutcome {
  const out: PairOutcome = { placed: new Map(), aside: [], added: [] };
  const moves = new Map((ctx.matching?.pairs ?? []).map((p) => [p.from, p.to]));
  const target = (id: string) => (ctx.matching ? moves.get(id) ?? null : ctx.final.has(id) ? id : null);
  const base = prevEdition.jaFollows ?? prevEdition.en;
  const editions = new Set<string>();
  for (const f of old) {
    const edition = (f.data['edition'] as { ja?: unknown } | undefined)?.ja;
    const title = f.data['title'] as { ja?: string; en?: string } | undefined;
    const rules = (f.data['rules'] as { id: string; en?: string; ja?: string; title?: { ja?: string }; jaFollows?: JaFollows }[] | undefined) ?? [];
    const hasJa = rules.some((r) => r.ja !== undefined);
    const entryTitle = title?.ja !== undefined && (title.ja !== title.en || hasJa) ? title.ja : undefined;
    const own = rules.find((r) => r.id === f.id);
    const units: [string, JaUnit, JaFollows | undefined, string | undefined][] = rules.filter((r) => r.id !== f.id && (r.ja !== undefined || r.title?.ja !== undefined))
      .map((r) => [r.id, { ja: r.ja, ruleTitle: r.title?.ja }, r.jaFollows, r.en]);
    if (entryTitle !== undefined || own?.ja !== undefined) units.unshift([f.id, { ja: own?.ja, title: entryTitle }, own?.jaFollows, own?.en]);
    for (const [id, u, was, en] of units) {
      const now = target(id);
      if (was?.english === 'added') { if (now !== null) out.added.push(now); continue; }
      const followed = was?.edition !== undefined ? String(was.edition) : base;
      if (now === null) { out.aside.push({ id, why: `its rule was removed in ${ctx.now}`, text: u.ja ?? u.title }); continue; }
      const from = was?.from ?? id;
      const english: JaFollows['english'] = was?.english === 'changed' || was?.english === 'unknown' ? was.english : compare(en, ctx.final.get(now)?.en, true);
      const same = followed === ctx.now;
      if (followed) editions.add(followed);
      out.placed.set(now, {
        to: now, from: id, ja: u, kind: 'kept', jaEdition: edition === undefined ? undefined : String(edition instanceof Date ? edition.toISOString().slice(0, 10) : edition),
        ...(same || !followed ? {} : { follows: { edition: followed, ...(from !== now ? { from } : {}), english } }),
      });
    }
  }
  out.follows = [...editions].join(', ') || undefined;
  if (base) {
    out.added = [...new Set([...out.added, ...(ctx.matching?.added ?? [])])].filter((id) => ctx.final.get(id)?.en !== undefined).sort(compareIds);
    out.addedSince = base;
  }
  return out;
}

/** The Japanese of entries built from two files paired by number (the builders' output), keyed by the Japanese numbers. */
export function japaneseOf(entries: ImportedEntry[], titlesAreJapanese: boolean): Map<string, JaUnit> {
  const out = new Map<string, JaUnit>();
  for (const e of entries) {
    const title = titlesAreJapanese || e.title.ja !== e.title.en ? e.title.ja : undefined;
    if (title !== undefined) out.set(e.id, { title });
    for (const r of e.rules) {
      if (r.ja === undefined && r.title?.ja === undefined) continue;
      const u = out.get(r.id) ?? {};
      if (r.ja !== undefined) u.ja = r.ja;
      if (r.title?.ja !== undefined) u.ruleTitle = r.title.ja;
      out.set(r.id, u);
    }
  }
  return out;
}

/** Official files on disk as entries of the English side (a Japanese-only import keeps the English). */
export function englishOf(files: Iterable<OfficialFile>): ImportedEntry[] {
  const out: ImportedEntry[] = [];
  for (const f of files) {
    const d = f.data as Record<string, unknown>;
    const title = d['title'] as { ja: string; en: string };
    const status = d['status'] as ImportedEntry['status'];
    const missing = d['missing'] as { en?: string } | undefined;
    const rules = ((d['rules'] as { id: string; en?: string; title?: { en?: string } }[] | undefined) ?? []).filter((r) => r.en !== undefined || r.title?.en !== undefined);
    out.push({
      id: f.id, kind: 'entry', title: { en: title.en, ja: title.en },
      ...(d['sourceTitle'] ? { sourceTitle: String(d['sourceTitle']) } : {}),
      status: { ja: 'missing', en: status.en },
      ...(missing?.en ? { missing: { en: missing.en } } : {}),
      rules: rules.map((r) => ({ id: r.id, ...(r.en !== undefined ? { en: r.en } : {}), ...(r.title?.en !== undefined ? { title: { en: r.title.en } } : {}) })),
      refs: ((d['seeAlso'] as string[] | undefined) ?? []).map(String),
      children: ((d['see'] as string[] | undefined) ?? []).map(String),
    });
  }
  return out.sort((a, b) => compareIds(a.id, b.id));
}

/**
 * The English entries with the Japanese placed on them: every Japanese text on the rule it
 * translates, each entry's Japanese status and reason from what it then has.
 */
export function withJapanese(entries: ImportedEntry[], outcome: PairOutcome, label: string | undefined, now: string): ImportedEntry[] {
  const { placed } = outcome;
  const added = new Set(outcome.added);
  return entries.map((e) => {
    const own = placed.get(e.id);
    const rules = e.rules.map((r) => {
      const { ja: _ja, jaFollows: _f, ...rest } = r;
      const p = placed.get(r.id);
      const title = r.title?.en !== undefined || p?.ja.ruleTitle !== undefined ? { ...(p?.ja.ruleTitle !== undefined ? { ja: p.ja.ruleTitle } : {}), ...(r.title?.en !== undefined ? { en: r.title.en } : {}) } : undefined;
      const since = outcome.addedSinceOf?.get(r.id) ?? outcome.addedSince;
      const follows = p?.follows ?? (added.has(r.id) && since && since !== now && !p ? { edition: since, english: 'added' as const } : undefined);
      return { ...rest, ...(title ? { title } : {}), ...(p?.ja.ja !== undefined ? { ja: p.ja.ja } : {}), ...(follows ? { jaFollows: follows } : {}) };
    }).filter((r) => r.en !== undefined || r.ja !== undefined);
    const titleJa = own?.ja.title;
    const without = rules.filter((r) => r.ja === undefined);
    const newer = without.filter((r) => r.jaFollows?.english === 'added').map((r) => r.id);
    const absent = without.filter((r) => r.jaFollows?.english !== 'added').map((r) => r.id);
    const anyJa = placed.size > 0;
    const official = rules.length ? without.length === 0 : titleJa !== undefined;
    const reasons: string[] = [];
    if (!official) {
      if (!anyJa) reasons.push(label ? `日本語訳（${label}）のどの条文もこの番号に置けなかった（取り込みの報告を参照）。` : '日本語訳は取り込まれていない（英語版のみを取り込んだ）。');
      else {
        for (const [since, ids] of Map.groupBy(newer, (id) => String(rules.find((r) => r.id === id)?.jaFollows?.edition))) reasons.push(`日本語訳が従う英語版 ${since} の後に加わった条文で、まだ訳がない: ${ids.join(', ')}。`);
        if (absent.length) reasons.push(`日本語訳（${label ?? '前回の取り込み'}）にない条文: ${absent.join(', ')}。`);
        if (!rules.length) reasons.push(`日本語訳（${label ?? '前回の取り込み'}）に ${e.id} の見出しがない。`);
      }
    }
    const jaEditions = [...new Set([own, ...rules.map((r) => placed.get(r.id))].map((p) => p?.jaEdition).filter((x): x is string => !!x))];
    const { missing: oldMissing, ...restEntry } = e;
    const missing = { ...(oldMissing?.en ? { en: oldMissing.en } : {}), ...(reasons.length ? { ja: reasons.join(' ') } : {}) };
    return {
      ...restEntry,
      title: { ja: titleJa ?? e.title.en, en: e.title.en },
      status: { ja: official ? 'official' as const : 'missing' as const, en: e.status.en },
      ...(missing.en || missing.ja ? { missing } : {}),
      rules,
      ...(jaEditions.length === 1 ? { jaEdition: jaEditions[0] } : {}),
    };
  });
}

/** The ids of a set of entries, as units (the English side's texts). */
export const unitsOfEntries = (entries: ImportedEntry[]) => unitsOf(entries.map((e) => ({ id: e.id, data: e as unknown as { title?: unknown; rules?: unknown } })));

export interface PairCounts {
  english: number; byNumber: number; moved: number; kept: number; changed: number; unknown: number; added: number; noJapanese: number;
  japanese: number; aside: number;
}

/** The report's "Pairs" section: what was paired how, with counts that reconcile. */
export function pairLines(o: { outcome: PairOutcome; final: Units; mode: 'number' | 'carried' | 'kept' | 'assumed'; now: string; jaLabel?: string | undefined; list: (ids: string[], max?: number) => string; runs: (moves: { from: string; to: string }[]) => string[] }): { lines: string[]; counts: PairCounts } {
  const { outcome, final, list } = o;
  const english = [...final].filter(([, u]) => u.en !== undefined).map(([id]) => id);
  const placed = [...outcome.placed.values()];
  const onEnglish = placed.filter((p) => final.get(p.to)?.en !== undefined);
  const byNumber = onEnglish.filter((p) => p.kind === 'number' && !p.follows).map((p) => p.to);
  const moved = onEnglish.filter((p) => p.kind === 'moved' || (p.kind === 'number' && p.follows));
  const kept = onEnglish.filter((p) => p.kind === 'kept');
  const changed = onEnglish.filter((p) => p.follows?.english === 'changed').map((p) => p.to).sort(compareIds);
  const unknown = onEnglish.filter((p) => p.follows?.english === 'unknown').map((p) => p.to);
  const paired = new Set(onEnglish.map((p) => p.to));
  const added = outcome.added.filter((id) => !paired.has(id));
  const addedSet = new Set(added);
  const none = english.filter((id) => !paired.has(id) && !addedSet.has(id)).sort(compareIds);
  const counts: PairCounts = {
    english: english.length, byNumber: byNumber.length, moved: moved.length, kept: kept.length, changed: changed.length, unknown: unknown.length,
    added: added.length, noJapanese: none.length, japanese: placed.length + outcome.aside.length, aside: outcome.aside.length,
  };
  const head = o.mode === 'kept'
    ? `Pairs (English ${o.now}; no Japanese file: the translation of the previous import is kept${outcome.follows ? `, of the English ${outcome.follows}` : ''})`
    : `Pairs (English ${o.now} · Japanese ${o.jaLabel ?? '?'}${outcome.follows ? `, a translation of the English ${outcome.follows}${outcome.via && outcome.follows !== o.now ? `, reached through ${outcome.via}` : ''}` : ''})`;
  const lines = [head];
  if (outcome.whole) lines.push(`  ✗ the Japanese file cannot be placed: ${outcome.whole}. Nothing of it is shown; import that English edition first, or give --ja-follows <edition> if the file names the wrong one`);
  if (o.mode === 'assumed') lines.push('  ⚠ the Japanese file names no English edition it follows; its numbers are exactly the English ones, so it is paired by number. Give --ja-follows <edition> to be sure');
  const sameRule = moved.filter((p) => p.from === p.to).length;
  lines.push(`  paired by number (same edition): ${byNumber.length}`);
  if (moved.length) lines.push(`  carried to the rule's number now (moves found by text): ${moved.length}${moved.length - sameRule ? `: ${o.runs(moved.filter((p) => p.from !== p.to).map((p) => ({ from: p.from, to: p.to }))).join(', ')}` : ''}${sameRule ? ` (${sameRule} at the same number)` : ''}`);
  if (kept.length) lines.push(`  kept from the earlier translation: ${kept.length}${kept.some((p) => p.from !== p.to) ? ` (${o.runs(kept.filter((p) => p.from !== p.to).map((p) => ({ from: p.from, to: p.to }))).join(', ')} moved with their rules)` : ''}`);
  lines.push(`  English changed since the edition the translation follows (marked on the pages): ${changed.length}${changed.length ? `: ${list(changed, 30)}` : ''}`);
  if (unknown.length) lines.push(`  English since then not known (an edition only the editions record names; the pages say which edition each side follows): ${unknown.length}`);
  lines.push(`  English with no Japanese: ${added.length + none.length}${added.length ? ` · added since ${outcome.addedSince} (the pages say there is no translation yet): ${list(added, 30)}` : ''}${none.length ? ` · not in the translation: ${list(none, 30)}` : ''}`);
  lines.push(`  Japanese left unpaired (not shown): ${outcome.aside.length}${outcome.aside.length ? `: ${outcome.aside.slice(0, 30).map((a) => `${a.id} (${a.why})`).join(', ')}${outcome.aside.length > 30 ? `, … (${outcome.aside.length - 30} more)` : ''}` : ''}`);
  const ok1 = counts.english === counts.byNumber + counts.moved + counts.kept + counts.added + counts.noJapanese;
  lines.push(`  English rules ${counts.english} = by number ${counts.byNumber} + carried ${counts.moved} + kept ${counts.kept} + added since ${counts.added} + not in the translation ${counts.noJapanese}${ok1 ? '' : '  ✗ does not reconcile'}`);
  const onHeadings = placed.length - onEnglish.length;
  lines.push(`  Japanese ${counts.japanese} = paired ${onEnglish.length}${onHeadings ? ` + on headings ${onHeadings}` : ''} + unpaired ${counts.aside}`);
  return { lines, counts };
}

/** Where an explanation's ids are now, when it follows another edition than the one imported: the re-keying for the writer to accept. */
export interface Rekey { file: string; follows: string; moves: { from: string; to: string }[]; lost: { id: string; why: string }[] }

export function rekeyExplanations(held: ReadonlyMap<string, string>, versions: ReadonlyMap<string, string | undefined>, docId: string, docVersion: string | undefined, official: ReadonlySet<string>, ctx: PairContext): { rekeys: Rekey[]; unplaced: { file: string; follows: string | undefined }[] } {
  const byFile = new Map<string, string[]>();
  for (const [id, file] of held) if (file.startsWith(`${docId}/`) && !file.startsWith(`${docId}/official/`)) byFile.set(file, [...(byFile.get(file) ?? []), id]);
  const rekeys: Rekey[] = [];
  const unplaced: { file: string; follows: string | undefined }[] = [];
  for (const [file, ids] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const follows = versions.get(file) ?? docVersion;
    if (follows === ctx.now) continue;
    const r = follows === undefined ? undefined : reach(follows, ctx);
    if (!r) { unplaced.push({ file, follows }); continue; }
    const moves: Rekey['moves'] = [];
    const lost: Rekey['lost'] = [];
    for (const id of ids.sort(compareIds)) {
      if (!official.has(id) && !r.ids?.includes(id)) continue; // an id of the explanation's own (no official rule had it)
      const to = r.to(id);
      if (to === null) lost.push({ id, why: `its rule was removed after ${follows}` });
      else if (to === undefined) lost.push({ id, why: `no rule of ${follows} had this number` });
      else if (to !== id) moves.push({ from: id, to });
    }
    if (moves.length || lost.length) rekeys.push({ file, follows: follows!, moves, lost });
  }
  return { rekeys, unplaced };
}

/** The report's lines for explanations whose rules moved: the re-keying to accept and the redirect lines it needs. */
export function rekeyLines(o: { rekeys: Rekey[]; unplaced: { file: string; follows: string | undefined }[]; game: string; doc: string; style: IdStyle; now: string; exists: (id: string) => boolean; runs: (m: { from: string; to: string }[]) => string[] }): string[] {
  if (!o.rekeys.length && !o.unplaced.length) return [];
  const lines = ['Explanations whose rules moved (hand-written: never edited by the importer; accept by renaming the ids and setting source.version)'];
  for (const r of o.rekeys) {
    const entry = r.file.replace(/^.*\//, '').replace(/\.(yaml|mdx)$/, '');
    lines.push(`  ${r.file} (follows ${r.follows}):${r.moves.length ? ` ${o.runs(r.moves).join(', ')}` : ''}${r.lost.length ? `${r.moves.length ? ';' : ''} could not place ${r.lost.map((l) => `${l.id} (${l.why})`).join(', ')}` : ''}`);
    const redirects: string[] = [];
    for (const m of r.moves) {
      if (o.exists(m.from)) continue; // the number holds another rule now: the page keeps its anchor (and says so)
      const page = (id: string) => (belongsTo(o.style, id, entry) ? entry : o.style === 'mtg' ? id.replace(/[a-z]+$/, '') : id.split('.').slice(0, 2).join('.'));
      for (const lang of ['en', 'ja']) {
        const base = `/${lang}/${o.game}/${o.doc}`;
        redirects.push(m.from === entry ? `"${base}/${entry}/": "${base}/${m.to}/"` : `"${base}/${entry}/#${m.from}": "${base}/${page(m.to)}/#${m.to}"`);
      }
    }
    if (redirects.length) lines.push('    redirects (for ids no rule has now):', ...redirects.map((l) => `      ${l}`));
  }
  if (o.unplaced.length) lines.push(`  could not place (they follow an edition no kept edition or record reaches): ${o.unplaced.map((u) => `${u.file} (${u.follows ?? 'no edition named'})`).join(', ')}`);
  return lines;
}

const str = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v === undefined || v === null ? undefined : String(v));

/** The Japanese word of the version line, per game. */
const JA_LABEL: Record<string, string> = { mtg: '日本語訳', lorcana: '日本語版' };

export interface PairInput {
  game: string;
  style: IdStyle;
  /** The builder's output, paired by number (its Japanese is by the Japanese file's numbers). */
  built: { entries: ImportedEntry[]; edition: { en?: string; ja?: string }; version: string; effective?: string; jaFollows?: { edition: string; how: string } };
  /** Which files were given. */
  hasEnglish: boolean;
  hasJapanese: boolean;
  /** --ja-follows. */
  jaFollows?: string | undefined;
  /** The official files on disk and their _edition.yaml. */
  old: ReadonlyMap<string, OfficialFile>;
  oldEdition: Record<string, unknown>;
  /** The kept history, oldest first. */
  ordered: HistoryStep[];
  record?: PairContext['record'];
  matchRules: (before: { id: string; en?: string; ja?: string }[], after: { id: string; en?: string; ja?: string }[]) => Matching;
  matchTexts: (u: Units extends Map<string, infer U> ? U : never) => { en?: string; ja?: string };
  list: (ids: string[], max?: number) => string;
  runs: (moves: { from: string; to: string }[]) => string[];
}

export interface PairResult {
  fail?: string;
  entries: ImportedEntry[];
  edition: { en?: string; ja?: string };
  version: string;
  effective?: string | undefined;
  jaFollows?: string | undefined;
  lines: string[];
  counts?: PairCounts;
  ctx?: PairContext;
}

/** Pairs the two languages of an import (or one language with what the previous import kept); see the head of this file. */
export function pairImport(i: PairInput): PairResult {
  const prevUnits = unitsOf(i.old.values());
  const oldEd = (i.oldEdition['edition'] ?? {}) as { en?: unknown; ja?: unknown };
  const prevEn = str(oldEd.en);
  const prevJa = str(oldEd.ja);
  const now = i.hasEnglish ? i.built.edition.en : prevEn;
  const base: PairResult = { entries: i.built.entries, edition: i.built.edition, version: i.built.version, effective: i.built.effective, lines: [] };
  if (!i.hasEnglish && (!i.old.size || !now)) return { ...base, fail: 'a Japanese file alone needs the English imported before it (official/ has no English text): import the English first, or both together' };
  const english = i.hasEnglish ? i.built.entries.map(stripJapanese).filter((e) => e.rules.length || e.children.length || e.status.en === 'official') : englishOf(i.old.values());
  const final = unitsOfEntries(english);
  const asUnits = (u: Units) => [...u].map(([id, state]) => ({ id, ...i.matchTexts(state) }));
  const matching = i.hasEnglish && i.old.size ? i.matchRules(asUnits(prevUnits), asUnits(final)) : undefined;
  const ctx: PairContext = {
    style: i.style, now: now!, final, prev: i.old.size ? { en: prevEn, units: prevUnits } : undefined, matching,
    kept: i.old.size ? keptEditions(prevUnits, i.ordered) : [], record: i.record,
  };
  const label = JA_LABEL[i.game] ?? 'Japanese';
  // The version line names what is shown; which English edition the translation follows is _edition.yaml's jaFollows, which the pages name in each language.
  const versionOf = (ja: string | undefined, _follows: string | undefined) => `${now}${ja ? ` · ${label} ${ja}` : ''}`;
  const report = (outcome: PairOutcome, mode: 'number' | 'carried' | 'kept' | 'assumed', jaLabel: string | undefined) => pairLines({ outcome, final, mode, now: now!, jaLabel, list: i.list, runs: i.runs });
  const jaVersion = i.built.edition.ja;

  if (i.hasJapanese) {
    const jaUnits = japaneseOf(i.built.entries, !i.hasEnglish);
    const follows = i.jaFollows ?? i.built.jaFollows?.edition;
    const how = i.jaFollows ? 'the --ja-follows flag' : i.built.jaFollows?.how;
    // The same numbered texts on both sides (headings aside): the only case an unnamed edition is paired by number.
    const enIds = [...final].filter(([, u]) => u.en !== undefined).map(([id]) => id);
    const jaIds = new Set([...jaUnits].filter(([, u]) => u.ja !== undefined).map(([id]) => id));
    const sameIds = enIds.length === jaIds.size && enIds.every((id) => jaIds.has(id));
    const assumed = follows === undefined && sameIds;
    if (i.hasEnglish && (follows === now || assumed)) {
      // One edition: paired by number, as the builder did.
      const outcome: PairOutcome = { placed: new Map(), aside: [], added: [], follows: now };
      for (const [id, u] of jaUnits) {
        if (final.get(id)?.en !== undefined || final.get(id)?.title !== undefined) outcome.placed.set(id, { to: id, from: id, ja: u, kind: 'number' });
        else outcome.aside.push({ id, why: 'no English rule has this number: shown with its English marked missing', text: u.ja });
      }
      const r = report(outcome, assumed ? 'assumed' : 'number', jaVersion);
      return { ...base, lines: [...r.lines, ...(how && !assumed ? [`  the Japanese follows ${follows}: read from ${how}`] : [])], counts: r.counts, ctx };
    }
    const spec = parseFollows(i.jaFollows);
    const unnamed: PairOutcome = { placed: new Map(), aside: [...jaUnits].map(([id, u]) => ({ id, why: 'no edition named', text: u.ja ?? u.title })), added: [], whole: 'it names no English edition it follows (no effective-date or version line), and its numbers are not exactly the English ones' };
    const outcome: PairOutcome = spec.parts.size
      ? carryByPart(jaUnits, spec, i.built.jaFollows?.edition, ctx, jaVersion)
      : follows === undefined ? unnamed : carryJapanese(jaUnits, follows, ctx, jaVersion);
    const placedAny = outcome.placed.size > 0;
    const jaFollows = placedAny && outcome.follows !== undefined && outcome.follows !== now ? outcome.follows : undefined;
    const entries = withJapanese(english, outcome, jaVersion, now!);
    const ja = placedAny ? jaVersion : undefined;
    const r = report(outcome, 'carried', jaVersion);
    return {
      entries, edition: { ...(now ? { en: now } : {}), ...(ja ? { ja } : {}) }, version: versionOf(ja, jaFollows),
      effective: i.hasEnglish ? i.built.effective : str(i.oldEdition['effective']), jaFollows,
      lines: [...r.lines, ...(how ? [`  the Japanese follows ${follows}: read from ${how}`] : [])], counts: r.counts, ctx,
    };
  }
  if (i.hasEnglish && [...prevUnits.values()].some((u) => u.ja !== undefined)) {
    const outcome = keepJapanese(i.old.values(), { en: prevEn, jaFollows: str(i.oldEdition['jaFollows']) }, ctx);
    const follows = str(i.oldEdition['jaFollows']) ?? prevEn;
    const jaFollows = follows !== now ? follows : undefined;
    const entries = withJapanese(english, outcome, prevJa, now!);
    const r = report(outcome, 'kept', prevJa);
    return { ...base, entries, edition: { ...(now ? { en: now } : {}), ...(prevJa && outcome.placed.size ? { ja: prevJa } : {}) }, version: versionOf(outcome.placed.size ? prevJa : undefined, jaFollows), jaFollows, lines: r.lines, counts: r.counts, ctx };
  }
  return { ...base, ctx };
}

/**
 * `--ja-follows`: one edition (`2025-08-22`), or per part of the document when a translation mixes
 * editions (`5=2025-10-31,10=2025-08-22`; a part is a number's first component, a bare edition is
 * every other part's). Found with the real Lorcana pair: its Japanese section 5 follows the newer
 * English, its keywords the older one.
 */
export function parseFollows(spec: string | undefined): { all?: string | undefined; parts: Map<string, string> } {
  const parts = new Map<string, string>();
  let all: string | undefined;
  for (const item of (spec ?? '').split(',').map((x) => x.trim()).filter(Boolean)) {
    const m = /^([0-9A-Za-z]+)=(.+)$/.exec(item);
    if (m) parts.set(m[1]!, m[2]!.trim());
    else all = item;
  }
  return { all, parts };
}

/** carryJapanese() part by part, each by the edition it follows; the outcomes merged. */
function carryByPart(ja: Map<string, JaUnit>, spec: { all?: string | undefined; parts: Map<string, string> }, detected: string | undefined, ctx: PairContext, jaVersion: string | undefined): PairOutcome {
  const partOf = (id: string) => id.split('.')[0]!;
  const out: PairOutcome = { placed: new Map(), aside: [], added: [], addedSinceOf: new Map() };
  const editions = new Map<string, string[]>();
  const vias = new Set<string>();
  for (const [part, units] of Map.groupBy(ja, ([id]) => partOf(id))) {
    const edition = spec.parts.get(part) ?? spec.all ?? detected;
    if (edition === undefined) { for (const [id, u] of units) out.aside.push({ id, why: 'no edition named for its part', text: u.ja ?? u.title }); continue; }
    const one = carryJapanese(new Map(units), edition, ctx, jaVersion);
    if (one.whole) { for (const a of one.aside) out.aside.push({ ...a, why: `its part follows ${edition}, which no kept edition reaches` }); continue; }
    editions.set(edition, [...(editions.get(edition) ?? []), part]);
    if (one.via) vias.add(one.via);
    for (const [to, p] of one.placed) {
      if (out.placed.has(to)) out.aside.push({ id: p.from, why: `${to} already holds the translation of ${out.placed.get(to)!.from}`, text: p.ja.ja });
      else out.placed.set(to, p);
    }
    out.aside.push(...one.aside);
    for (const id of one.added) if (partOf(id) === part) { out.added.push(id); out.addedSinceOf!.set(id, edition); }
  }
  // The document's line: the edition most parts follow, and the others by part.
  const ranked = [...editions].sort((a, b) => b[1].length - a[1].length);
  out.follows = ranked.length > 1 ? `${ranked[0]![0]} (${ranked.slice(1).map(([e, ps]) => `${ps.join(', ')}: ${e}`).join('; ')})` : ranked[0]?.[0];
  out.via = [...vias].join('; ') || undefined;
  out.addedSince = ranked[0]?.[0];
  out.added.sort(compareIds);
  return out;
}

/** An entry with its Japanese taken out (the builder filled a missing Japanese title with the English one). */
function stripJapanese(e: ImportedEntry): ImportedEntry {
  const { missing, ...rest } = e;
  const rules = e.rules.filter((r) => r.en !== undefined || r.title?.en !== undefined).map((r) => {
    const { ja: _ja, title, ...own } = r;
    return { ...own, ...(title?.en !== undefined ? { title: { en: title.en } } : {}) };
  });
  // Rules only the Japanese had are gone from the English side: the English is whole when what is left has it.
  const whole = rules.length ? rules.every((r) => r.en !== undefined) : e.status.en === 'official';
  return {
    ...rest,
    title: { ja: e.title.en, en: e.title.en },
    status: { ja: 'missing', en: whole ? 'official' : e.status.en },
    ...(missing?.en && !whole ? { missing: { en: missing.en } } : {}),
    rules,
  };
}

interface GlossaryLike { id: string; en: string; enAliases?: string[]; ja?: string; jaAliases?: string[]; obsolete?: boolean; def: { en?: string; ja?: string }; entries?: string[] }

/**
 * The glossary of a one-language import keeps the other language of the previous one: terms pair by
 * their English name (their id), not by number, so the kept side goes with its term. English-only:
 * the new English terms with the Japanese the same terms had; Japanese-only: the English terms on disk
 * with the new Japanese.
 */
export function keepGlossary(terms: GlossaryLike[], old: GlossaryLike[], given: { en: boolean; ja: boolean }): GlossaryLike[] {
  const byId = new Map(old.map((t) => [t.id, t]));
  if (given.en && !given.ja) {
    return terms.map((t) => {
      const o = byId.get(t.id);
      if (!o || o.ja === undefined) return t;
      return { ...t, ja: o.ja, ...(o.jaAliases?.length ? { jaAliases: o.jaAliases } : {}), def: { ...t.def, ...(o.def?.ja !== undefined ? { ja: o.def.ja } : {}) } };
    });
  }
  if (given.ja && !given.en) {
    const fresh = new Map(terms.map((t) => [t.id, t]));
    return old.filter((o) => o.en).map((o) => {
      const { ja: _j, jaAliases: _a, ...english } = o;
      const t = fresh.get(o.id);
      const def = { ...(o.def?.en !== undefined ? { en: o.def.en } : {}), ...(t?.def.ja !== undefined ? { ja: t.def.ja } : {}) };
      return { ...english, ...(t?.ja !== undefined ? { ja: t.ja } : {}), ...(t?.jaAliases?.length ? { jaAliases: t.jaAliases } : {}), def };
    });
  }
  return terms;
}
