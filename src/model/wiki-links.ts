// The explicit link grammar: an author links a glossary term or rule with [[id]] or [[id|label]]
// (same game). Beside its sibling, the rule-reference grammar (refs.ts); the site model checks every
// target, src/render/markdown/wiki-links.ts turns resolved ones into links.
export const WIKI_LINK = /\[\[([^\]|]+?)(?:\|([^\]]+))?\]\]/g;

export function findWikiLinks(md: string): { id: string; label?: string }[] {
  return [...md.matchAll(WIKI_LINK)].map((m) => ({ id: (m[1] ?? '').trim(), ...(m[2] ? { label: m[2].trim() } : {}) }));
}
