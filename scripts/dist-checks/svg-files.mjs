// An .svg file of the build is a document of its own when opened at its URL: its scripts and event
// handlers run on the site's origin, and what it references is loaded. So it may hold no script
// and no handler, and its references (href, xlink:href, CSS url()) follow the page rules: what it
// loads stays on the site, what it links to resolves. (The favicon is the site's one SVG file.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { elements, ownText, parseHtml } from '../../src/integrations/built-page.ts';
import { cssUrls } from './parsers.mjs';

export default {
  name: 'svg-files',
  site(site) {
    for (const svg of site.files.filter((f) => f.toLowerCase().endsWith('.svg'))) {
      const say = (msg) => site.problems.push(`${svg}: ${msg}`);
      const pageUrl = `${site.base}${svg}`;
      // Read as the SVG inside an HTML body: the same tree of SVG elements and attributes (an XML
      // prolog or doctype becomes a comment), with parse5's one decoder.
      const doc = parseHtml(`<!doctype html><html><body>${readFileSync(join(site.dist, svg), 'utf8')}</body></html>`);
      for (const el of elements(doc)) {
        const tag = el.tagName.toLowerCase();
        if (tag === 'script') say('<script> in an SVG file (it runs on the site\'s origin when the file is opened)');
        if (tag === 'foreignobject') say('<foreignObject> in an SVG file (HTML inside an image the checks do not read as a page)');
        for (const a of el.attrs) {
          if (/^on/i.test(a.name)) say(`event-handler attribute ${a.name} on <${tag}> in an SVG file`);
          if (a.name === 'href') site.checkUrl(say, pageUrl, a.value, tag === 'a' ? 'link' : 'fetch', `<${tag} ${a.prefix ? `${a.prefix}:` : ''}href>`);
          if (a.name === 'style' && !a.prefix) for (const u of cssUrls(a.value, true).urls) site.checkUrl(say, pageUrl, u, 'fetch', `url() in the style attribute of <${tag}>`);
        }
        if (tag === 'style') for (const u of cssUrls(ownText(el)).urls) site.checkUrl(say, pageUrl, u, 'fetch', 'url() in <style>');
      }
    }
  },
};
