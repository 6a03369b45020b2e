// Loads what a pinned link needs from the game's table: the index /r/{game}/_pins.json (every
// document's editions) and, for an earlier edition, that edition's file /r/{game}/_pins/{doc}/{edition}.json
// (src/render/pinned.ts). Two small files, however many editions a document has.
import { pinTableOf, type PinEdition, type PinTable } from '../model/pinned';

/** The table to resolve `edition` with; undefined when the game has none. `index` is the index's URL. */
export async function loadPinTable(index: string, edition: string): Promise<PinTable | undefined> {
  const res = await fetch(index);
  if (!res.ok) return undefined;
  const table = (await res.json()) as PinTable;
  const dir = index.replace(/_pins\.json$/, '_pins/');
  const files: Record<string, PinEdition> = {};
  for (const d of table.docs) {
    const i = d.editions.findIndex((e) => e.id === edition);
    if (i <= 0) continue;
    const got = await fetch(`${dir}${encodeURIComponent(d.doc)}/${encodeURIComponent(edition)}.json`);
    if (got.ok) files[d.doc] = (await got.json()) as PinEdition;
  }
  return pinTableOf(table, files);
}
