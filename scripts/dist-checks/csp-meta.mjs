// A page with a script or a <main> carries the policy of dist/_headers as a <meta> too (hosts
// without headers rely on it), the same policy, before anything it should cover.
import { attrOf, elements, find } from '../../src/integrations/built-page.ts';

export default {
  name: 'csp-meta',
  page(page, { say, head, main, site }) {
    if (!site.policy) return;
    const metas = head ? [...elements(head)].filter((el) => el.tagName === 'meta') : [];
    const cspMeta = metas.find((m) => (attrOf(m, 'http-equiv') ?? '').toLowerCase() === 'content-security-policy');
    if (!cspMeta) {
      if (find(page.tree, (el) => el.tagName === 'script') !== undefined || main) say('no <meta http-equiv="content-security-policy"> (hosts without headers rely on it)');
      return;
    }
    if (attrOf(cspMeta, 'content') !== site.metaPolicy) say(`<meta> Content-Security-Policy differs from dist/_headers: ${attrOf(cspMeta, 'content')}`);
    const first = head && find(head, (el) => ['script', 'link', 'style'].includes(el.tagName));
    const order = head ? [...elements(head)] : [];
    if (first && order.indexOf(first) < order.indexOf(cspMeta)) say(`<meta> Content-Security-Policy comes after a <${first.tagName}> it should cover`);
  },
};
