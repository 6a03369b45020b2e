// The JSON API's bodies (/api/{game}/index.json and /api/{game}/{doc}/{entry}.json), built from the
// site model. The API routes serve them and the API page (/{lang}/api/) quotes them as its examples,
// so the documentation always shows what the files really hold.
import type { Doc, Entry, Game, Renumbering } from './types';
import type { EntryHistory, Lineage, Now } from './lineage';
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
export function entryBody(doc: Doc, entry: Entry, site: URL | string | undefined, base?: string, options: { history?: boolean; unchangedSince?: string | undefined } = {}) {
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
    official: entry.official ? { status: entry.official.status, version: entry.official.version, effective: entry.official.effective?.toISOString().slice(0, 10) ?? null, jaFollows: entry.official.jaFollows ?? null } : null,
    /** Taiyaku's explanation on the page: its status per language. */
    explanation: entry.explanation ? { status: entry.explanation.status } : null,
    pages: { ja: page('ja'), en: page('en') },
    /** The entry's history across the imported editions (historyBody), null when it has none. */
    history: options.history ? absolute(paths.apiHistory(entry.game, entry.doc, entry.id), site, base) : null,
    /**
     * When the entry's official text is the same in every kept edition: the oldest of them (then
     * `history` is null, as there is nothing its history file would add). Null otherwise.
     */
    unchangedSince: options.unchangedSince ?? null,
    seeAlso: entry.data.seeAlso,
    rules: entry.data.rules.map((r) => ({
      id: r.id,
      ...pair(r),
      official: r.official ? { ...pair(r.official), edition: { ja: r.official.edition.ja ?? null, en: r.official.edition.en ?? null }, jaFollows: r.official.jaFollows ?? null } : null,
      explanation: r.explanation ? pair(r.explanation) : null,
      links: { ja: `${page('ja')}#${r.id}`, en: `${page('en')}#${r.id}`, short: absolute(paths.short(entry.game, r.id), site, base) },
    })),
  };
}

/** Each version of a rule: the editions it stood in (newest first), its number and its texts then. */
const versionsOf = (l: Lineage) => l.versions.map((v) => ({
  editions: v.editions,
  id: v.id,
  ...pair(v.unit),
  title: v.unit.ruleTitle ?? v.unit.title ?? null,
}));
const nowOf = (n: Now) => ('id' in n ? { id: n.id, removedIn: null } : { id: null, removedIn: n.removedIn });

/**
 * An entry's history (/api/{game}/{doc}/{entry}/history.json): each official id on its page, with
 * every version of its text (the editions it stood in, newest first, its number and texts then),
 * when it appeared, its earlier numbers and the numbers that held another rule; and the rules removed
 * from under it with their last texts. "What did 8.7 say in 2.0": the rule's version whose editions
 * include 2.0.
 */
export function historyBody(doc: Doc, entry: Entry, history: EntryHistory, site: URL | string | undefined, base?: string) {
  const rule = (l: Lineage) => ({
    id: l.id,
    since: l.since,
    added: l.added ?? null,
    removed: l.removed ?? null,
    formerly: l.formerly,
    versions: versionsOf(l),
  });
  return {
    game: entry.game,
    doc: entry.doc,
    entry: entry.id,
    title: entry.data.title,
    editions: doc.history!.editions.map((e) => e.id),
    pages: { ja: absolute(paths.history('ja', entry.game, entry.doc, entry.id), site, base), en: absolute(paths.history('en', entry.game, entry.doc, entry.id), site, base) },
    json: absolute(paths.apiEntry(entry.game, entry.doc, entry.id), site, base),
    rules: history.rules.map(({ lineage, reused }) => ({ ...rule(lineage), reused: reused.map((r) => ({ editions: r.editions, now: nowOf(r.now) })) })),
    removed: history.removed.map(rule),
  };
}

/**
 * A document's editions (/api/{game}/{doc}/editions.json): the imported ones newest first with what
 * each import changed; per earlier numbering (imported or named by the editions record) each old
 * number that is another number now, and the numbers removed since (with the entry whose history
 * keeps their last text); `ids`, each id now → the entry whose history file holds it, and `history`,
 * that file's address with {entry} to fill in. Two fetches answer "what did 8.7 say in 2.0". An
 * official id `ids` lacks reads the same in every kept edition: its entry has no history file (the
 * entry file's `unchangedSince`), and its current text is the answer.
 */
export function editionsBody(game: Game, doc: Doc, input: { moves: (Renumbering & { retired: boolean })[]; histories: Map<string, EntryHistory> }, site: URL | string | undefined, base?: string) {
  const h = doc.history;
  const imported = h?.editions ?? [];
  const removedIn = new Map<string, string>(); // `${edition}\u0000${id}` → entry whose history holds it
  for (const [entry, eh] of input.histories) for (const l of eh.removed) removedIn.set(`${l.versions[0]!.editions[0]}\u0000${l.id}`, entry);
  const numberings = new Map<string, { edition: string; title: { ja: string; en: string } | null; moved: Record<string, string>; retired: Record<string, { in: string; entry: string | null }> }>();
  h?.numberings.forEach((n) => {
    numberings.set(n.id, {
      edition: n.id, title: null,
      moved: Object.fromEntries(n.moved.map((m) => [m.from, m.to])),
      // The rule's last edition is the one before the step that removed it.
      retired: Object.fromEntries(n.retired.map((r) => {
        const k = imported.findIndex((e) => e.id === r.in);
        const last = imported[k + 1]?.id;
        return [r.from, { in: r.in, entry: (last && removedIn.get(`${last}\u0000${lastId(h, n.id, r.from, k + 1)}`)) ?? null }];
      })),
    });
  });
  for (const m of input.moves) {
    if (m.doc !== doc.id) continue;
    const n = numberings.get(m.edition.id) ?? { edition: m.edition.id, title: null, moved: {}, retired: {} };
    n.title ??= m.edition.title;
    n.moved[m.from] ??= m.to;
    numberings.set(m.edition.id, n);
  }
  const ids: Record<string, string> = {};
  for (const [entry, eh] of input.histories) for (const r of eh.rules) ids[r.lineage.id] = entry;
  return {
    game: game.id,
    doc: doc.id,
    title: doc.data.title,
    /** The edition the pages follow: the current official text's, else the document's version. */
    current: imported[0]?.id ?? (typeof doc.data.version === 'string' ? doc.data.version : null),
    editions: imported.map((e) => ({
      id: e.id,
      edition: { ja: e.edition.ja ?? null, en: e.edition.en ?? null },
      imported: e.step ? e.step.imported.toISOString().slice(0, 10) : null,
      changes: e.step ? { added: e.step.added, removed: e.step.removed, reworded: e.step.reworded, moved: e.step.moved } : null,
      pages: e.step ? { ja: absolute(paths.changes('ja', game.id, doc.id, e.id), site, base), en: absolute(paths.changes('en', game.id, doc.id, e.id), site, base) } : null,
    })),
    numberings: [...numberings.values()],
    ids: h ? ids : null,
    history: h ? absolute(paths.apiHistory(game.id, doc.id, '{entry}'), site, base).replace('%7Bentry%7D', '{entry}') : null,
  };
}

/** The number in edition `k` (of the history) of the rule numbered `from` in the edition `edition`, followed forward to its last edition before removal. */
function lastId(h: NonNullable<Doc['history']>, edition: string, from: string, k: number): string {
  // Walk forward from `edition` to edition k through each step's moves.
  let at = h.editions.findIndex((e) => e.id === edition);
  let id = from;
  while (at > k) {
    const step = h.editions[at - 1]!.step;
    id = step?.moved.find((m) => m.from === id)?.to ?? id;
    at--;
  }
  return id;
}

export const jsonResponse = (body: unknown, indent?: number) =>
  new Response(JSON.stringify(body, null, indent), { headers: { 'content-type': 'application/json; charset=utf-8' } });
