// <script type="speculationrules"> asks the browser to prefetch or prerender pages before the
// reader asks for them, other origins included. The site speculates nothing: refused, whatever it lists.
import { attrOf } from '../../src/integrations/built-page.ts';

export default {
  name: 'speculation-rules',
  element(el, { tag, say }) {
    if (tag === 'script' && (attrOf(el, 'type') ?? '').trim().toLowerCase() === 'speculationrules') {
      say('<script type="speculationrules">: the site prefetches and prerenders nothing (a rule can load pages of any origin before the reader asks)');
    }
  },
};
