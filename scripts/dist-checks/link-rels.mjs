// <link rel> by what its tokens do. canonical and alternate name a document and must be absolute;
// every other token but the navigation ones fetches or connects (stylesheet, icon, preload,
// modulepreload, prefetch, preconnect, dns-prefetch, manifest, …). A list is judged by all of its
// tokens: `alternate stylesheet` or `canonical preload` still loads its href, so it must stay on
// the site like any other fetch.
import { attrOf } from '../../src/integrations/built-page.ts';
import { srcsetUrls } from './parsers.mjs';

const NOT_FETCHED = new Set(['canonical', 'alternate', 'author', 'license', 'help', 'bookmark', 'external', 'next', 'prev', 'search', 'sitemap', 'me', 'nofollow', 'noopener', 'noreferrer', 'opener', 'tag']);
const CONNECT_ONLY = new Set(['preconnect', 'dns-prefetch']);

export default {
  name: 'link-rels',
  element(el, c) {
    if (c.tag !== 'link') return;
    const rels = (attrOf(el, 'rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const href = attrOf(el, 'href');
    const where = `<link rel="${rels.join(' ')}">`;
    const names = rels.some((r) => r === 'canonical' || r === 'alternate');
    if (names && href && !/^https?:\/\//.test(href)) c.say(`${where} must be absolute: ${href}`);
    if (rels.some((r) => CONNECT_ONLY.has(r))) c.site.checkUrl(c.say, c.pageUrl, href, 'connect', where);
    else if (rels.some((r) => !NOT_FETCHED.has(r))) c.site.checkUrl(c.say, c.pageUrl, href, 'fetch', where);
    else if (!names) c.site.checkUrl(c.say, c.pageUrl, href, 'link', where);
    for (const u of srcsetUrls(attrOf(el, 'imagesrcset') ?? '')) c.site.checkUrl(c.say, c.pageUrl, u, 'fetch', '<link imagesrcset>');
  },
};
