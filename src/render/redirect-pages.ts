// What a moved URL serves (docs/architecture.md#permanent-links). A moved page becomes a small real page
// (doctype, lang, title, description, canonical under the deploy base, a link) that forwards the
// reader; anchors are client-side, so the page carries a map from each published anchor to where it
// lands now, and one static script follows it. A page that stays but lost anchors to another page
// carries the same script with its own map. Without JavaScript a <noscript> refresh goes to the page.
import { t } from '../i18n';
import type { Lang } from '../schemas/content';
import { escapeHtml as esc } from './html';
import { MOVED_SCRIPT } from './inline-scripts';
import { SECURITY_META } from './csp';
import { labelOf } from '../model/labels';
import type { SiteModel } from '../model/site-model';
import { type RedirectPage, splitPath } from '../model/redirects';
import { shortLinkHtml } from './short-links';
import { absolute, paths, withBase } from '../model/urls';

const withBaseAll = (map: Record<string, string>, base: string) =>
  Object.fromEntries(Object.entries(map).map(([a, to]) => [a, withBase(to, base)]));

/** The script element for a page: its anchors' new places, and (for a redirect page) its own target. */
export function movedScript(anchors: Record<string, string>, base: string, to?: string): string {
  const data = esc(JSON.stringify(withBaseAll(anchors, base)));
  return `<script data-moved="${data}"${to === undefined ? '' : ` data-to="${esc(withBase(to, base))}"`}>${MOVED_SCRIPT}</script>`;
}

/** The HTML of a moved page. `title` names the page it moved to (as that page's <title> does). */
export function redirectPageHtml(page: RedirectPage, title: string, base: string, site: string): string {
  const lang: Lang = page.lang;
  const to = withBase(page.to, base);
  const canonical = absolute(splitPath(page.to).page, site, base);
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">${SECURITY_META}<meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${esc(t(lang, 'redirect.title', { title }))}</title>`
    + `<meta name="description" content="${esc(t(lang, 'redirect.description', { title }))}"><meta name="robots" content="noindex">`
    + `<link rel="canonical" href="${esc(canonical)}">${movedScript(page.anchors, base, page.to)}`
    + `<noscript><meta http-equiv="refresh" content="0; url=${esc(to)}"></noscript></head>`
    + `<body><main><h1>${esc(t(lang, 'redirect.heading'))}</h1><p><a href="${esc(to)}">${esc(t(lang, 'redirect.go', { title }))}</a></p></main></body></html>\n`;
}

/** `/{lang}/{game}/{doc}/{entry}/` (+ `#id`) → the game and the id it stood for, if it is an entry page. */
function idOf(path: string, site: SiteModel): { lang: Lang; game: string; id: string } | undefined {
  const { page, anchor } = splitPath(path);
  const [lang, game, doc, entry, ...rest] = page.split('/').slice(1, -1);
  if ((lang !== 'ja' && lang !== 'en') || !game || !doc || !entry || rest.length || doc === 'terms' || doc === 'graph') return undefined;
  if (!site.games.some((g) => g.id === game)) return undefined;
  return { lang, game, id: anchor ?? entry };
}

/**
 * Short links for ids that moved away: `/r/{game}/{old id}/` keeps working and goes where the old
 * page or anchor lands. An id that exists again (a reused number) keeps its current meaning.
 */
export function movedShortLinks(moved: Map<string, string>, site: SiteModel, base: string, siteUrl: string, titles: Map<string, string>): Map<string, string> {
  const byId = new Map<string, { game: string; id: string; to: Partial<Record<Lang, string>> }>();
  for (const [from, to] of moved) {
    const old = idOf(from, site);
    if (!old) continue;
    const current = site.resolve(old.game, old.id);
    if (current && current.kind !== 'planned') continue;
    const key = paths.short(old.game, old.id);
    const item = byId.get(key) ?? { game: old.game, id: old.id, to: {} };
    item.to[old.lang] = to;
    byId.set(key, item);
  }
  const pages = new Map<string, string>();
  for (const [path, { game, id, to }] of byId) {
    const href = { ja: to.ja ?? to.en!, en: to.en ?? to.ja! };
    const target = idOf(href.en, site);
    const resolved = target && site.resolve(game, target.id);
    const label = resolved ? labelOf(resolved, 'en') : undefined;
    const name = label ? `${label.numbered ? `${label.id} ` : ''}${label.title.en} / ${label.title.ja}` : titles.get(splitPath(href.en).page) ?? href.en;
    pages.set(path, shortLinkHtml({
      id,
      title: t('en', 'short.moved', { id, title: name }),
      description: t('en', 'short.moved', { id, title: name }),
      href: { ja: withBase(href.ja, base), en: withBase(href.en, base) },
      canonical: absolute(splitPath(href.en).page, siteUrl, base),
      ogUrl: absolute(href.en, siteUrl, base),
    }));
  }
  return pages;
}
