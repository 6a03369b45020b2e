// What each game's importer gives the shared stages (apply.ts): entries of official text, the
// edition read from the files, diagnostics, and the tally of every line read.
import type { IdStyle } from '../model/ids';
import type { ImportedEntry } from './official';
import type { Diagnostic, LineTally } from './report';
import type { Source } from './source';

export type GameId = 'mtg' | 'lorcana' | 'marvel-champions';
export const GAMES: GameId[] = ['mtg', 'lorcana', 'marvel-champions'];

export interface Built {
  entries: ImportedEntry[];
  diagnostics: Diagnostic[];
  /** The edition of each language read (Magic: effective date / translation version; Lorcana, RR: version, else effective date; else `--edition`). No English edition: the import is refused. */
  edition: { en?: string; ja?: string };
  /** The English file's effective date (YYYY-MM-DD), when it prints one. */
  effective?: string;
  /** The English edition the Japanese file says it follows (Magic: its effective-date line; Lorcana: its version line), and how that was read. */
  jaFollows?: { edition: string; how: string };
  /** The version line official pages show: only what was imported. */
  version: string;
  tallies: { en: LineTally; ja?: LineTally };
  /** Counts particular to the document, one report line each. */
  counts: string[];
  /** Ids in one language only. */
  unpaired: { en: string[]; ja: string[] };
  /** Magic: the glossary, written to official/_glossary.yaml (the site shows it as the document's glossary). */
  glossary?: { id: string; en: string; ja?: string; def: { en?: string; ja?: string }; [k: string]: unknown }[];
  /** Report lines about the glossary. */
  glossaryLines?: string[];
}

export interface GameImporter {
  game: GameId;
  doc: string;
  idStyle: IdStyle;
  /** How the report and messages name the document: "the Magic Comprehensive Rules". */
  name: string;
  /** What the Japanese file is, for the usage text. */
  japanese: string;
  /** Lines that start a block of their own in this document's PDF (never joined to the line before). */
  startsBlock?: (text: string, line?: unknown, before?: string, cues?: unknown) => boolean;
  /** `given.edition`: the English edition the deployer names (`--edition`), for a file that prints none; never the file name. */
  build(en: Source, ja: Source | undefined, given?: { edition?: string }): Built;
  /** document.yaml for a document folder that has none yet. */
  documentDefaults: Record<string, unknown>;
}
