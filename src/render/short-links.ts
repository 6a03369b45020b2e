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


export function shortLinkPage(target: Exclude<Target, { kind: 'planned' }>, base: string, site: string): string {
  const ja = labelOf(target, 'ja');
  const en = labelOf(target, 'en');
  const rule = target.kind === 'rule' ? target.rule : target.entry.data.rules[0];
  const title = `${target.id} ${en.title.en} / ${ja.title.ja}`;
  const e = target.entry;
  return shortLinkHtml({
    id: target.id,
    title,
    description: truncate(plainText(rule?.en ?? rule?.ja ?? title), 200),
    href: { ja: withBase(ja.href ?? '/', base), en: withBase(en.href ?? '/', base) },
    canonical: absolute(paths.entry('en', e.game, e.doc, e.id), site, base),
    ogUrl: absolute(en.href ?? '/', site, base),
  });
}

/** A short link's page: Open Graph tags for the unfurl, then off to the reader's language. */
export function shortLinkHtml(o: { id: string; title: string; description: string; href: Record<'ja' | 'en', string>; canonical: string; ogUrl: string }): string {
  const { href, title, description } = o;
  // The forwarding script is the same on every short link (one hash in the CSP); the targets ride in data-*.
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">${SECURITY_META}<title>${escapeHtml(title)}</title>`
    + `<meta name="description" content="${escapeAttr(description)}"><meta name="robots" content="noindex">`
    + `<link rel="canonical" href="${escapeAttr(o.canonical)}"><meta property="og:title" content="${escapeAttr(title)}">`
    + `<meta property="og:description" content="${escapeAttr(description)}"><meta property="og:url" content="${escapeAttr(o.ogUrl)}">`
    + `<meta name="twitter:card" content="summary"><script data-ja="${escapeAttr(href.ja)}" data-en="${escapeAttr(href.en)}">${SHORT_LINK_SCRIPT}</script>`
    + `<noscript><meta http-equiv="refresh" content="0; url=${escapeAttr(href.en)}"></noscript></head>`
    + `<body><p><a href="${escapeAttr(href.ja)}" lang="ja">${escapeHtml(t('ja', 'short.open', { id: o.id }))}</a> · `
    + `<a href="${escapeAttr(href.en)}">${escapeHtml(t('en', 'short.open', { id: o.id }))}</a></p></body></html>\n`;
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
