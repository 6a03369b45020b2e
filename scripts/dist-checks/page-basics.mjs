// Every page has lang="ja|en", a <title> and a meta description (a redirect page, which has no
// <main> and a refresh, needs no description).
import { attrOf, elements, find, ownText } from '../../src/integrations/built-page.ts';

export default {
  name: 'page-basics',
  page(page, { say, head, root, main }) {
    const metas = head ? [...elements(head)].filter((el) => el.tagName === 'meta') : [];
    const redirect = !main && metas.some((m) => (attrOf(m, 'http-equiv') ?? '').toLowerCase() === 'refresh');
    if (!/^(ja|en)$/.test(attrOf(root ?? {}, 'lang') ?? '')) say('<html> has no lang="ja|en"');
    const title = head && find(head, (el) => el.tagName === 'title');
    if (!title || !ownText(title).trim()) say('no <title>');
    if (!redirect && !metas.some((m) => attrOf(m, 'name') === 'description' && (attrOf(m, 'content') ?? '').trim())) say('no meta description');
  },
};
