// Official text (imported, content/{game}/{doc}/official/) and Taiyaku's explanations (hand-written)
// live in separate files. Until a page layers the two, an id has one page: an official entry whose
// ids a hand-written entry already holds is not shown as a page of its own. The importer applies the
// same rule when it resolves cross-references (docs/import.md#where-official-text-lives).
import type { OfficialEditionData } from '../schemas/content';

/** The hand-written entry file that holds one of `ids`, if any (`held` maps an id to its file). */
export function shadowedBy(ids: string[], held: ReadonlyMap<string, string>): string | undefined {
  for (const id of ids) {
    const file = held.get(id);
    if (file) return file;
  }
  return undefined;
}

/** The version line of an official page: only what the last import read (docs/import.md). */
export const officialVersion = (edition: Pick<OfficialEditionData, 'version'> | undefined) => edition?.version;
