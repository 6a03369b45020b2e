// Default redirects for published URLs of official rules an import moved or removed
// (docs/architecture.md#permanent-links, "Updates run unattended"): so that an update of the official
// text never waits for a hand-written redirect, every URL of the permanent-link manifest whose id no
// longer exists forwards by default, read from the document's imported history:
// - a rule that moved goes where it is now (its page and anchor);
// - a rule that was removed goes to its last text: its section on the history page of the entry that
//   now shows the rule it was under (`…/{entry}/history/#removed-{id}-{edition}`), else the changes
//   page of the edition that removed it;
// - the history page of an entry that is gone goes to the same place, on the history pages;
// - a term that left the official glossary goes to the glossary page.
// A line of redirects.yaml for the same URL wins (it is the deployer's choice), and a written page
// line that names an anchor carries all of that page's anchors. Pure: over the site model and the
// manifest of what was published.
import { docHistories, historyIndex, writtenHistories } from './lineage';
import type { Manifest } from './permalinks';
import { expandLang, type RedirectLine, splitPath } from './redirects';
import { GLOSSARY_PAGE } from './site-model';
import type { Game, SiteModel, Target } from './types';

/** Where a published id of a document with history is now, as a path under `/{lang}/{game}/{doc}/`, or undefined. */
type Place = { page: string; anchor?: string; why: string };

/** An id's place on the page that shows it: its row's anchor when it has a row (an entry's own text is one). */
const onPage = (t: Target, id: string, why: string): Place =>
  ({ page: t.kind === 'planned' ? '' : t.entry.id, ...(t.kind === 'rule' || (t.kind === 'entry' && t.entry.data.rules.some((r) => r.id === id)) ? { anchor: id } : {}), why });

export function retiredLines(site: Pick<SiteModel, 'games' | 'resolve'>, manifest: Manifest, file: string, written: RedirectLine[] = []): RedirectLine[] {
  const taken = new Set(written.flatMap((l) => expandLang(l.from)));
  // A written page line that names an anchor decides for all of the page's anchors.
  const pagesDecided = new Set(written.filter((l) => splitPath(l.from).anchor === undefined && l.to.includes('#')).flatMap((l) => expandLang(l.from)));
  const lines: RedirectLine[] = [];
  const byDoc = new Map<string, { place: (id: string, history: boolean) => Place | undefined; pages: Set<string>; terms: Set<string> | undefined; histories: Set<string> }>();
  for (const game of site.games) {
    for (const doc of game.docs) {
      if (!doc.history && !doc.glossary) continue;
      byDoc.set(`${game.id}/${doc.id}`, {
        place: doc.history ? placeOf(site, game, doc) : () => undefined,
        pages: new Set(doc.entries.map((e) => e.id)),
        histories: new Set(doc.history ? writtenHistories(site, game, doc).keys() : []),
        terms: doc.glossary ? new Set(doc.glossary.terms.map((t) => t.id)) : undefined,
      });
    }
  }

  for (const [path, anchors] of Object.entries(manifest)) {
    const m = /^\/(ja|en)\/([^/]+)\/([^/]+)\/([^/]+)\/(history\/)?$/.exec(path);
    if (!m) continue;
    const [, lang, game, doc, entry, history] = m as unknown as [string, string, string, string, string, string | undefined];
    const known = byDoc.get(`${game}/${doc}`);
    if (!known) continue;
    const { place } = known;
    const url = (p: Place) => `/${lang}/${game}/${doc}/${p.page}/${p.anchor ? `#${p.anchor}` : ''}`;
    const add = (from: string, p: Place) => {
      if (!taken.has(from)) lines.push({ from, to: url(p), file, field: `(default for ${from}: ${p.why})` });
    };
    if (entry === GLOSSARY_PAGE) {
      // A term that left the official glossary: the glossary page (its terms are anchors).
      if (known.terms) for (const a of anchors) if (!known.terms.has(a)) add(`${path}#${a}`, { page: GLOSSARY_PAGE, why: `the term left the glossary` });
      continue;
    }
    const pageGone = !known.pages.has(entry);
    if (pageGone) {
      // Its id may still be a rule, on another page; else the history says where its rule went.
      const t = site.resolve(game, entry);
      const p = t && t.kind !== 'planned'
        // On its history page, where that entry has one (an entry whose text never changed has none: its page then).
        ? (history && known.histories.has(t.entry.id) ? { page: `${t.entry.id}/history`, anchor: entry, why: `${entry} is on ${t.entry.id} now` } : onPage(t, entry, `${entry} is on ${t.entry.id} now`))
        : place(entry, !!history);
      // A page lands at the top of the page its rule is on now when that page is the rule's own.
      if (p) add(path, p.anchor === p.page ? { page: p.page, why: p.why } : p);
    }
    if (history || pagesDecided.has(path)) continue;
    for (const a of anchors) {
      const now = site.resolve(game, a);
      if (now && now.kind !== 'planned') {
        // Still a rule: a gone page's anchor follows it to its page (unless it is there already).
        if (pageGone) add(`${path}#${a}`, onPage(now, a, `${a} is on ${now.entry.id} now`));
        continue;
      }
      const p = place(a, false);
      if (p) add(`${path}#${a}`, p);
    }
  }
  return lines;
}

/** For one document with history: where the rule that a published `id` named is now. */
function placeOf(site: Pick<SiteModel, 'games' | 'resolve'>, game: Game, doc: Game['docs'][number]): (id: string, history: boolean) => Place | undefined {
  const history = doc.history!;
  const written = writtenHistories(site, game, doc);
  const index = historyIndex(history);
  // Each removed rule's section: the history page it is on, newest removal first.
  const sections = new Map<string, { page: string; edition: string }>();
  for (const [page, h] of docHistories(site, game, doc)) {
    for (const l of h.removed) {
      const known = sections.get(l.id);
      const newer = !known || history.editions.findIndex((e) => e.id === l.removed) < history.editions.findIndex((e) => e.id === known.edition);
      if (newer) sections.set(l.id, { page, edition: l.removed! });
    }
  }
  const pageNow = (id: string) => {
    const t = site.resolve(game.id, id);
    return t && t.kind !== 'planned' ? t : undefined;
  };
  return (id, onHistory) => {
    // The newest earlier edition that had the number says where its rule went.
    for (let k = 1; k < history.editions.length; k++) {
      const now = index.now(k, id);
      if (!now) continue;
      const edition = history.editions[k]!.id;
      if ('id' in now) {
        const t = pageNow(now.id);
        if (!t) return undefined;
        if (onHistory && written.has(t.entry.id)) return { page: `${t.entry.id}/history`, anchor: now.id, why: `${id} of ${edition} is ${now.id} now` };
        return onPage(t, now.id, `${id} of ${edition} is ${now.id} now`);
      }
      const s = sections.get(id);
      if (s && s.edition === now.removedIn) return { page: `${s.page}/history`, anchor: `removed-${id}-${s.edition}`, why: `removed in ${now.removedIn}: its last text` };
      return { page: `changes/${now.removedIn}`, why: `removed in ${now.removedIn}: the changes of that edition` };
    }
    return undefined;
  };
}
