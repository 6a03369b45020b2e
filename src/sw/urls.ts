// How the service worker names and sorts what it caches (pure, so the tests can hold it).

/** Search state (?q=, game, doc), Pagefind's cache buster (?ts=) and a pinned link's ?pin= are not part of a file's identity. */
const STATE_PARAMS = ['q', 'game', 'doc', 'ts', 'pin'];

/** The URL a file is kept under: state parameters and the fragment dropped, a folder URL as its index.html. */
export function cacheKey(input: string): string {
  const url = new URL(input);
  for (const p of STATE_PARAMS) url.searchParams.delete(p);
  if (url.pathname.endsWith('/')) url.pathname += 'index.html';
  url.hash = '';
  return url.href;
}

/** Files whose name changes with their content (Astro's assets, Pagefind's chunks): safe to serve from cache first. */
export function isHashed(url: URL, base: string): boolean {
  const path = url.pathname;
  if (!path.startsWith(base)) return false;
  const rest = path.slice(base.length);
  return rest.startsWith('_astro/') || /^pagefind\/[a-z]+\/(index|fragment|filter)\//.test(rest) || /^pagefind\/[a-z]+\/[^/]+\.pf_meta$/.test(rest);
}
