// Where each kind of content file lives under content/ (see docs/content.md).
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
};
