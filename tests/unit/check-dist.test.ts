// The output checker must catch what it claims to: broken links and anchors, links that ignore the
// deploy base, pages without lang/title/description, requests to other origins by every route a
// page has (srcset, poster, preconnect/prefetch, SVG href, iframe srcdoc, inline module imports,
// CSS @import/url(), URLs in bundled JavaScript), script URLs, and markup the site's
// Content-Security-Policy would block. Attributes are read by a real HTML parser, so quoting style
// does not hide a URL and markup inside comments, scripts or attribute values is not mistaken for
// elements.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDist, cssUrls, scriptUrls, srcsetUrls } from '../../scripts/check-dist.mjs';
import { CSP_META, headersFile, SECURITY_META } from '~/render/csp';
import { SETTINGS_SCRIPT } from '~/render/inline-scripts';

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
function site() {
  const dist = mkdtempSync(join(tmpdir(), 'taiyaku-dist-'));
  dirs.push(dist);
  const file = (path: string, text: string) => {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), text);
  };
  const page = (path: string, body: string, head = '<title>T</title><meta name="description" content="D">', lang = 'ja') =>
    file(path, `<!doctype html><html lang="${lang}"><head>${head}</head><body><main>${body}</main></body></html>`);
  return { dist, file, page };
}

describe('check-dist: links, anchors and page basics', () => {
  const { dist, page } = site();
  page('index.html', '<a href="/sub/ja/x/#702.33d">ok</a><a href="/sub/ja/x/#702.33z">bad anchor</a><a href="/sub/ja/nope/">broken</a><a href="/ja/x/">no base</a><a href="https://example.com/">external link is fine</a><a href="#top">self</a><p id="top"></p>');
  page('ja/x/index.html', '<div id="702.33d"></div><script src="https://cdn.example.com/x.js"></script><img src="/sub/ja/x/pic.png" alt="">');
  page('ja/y/index.html', '', '<title>T</title>', 'xx');
  page('en/z/index.html', '', '<meta name="description" content="D">', 'en');
  const { problems } = checkDist(dist, '/sub/') as { problems: string[] };
  it.each([
    ['index.html: broken anchor: /sub/ja/x/#702.33z'],
    ['index.html: broken link: /sub/ja/nope/'],
    ['index.html: link outside the site base /sub/: /ja/x/'],
    ['ja/x/index.html: requests another origin: <script> https://cdn.example.com/x.js'],
    ['ja/x/index.html: broken link: /sub/ja/x/pic.png'],
    ['ja/y/index.html: <html> has no lang="ja|en"'],
    ['ja/y/index.html: no meta description'],
    ['en/z/index.html: no <title>'],
  ])('reports %s', (line) => {
    expect(problems).toContain(line);
  });
  it('reports nothing else (valid links, external links and same-page anchors pass)', () => {
    expect(problems).toHaveLength(8);
  });
});

describe('check-dist: every way a page can reach another origin or run script', () => {
  const { dist, page, file } = site();
  const head = `<meta charset="utf-8">${SECURITY_META}<title>T</title><meta name="description" content="D">`;
  file('_headers', headersFile('/'));
  file('a.png', 'png');
  page('ok/index.html', `<img src=/a.png alt=""><img srcset="/a.png 1x, /a.png 2x" alt=""><a href='/ok/#x' id="x">single quotes</a><script>${SETTINGS_SCRIPT}</script>`
    + '<div data-note=\'<img src="https://evil.example/a.png">\'></div><!-- <script src="https://evil.example/x.js"></script> -->'
    + '<script type="application/json">{"html":"\\u003cimg src=https://evil.example\\u003e"}</script>', head);
  page('quotes/index.html', "<img src='https://cdn.example/a.png' alt=''><img src=https://cdn.example/b.png alt=''><IMG SRC=\"https://cdn.example/c.png\" alt=''>", head);
  page('srcset/index.html', '<img src="/a.png" srcset="/a.png 1x, https://cdn.example/big.png 2x" alt=""><picture><source srcset="https://cdn.example/p.webp"><img src="/a.png" alt=""></picture>', head);
  page('media/index.html', '<video src="/a.png" poster="https://cdn.example/poster.jpg"></video><audio src="https://cdn.example/s.mp3"></audio>', head);
  page('links/index.html', '', `${head}<link rel="preconnect" href="https://fonts.example"><link rel="dns-prefetch" href="//dns.example"><link rel="prefetch" href="https://cdn.example/next.html"><link rel="modulepreload" href="https://cdn.example/m.js"><link rel="stylesheet" href="https://cdn.example/s.css">`);
  page('svg/index.html', '<svg><use href="https://cdn.example/sprite.svg#i"></use><image xlink:href="https://cdn.example/i.png"></image><a href="javascript:alert(1)"><text>x</text></a></svg>', head);
  page('srcdoc/index.html', '<iframe title="t" srcdoc="<img src=&quot;https://cdn.example/in-frame.png&quot;><a href=&quot;javascript:alert(1)&quot;>x</a>"></iframe>', head);
  page('module/index.html', '<script type="module">import x from "https://cdn.example/lib.js"; import("//cdn.example/lazy.js").then(x)</script>', head);
  page('css/index.html', '<p>x</p>', `${head}<style>@import "https://cdn.example/i.css"; p{background:url(//cdn.example/b.png)}</style>`);
  page('style-attr/index.html', '<p style="background: url(https://cdn.example/s.png)">x</p>', head);
  page('script-url/index.html', '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><a href="data:text/html,hi">c</a><form action="vbscript:x"></form><a href="mailto:x@example.com">mail is a link</a>', head);
  page('handler/index.html', '<img src="/a.png" alt="" onerror="alert(1)"><body onload="x()"></body>', head);
  page('inline/index.html', '<script>alert(document.cookie)</script>', head);
  page('no-meta/index.html', '<p>x</p>', '<title>T</title><meta name="description" content="D">');
  page('late-meta/index.html', '<p>x</p>', `<link rel="stylesheet" href="/a.css">${SECURITY_META}<title>T</title><meta name="description" content="D">`);
  page('other-meta/index.html', '<p>x</p>', `<meta http-equiv="content-security-policy" content="default-src *"><title>T</title><meta name="description" content="D">`);
  page('base/index.html', '<p>x</p>', `${head}<base href="https://evil.example/">`);
  page('noscript/index.html', '<p>x</p>', `${head}<noscript><meta http-equiv="refresh" content="0; url=/gone/"></noscript>`);
  file('a.css', 'body{background:url(/a.png)} @import url("https://cdn.example/x.css"); a{background:url(missing.png)}');
  file('_astro/app.js', 'const svg="http://www.w3.org/2000/svg"; fetch("https://api.example/track"); export const u=`https://cdn.example/${1}`;');
  file('_astro/imports.js', 'import "https://cdn.example/dep.js"; export * from "./local.js";');
  file('_astro/local.js', 'export const x = 1;');
  file('pagefind/en/pagefind.js', 'const u = new URL(x, `https://example.com${y}`);');

  const { problems } = checkDist(dist, '/') as { problems: string[] };
  const at = (page: string) => problems.filter((p) => p.startsWith(`${page}:`));
  it.each([
    ['quotes/index.html: requests another origin: <img> https://cdn.example/a.png'],
    ['quotes/index.html: requests another origin: <img> https://cdn.example/b.png'],
    ['quotes/index.html: requests another origin: <img> https://cdn.example/c.png'],
    ['srcset/index.html: requests another origin: <img srcset> https://cdn.example/big.png'],
    ['srcset/index.html: requests another origin: <source srcset> https://cdn.example/p.webp'],
    ['media/index.html: requests another origin: <video poster> https://cdn.example/poster.jpg'],
    ['media/index.html: requests another origin: <audio> https://cdn.example/s.mp3'],
    ['links/index.html: requests another origin: <link rel="preconnect"> https://fonts.example'],
    ['links/index.html: requests another origin: <link rel="dns-prefetch"> //dns.example'],
    ['links/index.html: requests another origin: <link rel="prefetch"> https://cdn.example/next.html'],
    ['links/index.html: requests another origin: <link rel="modulepreload"> https://cdn.example/m.js'],
    ['links/index.html: requests another origin: <link rel="stylesheet"> https://cdn.example/s.css'],
    ['svg/index.html: requests another origin: <use href> https://cdn.example/sprite.svg#i'],
    ['svg/index.html: requests another origin: <image xlink:href> https://cdn.example/i.png'],
    ['svg/index.html: javascript: URL in <svg a href>: javascript:alert(1)'],
    ['srcdoc/index.html: in <iframe srcdoc>: requests another origin: <img> https://cdn.example/in-frame.png'],
    ['srcdoc/index.html: in <iframe srcdoc>: javascript: URL in <a>: javascript:alert(1)'],
    ['module/index.html: requests another origin: an inline module import https://cdn.example/lib.js'],
    ['module/index.html: requests another origin: an inline module import //cdn.example/lazy.js'],
    ['css/index.html: requests another origin: url() in <style> https://cdn.example/i.css'],
    ['css/index.html: requests another origin: url() in <style> //cdn.example/b.png'],
    ["css/index.html: <style> element (blocked by the Content-Security-Policy's style-src 'self')"],
    ['style-attr/index.html: requests another origin: url() in the style attribute of <p> https://cdn.example/s.png'],
    ["style-attr/index.html: style attribute on <p> (blocked by the Content-Security-Policy's style-src 'self')"],
    ['script-url/index.html: javascript: URL in <a>: javascript:alert(1)'],
    ['script-url/index.html: javascript: URL in <a>:  JaVaScRiPt:alert(1)'],
    ['script-url/index.html: data: URL in <a>: data:text/html,hi'],
    ['script-url/index.html: vbscript: URL in <form action>: vbscript:x'],
    ['handler/index.html: event-handler attribute onerror on <img> (blocked by the Content-Security-Policy; no page should carry one)'],
    ["base/index.html: <base> element (the Content-Security-Policy has base-uri 'none')"],
    ['noscript/index.html: broken link: /gone/'],
    ['no-meta/index.html: no <meta http-equiv="content-security-policy"> (hosts without headers rely on it)'],
    ['late-meta/index.html: <meta> Content-Security-Policy comes after a <link> it should cover'],
    ['other-meta/index.html: <meta> Content-Security-Policy differs from dist/_headers: default-src *'],
    ['a.css: requests another origin: https://cdn.example/x.css'],
    ['a.css: broken url(): missing.png'],
    ['_astro/app.js: refers to another origin: https://api.example/track (if it is never requested, add it to KNOWN_SCRIPT_URLS in scripts/dist-checks/js-files.mjs with the reason)'],
    ['_astro/app.js: refers to another origin: https://cdn.example/ (if it is never requested, add it to KNOWN_SCRIPT_URLS in scripts/dist-checks/js-files.mjs with the reason)'],
    ['_astro/imports.js: imports from another origin: https://cdn.example/dep.js'],
  ])('reports %s', (line) => {
    expect(problems).toContain(line);
  });

  it('finds an inline script the policy does not list, by its hash', () => {
    expect(at('inline/index.html').join('\n')).toMatch(/inline script not allowed by the Content-Security-Policy \(its hash 'sha256-[^']+' is not in script-src\): alert\(document\.cookie\)/);
  });

  it('passes a page that keeps to the policy: listed inline script, data blocks, markup inside attributes and comments, quoting styles, srcset', () => {
    expect(at('ok/index.html')).toEqual([]);
    expect(at('pagefind/en/pagefind.js')).toEqual([]); // a known, never-requested URL
    expect(at('_astro/local.js')).toEqual([]);
    expect(problems.filter((p) => p.includes('mailto'))).toEqual([]); // mail links are links
    expect(problems.filter((p) => p.includes('w3.org'))).toEqual([]); // namespaces are identifiers
  });

  it('the CSP meta it expects is the one the build writes', () => {
    expect(SECURITY_META).toContain(CSP_META);
  });
});

// The gaps the reliability probe found (issue 26): each case passed the checks before.
describe('check-dist: refreshes, rel lists, speculation rules, forms and SVG files', () => {
  const { dist, page, file } = site();
  const head = `<meta charset="utf-8">${SECURITY_META}<title>T</title><meta name="description" content="D">`;
  file('_headers', headersFile('/'));
  page('search/index.html', '<form action="/search/"><input name="q"><button>go</button></form><a href="/moved/">moved</a>', head);
  page('moved/index.html', '', `${head}<meta http-equiv="refresh" content="0; url=/search/">`);
  page('refresh/index.html', '', `${head}<meta http-equiv="refresh" content="0; url=https://evil.example/">`);
  page('rels/index.html', '', `${head}<link rel="alternate" hreflang="en" href="https://taiyaku.example/en/"><link rel="alternate stylesheet" href="https://cdn.example/alt.css"><link rel="canonical preload" as="script" href="https://cdn.example/c.js">`);
  page('speculation/index.html', '<script type="speculationrules">{"prerender":[{"source":"list","urls":["https://evil.example/"]}]}</script>', head);
  page('form/index.html', '<form action="https://evil.example/collect"><input name="q"><button formaction="//evil.example/b">x</button></form>', head);
  page('reader/index.html', '<div title="not data-anchor here" id="fake"></div>', `<!-- <title>hidden</title> -->${head}`);
  file('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#8a2f1c"/><text x="16" y="22">対</text></svg>');
  file('evil.svg', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><script>alert(1)</script><rect onclick="x()"/><image xlink:href="https://cdn.example/x.png"/><a href="/gone/"><text>x</text></a></svg>');

  const { problems } = checkDist(dist, '/') as { problems: string[] };
  it.each([
    ['refresh/index.html: leaves the site: <meta http-equiv="refresh"> https://evil.example/ (a refresh or a form goes where the site is, never to another origin)'],
    ['rels/index.html: requests another origin: <link rel="alternate stylesheet"> https://cdn.example/alt.css'],
    ['rels/index.html: requests another origin: <link rel="canonical preload"> https://cdn.example/c.js'],
    ['speculation/index.html: <script type="speculationrules">: the site prefetches and prerenders nothing (a rule can load pages of any origin before the reader asks)'],
    ['form/index.html: leaves the site: <form action> https://evil.example/collect (a refresh or a form goes where the site is, never to another origin)'],
    ['form/index.html: leaves the site: <button formaction> //evil.example/b (a refresh or a form goes where the site is, never to another origin)'],
    ['reader/index.html: the permanent anchors read by pattern (fake) are not the tree\'s (none)'],
    ['reader/index.html: the title read by pattern (hidden) is not the tree\'s (T)'],
    ["evil.svg: <script> in an SVG file (it runs on the site's origin when the file is opened)"],
    ['evil.svg: event-handler attribute onclick on <rect> in an SVG file'],
    ['evil.svg: requests another origin: <image xlink:href> https://cdn.example/x.png'],
    ['evil.svg: broken link: /gone/'],
  ])('reports %s', (line) => {
    expect(problems).toContain(line);
  });
  it('reports nothing else (an on-site form and refresh, a named alternate, a plain SVG file pass)', () => {
    expect(problems).toHaveLength(12);
  });
});

describe('check-dist parsers', () => {
  it.each([
    ['a.png', ['a.png']],
    ['a.png 1x, b.png 2x', ['a.png', 'b.png']],
    ['a,1.png 100w,b.png 200w', ['a,1.png', 'b.png']],
    ['  a.png, b.png  ', ['a.png', 'b.png']],
    ['a.png,b.png', ['a.png,b.png']], // a comma inside a URL belongs to it (HTML's srcset parsing)
    ['data:image/png;base64,AAA= 1x, c.png 2x', ['data:image/png;base64,AAA=', 'c.png']],
  ])('srcset %j', (value, urls) => {
    expect(srcsetUrls(value)).toEqual(urls);
  });

  it('reads url() and @import from CSS, not look-alikes in comments or strings', () => {
    expect(cssUrls('/* url(https://x) */ a{content:"url(https://y)";background:url( "/a.png" )} @import "b.css" screen; @import url(c.css);').urls).toEqual(['/a.png', 'b.css', 'c.css']);
    expect(cssUrls('color: red; background-image: image-set("d.png" 1x)', true).urls).toEqual(['d.png']);
  });

  it('reads import specifiers and URL strings from JavaScript, not comments', () => {
    const r = scriptUrls('// https://comment.example\nimport a from "./a.js"; export { b } from "/b.js"; import("https://c.example/c.js"); const s = "see https://d.example/x. ok";');
    expect(r.imports).toEqual(['./a.js', '/b.js', 'https://c.example/c.js']);
    expect(r.strings).toEqual(['https://c.example/c.js', 'https://d.example/x']);
    expect(scriptUrls('return 1', false).error).toBeUndefined(); // a classic script
  });
});
