// Where each kind of content file lives under content/ (see docs/content.md). The content check
// (src/content/check-content.ts) reports any other file, so nothing an author writes is silently unread.
export const PATTERNS = {
  games: '*/game.yaml',
  documents: '*/*/document.yaml',
  planned: '*/planned.yaml',
  terms: '*/terms.yaml',
  /** Which numbers moved between editions of each document (content/{game}/editions.yaml). */
  editions: '*/editions.yaml',
  entries: ['*/*/*.{yaml,mdx}', '!*/*/document.yaml'],
  /** Official text written by the importer, one file per entry, beside the explanations (docs/import.md). */
  official: ['*/*/official/*.yaml', '!*/*/official/_*.yaml'],
  /** The edition of a document's official text (one per document that has been imported). */
  officialEditions: '*/*/official/_edition.yaml',
  /** A document's official glossary (Magic), shown as the document's glossary page. */
  officialGlossaries: '*/*/official/_glossary.yaml',
  /** The earlier editions of a document's official text, one file per import that changed it (docs/import.md#editions-kept). */
  officialHistory: '*/*/official/_history/*.yaml',
};

/** The other files a content folder may hold: read by the build itself, or written for people. */
export const OTHER_FILES = [
  /** Written by the build: every published page and anchor. */
  'permalinks.json',
  /** Written by the build: the editions it has served, whose pinned links keep their pages (src/model/served.ts). */
  'served.json',
  /** Old path → new path for whatever moved (docs/content.md#redirects). */
  'redirects.yaml',
  /** The official glossary as the importer's earlier layout wrote it, for people (docs/import.md). */
  '*/*-glossary.yaml',
];

/**
 * The components an MDX body may use without importing them (the entry page passes them:
 * src/components/mdx.ts, held to this list by its type). The content check reports any other.
 */
export const MDX_COMPONENTS = ['Pair', 'TlNote', 'Question', 'Simulator'] as const;

/**
 * Game and document folder names: lowercase letters, digits and hyphens, starting with a letter
 * (`mtg`, `marvel-champions`, `cr`). They become URL path segments, so nothing that needs escaping
 * or can clash with case-insensitive file systems.
 */
export const FOLDER_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * Names a game or document folder may not take: the site's own path segments, wherever they stand
 * in src/pages/ (`/{lang}/search/`, `/{lang}/{game}/terms/`, `/r/…`, `…/history/`), the languages,
 * and the folders the build writes beside the pages (Pagefind's index). A game called `search`
 * would lose its home page to the search page. tests/unit/bad-content.test.ts derives the route
 * names from src/pages/ and the output's from a fixture build, so this list cannot drift.
 */
export const RESERVED_NAMES = ['404', 'api', 'changes', 'editions', 'en', 'glossary', 'graph', 'history', 'ids', 'index', 'ja', 'offline', 'pagefind', 'r', 'search', 'terms', 'words'] as const;

/**
 * The one path → id rule: what a content file (its path relative to the content folder, `/`-separated)
 * names. The content check (src/content/check-content.ts) reads every file with it, and the one
 * collection Astro keeps, MDX bodies (src/content.config.ts), takes its ids from it too, so the page
 * finds an entry's body under the entry's own id.
 */
export const contentIds = {
  /** An entry (or any data file): the path without its extension, `mtg/cr/702.33.yaml` → `mtg/cr/702.33`. */
  entry: (rel: string): string => rel.replace(/\.(ya?ml|mdx)$/, ''),
  /** A file named for its folder (game.yaml, document.yaml, planned.yaml…): `mtg/cr/document.yaml` → `mtg/cr`. */
  folder: (rel: string): string => rel.replace(/\/[^/]+$/, ''),
  /** Official text: `mtg/cr/official/702.33.yaml` → `mtg/cr/702.33`, the id of the entry it stands beside. */
  official: (rel: string): string => contentIds.entry(rel).replace('/official/', '/'),
  /** A document's official `_edition.yaml` or `_glossary.yaml`: `mtg/cr/official/_edition.yaml` → `mtg/cr`. */
  officialDoc: (rel: string): string => contentIds.folder(contentIds.folder(rel)),
  /** A step of a document's history: `mtg/cr/official/_history/2026-03-06.yaml` → the document `mtg/cr` and the edition `2026-03-06`. */
  historyStep: (rel: string): { doc: string; id: string } => ({ doc: rel.split('/').slice(0, 2).join('/'), id: contentIds.entry(rel).split('/').at(-1)! }),
};

/** The entries with a body (MDX), a part of PATTERNS.entries: Astro compiles their bodies (src/content.config.ts). */
export const MDX_BODIES = '*/*/*.mdx';
