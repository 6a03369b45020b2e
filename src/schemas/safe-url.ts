// Which link targets content may carry. Content comes from authors, imported third-party files and
// pull requests; a `javascript:` (or `data:`, `vbscript:` …) URL becomes a live script link on
// every page that shows it. Only web URLs are allowed: an absolute http(s) URL, or a reference
// that stays on this site (a path, `../x/`, `#anchor`, `?q=`).
const BASES = ['http://one.invalid/a/b/', 'https://two.invalid/c/d/'] as const;

/**
 * True for `https://…`, `http://…` and site-relative references. Decided by the WHATWG URL parser,
 * the one browsers use, so tricks it strips or folds (`java\tscript:`, ` JAVASCRIPT:`, `/\host`)
 * are judged as a browser would resolve them: a reference that resolves the same against two
 * different bases is absolute and must be http(s) with a host; one that does not must stay on the
 * page's own host (so `//host/` and `/\host` count as other sites without a scheme, and are refused).
 */
export function isSafeUrl(url: string): boolean {
  let a: URL;
  let b: URL;
  try {
    a = new URL(url, BASES[0]);
    b = new URL(url, BASES[1]);
  } catch {
    return false;
  }
  if (a.href === b.href) return (a.protocol === 'https:' || a.protocol === 'http:') && a.host !== '';
  return a.host === 'one.invalid' && b.host === 'two.invalid';
}

/**
 * A URL field of the content schemas (a source's `url`): an absolute http(s) URL, or a path from
 * the site's root (`/ja/…`, deployed under the site's base). A bare `www.example.com` is refused
 * rather than read as a relative path.
 */
export function isWebUrl(url: string): boolean {
  return isSafeUrl(url) && (/^https?:\/\//i.test(url) || /^\/(?![/\\])/.test(url));
}

/** The "Expected …" half of a problem report about a refused URL. */
export const SAFE_URL_EXPECTED = 'an http(s) URL (https://…) or a site-relative path (/…, ../x/, #id); javascript:, data:, vbscript: and other schemes are refused';
