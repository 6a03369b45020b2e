// Where each kind of content file lives under content/ (see docs/content.md).
export const PATTERNS = {
  games: '*/game.yaml',
  documents: '*/*/document.yaml',
  planned: '*/planned.yaml',
  terms: '*/terms.yaml',
  editions: '*/editions.yaml',
  entries: ['*/*/*.{yaml,mdx}', '!*/*/document.yaml'],
};
