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
