// Where a form sends what the reader typed: on the site only. An off-site action (or a button's
// formaction) hands the reader's input to another origin.
import { attrOf } from '../../src/integrations/built-page.ts';

const ACTIONS = { form: 'action', button: 'formaction', input: 'formaction' };

export default {
  name: 'form-actions',
  element(el, c) {
    const name = ACTIONS[c.tag];
    if (name) c.site.checkUrl(c.say, c.pageUrl, attrOf(el, name), 'stay', `<${c.tag} ${name}>`);
  },
};
