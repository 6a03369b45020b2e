// Every stylesheet parses, and each url() or @import it holds resolves on the site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cssUrls } from './parsers.mjs';
import { fileFor, schemeOf } from './site.mjs';

export default {
  name: 'css-files',
  site(site) {
    const b = site.base;
    for (const css of site.files.filter((f) => f.endsWith('.css'))) {
      const say = (msg) => site.problems.push(`${css}: ${msg}`);
      const { urls, error } = cssUrls(readFileSync(join(site.dist, css), 'utf8'));
      if (error) say('cannot be parsed as CSS');
      for (const u of urls) {
        const scheme = schemeOf(u);
        if (scheme === 'site') {
          const resolved = new URL(u, `http://site${b}${css}`);
          if (!resolved.pathname.startsWith(b) || !fileFor(site.dist, `/${resolved.pathname.slice(b.length)}`)) say(`broken url(): ${u}`);
        } else if (scheme === 'http' || scheme === 'https' || scheme === 'other-host') say(`requests another origin: ${u}`);
        else say(`${scheme}: URL in url(): ${u.slice(0, 80)}`);
      }
    }
  },
};
