#!/usr/bin/env node
// Checks the built site as a reader's browser would meet it: every internal link and #anchor
// resolves, every page has lang, a title and a description, nothing is requested from another
// origin, no URL runs script, the pages keep to the Content-Security-Policy they ship, and the HTML
// validates (html-validate). Exits 1 with one line per problem.
//
// Pages are read with parse5, the WHATWG HTML parser browsers implement (docs/testing.md: why a
// parser and why this one): attributes in any quoting, markup inside comments, scripts and
// attribute values are all seen exactly as a browser sees them. Stylesheets are read with css-tree
// and scripts with acorn, so a URL in CSS or JavaScript is found by syntax, not by pattern.
// usage: node scripts/check-dist.mjs [dist] (SITE_BASE must match the build's base)
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseHtml } from 'parse5';
import * as csstree from 'css-tree';
import * as acorn from 'acorn';

/** Every file under dir, as dist-relative paths with forward slashes. */
function walk(dir, root = dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, root, out);
    else out.push(relative(root, p).split(sep).join('/'));
  }
  return out;
}

/** The dist file a base-free URL path serves, or undefined. */
export function fileFor(dist, path) {
  const clean = decodeURIComponent(path.split('#')[0].split('?')[0]);
  const candidates = clean.endsWith('/') ? [`${clean}index.html`] : [clean, `${clean}/index.html`, `${clean}.html`];
  return candidates.map((c) => c.replace(/^\//, '')).find((c) => existsSync(join(dist, c)) && statSync(join(dist, c)).isFile());
}

// ── HTML tree helpers (parse5's default tree: nodeName, attrs [{ name, value, prefix? }], childNodes)
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';
const attrOf = (el, name) => el.attrs?.find((a) => a.name === name && !a.prefix)?.value;
const textOf = (el) => (el.childNodes ?? []).map((c) => (c.nodeName === '#text' ? c.value : '')).join('');
function* elements(node) {
  for (const child of node.childNodes ?? []) {
    if (child.tagName) yield child;
    yield* elements(child);
  }
  if (node.content) yield* elements(node.content); // <template>
}
const find = (node, pred) => { for (const el of elements(node)) if (pred(el)) return el; return undefined; };

// ── What the browser does with each URL-bearing attribute
// `fetch`: the browser requests it by itself; `link`: a reader may follow it (must resolve, may leave the site).
const FETCH_ATTRS = {
  script: ['src'], img: ['src', 'srcset'], source: ['src', 'srcset'], video: ['src', 'poster'], audio: ['src'], track: ['src'],
  embed: ['src'], object: ['data'], iframe: ['src'], frame: ['src'], input: ['src'], image: ['href', 'xlink:href'],
  use: ['href', 'xlink:href'], feimage: ['href', 'xlink:href'], body: ['background'], table: ['background'], td: ['background'],
};
const LINK_ATTRS = { a: ['href'], area: ['href'], form: ['action'], button: ['formaction'], input: ['formaction'] };
// <link rel> values that name a document rather than load something; every other rel fetches or
// connects (stylesheet, icon, preload, modulepreload, prefetch, preconnect, dns-prefetch, manifest, …).
const LINK_RELS_NOT_FETCHED = new Set(['canonical', 'alternate', 'author', 'license', 'help', 'bookmark', 'external', 'next', 'prev', 'search', 'sitemap', 'me', 'nofollow', 'noopener', 'noreferrer', 'opener', 'tag']);
const CONNECT_ONLY_RELS = new Set(['preconnect', 'dns-prefetch']);
// Elements whose URL attributes are identifiers, not addresses (XML namespaces on <svg>, …).
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'application/ecmascript', 'text/ecmascript']);

/** URLs of a srcset attribute (HTML's candidate list: a URL, then optional descriptors, comma-separated). */
export function srcsetUrls(value) {
  const urls = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i])) i++;
    let url = '';
    while (i < value.length && !/\s/.test(value[i])) url += value[i++];
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else {
      let depth = 0;
      while (i < value.length && (depth > 0 || value[i] !== ',')) { if (value[i] === '(') depth++; if (value[i] === ')') depth--; i++; }
    }
    if (url) urls.push(url);
  }
  return urls;
}

/** `0; url=/x/` → `/x/` (the refresh target of <meta http-equiv="refresh">). */
const refreshUrl = (content) => /^\s*\d+(?:\.\d*)?\s*[;,]?\s*(?:url\s*=\s*)?(['"]?)(.*?)\1\s*$/i.exec(content ?? '')?.[2] || undefined;

/** 'script' for http(s) and scheme-less URLs; otherwise the scheme (`javascript`, `data`, `mailto`, …). */
function schemeOf(url) {
  try {
    const a = new URL(url, 'http://one.invalid/a/');
    const b = new URL(url, 'https://two.invalid/b/');
    if (a.href !== b.href) return a.host === 'one.invalid' ? 'site' : 'other-host';
    return a.protocol.slice(0, -1);
  } catch {
    return 'invalid';
  }
}

// ── CSS: every url() and @import, by syntax
/** URLs a stylesheet (or a style attribute, `inline: true`) loads. */
export function cssUrls(text, inline = false) {
  const urls = [];
  let ast;
  try {
    ast = csstree.parse(text, inline ? { context: 'declarationList' } : {});
  } catch {
    return { urls, error: true };
  }
  csstree.walk(ast, {
    enter(node) {
      if (node.type === 'Url') urls.push(node.value);
      else if (node.type === 'Atrule' && node.name.toLowerCase() === 'import' && node.prelude) {
        csstree.walk(node.prelude, (n) => { if (n.type === 'String') urls.push(n.value); });
      } else if (node.type === 'Function' && /(^|-)image-set$/i.test(node.name)) {
        csstree.walk(node, (n) => { if (n.type === 'String') urls.push(n.value); });
      }
    },
  });
  return { urls, error: false };
}

// ── JavaScript: import specifiers and URL strings, by syntax
// Absolute URLs that appear in the bundled JavaScript without being requested. Anything else with
// a scheme and a host is reported, so a new one is looked at before it ships.
export const KNOWN_SCRIPT_URLS = [
  { file: /^pagefind\/[^/]+\/pagefind(-worker)?\.js$/, url: 'https://example.com', why: "Pagefind's placeholder base for new URL() when it normalises result URLs" },
  { file: /^sw\.js$/, url: 'https://bit.ly/wb-precache', why: 'a link in the text of a Workbox warning' },
  { file: /./, url: 'http://www.w3.org/2000/svg', why: 'the SVG namespace (an identifier)' },
  { file: /./, url: 'http://www.w3.org/1999/xlink', why: 'the XLink namespace (an identifier)' },
  { file: /./, url: 'http://www.w3.org/1999/xhtml', why: 'the HTML namespace (an identifier)' },
];

function parseScript(code, module) {
  const options = { ecmaVersion: 'latest', allowHashBang: true, allowReturnOutsideFunction: !module };
  try {
    return acorn.parse(code, { ...options, sourceType: module ? 'module' : 'script' });
  } catch (first) {
    if (module) throw first;
    return acorn.parse(code, { ...options, sourceType: 'module' }); // a classic script that is really a module
  }
}

/** Import specifiers and absolute URLs written in a script. */
export function scriptUrls(code, module = true) {
  const imports = [];
  const strings = [];
  let ast;
  try {
    ast = parseScript(code, module);
  } catch (e) {
    return { imports, strings, error: e.message };
  }
  const seen = (s) => {
    for (const m of s.matchAll(/https?:\/\/[^\s"'`<>()\\]+/gi)) strings.push(m[0].replace(/[.,;:]+$/, ''));
    if (/^\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(?:[/:?#]|$)/i.test(s)) strings.push(s);
  };
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && node.source) imports.push(node.source.value);
    if (node.type === 'ImportExpression' && node.source.type === 'Literal' && typeof node.source.value === 'string') imports.push(node.source.value);
    if (node.type === 'Literal' && typeof node.value === 'string') seen(node.value);
    if (node.type === 'TemplateElement') seen(node.value.cooked ?? node.value.raw);
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (Array.isArray(v)) for (const c of v) visit(c);
      else if (v && typeof v === 'object' && typeof v.type === 'string') visit(v);
    }
  };
  visit(ast);
  return { imports, strings: [...new Set(strings)], error: undefined };
}

// ── The Content-Security-Policy the build wrote (dist/_headers, the rule for every path)
/** `{ directives: Map<name, sources[]>, text }` from dist/_headers, or undefined when there is none. */
export function policyOf(dist) {
  const file = join(dist, '_headers');
  if (!existsSync(file)) return undefined;
  let inAll = false;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) { inAll = line.trim() === '/*'; continue; }
    const m = /^\s+content-security-policy:\s*(.*)$/i.exec(line);
    if (inAll && m) {
      const directives = new Map(m[1].split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name.toLowerCase(), sources]));
      return { directives, text: m[1].trim() };
    }
  }
  return undefined;
}
const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function checkDist(dist, base = '/') {
  const problems = [];
  const b = base.endsWith('/') ? base : `${base}/`;
  const files = walk(dist);
  const pages = files.filter((f) => f.endsWith('.html'));
  const policy = policyOf(dist);
  const metaPolicy = policy && [...policy.directives].filter(([name]) => name !== 'frame-ancestors').map(([n, s]) => [n, ...s].join(' ')).join('; ');
  const scriptSrc = policy && new Set(policy.directives.get('script-src') ?? policy.directives.get('default-src') ?? []);
  if (files.includes('_headers') && !policy) problems.push('_headers: no Content-Security-Policy for /*');

  /** Links to resolve once every page's ids are known: [say, pageUrl, url]. */
  const internal = [];
  const ids = new Map();

  /** One URL found in a page (or in its srcdoc frames and inline CSS). */
  const checkUrl = (say, pageUrl, url, kind, where) => {
    if (url === undefined) return;
    const trimmed = url.trim();
    if (!trimmed) return;
    const scheme = schemeOf(trimmed);
    if (scheme === 'site') {
      if (kind === 'connect') say(`${where} points at the site itself: ${url}`);
      else internal.push([say, pageUrl, trimmed]);
      return;
    }
    if (scheme === 'http' || scheme === 'https' || scheme === 'other-host') {
      if (kind !== 'link') say(`requests another origin: ${where} ${url}`);
      else if (scheme === 'other-host') say(`link without a scheme to another host: ${where} ${url}`);
      return;
    }
    if (scheme === 'mailto' || scheme === 'tel') {
      if (kind !== 'link') say(`${where} cannot load a ${scheme}: URL: ${url}`);
      return;
    }
    say(`${scheme === 'invalid' ? 'invalid' : `${scheme}:`} URL in ${where}: ${url.slice(0, 80)}`);
  };

  const checkCss = (say, pageUrl, text, inline, where) => {
    const { urls, error } = cssUrls(text, inline);
    if (error) say(`${where}: cannot be parsed as CSS`);
    for (const u of urls) checkUrl(say, pageUrl, u, 'fetch', `url() in ${where}`);
  };

  const checkInlineScript = (say, pageUrl, el) => {
    const type = (attrOf(el, 'type') ?? '').trim().toLowerCase();
    const code = textOf(el);
    if (type === 'importmap') {
      say('<script type="importmap">: import maps are not used by this site');
      return;
    }
    if (!SCRIPT_TYPES.has(type)) {
      // A data block (application/json, …): never run; it must be data the page can read back.
      if (/json/.test(type)) { try { JSON.parse(code); } catch { say(`<script type="${type}"> does not hold valid JSON`); } }
      return;
    }
    if (scriptSrc && !scriptSrc.has(sha256(code)) && !scriptSrc.has("'unsafe-inline'")) {
      say(`inline script not allowed by the Content-Security-Policy (its hash ${sha256(code)} is not in script-src): ${code.slice(0, 60)}`);
    }
    const { imports, strings, error } = scriptUrls(code, type === 'module');
    if (error) say(`inline script cannot be parsed: ${error}`);
    for (const spec of imports) checkUrl(say, pageUrl, spec, 'fetch', 'an inline module import');
    for (const u of strings) checkUrl(say, pageUrl, u, 'fetch', 'an inline script');
  };

  /** Every element of a document (a page, or an iframe's srcdoc): URLs, handlers, inline code. */
  const checkTree = (say, pageUrl, root, depth = 0) => {
    for (const el of elements(root)) {
      const tag = el.tagName.toLowerCase();
      const svg = el.namespaceURI === SVG_NS;
      for (const a of el.attrs) {
        const name = a.prefix ? `${a.prefix}:${a.name}` : a.name;
        if (/^on/i.test(a.name)) say(`event-handler attribute ${name} on <${tag}> (blocked by the Content-Security-Policy; no page should carry one)`);
        if (a.name === 'style' && !a.prefix) {
          say(`style attribute on <${tag}> (blocked by the Content-Security-Policy's style-src 'self')`);
          checkCss(say, pageUrl, a.value, true, `the style attribute of <${tag}>`);
        }
      }
      // URL attributes, by what the browser does with them.
      if (tag === 'link') {
        const rels = (attrOf(el, 'rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        const href = attrOf(el, 'href');
        if (rels.some((r) => r === 'canonical' || r === 'alternate')) {
          if (href && !/^https?:\/\//.test(href)) say(`<link rel="${rels.join(' ')}"> must be absolute: ${href}`);
        } else if (rels.some((r) => CONNECT_ONLY_RELS.has(r))) checkUrl(say, pageUrl, href, 'connect', `<link rel="${rels.join(' ')}">`);
        else if (rels.some((r) => !LINK_RELS_NOT_FETCHED.has(r))) checkUrl(say, pageUrl, href, 'fetch', `<link rel="${rels.join(' ')}">`);
        else checkUrl(say, pageUrl, href, 'link', `<link rel="${rels.join(' ')}">`);
        for (const u of srcsetUrls(attrOf(el, 'imagesrcset') ?? '')) checkUrl(say, pageUrl, u, 'fetch', '<link imagesrcset>');
      }
      for (const name of FETCH_ATTRS[tag] ?? []) {
        if (tag === 'input' && (attrOf(el, 'type') ?? '').toLowerCase() !== 'image') continue;
        const [prefix, local] = name.includes(':') ? name.split(':') : [undefined, name];
        const value = el.attrs.find((a) => a.name === local && (a.prefix ?? undefined) === prefix)?.value;
        if (value === undefined) continue;
        if (name === 'srcset') for (const u of srcsetUrls(value)) checkUrl(say, pageUrl, u, 'fetch', `<${tag} srcset>`);
        else checkUrl(say, pageUrl, value, 'fetch', `<${tag}${name === 'src' ? '' : ` ${name}`}>`);
      }
      if (svg && (tag === 'a' || tag === 'script')) {
        for (const a of el.attrs.filter((x) => x.name === 'href')) checkUrl(say, pageUrl, a.value, tag === 'script' ? 'fetch' : 'link', `<svg ${tag} href>`);
      }
      for (const name of LINK_ATTRS[tag] ?? []) if (!svg || tag !== 'a') checkUrl(say, pageUrl, attrOf(el, name), 'link', `<${tag}${name === 'href' ? '' : ` ${name}`}>`);
      if (tag === 'a' && attrOf(el, 'ping')) for (const u of attrOf(el, 'ping').split(/\s+/)) checkUrl(say, pageUrl, u, 'fetch', '<a ping>');
      if (tag === 'meta' && (attrOf(el, 'http-equiv') ?? '').toLowerCase() === 'refresh') checkUrl(say, pageUrl, refreshUrl(attrOf(el, 'content')), 'link', '<meta http-equiv="refresh">');
      if (tag === 'base') say('<base> element (the Content-Security-Policy has base-uri \'none\')');
      if (tag === 'style') {
        say("<style> element (blocked by the Content-Security-Policy's style-src 'self')");
        checkCss(say, pageUrl, textOf(el), false, '<style>');
      }
      if (tag === 'script' && el.namespaceURI === HTML_NS && attrOf(el, 'src') === undefined) checkInlineScript(say, pageUrl, el);
      if (tag === 'iframe' && attrOf(el, 'srcdoc') !== undefined && depth < 3) {
        checkTree((m) => say(`in <iframe srcdoc>: ${m}`), pageUrl, parseHtml(attrOf(el, 'srcdoc'), { scriptingEnabled: false }), depth + 1);
      }
    }
  };

  for (const page of pages) {
    const html = readFileSync(join(dist, page), 'utf8');
    const say = (msg) => problems.push(`${page}: ${msg}`);
    // With scripting off, <noscript> content is parsed as markup: what a reader without JavaScript gets is checked too.
    const doc = parseHtml(html, { scriptingEnabled: false });
    const root = find(doc, (el) => el.tagName === 'html');
    const head = root && find(root, (el) => el.tagName === 'head');
    const pageIds = new Set();
    for (const el of elements(doc)) { const id = attrOf(el, 'id'); if (id !== undefined) pageIds.add(id); }
    ids.set(page, pageIds);
    const main = find(doc, (el) => el.tagName === 'main');
    const metas = head ? [...elements(head)].filter((el) => el.tagName === 'meta') : [];
    const redirect = !main && metas.some((m) => (attrOf(m, 'http-equiv') ?? '').toLowerCase() === 'refresh');
    if (!/^(ja|en)$/.test(attrOf(root ?? {}, 'lang') ?? '')) say('<html> has no lang="ja|en"');
    const title = head && find(head, (el) => el.tagName === 'title');
    if (!title || !textOf(title).trim()) say('no <title>');
    if (!redirect && !metas.some((m) => attrOf(m, 'name') === 'description' && (attrOf(m, 'content') ?? '').trim())) say('no meta description');
    if (policy) {
      const cspMeta = metas.find((m) => (attrOf(m, 'http-equiv') ?? '').toLowerCase() === 'content-security-policy');
      const hasScript = find(doc, (el) => el.tagName === 'script') !== undefined;
      if (!cspMeta) { if (hasScript || main) say('no <meta http-equiv="content-security-policy"> (hosts without headers rely on it)'); }
      else {
        if (attrOf(cspMeta, 'content') !== metaPolicy) say(`<meta> Content-Security-Policy differs from dist/_headers: ${attrOf(cspMeta, 'content')}`);
        const first = head && find(head, (el) => ['script', 'link', 'style'].includes(el.tagName));
        const order = head ? [...elements(head)] : [];
        if (first && order.indexOf(first) < order.indexOf(cspMeta)) say(`<meta> Content-Security-Policy comes after a <${first.tagName}> it should cover`);
      }
    }
    checkTree(say, `${b}${page.replace(/index\.html$/, '')}`, doc);
  }

  for (const [say, pageUrl, url] of internal) {
    const resolved = new URL(url, `http://site${pageUrl}`);
    if (!resolved.pathname.startsWith(b)) {
      say(`link outside the site base ${b}: ${url}`);
      continue;
    }
    const target = fileFor(dist, `/${resolved.pathname.slice(b.length)}`);
    if (!target) {
      say(`broken link: ${url}`);
      continue;
    }
    let hash = resolved.hash.slice(1);
    try { hash = decodeURIComponent(hash); } catch { /* keep it raw */ }
    if (hash && target.endsWith('.html') && !ids.get(target)?.has(hash)) say(`broken anchor: ${url}`);
  }

  for (const css of files.filter((f) => f.endsWith('.css'))) {
    const say = (msg) => problems.push(`${css}: ${msg}`);
    const { urls, error } = cssUrls(readFileSync(join(dist, css), 'utf8'));
    if (error) say('cannot be parsed as CSS');
    for (const u of urls) {
      const scheme = schemeOf(u);
      if (scheme === 'site') {
        const resolved = new URL(u, `http://site${b}${css}`);
        if (!resolved.pathname.startsWith(b) || !fileFor(dist, `/${resolved.pathname.slice(b.length)}`)) say(`broken url(): ${u}`);
      } else if (scheme === 'http' || scheme === 'https' || scheme === 'other-host') say(`requests another origin: ${u}`);
      else say(`${scheme}: URL in url(): ${u.slice(0, 80)}`);
    }
  }

  for (const js of files.filter((f) => /\.m?js$/.test(f))) {
    const say = (msg) => problems.push(`${js}: ${msg}`);
    const { imports, strings, error } = scriptUrls(readFileSync(join(dist, js), 'utf8'), true);
    if (error) { say(`cannot be parsed as JavaScript: ${error}`); continue; }
    for (const spec of imports) {
      const scheme = schemeOf(spec);
      if (scheme !== 'site') say(`imports from another origin: ${spec}`);
    }
    for (const u of strings) {
      if (KNOWN_SCRIPT_URLS.some((k) => k.file.test(js) && (u === k.url || u.startsWith(`${k.url}/`) || u.startsWith(`${k.url}#`)))) continue;
      say(`refers to another origin: ${u} (if it is never requested, add it to KNOWN_SCRIPT_URLS in scripts/check-dist.mjs with the reason)`);
    }
  }
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
