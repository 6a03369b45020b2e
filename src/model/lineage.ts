// What each rule was in every imported edition, for the history and changes pages and the JSON API
// (docs/architecture.md#editions): a current id followed back through the steps' moves to the
// edition it first appeared in, its texts grouped into versions (a run of editions with the same
// number and the same words), its earlier numbers, the numbers it holds that meant another rule
// before, the removed rules under an entry, and what one edition changed. Pure, over Doc.history.
import { parentOf, type IdStyle } from './ids';
import type { UnitState } from './history';
import type { Doc, DocHistory, Entry, Game, SiteModel } from './types';

/** One run of editions, newest first, in which a rule had the same number and the same texts. */
export interface Version {
  /** Edition ids, newest first. */
  editions: string[];
  /** Its number in those editions. */
  id: string;
  unit: UnitState;
}

export interface Lineage {
  /** Its number now, or for a removed rule its last number. */
  id: string;
  /** Newest first. */
  versions: Version[];
  /** The oldest imported edition it is in. */
  since: string;
  /** The edition whose import added it; absent when it is in the oldest imported edition. */
  added?: string;
  /** For a removed rule: the edition whose import removed it (its last edition is the one before). */
  removed?: string;
  /** Its other numbers in earlier editions, newest first, each with the editions it had it in. */
  formerly: { id: string; editions: string[] }[];
}

/** Where a number of an earlier edition is now: its number, or the edition that removed it. */
export type Now = { id: string } | { removedIn: string };

const sameUnit = (a: UnitState, b: UnitState) =>
  a.en === b.en && a.ja === b.ja && JSON.stringify(a.title ?? null) === JSON.stringify(b.title ?? null) && JSON.stringify(a.ruleTitle ?? null) === JSON.stringify(b.ruleTitle ?? null);

/** Index helpers over one document's history (editions newest first). */
export function historyIndex(history: DocHistory) {
  const { editions, states, numberings } = history;
  // For edition k (k ≥ 1), the number each of its ids has now (numberings[k - 1]), or the edition that removed it.
  const forward = numberings.map((n) => ({ moved: new Map(n.moved.map((m) => [m.from, m.to])), retired: new Map(n.retired.map((r) => [r.from, r.in])) }));
  // For the step that leads to edition k: each id of k → its id in k + 1 (where the move came from).
  const back = editions.map((e) => new Map((e.step?.moved ?? []).map((m) => [m.to, m.from])));
  const addedIn = editions.map((e) => new Set(e.step?.added ?? []));
  return {
    /** Where the rule numbered `id` in edition `k` is now. */
    now(k: number, id: string): Now | undefined {
      if (!states[k]?.units.has(id)) return undefined;
      if (k === 0) return { id };
      const f = forward[k - 1]!;
      const removedIn = f.retired.get(id);
      return removedIn !== undefined ? { removedIn } : { id: f.moved.get(id) ?? id };
    },
    /** The rule numbered `id` in edition `k`, followed back to the edition it first appeared in. */
    lineage(k: number, id: string): Lineage | undefined {
      if (!states[k]?.units.has(id)) return undefined;
      const versions: Version[] = [];
      let added: string | undefined;
      let j = k;
      let cur = id;
      for (;;) {
        const unit = states[j]!.units.get(cur)!;
        const last = versions.at(-1);
        if (last && last.id === cur && sameUnit(last.unit, unit)) last.editions.push(editions[j]!.id);
        else versions.push({ editions: [editions[j]!.id], id: cur, unit });
        if (j === editions.length - 1) break;
        if (addedIn[j]!.has(cur)) { added = editions[j]!.id; break; }
        const prev = back[j]!.get(cur) ?? cur;
        if (!states[j + 1]!.units.has(prev)) { added = editions[j]!.id; break; } // an inconsistent step: the content check reports it
        cur = prev;
        j++;
      }
      const formerly: Lineage['formerly'] = [];
      for (const v of versions) {
        if (v.id === id) continue;
        const f = formerly.at(-1);
        if (f && f.id === v.id) f.editions.push(...v.editions);
        else formerly.push({ id: v.id, editions: [...v.editions] });
      }
      const since = versions.at(-1)!.editions.at(-1)!;
      return { id, versions, since, ...(added !== undefined ? { added } : {}), formerly };
    },
    /**
     * Earlier editions in which `id` (a number now) held another rule, newest first, runs of
     * editions grouped by where that rule is now.
     */
    reused(id: string): { editions: string[]; now: Now }[] {
      const out: { editions: string[]; now: Now }[] = [];
      for (let k = 1; k < editions.length; k++) {
        const now = this.now(k, id);
        if (!now || ('id' in now && now.id === id)) continue;
        const last = out.at(-1);
        if (last && JSON.stringify(last.now) === JSON.stringify(now)) last.editions.push(editions[k]!.id);
        else out.push({ editions: [editions[k]!.id], now });
      }
      return out;
    },
    /**
     * Every rule an import removed, with its lineage and the number now of its nearest surviving
     * ancestor in the edition it was last in (so an entry's history can list the removed rules
     * that were under it): 102.1c, removed in 2031-03-07, was under 102.1, which is 102.1 now.
     */
    removed(style: IdStyle): { lineage: Lineage; under: string | undefined }[] {
      const out: { lineage: Lineage; under: string | undefined }[] = [];
      for (let k = 0; k < editions.length - 1; k++) {
        for (const id of editions[k]!.step?.removed ?? []) {
          const l = this.lineage(k + 1, id);
          if (!l) continue;
          let under: string | undefined;
          for (let p = parentOf(style, id); p !== undefined && under === undefined; p = parentOf(style, p)) {
            const now = this.now(k + 1, p);
            if (now && 'id' in now) under = now.id;
          }
          out.push({ lineage: { ...l, removed: editions[k]!.id }, under });
        }
      }
      return out;
    },
  };
}

export type HistoryIndex = ReturnType<typeof historyIndex>;

/** What one import changed, against the edition before, with each rule's number now. */
export interface EditionChanges {
  edition: string;
  previous: string;
  added: { id: string; unit: UnitState; now: Now }[];
  removed: { id: string; unit: UnitState }[];
  reworded: { from: string; to: string; before: UnitState; after: UnitState; fields: string[]; now: Now }[];
  /** Moves; `reworded` when the rule has other words too (it is then in `reworded` as well). */
  moved: { from: string; to: string; unit: UnitState; reworded: boolean; now: Now }[];
}

/** The changes of edition `k` (which must have a step): states[k] against states[k + 1]. */
export function editionChanges(history: DocHistory, k: number, index: HistoryIndex = historyIndex(history)): EditionChanges | undefined {
  const e = history.editions[k];
  const step = e?.step;
  if (!e || !step) return undefined;
  const after = history.states[k]!.units;
  const before = history.states[k + 1]!.units;
  const now = (id: string): Now => index.now(k, id) ?? { id };
  const reworded = new Set(step.reworded.map((r) => r.to));
  return {
    edition: e.id,
    previous: history.editions[k + 1]!.id,
    added: step.added.map((id) => ({ id, unit: after.get(id) ?? {}, now: now(id) })),
    removed: step.removed.map((id) => ({ id, unit: before.get(id) ?? {} })),
    reworded: step.reworded.map((r) => ({ from: r.from, to: r.to, before: before.get(r.from) ?? {}, after: after.get(r.to) ?? {}, fields: r.fields, now: now(r.to) })),
    moved: step.moved.map((m) => ({ from: m.from, to: m.to, unit: after.get(m.to) ?? {}, reworded: reworded.has(m.to), now: now(m.to) })),
  };
}

/** An entry's history: each official id on its page followed back, and the removed rules that were under them. */
export interface EntryHistory {
  entry: string;
  rules: { lineage: Lineage; reused: { editions: string[]; now: Now }[] }[];
  removed: Lineage[];
}

const cache = new WeakMap<DocHistory, Map<string, EntryHistory>>();

/**
 * The history of every entry of a document with imported history, keyed by entry id: the entry's own
 * id and its sub-rules as the page shows them (official ids placed on an explanation's page
 * included, src/model/official.ts) that the current official text has, in page order; and each rule
 * an import removed, on the page that now shows the rule it was under (`pageOf`: an id now → the
 * entry whose page shows it). An entry without official text has none. Computed once per document.
 */
export function entryHistories(doc: Pick<Doc, 'history' | 'entries'>, style: IdStyle, pageOf: (id: string) => string | undefined): Map<string, EntryHistory> {
  const history = doc.history;
  if (!history) return new Map();
  const known = cache.get(history);
  if (known) return known;
  const index = historyIndex(history);
  const current = history.states[0]!.units;
  const out = new Map<string, EntryHistory>();
  for (const e of doc.entries) {
    const ids = [...new Set([e.id, ...e.data.rules.map((r) => r.id)])].filter((id) => current.has(id));
    if (ids.length) out.set(e.id, { entry: e.id, rules: ids.map((id) => ({ lineage: index.lineage(0, id)!, reused: index.reused(id) })), removed: [] });
  }
  for (const r of index.removed(style)) {
    const page = r.under === undefined ? undefined : pageOf(r.under);
    if (page === undefined) continue;
    const h = out.get(page) ?? { entry: page, rules: [], removed: [] };
    h.removed.push(r.lineage);
    out.set(page, h);
  }
  cache.set(history, out);
  return out;
}

/** entryHistories() with the site's own placement: an id now is on the page of the entry that resolves it. */
export function docHistories(site: Pick<SiteModel, 'resolve'>, game: { id: string; data: { idStyle: IdStyle } }, doc: Pick<Doc, 'history' | 'entries'>): Map<string, EntryHistory> {
  return entryHistories(doc, game.data.idStyle, (id) => {
    const target = site.resolve(game.id, id);
    return target && target.kind !== 'planned' ? target.entry.id : undefined;
  });
}

/**
 * Whether an entry's history shows anything the entry page does not: a rule of it with another
 * number or other words in some kept edition (a version before the current one), a rule an import
 * added, a number that held another rule, or a rule removed from under it. An entry without any of
 * these reads the same in every kept edition: its page says so, and it has no history page of its
 * own (docs/architecture.md#history-changes-and-the-json-api-pages).
 */
export function historyChanged(h: EntryHistory): boolean {
  return h.removed.length > 0 || h.rules.some(({ lineage, reused }) => lineage.versions.length > 1 || lineage.added !== undefined || reused.length > 0);
}

/** For an entry whose history shows no change: the oldest kept edition, since which its official text is the same; else undefined. */
export function unchangedSince(doc: Pick<Doc, 'history'>, h: EntryHistory | undefined): string | undefined {
  if (!h || !doc.history || historyChanged(h)) return undefined;
  return doc.history.editions.at(-1)!.id;
}

/**
 * Whether an entry gets a history page and history.json: when its history shows a change, or when
 * the permanent-link manifest records its history page (a page once published is never dropped,
 * even if the editions that made it are no longer kept).
 */
export function historyWritten(doc: Pick<Doc, 'history'>, h: EntryHistory): boolean {
  return historyChanged(h) || (doc.history?.published?.has(h.entry) ?? false);
}

/** docHistories() cut to the entries that get a history page (historyWritten): what the pages may link to. */
export function writtenHistories(site: Pick<SiteModel, 'resolve'>, game: { id: string; data: { idStyle: IdStyle } }, doc: Pick<Doc, 'history' | 'entries'>): Map<string, EntryHistory> {
  const all = docHistories(site, game, doc);
  const known = written.get(all);
  if (known) return known;
  const out = new Map([...all].filter(([, h]) => historyWritten(doc, h)));
  written.set(all, out);
  return out;
}
const written = new WeakMap<Map<string, EntryHistory>, Map<string, EntryHistory>>();

/** Every entry that has a history page, in site order, with its history: what the history pages and their JSON are written for. */
export function historyPages(site: Pick<SiteModel, 'resolve' | 'games'>): { game: Game; doc: Doc; entry: Entry; history: EntryHistory }[] {
  return site.games.flatMap((game) => game.docs.filter((doc) => doc.history).flatMap((doc) => {
    const all = writtenHistories(site, game, doc);
    return doc.entries.flatMap((entry) => {
      const history = all.get(entry.id);
      return history ? [{ game, doc, entry, history }] : [];
    });
  }));
}
