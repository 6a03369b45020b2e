// Astro's middleware: in a build, each rendered HTML page's bytes are handed to the build's search
// index as the page is rendered (src/content/rendered-pages.ts; docs/search.md, "Built while the
// pages render"), and passed on to Astro unchanged, which writes them. Outside a build (the dev
// server, `astro preview`), nobody takes the pages and every response goes on untouched.
import type { MiddlewareHandler } from 'astro';
import { renderedPages } from './content/rendered-pages';

export const onRequest: MiddlewareHandler = async (context, next) => {
  const taker = renderedPages.taker();
  if (!taker) return next();
  const response = await next();
  // Only a page Astro writes as it is: a 200 with an HTML body (redirects become Astro's own
  // template, endpoints are not HTML).
  if (response.status !== 200 || !response.body || !/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) return response;
  const html = new Uint8Array(await response.arrayBuffer());
  taker.page(context.url.pathname, html);
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
};
