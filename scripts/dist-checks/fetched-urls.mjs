// Attributes whose URL the browser requests by itself: they must stay on the site (and resolve).
import { attrOf } from '../../src/integrations/built-page.ts';
import { srcsetUrls } from './parsers.mjs';

const FETCH_ATTRS = {
  script: ['src'], img: ['src', 'srcset'], source: ['src', 'srcset'], video: ['src', 'poster'], audio: ['src'], track: ['src'],
  embed: ['src'], object: ['data'], iframe: ['src'], frame: ['src'], input: ['src'], image: ['href', 'xlink:href'],
  use: ['href', 'xlink:href'], feimage: ['href', 'xlink:href'], body: ['background'], table: ['background'], td: ['background'],
};

export default {
  name: 'fetched-urls',
  element(el, c) {
    const { tag, say, pageUrl, site } = c;
    for (const name of FETCH_ATTRS[tag] ?? []) {
      if (tag === 'input' && (attrOf(el, 'type') ?? '').toLowerCase() !== 'image') continue;
      const [prefix, local] = name.includes(':') ? name.split(':') : [undefined, name];
      const value = el.attrs.find((a) => a.name === local && (a.prefix ?? undefined) === prefix)?.value;
      if (value === undefined) continue;
      if (name === 'srcset') for (const u of srcsetUrls(value)) site.checkUrl(say, pageUrl, u, 'fetch', `<${tag} srcset>`);
      else site.checkUrl(say, pageUrl, value, 'fetch', `<${tag}${name === 'src' ? '' : ` ${name}`}>`);
    }
    if (c.svg && tag === 'script') for (const a of el.attrs.filter((x) => x.name === 'href')) site.checkUrl(say, pageUrl, a.value, 'fetch', '<svg script href>');
    if (tag === 'a' && attrOf(el, 'ping')) for (const u of attrOf(el, 'ping').split(/\s+/)) site.checkUrl(say, pageUrl, u, 'fetch', '<a ping>');
  },
};
