// Pinned short links /r/{game}/{id}@{edition} (docs/architecture.md#pinned-short-links): what a
// number meant in one edition of a document, and where that rule is now. The tables are built once
// per game from the imported history (Doc.history) and the hand-written editions record
// (content/{game}/editions.yaml); the same tables are the per-game JSON the 404 page's script and the
// entry page's pinned line read (/r/{game}/_pins.json), so the build and the browser resolve a
// pinned link with this one function. Pure and DOM-free: the browser scripts import it.

export type Bilingual = { ja: string; en: string };

/** One edition of a document, as pinned links read it. */
export interface PinEdition {
  /** The edition id, the part after `@`. */
  id: string;
  /** How readers know it, per language ("総合ルール 2030-09-01"). */
  title: Bilingual;
  /** Every rule whose number in this edition is not its number now: [number then, number now]. */
  moved: [string, string][];
  /** Numbers of this edition whose rule was removed since: [number then, the edition that removed it]. */
  retired: [string, string][];
  /**
   * Ids of the document now that held no rule of this edition under the same number (added since,
   * besides the targets of `moved`, which never do). Absent when the site does not know every number
   * of that edition (an edition only the editions record names): then a number the record does not
   * list is taken to be unchanged, as the record's contract says.
   */
  fresh?: string[];
}

/** A document with an edition id, with its editions newest first: `editions[0]` is the one the pages follow now. */
export interface PinDoc {
  doc: string;
  editions: PinEdition[];
  /**
   * The earlier editions the site served as current (content/served.json): every number of each
   * keeps a page of its own. Build-side only; the browser's copy of the table leaves it out.
   */
  served?: string[];
}

/** The per-game table (and JSON file): every document of the game that has an edition id. */
export interface PinTable {
  game: string;
  docs: PinDoc[];
}

export type PinResult =
  /** No document of the game has that edition. */
  | { kind: 'unknown-edition' }
  /** The rule that was `id` in `edition` is `to` now (`to === id` when its number did not change). */
  | { kind: 'rule'; doc: string; edition: PinEdition; id: string; to: string; current: boolean }
  /** That rule was removed, in edition `in`. */
  | { kind: 'removed'; doc: string; edition: PinEdition; id: string; in: string }
  /** No rule had that number in that edition (or the number is no rule of the document now, when it did not move). */
  | { kind: 'none'; doc: string; edition: PinEdition; id: string };

/**
 * What the browser reads, split so that a pinned link costs two small files however many editions
 * a document has: the game's index (every document's editions, ids and titles only) and the one
 * edition asked for (src/render/pinned.ts writes both).
 */
export const pinIndex = (table: PinTable): PinTable => ({
  game: table.game,
  docs: table.docs.map((d) => ({ doc: d.doc, editions: d.editions.map((e) => ({ id: e.id, title: e.title, moved: [], retired: [] })) })),
});

/** The table to resolve `edition` with, from the index and that edition's file per document (`files[doc]`). */
export function pinTableOf(index: PinTable, files: Record<string, PinEdition>): PinTable {
  return {
    game: index.game,
    docs: index.docs.map((d) => ({ doc: d.doc, editions: d.editions.map((e, i) => (i > 0 && Object.hasOwn(files, d.doc) && files[d.doc]!.id === e.id ? files[d.doc]! : e)) })),
  };
}

/** The separator of a pinned short link: ids and edition ids never contain it. */
export const PIN = '@';

/** `104.3@2030-09-01` → its id and edition; undefined when it is not of that shape. */
export function parsePin(text: string): { id: string; edition: string } | undefined {
  const at = text.lastIndexOf(PIN);
  if (at <= 0 || at === text.length - 1) return undefined;
  const id = text.slice(0, at);
  const edition = text.slice(at + 1);
  if (id.includes(PIN) || /[\s/?#]/.test(id) || !/^[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*$/.test(edition)) return undefined;
  return { id, edition };
}

/** The text of a pinned short link's last segment. */
export const pinText = (id: string, edition: string) => `${id}${PIN}${edition}`;

/**
 * What `id` of `edition` is now. `exists` says whether an id is a current id of the document; without
 * it (the browser, which does not hold every id) a number that did not move is returned as itself,
 * and the caller checks it is there.
 */
export function resolvePin(table: PinTable, id: string, edition: string, exists?: (doc: string, id: string) => boolean): PinResult {
  const hits = table.docs.flatMap((d) => d.editions.filter((e) => e.id === edition).map((e) => ({ d, e })));
  if (!hits.length) return { kind: 'unknown-edition' };
  // Two documents of a game with the same edition id: the one where the number means a rule.
  const results = hits.map(({ d, e }) => resolveIn(d, e, id, exists));
  return results.find((r) => r.kind !== 'none') ?? results[0]!;
}

function resolveIn(doc: PinDoc, edition: PinEdition, id: string, exists?: (doc: string, id: string) => boolean): PinResult {
  const current = doc.editions[0] === edition;
  const base = { doc: doc.doc, edition, id };
  const moved = edition.moved.find(([from]) => from === id);
  if (moved) return { kind: 'rule', ...base, to: moved[1], current };
  const retired = edition.retired.find(([from]) => from === id);
  if (retired) return { kind: 'removed', ...base, in: retired[1] };
  // A number another rule of that edition moved to did not hold this rule then (one rule per number).
  if (edition.moved.some(([, to]) => to === id) || edition.fresh?.includes(id)) return { kind: 'none', ...base };
  if (exists && !exists(doc.doc, id)) return { kind: 'none', ...base };
  return { kind: 'rule', ...base, to: id, current };
}

/** Where a number of a page now holds another rule than in an earlier edition: the notice at the top of the page. */
export interface Reused {
  /** The number, on this page now. */
  id: string;
  /** The earlier rule went to `to`, or was removed (in edition `removedIn`). */
  to?: string;
  removedIn?: string;
  /** The editions in which the number held that other rule, newest first. */
  editions: PinEdition[];
}

/**
 * The numbers among `ids` (a page's entry and anchors, current ids of `doc`) that held another
 * rule in an earlier edition: moved away, or removed and given to another rule later (not a move).
 * Grouped by where the earlier rule went, each with the editions that say so.
 */
export function reusedNumbers(doc: PinDoc, ids: string[]): Reused[] {
  const byNumber = reuseIndex(doc);
  return [...new Set(ids)].flatMap((id) => byNumber.get(id) ?? []).map((r) => ({ ...r, editions: [...r.editions] }));
}

/**
 * Every number of a document that held another rule in an earlier edition, with its groups in the
 * order the editions give them (newest first; within an edition, moves before removals): worked out
 * once per table, so each page asks only for its own numbers.
 */
const reuseIndexes = new WeakMap<PinDoc, Map<string, Reused[]>>();
function reuseIndex(doc: PinDoc): Map<string, Reused[]> {
  let index = reuseIndexes.get(doc);
  if (index) return index;
  index = new Map();
  const groups = (id: string) => { let g = index!.get(id); if (!g) index!.set(id, g = []); return g; };
  for (const e of doc.editions.slice(1)) {
    const went: Omit<Reused, 'editions'>[] = [...e.moved.map(([id, to]) => ({ id, to })), ...e.retired.map(([id, removedIn]) => ({ id, removedIn }))];
    for (const w of went) {
      const g = groups(w.id);
      const same = g.find((r) => r.to === w.to && r.removedIn === w.removedIn);
      if (same) same.editions.push(e);
      else g.push({ ...w, editions: [e] });
    }
  }
  reuseIndexes.set(doc, index);
  return index;
}

export interface PinInput {
  doc: string;
  /** The current edition: its id and title. */
  current: { id: string; title: Bilingual };
  /** Current ids of the document (entries and sub-rules, as the site has them). */
  ids: string[];
  /**
   * The official ids of the current edition (the imported text's), when there is imported history:
   * of a served edition, only those can be "fresh"; an id of the site's own (an explanation beside
   * the official text) was on its pages, whatever the official text numbered then.
   */
  official?: Iterable<string>;
  /** Imported editions older than the current one, newest first, with every number of that edition and the composed moves. */
  history: { id: string; title: Bilingual; ids: Iterable<string>; moved: { from: string; to: string }[]; retired: { from: string; in: string }[] }[];
  /** The editions record's earlier editions for the same current edition (its lines come first for an edition both name). */
  record: { id: string; title: Bilingual; moved: { from: string; to: string }[] }[];
  /** Edition ids the site has served (content/served.json). */
  served?: string[];
}

/** A document's pinned-link table from its imported history and its editions record. */
export function pinDoc(input: PinInput): PinDoc {
  const editions: PinEdition[] = [{ id: input.current.id, title: input.current.title, moved: [], retired: [] }];
  const recorded = new Map(input.record.map((r) => [r.id, r]));
  const seen = new Set([input.current.id]);
  const official = new Set(input.official ?? input.ids);
  const servedIds = new Set(input.served ?? []);
  for (const h of input.history) {
    if (seen.has(h.id)) continue;
    seen.add(h.id);
    const r = recorded.get(h.id);
    const listed = new Set(r?.moved.map((m) => m.from));
    const moved: [string, string][] = [...(r?.moved ?? []), ...h.moved.filter((m) => !listed.has(m.from))].map((m) => [m.from, m.to]);
    const retired: [string, string][] = h.retired.filter((x) => !listed.has(x.from)).map((x) => [x.from, x.in]);
    // Numbers that moved away or were removed are answered by those lists first; the targets of moves by the resolver.
    const then = new Set(h.ids);
    const targets = new Set(moved.map(([, t]) => t));
    // Of a served edition, the site's own ids (explanations beside the official text) were on its
    // pages and in the links copied from them: they stay themselves. Of an edition only imported,
    // a number its official text lacked held no rule then.
    const own = servedIds.has(h.id) ? (id: string) => !official.has(id) : () => false;
    const fresh = input.ids.filter((id) => !then.has(id) && !targets.has(id) && !own(id));
    editions.push({ id: h.id, title: r?.title ?? h.title, moved, retired, fresh });
  }
  for (const r of input.record) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    editions.push({ id: r.id, title: r.title, moved: r.moved.map((m) => [m.from, m.to]), retired: [] });
  }
  const served = (input.served ?? []).filter((id) => id !== input.current.id && seen.has(id));
  return { doc: input.doc, editions, ...(served.length ? { served } : {}) };
}

/** One pinned page the build writes: the number, its edition, and what it answers. */
export type PinPage =
  | { kind: 'rule'; id: string; edition: PinEdition; to: string; current: boolean; served: boolean }
  | { kind: 'removed'; id: string; edition: PinEdition; in: string; served: boolean };

/**
 * The pinned pages of one document (docs/architecture.md#pinned-short-links): every number of the
 * current edition and of each served edition (`doc.served`), whatever it means now (a rule under the
 * same number, a moved one, a removed one); of an edition only imported to fill the history, a page
 * per removed rule, at the newest edition that still had it (the page the notices link to, holding
 * its last text). Everything else is the 404 page's script's. `ids` are the document's current ids.
 */
export function pinPages(doc: PinDoc, ids: string[], exists: (id: string) => boolean): PinPage[] {
  const out: PinPage[] = [];
  const now = doc.editions[0]!;
  for (const id of ids) out.push({ kind: 'rule', id, edition: now, to: id, current: true, served: true });
  const served = new Set(doc.served ?? []);
  const table: PinTable = { game: '', docs: [{ doc: doc.doc, editions: doc.editions }] };
  const removedAt = new Set<string>();
  for (const edition of doc.editions.slice(1)) {
    if (served.has(edition.id)) {
      // Every number of that edition: the current ids that held a rule then, and those moved or removed since.
      const numbers = new Set([...ids, ...edition.moved.map(([from]) => from), ...edition.retired.map(([from]) => from)]);
      for (const id of numbers) {
        const r = resolvePin(table, id, edition.id, (_, x) => exists(x));
        if (r.kind === 'rule') out.push({ kind: 'rule', id, edition, to: r.to, current: false, served: true });
        else if (r.kind === 'removed') out.push({ kind: 'removed', id, edition, in: r.in, served: true });
        if (r.kind === 'removed') removedAt.add(`${id}\n${r.in}`);
      }
      continue;
    }
    for (const [id, removedIn] of edition.retired) {
      // Editions are newest first: the first one met is the newest that had the rule.
      const key = `${id}\n${removedIn}`;
      if (removedAt.has(key)) continue;
      removedAt.add(key);
      out.push({ kind: 'removed', id, edition, in: removedIn, served: false });
    }
  }
  return out;
}
