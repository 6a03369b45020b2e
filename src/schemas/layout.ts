// Where each kind of content file lives under content/ (see docs/content.md). The content check
// (src/lib/check-content.ts) reports any other file, so nothing an author writes is silently unread.
export const PATTERNS = {
  games: '*/game.yaml',
  documents: '*/*/document.yaml',
  planned: '*/planned.yaml',
  terms: '*/terms.yaml',
  entries: ['*/*/*.{yaml,mdx}', '!*/*/document.yaml'],
};

/** The other files a content folder may hold: read by the build itself, or written for people. */
export const OTHER_FILES = [
  /** Written by the build: every published page and anchor. */
  'permalinks.json',
  /** Old path → new path for whatever moved (docs/content.md#redirects). */
  'redirects.yaml',
  /** The official glossary as the importer writes it, for people; the site does not read it (docs/import.md). */
  '*/*-glossary.yaml',
];
