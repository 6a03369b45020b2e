// Every imported edition of a document's official text, kept as steps: the current text lives in
// official/{entry}.yaml, and each import that changed it wrote official/_history/{edition}.yaml with
// what it added, removed and moved and what the previous edition printed where it changed
// (src/schemas/content.ts#officialHistorySchema; docs/import.md#editions-kept). Walking the steps
// back from the current text gives every earlier edition; composing their moves gives, for each
// earlier edition, where each of its numbers is now: the shape of content/{game}/editions.yaml.
// Pure: the importer writes steps with it, the content check verifies them, the pages will read them.
import type { OfficialHistoryData } from '../schemas/content';
import { compareIds } from './ids';

type Bilingual = { ja: string; en: string };
type PartialBilingual = { ja?: string | undefined; en?: string | undefined };

/** One id of a document in one edition: a sub-rule's text, an entry's title, or both (an entry's own text). */
export interface UnitState {
  en?: string;
  ja?: string;
  /** The entry's title: set for entry ids only. */
  title?: Bilingual;
  /** A sub-rule's printed heading (a numbered step, a glossary sub-heading). */
  ruleTitle?: PartialBilingual;
}
export type Units = Map<string, UnitState>;

const FIELDS = ['en', 'ja', 'title', 'ruleTitle'] as const;
type Field = (typeof FIELDS)[number];

interface OfficialLike {
  id: string;
  data: { title?: unknown; rules?: unknown };
}

/** The ids of a set of official entry files (entry id → file name): each entry with its title, each sub-rule with its text. */
export function unitsOf(files: Iterable<OfficialLike>): Units {
  const out: Units = new Map();
  for (const f of files) {
    const title = f.data.title as Bilingual | undefined;
    const own: UnitState = out.get(f.id) ?? {};
    if (title) own.title = { ja: title.ja, en: title.en };
    out.set(f.id, own);
    for (const r of (f.data.rules as { id?: unknown; en?: unknown; ja?: unknown; title?: PartialBilingual }[] | undefined) ?? []) {
      const id = String(r.id);
      const u: UnitState = out.get(id) ?? {};
      if (typeof r.en === 'string') u.en = r.en;
      if (typeof r.ja === 'string') u.ja = r.ja;
      if (r.title && (r.title.en !== undefined || r.title.ja !== undefined)) {
        u.ruleTitle = { ...(r.title.ja !== undefined ? { ja: r.title.ja } : {}), ...(r.title.en !== undefined ? { en: r.title.en } : {}) };
      }
      out.set(id, u);
    }
  }
  return out;
}

/** What a unit is matched by across editions, per language: its text, or for a heading without text its title. */
export function matchTexts(u: UnitState): { en?: string; ja?: string } {
  if (u.en !== undefined || u.ja !== undefined) return { ...(u.en !== undefined ? { en: u.en } : {}), ...(u.ja !== undefined ? { ja: u.ja } : {}) };
  const t = u.title ?? u.ruleTitle;
  return { ...(t?.en !== undefined ? { en: t.en } : {}), ...(t?.ja !== undefined ? { ja: t.ja } : {}) };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `then` that differ from `now`, as a step's `before` entry (`null`: absent then). */
export function changedFields(then: UnitState, now: UnitState): Partial<Record<Field, unknown>> {
  const out: Partial<Record<Field, unknown>> = {};
  for (const f of FIELDS) if (!same(then[f], now[f])) out[f] = then[f] ?? null;
  return out;
}

export interface HistoryStep {
  /** The edition id this step leads to (its file name). */
  id: string;
  file: string;
  data: OfficialHistoryData;
}

export type Say = (file: string, field: string, message: string, expected: string) => void;

/**
 * One step back: the state before `step` from the state after it. Inconsistencies (a number two
 * rules land on, a move from an id that is not there) are reported through `say`.
 */
export function stepBack(after: Units, step: HistoryStep, say: Say = () => {}): Units {
  const { data, file } = step;
  const added = new Set(data.added);
  const movedTo = new Map<string, string>();
  data.moved.forEach((m, i) => {
    if (!after.has(m.to)) say(file, `moved[${i}].to`, `"${m.to}" is not an id of edition ${step.id}`, 'the number the rule has in the edition this step leads to');
    if (movedTo.has(m.to)) say(file, `moved[${i}].to`, `"${m.to}" is the target of two moves`, 'one rule per number');
    movedTo.set(m.to, m.from);
  });
  data.added.forEach((id, i) => {
    if (!after.has(id)) say(file, `added[${i}]`, `"${id}" is not an id of edition ${step.id}`, 'an id of the edition this step leads to');
    if (movedTo.has(id)) say(file, `added[${i}]`, `"${id}" is both added and the target of a move`, 'one or the other');
  });
  const prev: Units = new Map();
  const origin = new Map<string, string>();
  for (const [id, u] of after) {
    if (added.has(id)) continue;
    const from = movedTo.get(id) ?? id;
    const first = origin.get(from);
    if (first !== undefined) say(file, 'moved', `two rules of edition ${step.id} (${first} and ${id}) come from ${from}`, 'each earlier number continued by one rule at most (list the other as added)');
    origin.set(from, id);
    prev.set(from, u); // shared with the newer edition until a before entry changes it
  }
  data.removed.forEach((id, i) => {
    if (prev.has(id)) say(file, `removed[${i}]`, `"${id}" is removed, but a rule of edition ${step.id} continues it (${origin.get(id)})`, 'a removed id that nothing continues');
    prev.set(id, {});
  });
  const removed = new Set(data.removed);
  data.before.forEach((b, i) => {
    const was = prev.get(b.id);
    if (!was) {
      say(file, `before[${i}].id`, `"${b.id}" is no id of the edition before ${step.id}`, 'the number in the previous edition of a rule this step changed or removed');
      return;
    }
    const u: UnitState = { ...was };
    prev.set(b.id, u);
    for (const f of FIELDS) {
      if (!(f in b) || b[f] === undefined) continue;
      if (b[f] === null) delete u[f];
      else (u as Record<string, unknown>)[f] = b[f];
    }
  });
  for (const id of removed) {
    const u = prev.get(id)!;
    if (u.en === undefined && u.ja === undefined && u.title === undefined && u.ruleTitle === undefined) {
      say(file, 'removed', `the text of removed "${id}" is not in before`, 'a before entry with its text or title');
    }
  }
  return prev;
}

/**
 * The steps in order, oldest first, following `follows`; `base` is the edition of the first import
 * (the one the oldest step follows). A broken chain is reported and what can be ordered is kept.
 */
export function orderSteps(steps: HistoryStep[], say: Say = () => {}): { ordered: HistoryStep[]; base: string | undefined } {
  if (steps.length === 0) return { ordered: [], base: undefined };
  const byId = new Map(steps.map((s) => [s.id, s]));
  const next = new Map<string, HistoryStep>();
  for (const s of steps) {
    const other = next.get(s.data.follows);
    if (other) say(s.file, 'follows', `both ${other.id} and ${s.id} follow "${s.data.follows}"`, 'one history: each edition followed by one step at most');
    else next.set(s.data.follows, s);
  }
  const roots = steps.filter((s) => !byId.has(s.data.follows));
  if (roots.length !== 1) {
    for (const s of roots.slice(1)) say(s.file, 'follows', `"${s.data.follows}" is no step of this history, and ${roots[0]!.id} already starts it`, `the file name of the step before (one of ${[...byId.keys()].join(', ')})`);
    if (roots.length === 0) say(steps[0]!.file, 'follows', 'the steps follow each other in a circle', 'a first step that follows the edition of the first import');
  }
  const ordered: HistoryStep[] = [];
  const seen = new Set<string>();
  for (let at = roots[0]; at && !seen.has(at.id); at = next.get(at.id)) {
    seen.add(at.id);
    ordered.push(at);
  }
  for (const s of steps) if (!seen.has(s.id) && roots.length === 1) say(s.file, 'follows', `${s.id} is not reached from the first step (${roots[0]!.id})`, 'one chain of steps');
  return { ordered, base: roots[0]?.data.follows };
}

export interface EditionState { id: string; units: Units }

/** Every edition, newest (the current text) first, each with its ids and texts. */
export function replay(current: Units, ordered: HistoryStep[], currentId: string, say: Say = () => {}): EditionState[] {
  const out: EditionState[] = [{ id: currentId, units: current }];
  let at = current;
  for (let i = ordered.length - 1; i >= 0; i--) {
    at = stepBack(at, ordered[i]!, say);
    out.push({ id: ordered[i]!.data.follows, units: at });
  }
  return out;
}

export interface EarlierNumbering {
  /** The edition id. */
  id: string;
  /** Every rule whose number in that edition is not its number now: editions.yaml's `moved`, without titles. */
  moved: { from: string; to: string }[];
  /** Numbers of that edition whose rule was removed since, with the step that removed it. */
  retired: { from: string; in: string }[];
}

/**
 * For each earlier edition, newest first, where each of its numbers is now (`states` from replay(),
 * `ordered` the steps oldest first): the importer's found moves in the shape of the editions record.
 */
export function composedMoves(states: EditionState[], ordered: HistoryStep[]): EarlierNumbering[] {
  const out: EarlierNumbering[] = [];
  // Where each id of the newer edition is now (null: removed since, in `in`); the current edition maps to itself.
  let newer = new Map<string, { to: string | null; in?: string }>([...(states[0]?.units.keys() ?? [])].map((id) => [id, { to: id }]));
  // states[k] is the edition before ordered[ordered.length - k].
  for (let k = 1; k < states.length; k++) {
    const step = ordered[ordered.length - k]!;
    const removed = new Set(step.data.removed);
    const moved = new Map(step.data.moved.map((m) => [m.from, m.to]));
    const here = new Map<string, { to: string | null; in?: string }>();
    for (const id of states[k]!.units.keys()) {
      if (removed.has(id)) here.set(id, { to: null, in: step.id });
      else here.set(id, newer.get(moved.get(id) ?? id) ?? { to: null, in: step.id });
    }
    const movedNow: { from: string; to: string }[] = [];
    const retired: { from: string; in: string }[] = [];
    for (const [from, w] of here) {
      if (w.to === null) retired.push({ from, in: w.in! });
      else if (w.to !== from) movedNow.push({ from, to: w.to });
    }
    out.push({ id: states[k]!.id, moved: movedNow.sort((x, y) => compareIds(x.from, y.from)), retired: retired.sort((x, y) => compareIds(x.from, y.from)) });
    newer = here;
  }
  return out;
}

/** An edition id: its English edition, or `ja-{translation}` when only the Japanese changed. */
export function editionId(edition: { en?: string | undefined; ja?: string | undefined }, previous?: { en?: string | undefined; ja?: string | undefined }): string {
  if (edition.en !== undefined && edition.en !== previous?.en) return edition.en;
  if (edition.ja !== undefined && edition.ja !== previous?.ja) return `ja-${edition.ja}`;
  return edition.en ?? (edition.ja !== undefined ? `ja-${edition.ja}` : 'unknown');
}

/** `id`, or `id-2`, `id-3`… when an earlier step or the first import already has that id (a corrected file of the same edition). */
export function freeId(id: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(id)) return id;
  for (let n = 2; ; n++) if (!used.has(`${id}-${n}`)) return `${id}-${n}`;
}

export interface CheckedHistory {
  ordered: HistoryStep[];
  states: EditionState[];
  numberings: EarlierNumbering[];
}

/**
 * The content check of one document's history: the steps form one chain that ends at the current
 * edition, each one's `previous` is the edition before it, and walking back from the current text
 * is consistent at every step.
 */
export function checkHistory(input: {
  steps: HistoryStep[];
  current: Units;
  /** official/_edition.yaml's editions, and its file. */
  edition: { en?: string | undefined; ja?: string | undefined } | undefined;
  editionFile: string;
}, say: Say): CheckedHistory | undefined {
  const { steps } = input;
  if (steps.length === 0) return undefined;
  const c = countCalls(say);
  for (const s of steps) {
    if (!/^[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*$/.test(s.id)) c.say(s.file, '(file)', `"${s.id}" is not an edition id`, 'a file named by the edition it leads to, like 2026-03-06.yaml or 2.0.1.yaml');
  }
  const { ordered } = orderSteps(steps, c.say);
  const newest = ordered.at(-1);
  if (!input.edition) {
    c.say(steps[0]!.file, '(file)', `history without ${input.editionFile}`, 'the files of one import together: run the import again (docs/import.md)');
    return undefined;
  }
  if (newest && !same(sorted(newest.data.edition), sorted(input.edition))) {
    c.say(newest.file, 'edition', `the newest step leads to ${JSON.stringify(newest.data.edition)}, but ${input.editionFile} names ${JSON.stringify(input.edition)}`, 'the history and the current text from the same imports (run the import again)');
  }
  for (let i = 1; i < ordered.length; i++) {
    const s = ordered[i]!;
    if (!same(sorted(s.data.previous), sorted(ordered[i - 1]!.data.edition))) {
      c.say(s.file, 'previous', `${JSON.stringify(s.data.previous)} is not the edition ${ordered[i - 1]!.id} leads to (${JSON.stringify(ordered[i - 1]!.data.edition)})`, 'the editions of the step it follows');
    }
  }
  if (c.count() > 0 || !newest) return undefined;
  const states = replay(input.current, ordered, newest.id, c.say);
  if (c.count() > 0) return undefined;
  return { ordered, states, numberings: composedMoves(states, ordered) };
}

const sorted = (e: { en?: string | undefined; ja?: string | undefined }) => ({ en: e.en, ja: e.ja });

function countCalls(say: Say) {
  let n = 0;
  return { say: ((...args: Parameters<Say>) => { n++; say(...args); }) as Say, count: () => n };
}

/**
 * Where the hand-written editions record and the imported history disagree about one earlier
 * edition of the same current edition: the same old number sent to two different numbers now.
 */
export function disagreements(record: { current: string; earlier: { id: string; moved: { from: string; to: string }[] }[] }, currentId: string, numberings: EarlierNumbering[]): { edition: number; move: number; found: string }[] {
  if (record.current !== currentId) return [];
  const out: { edition: number; move: number; found: string }[] = [];
  record.earlier.forEach((e, i) => {
    const found = numberings.find((n) => n.id === e.id);
    if (!found) return;
    const to = new Map(found.moved.map((m) => [m.from, m.to]));
    const gone = new Set(found.retired.map((r) => r.from));
    e.moved.forEach((m, j) => {
      const now = to.get(m.from) ?? (gone.has(m.from) ? 'removed' : m.from);
      if (now !== m.to) out.push({ edition: i, move: j, found: now === 'removed' ? 'removed since' : now === m.from ? `still ${m.from}` : now });
    });
  });
  return out;
}


export interface MergedNumbering {
  id: string;
  /** Where its lines come from: the hand-written record, the imported history, or both. */
  source: 'record' | 'history' | 'both';
  moved: { from: string; to: string }[];
}

/**
 * The one list of earlier numberings that notices and pinned links read (docs/architecture.md#editions):
 * the hand-written record's editions and the imported history's, in editions.yaml's shape. Both count
 * only for the same current edition; for an edition in both, the record's lines come first (they
 * agree, or the content check has said so: disagreements()) and the history adds the rest. Editions
 * the record names that were never imported (a translation's numbering, an older site numbering) stay.
 * A record that follows another edition than the imported text is kept alone: its numbers are
 * against another "now".
 */
export function mergedNumberings(record: { current: string; earlier: { id: string; moved: { from: string; to: string }[] }[] } | undefined, currentId: string | undefined, numberings: EarlierNumbering[]): MergedNumbering[] {
  const fromRecord = record?.earlier ?? [];
  if (record && (currentId === undefined || record.current !== currentId)) {
    return fromRecord.map((e) => ({ id: e.id, source: 'record' as const, moved: e.moved.map((m) => ({ from: m.from, to: m.to })) }));
  }
  const imported = new Map(numberings.map((n) => [n.id, n]));
  const out: MergedNumbering[] = fromRecord.map((e) => {
    const found = imported.get(e.id);
    const listed = new Set(e.moved.map((m) => m.from));
    const moved = [...e.moved.map((m) => ({ from: m.from, to: m.to })), ...(found?.moved.filter((m) => !listed.has(m.from)) ?? [])];
    return { id: e.id, source: found ? 'both' : 'record', moved };
  });
  for (const n of numberings) if (!fromRecord.some((e) => e.id === n.id) && n.moved.length) out.push({ id: n.id, source: 'history', moved: n.moved });
  return out;
}
