// The JSON API's bodies (/api/{game}/index.json and /api/{game}/{doc}/{entry}.json), built from the
// site model. The API routes serve them and the API page (/{lang}/api/) quotes them as its examples,
// so the documentation always shows what the files really hold.
import type { Doc, Entry, Game } from './types';
import { plainText } from './markdown-text';
import { absolute, paths, withBase } from './urls';

export function gameIndexBody(game: Game, base?: string) {
  const entries = game.docs.flatMap((doc) => doc.entries);
  return {
    game: game.id,
    name: game.data.name,
    documents: game.docs.map((d) => ({ id: d.id, title: d.data.title, publisher: d.data.publisher, version: d.data.version ?? null })),
    entries: entries.map((e) => ({
      id: e.id,
      doc: e.doc,
      title: e.data.title,
      status: e.status,
      json: withBase(paths.apiEntry(game.id, e.doc, e.id), base),
      pages: { ja: withBase(paths.entry('ja', game.id, e.doc, e.id), base), en: withBase(paths.entry('en', game.id, e.doc, e.id), base) },
      rules: e.data.rules.map((r) => r.id),
    })),
    ids: Object.fromEntries(entries.flatMap((e) => [[e.id, `${e.doc}/${e.id}`], ...e.data.rules.map((r) => [r.id, `${e.doc}/${e.id}`])])),
  };
}

/** Markdown and plain text per language, null where there is none. */
const pair = (t: { ja?: string | undefined; en?: string | undefined }) => ({
  ja: t.ja ?? null,
  en: t.en ?? null,
  text: { ja: t.ja ? plainText(t.ja) : null, en: t.en ? plainText(t.en) : null },
});

/**
 * One entry. Each sub-rule's `ja`, `en` and `text` are what the page shows first in that language (the
 * official text where there is one, else the explanation), as before official text could stand on a
 * page; `official` and `explanation` give each kind apart, null where the sub-rule has none.
 */
export function entryBody(doc: Doc, entry: Entry, site: URL | string | undefined, base?: string) {
  const page = (lang: 'ja' | 'en') => absolute(paths.entry(lang, entry.game, entry.doc, entry.id), site, base);
  return {
    game: entry.game,
    doc: entry.doc,
    id: entry.id,
    title: entry.data.title,
    status: entry.status,
    source: {
      document: doc.data.title,
      publisher: doc.data.publisher,
      version: entry.data.source?.version ?? doc.data.version ?? null,
      checked: entry.data.checked.toISOString().slice(0, 10),
    },
    /** The official text on the page: its status per language and the edition of the current import. */
    official: entry.official ? { status: entry.official.status, version: entry.official.version, effective: entry.official.effective?.toISOString().slice(0, 10) ?? null } : null,
    /** Taiyaku's explanation on the page: its status per language. */
    explanation: entry.explanation ? { status: entry.explanation.status } : null,
    pages: { ja: page('ja'), en: page('en') },
    seeAlso: entry.data.seeAlso,
    rules: entry.data.rules.map((r) => ({
      id: r.id,
      ...pair(r),
      official: r.official ? { ...pair(r.official), edition: { ja: r.official.edition.ja ?? null, en: r.official.edition.en ?? null } } : null,
      explanation: r.explanation ? pair(r.explanation) : null,
      links: { ja: `${page('ja')}#${r.id}`, en: `${page('en')}#${r.id}`, short: absolute(paths.short(entry.game, r.id), site, base) },
    })),
  };
}

export const jsonResponse = (body: unknown, indent?: number) =>
  new Response(JSON.stringify(body, null, indent), { headers: { 'content-type': 'application/json; charset=utf-8' } });
