// Short links /r/{game}/{id}/ for chat: a tiny page per id that forwards to the reader's language
// (the last one they used, else the browser's) and carries Open Graph tags so the link unfurls.
// Written as plain files after the build: thousands of them would otherwise dominate build time.
import { t } from '../i18n';
import { labelOf } from '../model/labels';
import { plainText, truncate } from '../model/markdown-text';
import type { SiteModel, Target } from '../model/site-model';
import { absolute, paths, withBase } from '../model/urls';
import { SECURITY_META } from './csp';
import { SHORT_LINK_SCRIPT } from './inline-scripts';
import { escapeAttr, escapeHtml } from './html';


/** The most an unfurl shows of a description before cutting it (X about 200, Discord about 350). */
export const UNFURL_MAX = 280;
/** Japanese takes about twice the width of English per character: its share of a bilingual description. */
const JA_SHARE = 110;

/**
 * What a chat unfurl shows under the title: the rule in both languages, Japanese first (a Japanese
 * community pastes the same links), each cut to fit; one language alone gets the whole length.
 */
export function unfurlDescription(text: { ja?: string | undefined; en?: string | undefined }, fallback: string): string {
  const ja = text.ja ? plainText(text.ja) : '';
  const en = text.en ? plainText(text.en) : '';
  if (ja && en) {
    const jaPart = truncate(ja, JA_SHARE);
    return `${jaPart} / ${truncate(en, UNFURL_MAX - jaPart.length - 3)}`;
  }
  return truncate(ja || en || fallback, UNFURL_MAX);
}

export function shortLinkPage(target: Exclude<Target, { kind: 'planned' }>, base: string, site: string): string {
  const ja = labelOf(target, 'ja');
  const en = labelOf(target, 'en');
  const rule = target.kind === 'rule' ? target.rule : target.entry.data.rules[0];
  const title = `${target.id} ${ja.title.ja} / ${en.title.en}`;
  const e = target.entry;
  return shortLinkHtml({
    id: target.id,
    title,
    description: unfurlDescription({ ja: rule?.ja, en: rule?.en }, title),
    href: { ja: withBase(ja.href ?? '/', base), en: withBase(en.href ?? '/', base) },
    canonical: absolute(paths.entry('en', e.game, e.doc, e.id), site, base),
    ogUrl: absolute(en.href ?? '/', site, base),
  });
}

/**
 * A short link's page: Open Graph tags for the unfurl, then off to the reader's language. The
 * description is said once, as og:description (what unfurlers read): the page is noindex, so a
 * search engine's `<meta name="description">` would only repeat it (a third of the page in Japanese).
 */
export function shortLinkHtml(o: { id: string; title: string; description: string; href: Record<'ja' | 'en', string>; canonical: string; ogUrl: string }): string {
  const { href, title, description } = o;
  // The forwarding script is the same on every short link (one hash in the CSP); the targets ride in data-*.
  return `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8">${SECURITY_META}<title>${escapeHtml(title)}</title>`
    + `<meta name="robots" content="noindex">`
    + `<link rel="canonical" href="${escapeAttr(o.canonical)}"><meta property="og:site_name" content="${escapeAttr(t('ja', 'site.name'))}">`
    + `<meta property="og:locale" content="ja_JP"><meta property="og:locale:alternate" content="en_US">`
    + `<meta property="og:title" content="${escapeAttr(title)}">`
    + `<meta property="og:description" content="${escapeAttr(description)}"><meta property="og:url" content="${escapeAttr(o.ogUrl)}">`
    + `<meta name="twitter:card" content="summary"><script data-ja="${escapeAttr(href.ja)}" data-en="${escapeAttr(href.en)}">${SHORT_LINK_SCRIPT}</script>`
    + `<noscript><meta http-equiv="refresh" content="0; url=${escapeAttr(href.en)}"></noscript></head>`
    + `<body><p><a href="${escapeAttr(href.ja)}">${escapeHtml(t('ja', 'short.open', { id: o.id }))}</a> · `
    + `<a href="${escapeAttr(href.en)}" lang="en">${escapeHtml(t('en', 'short.open', { id: o.id }))}</a></p></body></html>\n`;
}

/** Every short link of the site: base-free path → HTML. */
export function shortLinks(site: SiteModel, base: string, siteUrl: string): Map<string, string> {
  const pages = new Map<string, string>();
  for (const game of site.games) {
    for (const target of site.ids(game.id)) {
      if (target.kind !== 'planned') pages.set(paths.short(game.id, target.id), shortLinkPage(target, base, siteUrl));
    }
  }
  return pages;
}
