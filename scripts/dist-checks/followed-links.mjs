// Links a reader may follow: they must resolve on the site, or be a web (or mail) address.
import { attrOf } from '../../src/integrations/built-page.ts';

export default {
  name: 'followed-links',
  element(el, c) {
    if (c.tag !== 'a' && c.tag !== 'area') return;
    if (c.svg && c.tag === 'a') {
      for (const a of el.attrs.filter((x) => x.name === 'href')) c.site.checkUrl(c.say, c.pageUrl, a.value, 'link', '<svg a href>');
    } else c.site.checkUrl(c.say, c.pageUrl, attrOf(el, 'href'), 'link', `<${c.tag}>`);
  },
};
