// The site's routes, one line per file of src/pages: the paths each generates (its getStaticPaths,
// params and props), from the site model. The pages call these (`ROUTES['…'](site)`) and the build
// counts the same lists before it renders a page (src/integrations/output-plan.ts: the host's file
// limit, docs/deploy.md#host-limits), so what is counted is what is written. A file of src/pages
// without its line here fails tests/unit/routes.test.ts.
import { parentOf } from './ids';
import { gameGroupPages } from './graph/site-graphs';
import { editionChanges, historyIndex, historyPages, docHistories, unchangedSince, writtenHistories } from './lineage';
import { pinPages, pinText } from './pinned';
import { ID_SHARDS, WORDING_SHARDS } from './search-merge';
import type { SiteModel, Target } from './site-model';
import { LANGS } from '../schemas/content';

/** The current ids of a document (entries and sub-rules; planned ones are no rule). */
export function docIds(site: SiteModel, game: string, doc: string): string[] {
  return site.ids(game).flatMap((t) => (t.kind !== 'planned' && t.entry.doc === doc ? [t.id] : []));
}

const langs = (_site?: SiteModel) => LANGS.map((lang) => ({ params: { lang } }));
const one = (_site?: SiteModel) => [{ params: {} }];

/** The removed rules' pinned pages (src/model/pinned.ts, pinPages): every one of a served edition, and one per removed rule of the editions imported only to fill the history. */
function removedPins(site: SiteModel) {
  return site.games.flatMap((game) => site.pins(game.id).docs.flatMap((pins) => {
    const doc = game.docs.find((d) => d.id === pins.doc)!;
    const ids = docIds(site, game.id, doc.id);
    const known = new Set(ids);
    return pinPages(pins, ids, (x) => known.has(x)).flatMap((p) => {
      if (p.kind !== 'removed') return [];
      const { id, edition } = p;
      const removedIn = p.in;
      // Its last text: the edition just before the one that removed it.
      const at = doc.history?.editions.findIndex((e) => e.id === removedIn) ?? -1;
      const last = at >= 0 ? doc.history!.states[at + 1]?.units.get(id) : undefined;
      // Where its entry is now: the nearest number above it that the site has.
      let home: Target | undefined;
      for (let up = parentOf(doc.style, id); up && !home; up = parentOf(doc.style, up)) {
        const found = site.resolve(game.id, up);
        if (found && found.kind !== 'planned' && found.entry.doc === doc.id) home = found;
      }
      return [{ params: { game: game.id, pin: pinText(id, edition.id) }, props: { game: game.id, doc, id, edition, removedIn, last, home } }];
    });
  }));
}

/** Each file of src/pages (relative to it) → every path it generates. */
export const ROUTES = {
  'index.astro': one,
  '404.astro': one,
  '[lang]/index.astro': langs,
  '[lang]/search/index.astro': langs,
  '[lang]/api/index.astro': langs,
  '[lang]/offline/index.astro': langs,
  '[lang]/[game]/index.astro': (site: SiteModel) => site.games.flatMap((game) => LANGS.map((lang) => ({ params: { lang, game: game.id }, props: { game } }))),
  '[lang]/[game]/graph/index.astro': (site: SiteModel) => site.games.flatMap((game) => LANGS.map((lang) => ({ params: { lang, game: game.id }, props: { game } }))),
  '[lang]/[game]/graph/[group]/index.astro': (site: SiteModel) => site.games.flatMap((game) => {
    const pages = gameGroupPages(site, game.id);
    return pages.flatMap((group) => {
      // The groups above this one, for the breadcrumbs.
      const parents = pages.filter((p) => p.prefix.length < group.prefix.length && p.prefix.every((k, i) => group.prefix[i] === k));
      return LANGS.map((lang) => ({ params: { lang, game: game.id, group: group.key }, props: { game, group, parents } }));
    });
  }),
  '[lang]/[game]/terms/index.astro': (site: SiteModel) => site.games.filter((g) => g.terms.length > 0).flatMap((game) => LANGS.map((lang) => ({ params: { lang, game: game.id }, props: { game } }))),
  '[lang]/[game]/[doc]/index.astro': (site: SiteModel) => site.games.flatMap((game) =>
    game.docs.flatMap((doc) => LANGS.map((lang) => ({ params: { lang, game: game.id, doc: doc.id }, props: { game, doc } })))),
  '[lang]/[game]/[doc]/glossary/index.astro': (site: SiteModel) => site.games.flatMap((game) => game.docs.filter((doc) => doc.glossary).flatMap((doc) =>
    LANGS.map((lang) => ({ params: { lang, game: game.id, doc: doc.id }, props: { game, doc } })))),
  '[lang]/[game]/[doc]/[entry]/index.astro': (site: SiteModel) => site.games.flatMap((game) =>
    game.docs.flatMap((doc) =>
      doc.entries.flatMap((entry, i) =>
        LANGS.map((lang) => ({
          params: { lang, game: game.id, doc: doc.id, entry: entry.id },
          props: { game, doc, entry, prev: doc.entries[i - 1], next: doc.entries[i + 1] },
        }))))),
  '[lang]/[game]/[doc]/[entry]/history/index.astro': (site: SiteModel) => historyPages(site).flatMap(({ game, doc, entry, history }) =>
    LANGS.map((lang) => ({ params: { lang, game: game.id, doc: doc.id, entry: entry.id }, props: { game, doc, entry, history } }))),
  '[lang]/[game]/[doc]/changes/[edition]/index.astro': (site: SiteModel) => site.games.flatMap((game) => game.docs.filter((doc) => doc.history).flatMap((doc) => {
    const history = doc.history!;
    const index = historyIndex(history);
    return history.editions.flatMap((e, k) => {
      const changes = editionChanges(history, k, index);
      return changes ? LANGS.map((lang) => ({ params: { lang, game: game.id, doc: doc.id, edition: e.id }, props: { game, doc, k, changes } })) : [];
    });
  })),
  'api/[game]/index.json.ts': (site: SiteModel) => site.games.map((game) => ({ params: { game: game.id }, props: { game } })),
  'api/[game]/[doc]/[entry].json.ts': (site: SiteModel) => site.games.flatMap((g) =>
    g.docs.flatMap((doc) => {
      const all = docHistories(site, g, doc);
      const written = writtenHistories(site, g, doc);
      return doc.entries.map((entry) => ({ params: { game: g.id, doc: doc.id, entry: entry.id }, props: { doc, entry, history: written.has(entry.id), unchangedSince: written.has(entry.id) ? undefined : unchangedSince(doc, all.get(entry.id)) } }));
    })),
  'api/[game]/[doc]/[entry]/history.json.ts': (site: SiteModel) => historyPages(site).map(({ game, doc, entry, history }) => ({ params: { game: game.id, doc: doc.id, entry: entry.id }, props: { doc, entry, history } })),
  'api/[game]/[doc]/editions.json.ts': (site: SiteModel) => site.games.flatMap((game) => {
    const moves = site.moves(game.id);
    return game.docs.filter((doc) => doc.history || moves.some((m) => m.doc === doc.id)).map((doc) => ({
      params: { game: game.id, doc: doc.id },
      props: { game, doc, moves, histories: writtenHistories(site, game, doc) },
    }));
  }),
  'r/[game]/[pin]/index.astro': removedPins,
  'search/[lang].json.ts': langs,
  'search/[lang]/ids/[shard].json.ts': (_site?: SiteModel) => LANGS.flatMap((lang) => Array.from({ length: ID_SHARDS }, (_, k) => ({ params: { lang, shard: String(k) } }))),
  'search/[lang]/words/[shard].json.ts': (_site?: SiteModel) => LANGS.flatMap((lang) => Array.from({ length: WORDING_SHARDS }, (_, k) => ({ params: { lang, shard: String(k) } }))),
} as const;

export type RouteFile = keyof typeof ROUTES;

/**
 * The routes whose pages the search indexes (their template marks a `data-pagefind-body`): one
 * Pagefind fragment per page and language. The build test holds this list to the written index.
 */
export const SEARCHED_ROUTES: readonly RouteFile[] = ['[lang]/[game]/[doc]/[entry]/index.astro', '[lang]/[game]/[doc]/glossary/index.astro', '[lang]/[game]/terms/index.astro'];

/**
 * The file a path of route `file` is written to (relative to the output folder, `/`-separated),
 * as Astro writes it with `build.format: 'directory'`: `…/index.astro` → `…/index.html`, `404.astro`
 * → `404.html`, an endpoint `x.json.ts` → `x.json`.
 */
export function routeOutput(file: string, params: Record<string, string | undefined>): string {
  const filled = file.replace(/\[(\w+)\]/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`routeOutput: ${file} has no value for [${name}]`);
    return v;
  });
  if (filled.endsWith('.astro')) {
    const page = filled.slice(0, -'.astro'.length);
    if (page === 'index' || page.endsWith('/index') || page === '404') return `${page}.html`;
    return `${page}/index.html`;
  }
  return filled.replace(/\.(ts|js|mjs)$/, '');
}
