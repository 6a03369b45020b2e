// Pinned short links /r/{game}/{id}@{edition}/ (docs/architecture.md#pinned-short-links): the pages
// the build writes (every id pinned to its document's current edition, which is what "copy link"
// gives, and every number of an earlier edition that now means another rule), the per-game table
// the 404 page and the entry page read (/r/{game}/_pins.json), and the notice at the top of a page
// whose numbers held other rules. Removed rules get a page of their own (src/pages/r/…).
import { t } from '../i18n';
import { labelOf } from '../model/labels';
import { pinIndex, pinPages, pinText, type PinDoc, type PinEdition, type Reused } from '../model/pinned';
import { docIds } from '../model/routes';
import type { SiteModel, Target } from '../model/site-model';
import { absolute, paths, withBase } from '../model/urls';
import type { Lang } from '../schemas/content';
import { escapeAttr, escapeHtml, fill } from './html';
import { shortLinkHtml, unfurlDescription } from './short-links';

/** The query parameter that carries a pinned link to the page it lands on: `?pin=104.3@2030-09-01`. */
export const PIN_PARAM = 'pin';

/** The current ids of a document (src/model/routes.ts, where the routes count them too). */
export { docIds };

/** `href` with `?pin=` put before its fragment. */
export function withPin(href: string, id: string, edition: string): string {
  const hash = href.indexOf('#');
  const [path, frag] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
  return `${path}?${PIN_PARAM}=${encodeURIComponent(pinText(id, edition)).replace(/%40/g, '@')}${frag}`;
}

/** The JSON index of a game's pinned-link table (an underscore: no id starts with one). */
export const pinsFile = (game: string) => `/r/${game}/_pins.json`;
/** One earlier edition's numbers, beside the index. */
export const pinsEditionFile = (game: string, doc: string, edition: string) => `/r/${game}/_pins/${doc}/${edition}.json`;

/** The page a pinned link to a rule writes: the rule's short link, landing with `?pin=`, its unfurl naming the pin. */
export function pinnedShortLinkPage(target: Exclude<Target, { kind: 'planned' }>, from: string, edition: PinEdition, current: boolean, base: string, site: string): string {
  const ja = labelOf(target, 'ja');
  const en = labelOf(target, 'en');
  const rule = target.kind === 'rule' ? target.rule : target.entry.data.rules[0];
  const was = (lang: Lang) => t(lang, current ? 'pinned.line.current' : from === target.id ? 'pinned.line.same' : 'pinned.line.moved', { edition: edition.title[lang], from, to: target.id });
  const title = `${target.id} ${ja.title.ja} / ${en.title.en}`;
  const e = target.entry;
  return shortLinkHtml({
    id: pinText(from, edition.id),
    title: from === target.id ? `${title} · ${edition.id}` : `${title} ← ${pinText(from, edition.id)}`,
    description: unfurlDescription({ ja: `${was('ja')} ${rule?.ja ?? ''}`, en: `${was('en')} ${rule?.en ?? ''}` }, title),
    href: { ja: withBase(withPin(ja.href ?? '/', from, edition.id), base), en: withBase(withPin(en.href ?? '/', from, edition.id), base) },
    canonical: absolute(paths.entry('en', e.game, e.doc, e.id), site, base),
    ogUrl: absolute(en.href ?? '/', site, base),
  });
}

/** What the pinned pages of a site are, by kind (the build logs each kind's cost). */
export interface PinnedCounts { current: number; served: number; removed: number }

/**
 * Every pinned short-link page and table file of the site: base-free path → content. The pages are
 * those of `pinPages` (src/model/pinned.ts) that land on a rule; a removed rule's page is a route of
 * its own (src/pages/r/[game]/[pin]/).
 */
export function pinnedShortLinks(site: SiteModel, base: string, siteUrl: string): { pages: Map<string, string>; files: Map<string, string>; counts: PinnedCounts } {
  const pages = new Map<string, string>();
  const files = new Map<string, string>();
  const counts: PinnedCounts = { current: 0, served: 0, removed: 0 };
  for (const game of site.games) {
    const table = site.pins(game.id);
    if (!table.docs.length) continue;
    files.set(pinsFile(game.id), `${JSON.stringify(pinIndex(table))}\n`);
    for (const doc of table.docs) for (const e of doc.editions.slice(1)) files.set(pinsEditionFile(game.id, doc.doc, e.id), `${JSON.stringify(e)}\n`);
    for (const doc of table.docs) {
      const ids = docIds(site, game.id, doc.doc);
      const known = new Set(ids);
      for (const p of pinPages(doc, ids, (id) => known.has(id))) {
        if (p.kind === 'removed') { counts.removed++; continue; }
        const target = site.resolve(game.id, p.to);
        if (!target || target.kind === 'planned') continue;
        pages.set(paths.pinned(game.id, p.id, p.edition.id), pinnedShortLinkPage(target, p.id, p.edition, p.current, base, siteUrl));
        counts[p.current ? 'current' : 'served']++;
      }
    }
  }
  return { pages, files, counts };
}


const list = (editions: PinEdition[], lang: Lang) => editions.map((e) => e.title[lang]).join(lang === 'ja' ? '、' : '; ');

/**
 * The notice at the top of a page whose numbers held other rules in earlier editions, in both
 * languages (the interface language first), each linked to where the earlier rule went or to its
 * last text. Left out of search: it names other rules.
 */
export function pinnedNoticeHtml(o: { reused: Reused[]; ui: Lang; game: string; base: string; href: (lang: Lang, id: string) => string | undefined }): string {
  if (!o.reused.length) return '';
  const sentences = (lang: Lang) => o.reused.map((r) => {
    const key = r.to !== undefined ? 'pinned.top.moved' : 'pinned.top.removed';
    const template = escapeHtml(t(lang, key, { editions: '{editions}', id: '{id}', to: '{to}', removed: '{removed}', last: '{last}' }));
    const href = r.to !== undefined ? o.href(lang, r.to) : undefined;
    const removedPage = withBase(paths.pinned(o.game, r.id, r.editions[0]!.id), o.base);
    return `<p>${fill(template, {
      editions: escapeHtml(list(r.editions, lang)),
      id: escapeHtml(r.id),
      to: r.to === undefined ? '' : href ? `<a href="${escapeAttr(href)}">${escapeHtml(r.to)}</a>` : escapeHtml(r.to),
      removed: escapeHtml(r.removedIn ?? ''),
      last: `<a href="${escapeAttr(removedPage)}">${escapeHtml(t(lang, 'pinned.top.last'))}</a>`,
    }, () => '')}</p>`;
  }).join('');
  const order = (['ja', 'en'] as const).toSorted((a) => (a === o.ui ? -1 : 1));
  const sides = order.map((l) => `<div class="txt t-${l} ${l === o.ui ? 't-first' : 't-second'}" lang="${l}">${sentences(l)}</div>`).join('');
  const label = t(o.ui, 'pinned.top.label');
  return `<div class="note renumber renumber-top" role="note" aria-label="${escapeAttr(label)}" data-pagefind-ignore="all"><span class="note-kind">${escapeHtml(label)}</span><div class="pair">${sides}</div></div>`;
}

/** Each document's pinned line per interface language and base: every page of the document shows the same one. */
const pinnedLines = new WeakMap<PinDoc, Map<string, string>>();

/** The hidden line a pinned link fills in on the page it lands on (src/scripts/pinned-line.ts), with its strings. */
export function pinnedLineHtml(o: { ui: Lang; game: string; doc: PinDoc; base: string }): string {
  const perDoc = pinnedLines.get(o.doc) ?? new Map<string, string>();
  pinnedLines.set(o.doc, perDoc);
  const key = `${o.ui}\u0000${o.game}\u0000${o.base}`;
  let html = perDoc.get(key);
  if (html === undefined) perDoc.set(key, html = pinnedLine(o));
  return html;
}

function pinnedLine(o: { ui: Lang; game: string; doc: PinDoc; base: string }): string {
  const strings = Object.fromEntries((['ja', 'en'] as const).flatMap((lang) => (['same', 'moved', 'current'] as const).map((k) =>
    [`${k}-${lang}`, t(lang, `pinned.line.${k}`, { edition: '{edition}', from: '{from}', to: '{to}' })])));
  return `<div class="note pinned-line" role="note" aria-label="${escapeAttr(t(o.ui, 'pinned.label'))}" hidden data-pagefind-ignore="all" data-ui="${o.ui}"`
    + ` data-doc="${escapeAttr(o.doc.doc)}" data-pins="${escapeAttr(withBase(pinsFile(o.game), o.base))}" data-strings="${escapeAttr(JSON.stringify(strings))}">`
    + `<span class="note-kind">${escapeHtml(t(o.ui, 'pinned.label'))}</span><div class="pair"></div></div>`;
}
