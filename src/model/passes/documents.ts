// The documents pass: games, their documents (with the id style each uses), and each document's
// imported official edition. Reads input.games, input.documents, input.officialEditions; writes
// ctx.games, ctx.docs, ctx.officialEditions and Doc.official.
import type { Doc } from '../types';
import type { ModelContext } from './context';

/** Per-game pages that share the URL level of documents (/{lang}/{game}/terms/). */
export const RESERVED_DOCS = ['terms', 'graph'];

export function documentsPass(ctx: ModelContext): void {
  const { input, problems, games, docs } = ctx;
  for (const g of input.games) games.set(g.id, { id: g.id, data: g.data, docs: [], terms: [] });

  for (const d of input.documents) {
    const [gameId = '', docId = ''] = d.id.split('/');
    const game = games.get(gameId);
    if (!game) {
      problems.add(d.file, 'game', `unknown game "${gameId}"`, `a folder with content/${gameId}/game.yaml (known games: ${[...games.keys()].join(', ')})`);
      continue;
    }
    if (RESERVED_DOCS.includes(docId)) {
      problems.add(d.file, 'document', `"${docId}" is reserved for the site's own ${docId} page`, `another folder name (not ${RESERVED_DOCS.join(', ')})`);
      continue;
    }
    const doc: Doc = { game: gameId, id: docId, file: d.file, data: d.data, style: d.data.idStyle ?? game.data.idStyle, entries: [] };
    docs.set(d.id, doc);
    game.docs.push(doc);
  }

  for (const e of input.officialEditions ?? []) ctx.officialEditions.set(e.id, e);
  for (const e of input.officialEditions ?? []) {
    const doc = docs.get(e.id);
    if (doc) doc.official = e.data;
    else problems.add(e.file, 'document', `official text for an unknown document "${e.id}"`, `content/${e.id}/document.yaml, or remove content/${e.id}/official/`);
  }
}
