// An <iframe srcdoc> is a page of its own: parsed, and every element check run on it (three levels deep).
import { attrOf, parseHtml } from '../../src/integrations/built-page.ts';

export default {
  name: 'iframe-srcdoc',
  element(el, c) {
    if (c.tag !== 'iframe' || attrOf(el, 'srcdoc') === undefined || c.depth >= 3) return;
    c.checkTree(parseHtml(attrOf(el, 'srcdoc')), { ...c, say: (m) => c.say(`in <iframe srcdoc>: ${m}`), depth: c.depth + 1 });
  },
};
