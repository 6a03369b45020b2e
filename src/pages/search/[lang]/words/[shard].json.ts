// The dictionary's wordings, split into WORDING_SHARDS files by the hash of the wording
// (src/model/search-merge.ts: wordingShard): each row is [wording, its term's preferred wording in
// the same script, its definition]. A query that is exactly a wording searches as the preferred
// one (悪役, ヴィラン and villain give the same list) and shows the definition first; the search
// fetches only the file the query hashes to (docs/search.md).
import type { APIRoute } from 'astro';
import { jsonResponse } from '~/model/api';
import { loadSite } from '~/astro/load-site';
import { ROUTES } from '~/model/routes';
import { searchWordings } from '~/astro/search-words';
import { wordingShards, type WordingRow } from '~/model/search-merge';
import type { SiteModel } from '~/model/site-model';
import { type Lang } from '~/schemas/content';

export const getStaticPaths = async () => ROUTES['search/[lang]/words/[shard].json.ts'](await loadSite());

/** Every shard of a language, split once per site model and language, not once per file. */
const shardsOf = new WeakMap<SiteModel, Partial<Record<Lang, WordingRow[][]>>>();
function languageShards(site: SiteModel, lang: Lang): WordingRow[][] {
  const perLang = shardsOf.get(site) ?? {};
  shardsOf.set(site, perLang);
  return perLang[lang] ??= (() => { const { terms, definitions } = searchWordings(site, lang); return wordingShards(terms, definitions); })();
}

export const GET: APIRoute = async ({ params }) => {
  const lang = params['lang'] as Lang;
  return jsonResponse(languageShards(await loadSite(), lang)[Number(params['shard'])] ?? []);
};
