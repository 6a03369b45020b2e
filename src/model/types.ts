// The shapes of the site model (games → documents → entries → sub-rules, link targets, the link
// index), apart from the code that builds them (site-model.ts, link-index.ts), so that every part of
// the model can name them without importing the builder.
import type { DocumentData, EditionsFile, EntryData, GameData, JaFollows, Lang, OfficialEditionData, OfficialEntryData, OfficialGlossaryData, OfficialHistoryData, Rule, Status, Term } from '../schemas/content';
import type { EarlierNumbering, EditionState } from './history';
import type { IdStyle } from './ids';
import type { PinTable, Reused } from './pinned';
import type { Problem } from './problems';

export interface GameInput { id: string; file: string; data: GameData }
export interface DocumentInput { id: string /* game/doc */; file: string; data: DocumentData }
export interface EntryInput { id: string /* game/doc/entry */; file: string; data: EntryData; hasBody: boolean }
/** An importer-written file of official text: content/{game}/{doc}/official/{entry}.yaml. */
export interface OfficialInput { id: string /* game/doc/entry */; file: string; data: OfficialEntryData }
/** The edition of a document's official text: content/{game}/{doc}/official/_edition.yaml. */
export interface EditionInput { id: string /* game/doc */; file: string; data: OfficialEditionData }
/** A document's official glossary: content/{game}/{doc}/official/_glossary.yaml. */
export interface GlossaryInput { id: string /* game/doc */; file: string; data: OfficialGlossaryData }
export interface PlannedInput { game: string; file: string; items: { id: string; title: { ja: string; en: string } }[] }
export interface TermsInput { game: string; file: string; terms: Term[] }
export interface EditionsInput { game: string; file: string; data: EditionsFile }
/** One step of a document's imported history: content/{game}/{doc}/official/_history/{id}.yaml. */
export interface HistoryInput { doc: string /* game/doc */; id: string /* the edition it leads to */; file: string; data: OfficialHistoryData }

/** One edition of a document's official text, as the history pages, pinned links and the JSON API name it. */
export interface EditionInfo {
  /** The edition id, the URL segment (`2026-03-06`, `2.0.1`, `ja-20260116.0`, `1.8-2` for a corrected file). */
  id: string;
  /** The editions of that state per language, as the files printed them. */
  edition: { en?: string; ja?: string };
  /** The import that led to this edition (absent for the first imported edition). */
  step?: {
    file: string;
    imported: Date;
    /** Ids of this edition that continue no earlier rule. */
    added: string[];
    /** Ids of the edition before whose rule does not continue. */
    removed: string[];
    /** Rules found under another number: the number before → the number in this edition. */
    moved: { from: string; to: string }[];
    /** Rules that continue with other words or another title: the number before → the number in this edition, with what changed. */
    reworded: { from: string; to: string; fields: ('en' | 'ja' | 'title' | 'ruleTitle')[] }[];
  };
}

/** A document's imported editions (official/_history/), walked back from the current official text (src/model/history.ts). */
export interface DocHistory {
  /** Every edition, newest (the current official text) first. */
  editions: EditionInfo[];
  /** Each edition's ids with their texts, parallel to `editions`. */
  states: EditionState[];
  /** For each earlier edition (`editions[1]` on), where each of its numbers is now, and the ones removed since. */
  numberings: EarlierNumbering[];
  /** Entries whose history page the permanent-link manifest records (published once, so written forever). */
  published?: ReadonlySet<string>;
}

/**
 * One rule whose number changed between an earlier edition and the one the pages follow
 * (`content/{game}/editions.yaml`): in `edition` it was `from`, now it is `to`.
 */
export interface Renumbering {
  game: string;
  doc: string;
  edition: { id: string; title: { ja: string; en: string } };
  from: string;
  to: string;
  title: { ja: string; en: string };
}

/** The official text of one sub-rule, per language, with the edition each language's text was last changed in. */
export interface OfficialText {
  ja?: string; en?: string; edition: { ja?: string; en?: string };
  /** Set when the Japanese follows another English edition than the current one: which, its number then, and whether the English changed since (docs/import.md#pairs). */
  jaFollows?: JaFollows;
}
/** Taiyaku's explanation of one sub-rule, per language. */
export interface ExplanationText { ja?: string; en?: string }
/**
 * A sub-rule as its page shows it. `ja` and `en` are what the page shows first in each language —
 * the official text where there is one, else the explanation — so everything that reads one text per
 * language (descriptions, unfurls, the JSON API's `ja`, `en` and `text`) keeps its meaning.
 */
export interface SubRule extends Rule {
  /** The imported official text, where there is some. */
  official?: OfficialText;
  /** Taiyaku's explanation (the hand-written entry's text), where there is one. */
  explanation?: ExplanationText;
  /** The file and `rules[]` index each text was written in, for reports. */
  from: { official?: { file: string; index: number }; explanation?: { file: string; index: number } };
}
/** An entry's fields as its page shows them: the hand-written entry's (or the official file's), with the sub-rules of both. */
export type EntryView = Omit<EntryData, 'rules'> & { rules: SubRule[] };

/** The official text on a page: where it came from and, per language, whether every official sub-rule shown has it. */
export interface OfficialInfo {
  /** The official files shown (several when an explanation gathers several official entries). */
  files: string[];
  status: Record<Lang, 'official' | 'missing'>;
  /** Why a language is missing, from the official file. */
  missing: { ja?: string; en?: string };
  /** The version line of the current import (`_edition.yaml`). */
  version: string;
  /** The English source's effective date. */
  effective?: Date;
  /** The English edition the Japanese translation follows, when it is not the current one (docs/import.md#pairs). */
  jaFollows?: string;
  /**
   * On a page with an explanation too: the edition the explanation follows, when it names neither
   * edition of the official text (a number can hold another rule in another edition, so the page says so).
   */
  differs?: string;
}
/** Taiyaku's explanation on a page: the hand-written entry, its status and its gaps per language. */
export interface ExplanationInfo { file: string; status: Record<Lang, Status>; missing: Record<Lang, number> }

export interface Entry {
  game: string;
  doc: string;
  id: string;
  /** The page's own file: the hand-written entry, else the official one. */
  file: string;
  data: EntryView;
  hasBody: boolean;
  style: IdStyle;
  /** Per language, the status of what the page shows first: `official` where official text covers it, else the explanation's. */
  status: Record<Lang, Status>;
  /** Sub-rules without any text in that language. */
  missing: Record<Lang, number>;
  /** Set when the page shows imported official text (content/{game}/{doc}/official/). */
  official?: OfficialInfo;
  /** Set when the page shows a hand-written explanation. */
  explanation?: ExplanationInfo;
}
/** A term of a document's official glossary, joined with the game's dictionary. */
export type OfficialTerm = OfficialGlossaryData['terms'][number] & {
  /** The dictionary term (terms.yaml) with the same English wording, when the dictionary has one. */
  term?: string;
};
export interface Doc {
  game: string; id: string; file: string; data: DocumentData; style: IdStyle; entries: Entry[];
  /** The edition of the document's official text, when it has been imported. */
  official?: OfficialEditionData;
  /** Every imported edition of the official text, when an import kept one (official/_history/). */
  history?: DocHistory;
  /** The document's official glossary, when one has been imported (shown at /{lang}/{game}/{doc}/glossary/). */
  glossary?: { file: string; edition: OfficialGlossaryData['edition']; terms: OfficialTerm[] };
  /**
   * The Japanese edition the Japanese side's headings and terms follow, when the editions record names
   * one (its newest `ja-{version}` numbering) and it is not the edition the pages follow: every page says so.
   */
  japanese?: { id: string; title: { ja: string; en: string } };
}
export interface Game { id: string; data: GameData; docs: Doc[]; terms: Term[]; termsFile?: string }

/** What an id points at: an entry, one of its sub-rules, or a planned (not yet written) target. */
export type Target =
  | { kind: 'entry'; game: string; id: string; entry: Entry }
  | { kind: 'rule'; game: string; id: string; entry: Entry; rule: SubRule }
  | { kind: 'planned'; game: string; id: string; title: { ja: string; en: string } };

/**
 * Official sub-rules shown on another page than their official entry's own (src/model/official.ts),
 * or the whole official entry on an explanation's page: their URLs forward to where they are
 * (src/model/redirects.ts).
 */
export interface OfficialPlacement {
  game: string; doc: string; entry: string; file: string;
  /** The explanation that shows the official entry whole, when it has no page of its own. */
  home?: string;
  /** Its sub-rules shown on another entry's page, with that entry. */
  ids: { id: string; to: string }[];
}

/** A dictionary wording found in a text (src/model/term-mentions.ts). */
export interface TermMatch { start: number; end: number; termId: string }
export type TermFinder = (text: string) => TermMatch[];

/**
 * What an entry's page shows beside its texts, worked out by the model (src/model/passes/page-views.ts)
 * once per entry, so the page and its renderers only read it.
 */
export interface PageView {
  /**
   * Per language of the page, for each sub-rule, the dictionary wordings a search finds it by: every
   * wording (preferred and variants) of each term whose first written entry is that sub-rule (or is
   * the entry, for its first sub-rule).
   */
  aliases: Record<Lang, Map<string, string[]>>;
  /** Per language of the text, the terms whose first mention each text holds (keyed as `firstMentions` keys them). */
  mentions: Record<Lang, Map<string, Set<string>>>;
  /** Numbers of this page that held another rule in an earlier edition (none without a pinned-link table). */
  reused: Reused[];
}

export interface Coverage { game: string; lang: Lang; rules: number; missing: number; entriesMissing: string[] }

export interface SiteModel {
  games: Game[];
  entries: Entry[];
  /** Look up `id` in `game`: entry, sub-rule or planned. */
  resolve(game: string, id: string): Target | undefined;
  /** Every linkable id of a game (entries and sub-rules), for short links and the JSON index. */
  ids(game: string): Target[];
  coverage: Coverage[];
  /** See-also, see, [[links]] and inline references between entries, with backlinks. */
  links: LinkIndex;
  /**
   * The editions record for one id: `reused` lists rules that had this number in an earlier
   * edition and are elsewhere now (so the number means another rule than it did), `formerly` this
   * rule's own numbers in earlier editions.
   */
  renumbering(game: string, id: string): { reused: Renumbering[]; formerly: Renumbering[] };
  /** Every recorded move of a game, in file order; `retired` when the old number is no id any more. */
  moves(game: string): (Renumbering & { retired: boolean })[];
  /** What the build reports without stopping: texts that show nothing and so count as missing. */
  notices: Problem[];
  /** Official entries and sub-rules shown on an explanation's page rather than their own. */
  placements: OfficialPlacement[];
  /** Pinned short links: each document of the game with an edition id, its editions and what each number of them is now (src/model/pinned.ts). */
  pins(game: string): PinTable;
  /** What an entry's page shows beside its texts: search aliases, first mentions, reused numbers. */
  page(entry: Entry): PageView;
  /** The dictionary wordings of a game in one language, compiled once. */
  termFinder(game: string, lang: Lang): TermFinder;
}

export type EdgeKind = 'see-also' | 'see' | 'link' | 'ref';

export interface Edge {
  kind: EdgeKind;
  from: Entry;
  /** The sub-rule whose text holds the link or reference (absent for see-also / see). */
  fromRule?: string;
  to: Target;
}

export interface UnresolvedRef { file: string; field: string; ruleId?: string; text: string; id: string }

export interface LinkIndex {
  outgoing(entry: Entry): Edge[];
  /** Edges into an entry or any of its sub-rules, from other entries. */
  incoming(entry: Entry): Edge[];
  edges(game: string): Edge[];
  unresolved: UnresolvedRef[];
}
