// An inline script runs only if the policy lists its hash, and what it imports or names must stay
// on the site. Data blocks (application/json, …) never run and must parse; import maps are not used.
import { attrOf, HTML_NS, ownText } from '../../src/integrations/built-page.ts';
import { scriptUrls } from './parsers.mjs';
import { sha256 } from './site.mjs';

export const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'application/ecmascript', 'text/ecmascript']);

export default {
  name: 'inline-scripts',
  element(el, { tag, say, pageUrl, site }) {
    if (tag !== 'script' || el.namespaceURI !== HTML_NS || attrOf(el, 'src') !== undefined) return;
    const type = (attrOf(el, 'type') ?? '').trim().toLowerCase();
    const code = ownText(el);
    if (type === 'importmap') {
      say('<script type="importmap">: import maps are not used by this site');
      return;
    }
    if (type === 'speculationrules') return; // its own check
    if (!SCRIPT_TYPES.has(type)) {
      if (/json/.test(type)) { try { JSON.parse(code); } catch { say(`<script type="${type}"> does not hold valid JSON`); } }
      return;
    }
    if (site.scriptSrc && !site.scriptSrc.has(sha256(code)) && !site.scriptSrc.has("'unsafe-inline'")) {
      say(`inline script not allowed by the Content-Security-Policy (its hash ${sha256(code)} is not in script-src): ${code.slice(0, 60)}`);
    }
    const { imports, strings, error } = scriptUrls(code, type === 'module');
    if (error) say(`inline script cannot be parsed: ${error}`);
    for (const spec of imports) site.checkUrl(say, pageUrl, spec, 'fetch', 'an inline module import');
    for (const u of strings) site.checkUrl(say, pageUrl, u, 'fetch', 'an inline script');
  },
};
