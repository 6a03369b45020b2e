// Markup the policy blocks, which no page should carry: event-handler attributes, style attributes
// and <style> elements (style-src 'self'), <base> (base-uri 'none'). The CSS they hold is still
// read for the URLs it would load.
import { ownText } from '../../src/integrations/built-page.ts';
import { cssUrls } from './parsers.mjs';

const checkCss = (c, text, inline, where) => {
  const { urls, error } = cssUrls(text, inline);
  if (error) c.say(`${where}: cannot be parsed as CSS`);
  for (const u of urls) c.site.checkUrl(c.say, c.pageUrl, u, 'fetch', `url() in ${where}`);
};

export const attributes = {
  name: 'handlers-and-style-attributes',
  element(el, c) {
    for (const a of el.attrs) {
      const name = a.prefix ? `${a.prefix}:${a.name}` : a.name;
      if (/^on/i.test(a.name)) c.say(`event-handler attribute ${name} on <${c.tag}> (blocked by the Content-Security-Policy; no page should carry one)`);
      if (a.name === 'style' && !a.prefix) {
        c.say(`style attribute on <${c.tag}> (blocked by the Content-Security-Policy's style-src 'self')`);
        checkCss(c, a.value, true, `the style attribute of <${c.tag}>`);
      }
    }
  },
};

export const elements = {
  name: 'base-and-style-elements',
  element(el, c) {
    if (c.tag === 'base') c.say('<base> element (the Content-Security-Policy has base-uri \'none\')');
    if (c.tag === 'style') {
      c.say("<style> element (blocked by the Content-Security-Policy's style-src 'self')");
      checkCss(c, ownText(el), false, '<style>');
    }
  },
};
