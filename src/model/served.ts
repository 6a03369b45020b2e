// Which editions the site has served (content/served.json, docs/architecture.md#served-editions): per
// game and document, each edition id a build served as the document's current edition, with the date
// it was first served. A pinned link can only have been copied from a page of a served edition, so
// every id of every served edition keeps a page of its own (src/render/pinned.ts). The build adds the
// editions it serves once every check has passed; nothing is ever removed. Pure: the file is read by
// src/content/check-content.ts and written by src/integrations/served.ts.
import type { Problem } from './problems';
import type { PinTable } from './pinned';

/** game → document → edition id → the date (YYYY-MM-DD) it was first served. */
export type Served = Record<string, Record<string, Record<string, string>>>;

export const SERVED_FILE = 'served.json';

/** The edition ids of `doc` of `game` the site has served. */
export const servedOf = (served: Served | undefined, game: string, doc: string): string[] => Object.keys(served?.[game]?.[doc] ?? {});

/**
 * What the file says that the site cannot keep: a served edition the document no longer knows (its
 * links would lose their pages), or a document or game that is gone.
 */
export function servedProblems(served: Served, tables: (game: string) => PinTable | undefined, file: string): Problem[] {
  const problems: Problem[] = [];
  for (const [game, docs] of Object.entries(served)) {
    const table = tables(game);
    for (const [doc, editions] of Object.entries(docs)) {
      const pins = table?.docs.find((d) => d.doc === doc);
      for (const edition of Object.keys(editions)) {
        if (pins?.editions.some((e) => e.id === edition)) continue;
        problems.push({
          file,
          field: `${game}.${doc}.${edition}`,
          message: !table ? `names the game "${game}", which the site no longer has: the pinned links it handed out for ${doc}@${edition} would lose their pages`
            : !pins ? `names the document ${game}/${doc}, which the site no longer has (or which has no edition id): the pinned links it handed out for ${edition} would lose their pages`
              : `${game}/${doc} was served at edition ${edition}, which its imported history (official/_history/) and ${game}/editions.yaml no longer name (editions known: ${pins.editions.map((e) => e.id).join(', ')}): the pinned links copied from it would lose their pages`,
          expected: `the edition kept: the official/_history/ step that holds it restored, or an editions.yaml entry for ${edition} against the current edition (docs/deploy.md#on-each-update)`,
        });
      }
    }
  }
  return problems;
}

/** The file with each document's current edition added (first served `today`), or undefined when nothing is new. */
export function addServed(served: Served, tables: PinTable[], today: string): Served | undefined {
  const next: Served = structuredClone(served);
  let changed = false;
  for (const table of tables) {
    for (const doc of table.docs) {
      const current = doc.editions[0]!.id;
      const editions = ((next[table.game] ??= {})[doc.doc] ??= {});
      if (editions[current] === undefined) {
        editions[current] = today;
        changed = true;
      }
    }
  }
  return changed ? sortServed(next) : undefined;
}

/** Stable order (games, documents, then editions by the date first served, then id), so the file diffs well. */
export function sortServed(served: Served): Served {
  const byKey = <T>(o: Record<string, T>) => Object.keys(o).sort();
  return Object.fromEntries(byKey(served).map((game) => [game, Object.fromEntries(byKey(served[game]!).map((doc) => {
    const eds = served[game]![doc]!;
    return [doc, Object.fromEntries(Object.entries(eds).sort(([a, da], [b, db]) => da.localeCompare(db) || a.localeCompare(b)))];
  }))]));
}
