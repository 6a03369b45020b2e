#!/usr/bin/env node
// Checks the built site as a reader's browser would meet it: every internal link and #anchor
// resolves, every page has lang, a title and a description, nothing is requested from another
// origin, no URL runs script, the pages keep to the Content-Security-Policy they ship, and the HTML
// validates (html-validate). Exits 1 with one line per problem.
//
// One small file a check, under scripts/dist-checks/ (docs/testing.md lists them): a page check
// reads one page, an element check one element of a page's tree (and of each <iframe srcdoc> in
// it), a site check the whole output once every page is read. Each page is read once, into the
// build's one page object (src/integrations/built-page.ts: parse5's tree with scripting off, so
// attributes in any quoting, markup inside comments, scripts and attribute values, and <noscript>
// are all seen as a browser sees them); its elements are walked once for all the element checks.
// usage: node scripts/check-dist.mjs [dist] (SITE_BASE must match the build's base)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { attrOf, builtPage, elements, find, SVG_NS } from '../src/integrations/built-page.ts';
import pageBasics from './dist-checks/page-basics.mjs';
import cspMeta from './dist-checks/csp-meta.mjs';
import readerAgrees from './dist-checks/reader-agrees.mjs';
import { attributes as handlersAndStyleAttributes, elements as baseAndStyleElements } from './dist-checks/handlers-and-styles.mjs';
import linkRels from './dist-checks/link-rels.mjs';
import fetchedUrls from './dist-checks/fetched-urls.mjs';
import followedLinks from './dist-checks/followed-links.mjs';
import formActions from './dist-checks/form-actions.mjs';
import metaRefresh from './dist-checks/meta-refresh.mjs';
import inlineScripts from './dist-checks/inline-scripts.mjs';
import speculationRules from './dist-checks/speculation-rules.mjs';
import iframeSrcdoc from './dist-checks/iframe-srcdoc.mjs';
import linksResolve from './dist-checks/links-resolve.mjs';
import cssFiles from './dist-checks/css-files.mjs';
import jsFiles from './dist-checks/js-files.mjs';
import svgFiles from './dist-checks/svg-files.mjs';
import searchFragments from './dist-checks/search-fragments.mjs';
import { siteContext, walk } from './dist-checks/site.mjs';

export { cssUrls, scriptUrls, srcsetUrls } from './dist-checks/parsers.mjs';
export { fileFor, policyOf } from './dist-checks/site.mjs';
export { KNOWN_SCRIPT_URLS } from './dist-checks/js-files.mjs';

/** Run on every page, in this order. */
export const PAGE_CHECKS = [pageBasics, cspMeta, readerAgrees];
/** Run on every element of every page (and of its srcdoc frames), in this order. */
export const ELEMENT_CHECKS = [handlersAndStyleAttributes, linkRels, fetchedUrls, followedLinks, formActions, metaRefresh, baseAndStyleElements, inlineScripts, speculationRules, iframeSrcdoc];
/** Run once every page is read. */
export const SITE_CHECKS = [svgFiles, linksResolve, cssFiles, jsFiles, searchFragments]; // SVG files first: their links resolve with the pages'

/** Every element check on every element under `root`. */
function checkTree(root, c) {
  for (const el of elements(root)) {
    const at = { ...c, tag: el.tagName.toLowerCase(), svg: el.namespaceURI === SVG_NS };
    for (const check of ELEMENT_CHECKS) check.element(el, at);
  }
}

export function checkDist(dist, base = '/') {
  const problems = [];
  const site = siteContext(dist, base, problems);
  const pages = site.files.filter((f) => f.endsWith('.html'));
  if (site.files.includes('_headers') && !site.policy) problems.push('_headers: no Content-Security-Policy for /*');

  for (const file of pages) {
    const page = builtPage(file, readFileSync(join(dist, file), 'utf8'));
    const say = (msg) => problems.push(`${file}: ${msg}`);
    const root = find(page.tree, (el) => el.tagName === 'html');
    const c = { say, site, page, root, head: root && find(root, (el) => el.tagName === 'head'), main: find(page.tree, (el) => el.tagName === 'main') };
    const ids = new Set();
    for (const el of elements(page.tree)) { const id = attrOf(el, 'id'); if (id !== undefined) ids.add(id); }
    site.ids.set(file, ids);
    for (const check of PAGE_CHECKS) check.page(page, c);
    checkTree(page.tree, { say, site, pageUrl: `${site.base}${file.replace(/index\.html$/, '')}`, depth: 0, checkTree });
  }
  for (const check of SITE_CHECKS) check.site(site);
  return { pages: pages.length, problems };
}

export async function validateHtml(dist) {
  const { HtmlValidate } = await import('html-validate');
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      // Astro writes void elements as <br> and boolean attributes bare; both are valid HTML.
      'void-style': 'off',
      'no-trailing-whitespace': 'off',
      // Japanese text uses full-width punctuation that this rule misreads as raw characters.
      'no-raw-characters': 'off',
      // Long single-line minified output is fine.
      'long-title': 'off',
      // Rule ids are published anchors and start with a digit (#702.33d); HTML5 allows that.
      'valid-id': ['error', { relaxed: true }],
    },
  });
  const problems = [];
  for (const page of walk(dist).filter((f) => f.endsWith('.html'))) {
    const report = await validator.validateFile(join(dist, page));
    for (const r of report.results) for (const msg of r.messages) problems.push(`${page}:${msg.line}:${msg.column}: ${msg.message} [${msg.ruleId}]`);
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dist = process.argv[2] ?? 'dist';
  const base = process.env.SITE_BASE ?? '/';
  const started = Date.now();
  const { pages, problems } = checkDist(dist, base);
  problems.push(...(await validateHtml(dist)));
  for (const p of problems) console.error(`  ${p}`);
  console.log(`check-dist: ${pages} pages under base ${base}, ${problems.length} problem(s), ${Date.now() - started} ms`);
  process.exit(problems.length ? 1 : 0);
}
