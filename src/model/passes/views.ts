// The views pass, once every check has passed: games, documents and entries in their order, the
// translation coverage, the link index and the pinned-link tables, the model's lookups, and the
// views each entry's page reads (page-views.ts). Reads the whole context; writes nothing back.
import { EDITION_ID, type Lang } from '../../schemas/content';
import { editionId } from '../history';
import { compareIds } from '../ids';
import { buildLinkIndex } from '../link-index';
import { pinDoc, type PinDoc, type PinTable } from '../pinned';
import { servedOf } from '../served';
import type { Coverage, Doc, EditionsInput, SiteModel, Target } from '../types';
import { type ModelContext, texts } from './context';
import { editionTitle } from './editions';
import { pageViews } from './page-views';

const LANGS: Lang[] = ['ja', 'en'];

export function viewsPass(ctx: ModelContext): SiteModel {
  const { input, games, index, planned, entries, moves, notices, placements } = ctx;
  const sortedGames = [...games.values()].sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
  for (const g of sortedGames) {
    g.docs.sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
    for (const d of g.docs) d.entries.sort((a, b) => (a.data.order ?? 0) - (b.data.order ?? 0) || compareIds(a.id, b.id));
  }

  const coverage: Coverage[] = [];
  for (const g of sortedGames) {
    const gameEntries = entries.filter((e) => e.game === g.id);
    for (const lang of LANGS) {
      coverage.push({
        game: g.id,
        lang,
        rules: gameEntries.reduce((n, e) => n + e.data.rules.length, 0),
        missing: gameEntries.reduce((n, e) => n + e.missing[lang], 0),
        entriesMissing: gameEntries.filter((e) => e.status[lang] === 'missing' || e.missing[lang] > 0).map((e) => `${e.doc}/${e.id}`),
      });
    }
  }

  const resolve = (game: string, id: string) => index.get(`${game}:${id}`) ?? planned.get(`${game}:${id}`);
  const links = buildLinkIndex(entries, resolve, (game) => games.get(game)?.data.idStyle ?? 'slug');
  const exists = (game: string, id: string) => index.has(`${game}:${id}`);
  const pinTables = new Map<string, PinTable>();
  const pins = (game: string): PinTable => {
    let table = pinTables.get(game);
    if (!table) {
      table = { game, docs: (games.get(game)?.docs ?? []).map((d) => docPins(d, (input.editions ?? []).find((e) => e.game === game), [...index.values()], servedOf(input.served, game, d.id))).filter((d) => d !== undefined) };
      pinTables.set(game, table);
    }
    return table;
  };
  const views = pageViews({ games, resolve, pins });
  const movesFrom = Map.groupBy(moves, (m) => `${m.game}:${m.from}`);
  const movesTo = Map.groupBy(moves, (m) => `${m.game}:${m.to}`);
  return {
    games: sortedGames,
    entries,
    resolve,
    ids: (game) => [...index.values()].filter((t) => t.game === game),
    coverage,
    links,
    // Every rule of every page asks (both languages): the moves by old and by new number, grouped
    // once in their order, rather than a scan of every move of every edition per rule.
    renumbering: (game, id) => ({
      reused: exists(game, id) ? [...(movesFrom.get(`${game}:${id}`) ?? [])] : [],
      formerly: [...(movesTo.get(`${game}:${id}`) ?? [])],
    }),
    moves: (game) => moves.filter((m) => m.game === game).map((m) => ({ ...m, retired: !exists(game, m.from) })),
    notices: notices.list,
    placements,
    pins,
    page: views.page,
    termFinder: views.termFinder,
  };
}

/**
 * The edition id a document's pages follow now (docs/architecture.md#pinned-short-links): the newest
 * imported edition, else the imported official text's, else its version (the English one, when it is
 * given per language) when that is an edition id (`2.3.0`, `1.8`, `2026-09-25`; a guide's "Taiyaku 2026-11-30" or a described translation is none).
 */
export function currentEdition(doc: Doc): string | undefined {
  if (doc.history) return doc.history.editions[0]!.id;
  if (doc.official) return editionId(doc.official.edition);
  const v = doc.data.version;
  // A version per language names the English edition (Magic's effective date) in `en`.
  const id = typeof v === 'object' ? v.en : v;
  return id !== undefined && EDITION_ID.test(id) ? id : undefined;
}

/** A document's pinned-link table, when it has an edition id. */
function docPins(doc: Doc, record: EditionsInput | undefined, targets: Target[], served: string[]): PinDoc | undefined {
  const current = currentEdition(doc);
  if (current === undefined) return undefined;
  const info = doc.history?.editions ?? [];
  const recorded = record?.data.documents[doc.id];
  return pinDoc({
    doc: doc.id,
    current: { id: current, title: editionTitle(doc.data.title, current, info[0]?.edition ?? (doc.official ? texts(doc.official.edition) : undefined)) },
    ids: targets.filter((t) => t.kind !== 'planned' && t.game === doc.game && t.entry.doc === doc.id).map((t) => t.id),
    ...(doc.history ? { official: doc.history.states[0]!.units.keys() } : {}),
    history: (doc.history?.numberings ?? []).map((n, k) => ({
      id: n.id, title: editionTitle(doc.data.title, n.id, info[k + 1]?.edition), ids: doc.history!.states[k + 1]!.units.keys(), moved: n.moved, retired: n.retired,
    })),
    record: recorded && recorded.current === current ? recorded.earlier : [],
    served,
  });
}
