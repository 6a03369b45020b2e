// <meta http-equiv="refresh"> moves the reader without a click: its target must be on the site
// (the redirect pages' refresh goes to where the page is now) and must resolve.
import { attrOf } from '../../src/integrations/built-page.ts';
import { refreshUrl } from './parsers.mjs';

export default {
  name: 'meta-refresh',
  element(el, c) {
    if (c.tag === 'meta' && (attrOf(el, 'http-equiv') ?? '').toLowerCase() === 'refresh') {
      c.site.checkUrl(c.say, c.pageUrl, refreshUrl(attrOf(el, 'content')), 'stay', '<meta http-equiv="refresh">');
    }
  },
};
