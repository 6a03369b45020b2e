// Official text (imported, content/{game}/{doc}/official/) and Taiyaku's explanations (hand-written)
// live in separate files and meet on one page: this module is the one rule for where each official
// sub-rule is shown (docs/architecture.md#official-text-and-explanations-on-one-page). The model
// (src/model/site-model.ts) lays the pages out with it; the importer uses it to report which official
// entries join a hand-written page (docs/import.md#where-official-text-lives).
import type { OfficialEditionData } from '../schemas/content';
import { belongsTo, type IdStyle } from './ids';

/** A hand-written entry, as far as placing official text goes: its ids (the entry id and every sub-rule id). */
export interface Holder { entry: string; doc: string; file: string; ids: ReadonlySet<string> }

/** Where one official entry's ids are shown. */
export interface Placement {
  /**
   * The hand-written entry that holds the official entry's own id (same entry id, or as one of its
   * sub-rules) or is above it: the official entry is shown on that page and has no page of its own.
   * Absent: the official entry is a page of its own.
   */
  home?: Holder | undefined;
  /** Per sub-rule of the official entry, in its order: the hand-written page it joins (absent: the official entry's own page). */
  rules: (Holder | undefined)[];
  /** Sub-rules that cannot be shown anywhere (`index` -1: the whole entry), with the reason (reported as content problems). */
  problems: { index: number; message: string; expected: string }[];
}

/**
 * The placement rule. An id has one page, and a published page keeps its ids, so explanations
 * decide: an official sub-rule is shown on the page of the hand-written entry that holds its id;
 * one no hand-written entry holds joins the deepest hand-written entry that holds some id of the same
 * official entry and is above it (an explanation of 6.7.2 takes the official 6.7.2.3 too), else the
 * official entry's page. The official entry itself is placed the same way: when an explanation holds
 * its id or is above it (115 holding 115.1a, for the official 115.1), it has no page of its own and
 * everything it has joins that explanation. Hand-written entries in another document cannot take
 * official text: ids are unique in a game, so that is a clash to resolve in the content.
 */
export function placeOfficial(style: IdStyle, official: { entry: string; doc: string; rules: readonly string[] }, holderOf: (id: string) => Holder | undefined): Placement {
  const candidates = [...new Set([official.entry, ...official.rules].map(holderOf).filter((h): h is Holder => h !== undefined))];
  const above = (id: string) => candidates.filter((h) => belongsTo(style, id, h.entry)).sort((a, b) => b.entry.length - a.entry.length)[0];
  // The entry's own id decides whether it keeps a page: not when an explanation holds it or is above it.
  const home = holderOf(official.entry) ?? above(official.entry);
  if (home && home.doc !== official.doc) {
    return { rules: official.rules.map(() => undefined), problems: [{ index: -1, message: `the official entry ${official.doc}/${official.entry} has the id of the hand-written ${home.doc}/${home.entry} (${home.file}), in another document`, expected: `one entry per id in a game: rename the hand-written entry (and redirect its published URLs), or move it into ${official.doc}` }] };
  }
  const problems: Placement['problems'] = [];
  const rules = official.rules.map((id, index): Holder | undefined => {
    const to = holderOf(id) ?? above(id) ?? home;
    if (to && to.doc !== official.doc) {
      problems.push({ index, message: `"${id}" of the official ${official.doc}/${official.entry} is also an id of the hand-written ${to.doc}/${to.entry} (${to.file}), in another document`, expected: `one entry per id in a game: rename the hand-written entry (and redirect its published URLs), or move it into ${official.doc}` });
      return undefined;
    }
    if (to && !belongsTo(style, id, to.entry)) {
      problems.push({ index, message: `"${id}" of the official ${official.entry} cannot be shown on the hand-written page ${to.entry} (${to.file}), which holds the official entry's id, and is not a sub-rule id of it`, expected: `a hand-written entry that holds "${id}" too, or none that holds "${official.entry}"` });
      return undefined;
    }
    return to;
  });
  return { home, rules, problems };
}

/** The hand-written entry file that holds one of `ids`, if any (`held` maps an id to its file): the importer's report of merged pages. */
export function heldBy(ids: string[], held: ReadonlyMap<string, string>): string | undefined {
  for (const id of ids) {
    const file = held.get(id);
    if (file) return file;
  }
  return undefined;
}

/** The version line of an official page: only what the last import read (docs/import.md). */
export const officialVersion = (edition: Pick<OfficialEditionData, 'version'> | undefined) => edition?.version;
