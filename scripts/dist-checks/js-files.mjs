// Every bundled script parses; it imports only from the site, and any absolute URL it holds is
// either on the list of those never requested (with the reason) or reported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scriptUrls } from './parsers.mjs';
import { schemeOf } from './site.mjs';

export const KNOWN_SCRIPT_URLS = [
  { file: /^pagefind\/[^/]+\/pagefind(-worker)?\.js$/, url: 'https://example.com', why: "Pagefind's placeholder base for new URL() when it normalises result URLs" },
  { file: /^sw\.js$/, url: 'https://bit.ly/wb-precache', why: 'a link in the text of a Workbox warning' },
  { file: /./, url: 'http://www.w3.org/2000/svg', why: 'the SVG namespace (an identifier)' },
  { file: /./, url: 'http://www.w3.org/1999/xlink', why: 'the XLink namespace (an identifier)' },
  { file: /./, url: 'http://www.w3.org/1999/xhtml', why: 'the HTML namespace (an identifier)' },
];

export default {
  name: 'js-files',
  site(site) {
    for (const js of site.files.filter((f) => /\.m?js$/.test(f))) {
      const say = (msg) => site.problems.push(`${js}: ${msg}`);
      const { imports, strings, error } = scriptUrls(readFileSync(join(site.dist, js), 'utf8'), true);
      if (error) { say(`cannot be parsed as JavaScript: ${error}`); continue; }
      for (const spec of imports) if (schemeOf(spec) !== 'site') say(`imports from another origin: ${spec}`);
      for (const u of strings) {
        if (KNOWN_SCRIPT_URLS.some((k) => k.file.test(js) && (u === k.url || u.startsWith(`${k.url}/`) || u.startsWith(`${k.url}#`)))) continue;
        say(`refers to another origin: ${u} (if it is never requested, add it to KNOWN_SCRIPT_URLS in scripts/dist-checks/js-files.mjs with the reason)`);
      }
    }
  },
};
