// The site's Content-Security-Policy and security headers: one policy for every page, built from
// the inline scripts it allows (src/render/inline-scripts.ts). Every page carries it in a <meta>
// (GitHub Pages and any host that cannot set headers); the build also writes dist/_headers for
// Netlify and Cloudflare Pages with the header-only parts. docs/deploy.md quotes the result, and a
// test holds the two together.
import { createHash } from 'node:crypto';
import { INLINE_SCRIPTS } from './inline-scripts';

/** The CSP source for an inline script: its SHA-256, base64, as browsers compute it. */
export const scriptHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Directives, in order. Everything comes from the site itself; Pagefind compiles its WebAssembly
 * search engine ('wasm-unsafe-eval' allows WebAssembly, not JavaScript eval); no plugins, no
 * <base>, forms submit only to the site, and no inline script runs unless it is one of ours.
 */
const DIRECTIVES: [string, string[]][] = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'", "'wasm-unsafe-eval'", ...INLINE_SCRIPTS.map(scriptHash)]],
  ['style-src', ["'self'"]],
  ['img-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'self'"]],
  // Only in a header: browsers ignore frame-ancestors in a <meta> (and warn).
  ['frame-ancestors', ["'none'"]],
];
const HEADER_ONLY = new Set(['frame-ancestors']);

const join = (dirs: [string, string[]][]) => dirs.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');

/** The policy as an HTTP header sends it. */
export const CSP_HEADER = join(DIRECTIVES);
/** The same policy without what a <meta> cannot carry, for `<meta http-equiv="content-security-policy">`. */
export const CSP_META = join(DIRECTIVES.filter(([name]) => !HEADER_ONLY.has(name)));
/**
 * The dev server's policy: Vite serves stylesheets as inline `<style>` elements there, which
 * `style-src 'self'` would block (every dev page unstyled). Never in a build.
 */
export const CSP_META_DEV = CSP_META.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");
/** Sent as a header, and as `<meta name="referrer">` on every page. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Headers for every response (a <meta> cannot set X-Content-Type-Options or frame-ancestors). */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CSP_HEADER,
  'Referrer-Policy': REFERRER_POLICY,
  'X-Content-Type-Options': 'nosniff',
};

/** The head tags every page starts with, right after <meta charset> (before any script or style). */
export const SECURITY_META = `<meta http-equiv="content-security-policy" content="${CSP_META}"><meta name="referrer" content="${REFERRER_POLICY}">`;

/** dist/_headers: Netlify's and Cloudflare Pages' format (a path pattern, then indented `Name: value` lines). */
export function headersFile(base: string): string {
  const b = base.endsWith('/') ? base : `${base}/`;
  return [
    '# Written by the build from src/render/csp.ts (docs/deploy.md). Netlify and Cloudflare Pages read this file.',
    '/*',
    ...Object.entries(SECURITY_HEADERS).map(([k, v]) => `  ${k}: ${v}`),
    `${b}_astro/*`,
    '  Cache-Control: public, max-age=31536000, immutable',
    '',
  ].join('\n');
}
