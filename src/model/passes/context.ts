// The one context the site model's passes share (docs/architecture.md#one-site-model): the input,
// the problems (which stop the build) and notices (which do not), and the indexes each pass fills
// for the ones after it. A pass is a function over this context; `buildModel` names them in order.
import type { EntryData } from '../../schemas/content';
import { ContentProblems } from '../problems';
import type { Served } from '../served';
import type { Doc, DocumentInput, EditionInput, EditionsInput, Entry, EntryInput, Game, GameInput, GlossaryInput, HistoryInput, OfficialInput, OfficialPlacement, PlannedInput, Renumbering, Target, TermsInput } from '../types';

export interface ModelInput {
  games: GameInput[];
  documents: DocumentInput[];
  entries: EntryInput[];
  planned: PlannedInput[];
  terms?: TermsInput[];
  official?: OfficialInput[];
  officialEditions?: EditionInput[];
  officialGlossaries?: GlossaryInput[];
  editions?: EditionsInput[];
  officialHistory?: HistoryInput[];
  /** content/served.json: the editions the site has served (src/model/served.ts). */
  served?: Served;
  /**
   * The paths of the permanent-link manifest (content/permalinks.json): what the site published. A
   * history page it names keeps being written (src/model/lineage.ts#historyWritten).
   */
  published?: Iterable<string>;
}

export interface ModelContext {
  input: ModelInput;
  /** What stops the build (thrown once, after every check has run). */
  problems: ContentProblems;
  /** What the build reports without stopping (texts that show nothing, editions that differ). */
  notices: ContentProblems;
  /** Games by id; documents by `game/doc` (the documents pass). */
  games: Map<string, Game>;
  docs: Map<string, Doc>;
  /** Each document's imported `_edition.yaml`, by `game/doc` (the documents pass). */
  officialEditions: Map<string, EditionInput>;
  /** Every file as written, official ones in the entry shape, for the checks that name their own file (the pages pass). */
  written: { file: string; data: EntryData }[];
  /** The pages, in input order (the pages pass). */
  entries: Entry[];
  /** `game:id` → entry or sub-rule, and → the file that defined it, for duplicate reports (the pages pass). */
  index: Map<string, Target>;
  origin: Map<string, string>;
  /** `game:id` of every id the official text provides (the pages pass). */
  officialKeys: Set<string>;
  /** Official entries and sub-rules shown on an explanation's page rather than their own (the pages pass). */
  placements: OfficialPlacement[];
  /** Pages that gather official entries, with those entries' files: their see / see-also join the page's (the pages pass, read by the links pass). */
  gathered: { entry: Entry; from: { file: string; data: EntryData }[] }[];
  /** `game:id` → planned target (the links pass). */
  planned: Map<string, Target>;
  /** Every renumbering, the editions record's then the imported history's (the editions pass). */
  moves: Renumbering[];
}

export function createContext(input: ModelInput): ModelContext {
  return {
    input,
    problems: new ContentProblems(),
    notices: new ContentProblems(),
    games: new Map(),
    docs: new Map(),
    officialEditions: new Map(),
    written: [],
    entries: [],
    index: new Map(),
    origin: new Map(),
    officialKeys: new Set(),
    placements: [],
    gathered: [],
    planned: new Map(),
    moves: [],
  };
}

/** Index `id` of `game` as `target`, or report it as a duplicate of the file that defined it first. */
export function define(ctx: ModelContext, game: string, id: string, target: Target, file: string, field: string): void {
  const key = `${game}:${id}`;
  const first = ctx.origin.get(key);
  if (first) {
    ctx.problems.add(file, field, `duplicate id "${id}" (already defined in ${first})`, 'an id that is unique within the game');
    return;
  }
  ctx.origin.set(key, `${file}${field === 'file name' ? '' : ` › ${field}`}`);
  ctx.index.set(key, target);
}

/** An id of `game` that a link may point to: written (entry or sub-rule) or planned. */
export const known = (ctx: ModelContext, game: string, id: string): boolean => ctx.index.has(`${game}:${id}`) || ctx.planned.has(`${game}:${id}`);

/** Only the languages that have text. */
export const texts = (r: { ja?: string | undefined; en?: string | undefined }) => ({ ...(r.ja ? { ja: r.ja } : {}), ...(r.en ? { en: r.en } : {}) });
