// The build's rendered pages, handed from the pages' middleware (src/middleware.ts) to the build
// integration as each page is rendered, so the search index reads them while the other pages render
// (src/integrations/search-index.ts, startSearchIndex) instead of reading the written files after.
//
// Why a process-global: as with the site model (site-store.ts), the integration lives in the module
// graph that loaded astro.config.mjs and the middleware in Vite's, in the same process; they meet on
// exactly one global slot, `Symbol.for('taiyaku.pages')`. Only a build opens it (astro:build:start)
// and closes it (astro:build:done, or a failure): with nothing open, the middleware passes every
// response on untouched, as in the dev server.

/** Who takes the pages: called once per rendered HTML page, with its path (base included) and its bytes. */
export interface PageTaker {
  page(pathname: string, html: Uint8Array): void;
}

const KEY = Symbol.for('taiyaku.pages');
type Global = { [KEY]?: PageTaker };

export const renderedPages = {
  /** From now on, every rendered HTML page goes to `taker` (one build at a time). */
  open(taker: PageTaker): void {
    const g = globalThis as Global;
    if (g[KEY] && g[KEY] !== taker) throw new Error('taiyaku: a second build started taking the rendered pages while the first one still takes them (src/content/rendered-pages.ts)');
    g[KEY] = taker;
  },
  /** No page is taken any more (the build's pages are done, or it failed). */
  close(taker?: PageTaker): void {
    const g = globalThis as Global;
    if (taker === undefined || g[KEY] === taker) delete g[KEY];
  },
  /** Who takes the pages now, if a build does. */
  taker(): PageTaker | undefined {
    return (globalThis as Global)[KEY];
  },
};
