// Once every page's ids are known: each site-internal URL found anywhere stays under the base,
// names a file that exists, and an #anchor into a page names one of its ids.
import { fileFor } from './site.mjs';

export default {
  name: 'links-resolve',
  site(site) {
    const b = site.base;
    for (const [say, pageUrl, url] of site.internal) {
      const resolved = new URL(url, `http://site${pageUrl}`);
      if (!resolved.pathname.startsWith(b)) {
        say(`link outside the site base ${b}: ${url}`);
        continue;
      }
      const target = fileFor(site.dist, `/${resolved.pathname.slice(b.length)}`);
      if (!target) {
        say(`broken link: ${url}`);
        continue;
      }
      let hash = resolved.hash.slice(1);
      try { hash = decodeURIComponent(hash); } catch { /* keep it raw */ }
      if (hash && target.endsWith('.html') && !site.ids.get(target)?.has(hash)) say(`broken anchor: ${url}`);
    }
  },
};
