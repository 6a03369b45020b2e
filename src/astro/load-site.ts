// Astro glue: the site model and redirect lines the pages and the layout render from: the ones the
// content check built before Astro read a file (src/content/site-store.ts), in a build and in the
// dev server alike. A build builds it once (the integration counts, and stops a build that built
// another); the dev server rebuilds it through the same check when the content changes and swaps it
// into the store (src/integrations/dev-content.ts), so the pages read no collection of their own.
import { siteStore } from '../content/site-store';
import { splitPath, type RedirectRules } from '../model/redirects';
import type { SiteModel } from '../model/site-model';

/**
 * The site model. Read from the store on every call (a dev server's may have been swapped since);
 * rejects with the content problems while a dev server's content has them (Astro's error page shows them).
 */
export function loadSite(): Promise<SiteModel> {
  try {
    return Promise.resolve(siteStore.forPages());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

const byPage = new WeakMap<RedirectRules, Map<string, Record<string, string>>>();

/**
 * For the page layout: the anchors that moved off the page at `path` (base-free), with their new
 * places, from the redirect lines that came with the model. A file with problems gives no page a
 * map (the check has already reported it).
 */
export function movedAnchorsFor(path: string): Record<string, string> {
  const rules = siteStore.get()?.redirects;
  if (!rules) return {};
  let pages = byPage.get(rules);
  if (!pages) {
    pages = new Map();
    if (!rules.problems.length) {
      for (const r of rules.byFrom.values()) {
        const { page, anchor } = splitPath(r.from);
        if (anchor !== undefined) pages.set(page, { ...pages.get(page), [anchor]: r.final });
      }
    }
    byPage.set(rules, pages);
  }
  return pages.get(path) ?? {};
}

/** Whether `astro dev` is serving the pages (its policy lets Vite's inline styles apply; src/render/csp.ts). */
export const servedByDevServer = (): boolean => siteStore.isDevServer();
