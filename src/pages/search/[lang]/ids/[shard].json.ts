// Rule ids for the search's jump to a rule number, split into ID_SHARDS files by the hash of
// the id (src/model/search-merge.ts: wordingShard, as the dictionary's wordings): each row is
// [id, game, "doc/entry", the entry's title in this language], the same targets as the ids of
// /api/{game}/index.json. A query that looks like an id fetches only the file it hashes to, not
// every game's index (docs/search.md, "Query handling").
import type { APIRoute } from 'astro';
import { gameIndexBody, jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import { ROUTES } from '~/model/routes';
import { ID_SHARDS, wordingShard } from '~/model/search-merge';
import { type Lang } from '~/schemas/content';
import type { Game } from '~/model/site-model';

export const getStaticPaths = async () => ROUTES['search/[lang]/ids/[shard].json.ts'](await loadSite());

type Row = [string, string, string, string];

/** A game's rows of one language, by shard: built once per game and language, not once per file. */
const shardsOf = new WeakMap<Game, Partial<Record<Lang, Row[][]>>>();
function gameShards(game: Game, lang: Lang): Row[][] {
  const perLang = shardsOf.get(game) ?? {};
  shardsOf.set(game, perLang);
  let shards = perLang[lang];
  if (!shards) {
    const body = gameIndexBody(game);
    const titles = new Map(body.entries.map((e) => [`${e.doc}/${e.id}`, e.title[lang]]));
    const built: Row[][] = Array.from({ length: ID_SHARDS }, () => []);
    for (const [id, at] of Object.entries(body.ids) as [string, string][]) built[wordingShard(id, ID_SHARDS)]!.push([id, game.id, at, titles.get(at) ?? '']);
    perLang[lang] = shards = built;
  }
  return shards;
}

export const GET: APIRoute = async ({ params }) => {
  const lang = params['lang'] as Lang;
  const shard = Number(params['shard']);
  const rows: Row[] = [];
  for (const game of (await loadSite()).games) rows.push(...gameShards(game, lang)[shard]!);
  return jsonResponse(rows);
};
