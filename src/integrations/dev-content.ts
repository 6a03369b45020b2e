// Duty, dev server only: the content folder watched, and the site model rebuilt through the one
// content check (content-check.ts, the build's reader) whenever a file in it is added, changed or
// removed. The new model is swapped into the site store (src/content/site-store.ts); every module of
// src/ and of the content folder the server has evaluated is invalidated (the pages, the layout and
// the render caches built on the old model, the MDX bodies whose links it resolved) — Astro keys its
// route cache by the page module, so a re-evaluated page runs getStaticPaths again and a new entry
// gets its page — and the browser reloads.
// Decision (docs/architecture.md#the-dev-server): a change that brings a problem shows our message
// (file › field) in the terminal and, instead of the pages, on Astro's error page, until a save
// mends it; a server started on bad content does the same.
import { isAbsolute, relative, resolve } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import type { ViteDevServer } from 'vite';
import { siteStore } from '../content/site-store';
import type { SiteModel } from '../model/site-model';
import { pinnedShortLinks } from '../render/pinned';
import { shortLinks } from '../render/short-links';
import { runContentCheck } from './content-check';

/** How long a burst of file events (an editor's save, a checkout) is waited out before one rebuild. */
const SETTLE_MS = 50;

const under = (dir: string, file: string) => {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/** Every module of `dirs` that the server's environments hold, invalidated (server graph and runner). */
function invalidate(server: ViteDevServer, dirs: string[]): number {
  const timestamp = Date.now();
  let count = 0;
  for (const [name, environment] of Object.entries(server.environments)) {
    if (name === 'client') continue; // the browser reloads the whole page
    const graph = environment.moduleGraph;
    for (const mod of [...graph.idToModuleMap.values()]) {
      if (!mod.file || !dirs.some((d) => under(d, mod.file!))) continue;
      graph.invalidateModule(mod, undefined, timestamp, true);
      count += 1;
    }
    const runner = (environment as { runner?: { evaluatedModules: { idToModuleMap: Map<string, { file: string }>; invalidateModule(node: unknown): void } } }).runner;
    if (runner) {
      for (const node of [...runner.evaluatedModules.idToModuleMap.values()]) {
        if (node.file && dirs.some((d) => under(d, node.file))) runner.evaluatedModules.invalidateModule(node);
      }
    }
  }
  return count;
}

/**
 * The files the build writes beside Astro's pages from the model (short-links.ts): the short links,
 * the pinned links and their tables, base-free path → text. Rendered once per model, on first request.
 */
const written = new WeakMap<SiteModel, Map<string, string>>();
function writtenFiles(site: SiteModel, base: string, siteUrl: string): Map<string, string> {
  let files = written.get(site);
  if (!files) {
    const pinned = pinnedShortLinks(site, base, siteUrl);
    files = new Map();
    for (const [path, html] of [...shortLinks(site, base, siteUrl), ...pinned.pages]) files.set(`${path}index.html`, html);
    for (const [path, text] of pinned.files) files.set(path, text);
    written.set(site, files);
  }
  return files;
}

export function watchContent(server: ViteDevServer, options: { contentDir: string; srcDir: string; base: string; siteUrl: string; logger: AstroIntegrationLogger; refreshContent?: (() => Promise<void>) | undefined }): void {
  const dir = resolve(options.contentDir);
  const { logger } = options;
  server.watcher.add(dir);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const rebuild = async () => {
    timer = undefined;
    const t0 = performance.now();
    // A problem: logged by the check, and the pages throw it until a save mends it (site-store.ts).
    const { shared } = runContentCheck(options.contentDir, 'dev', logger);
    const t1 = performance.now();
    // The MDX bodies' collection synced before the reload, so a new .mdx entry's page finds its body.
    if (shared) await options.refreshContent?.().catch((e: unknown) => logger.warn(`the MDX bodies could not be synced: ${String(e)}`));
    const modules = invalidate(server, [resolve(options.srcDir), dir]);
    server.environments.client.hot.send({ type: 'full-reload', path: '*' });
    const ms = (a: number, b: number) => `${Math.round(b - a)} ms`;
    if (shared) logger.info(`content changed: site model rebuilt by the content check in ${ms(t0, t1)}, MDX bodies synced in ${ms(t1, performance.now())} (${modules} modules invalidated)`);
  };
  const changed = (file: string) => {
    if (!under(dir, resolve(file))) return;
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), SETTLE_MS);
  };
  for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, changed);

  // The short and pinned links are no Astro pages (the build writes them from the model): served here
  // from the current model, so /r/… answers in the dev server as in the output folder.
  const base = options.base.endsWith('/') ? options.base : `${options.base}/`;
  server.middlewares.use((req, res, next) => {
    // Vite's base middleware has taken the base off by now; a request that kept it is taken as well.
    let url = (req.url ?? '').split(/[?#]/)[0] ?? '';
    if (base !== '/' && url.startsWith(base)) url = url.slice(base.length - 1);
    if (!url.startsWith('/r/')) return next();
    const shared = siteStore.get();
    if (!shared) return next();
    let path: string;
    try {
      path = decodeURIComponent(url);
    } catch {
      return next();
    }
    const files = writtenFiles(shared.site, options.base, options.siteUrl);
    const text = files.get(path.endsWith('/') ? `${path}index.html` : path);
    if (text === undefined) return next();
    res.setHeader('content-type', path.endsWith('.json') ? 'application/json' : 'text/html; charset=utf-8');
    res.end(text);
  });
}
