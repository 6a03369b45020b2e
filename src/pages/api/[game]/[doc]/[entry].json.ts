// One entry as JSON: every sub-rule in both languages (Markdown and plain text) with its links.
import type { APIRoute } from 'astro';
import { loadSite } from '~/lib/content';
import type { Doc, Entry } from '~/lib/model';
import { plainText } from '~/lib/markdown';
import { absolute, paths } from '~/lib/urls';

export async function getStaticPaths() {
  const site = await loadSite();
  return site.games.flatMap((g) =>
    g.docs.flatMap((doc) => doc.entries.map((entry) => ({ params: { game: g.id, doc: doc.id, entry: entry.id }, props: { doc, entry } }))),
  );
}

export const GET: APIRoute = ({ props, site }) => {
  const { doc, entry } = props as { doc: Doc; entry: Entry };
  const page = (lang: 'ja' | 'en') => absolute(paths.entry(lang, entry.game, entry.doc, entry.id), site);
  const body = {
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
    pages: { ja: page('ja'), en: page('en') },
    seeAlso: entry.data.seeAlso,
    rules: entry.data.rules.map((r) => ({
      id: r.id,
      ja: r.ja ?? null,
      en: r.en ?? null,
      text: { ja: r.ja ? plainText(r.ja) : null, en: r.en ? plainText(r.en) : null },
      links: { ja: `${page('ja')}#${r.id}`, en: `${page('en')}#${r.id}`, short: absolute(paths.short(entry.game, r.id), site) },
    })),
  };
  return new Response(JSON.stringify(body, null, 1), { headers: { 'content-type': 'application/json; charset=utf-8' } });
};
