// The build integration: Taiyaku's build-time duties, one file each, run in this order.
// - astro:config:setup — the content check (content-check.ts), before Astro reads a file; its site
//   model is shared with the pages, the MDX plugin and the duties below (src/content/site-store.ts).
//   The search client (search-client.ts) is bundled, and its URLs given to the layout.
// - astro:server:setup (the dev server only) — the content folder watched, the model rebuilt through
//   the same check on every change and swapped in (dev-content.ts).
// - while the pages render — the short links (short-links.ts), from a worker thread; and the search
//   index (search-index.ts), which Pagefind's process builds from each page as it renders (handed
//   over by src/middleware.ts through src/content/rendered-pages.ts).
// - astro:build:done — the search index's bundles are written and post-processed; the
//   permanent-link check (permalinks.ts) reads every page and plans the redirects against them;
//   once the index has read the pages, the redirect pages (redirects.ts); the offline lists and
//   service worker (service-worker.ts); the security headers file (security-headers.ts); last, the
//   manifest. The search client's files are written first. A check that fails after the pages were written removes the output folder, so no
//   half-checked site is left to deploy.
// - astro:build:start — the previous output (previous-output.ts) is moved aside and deleted by a worker
//   while the build runs (Astro's own emptying is turned off), its /r/ kept for the short links to
//   rewrite only what changed; the build waits for the deletion before it reads its output.
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';
import { type SharedSite, siteStore } from '../content/site-store';
import { collectRenderProblems, takeRenderProblems } from '../content/mdx-render-guard';
import { ContentError } from '../model/problems';
import { runContentCheck } from './content-check';
import { watchContent } from './dev-content';
import { outputGuard } from './output-guard';
import { checkPermalinks, readBuiltPages, writeManifest } from './permalinks';
import { writeRedirects } from './redirects';
import { buildSearchIndex, fragmentLine, searchBlocksFrom, searchFragmentsFrom, type SearchIndexRun, startSearchIndex, stepsLine } from './search-index';
import { renderedPages } from '../content/rendered-pages';
import { writeSecurityHeaders } from './security-headers';
import { buildServiceWorker } from './service-worker';
import { shortLinkWriter } from './short-links';
import { costLines, type Limits, limitsFrom, measureOutput, nearLimits, overLimits } from './output-cost';
import { fitsBytes, fitsFiles, type OutputPlan, planOutput, readPublished } from './output-plan';
import { docIds } from '../render/pinned';
import { writeServed } from './served';
import { type Clearing, clearPreviousOutput, removeLeftovers, REUSED } from './previous-output';
import { bundleSearchClient, type SearchClient, writeSearchClient } from './search-client';

export default function taiyaku(): AstroIntegration {
  let root = process.cwd();
  let contentDir = '';
  let base = '/';
  let siteUrl = 'http://localhost:4321';
  let outDir = '';
  /** Astro's cache folder (TAIYAKU_CACHE), where the Zopfli-recompressed search files are kept. */
  let cacheDir: string | undefined;
  let checked: SharedSite | undefined;
  /** The host's limits (TAIYAKU_MAX_FILES, TAIYAKU_MAX_BYTES), read when the build starts. */
  let limits: Limits = {};
  /** The output counted before a page is rendered (output-plan.ts), for the limits' messages. */
  let planned: OutputPlan | undefined;
  let publicDir = '';
  /** When Astro started writing pages, for the log of what each kind cost. */
  let pagesStart = 0;
  /** When the build started (ms since the epoch): what a writer wrote since is this build's. */
  let buildStart = 0;
  /** The previous output, being deleted while the build runs. */
  let clearing: Clearing | undefined;
  const shortLinks = shortLinkWriter(() => ({ outDir, base, siteUrl, limits }));
  const guard = outputGuard();
  /** The search client, bundled when the build starts (its URLs go into every page). */
  let searchClient: SearchClient | undefined;
  /** The search index, fed the pages as they render (search-index.ts). */
  let searchRun: SearchIndexRun | undefined;
  return {
    name: 'taiyaku',
    hooks: {
      'astro:config:setup': async ({ config, command, logger, updateConfig }) => {
        root = fileURLToPath(config.root);
        publicDir = fileURLToPath(config.publicDir);
        base = config.base;
        siteUrl = config.site ?? siteUrl;
        contentDir = process.env.TAIYAKU_CONTENT ?? join(root, 'content');
        // The search client's URLs, for the layout (src/search/client.d.ts): the bundle's files in a
        // build; in the dev server Vite serves the sources themselves.
        const b = base.endsWith('/') ? base : `${base}/`;
        if (command === 'build') searchClient = await bundleSearchClient();
        const urls = searchClient
          ? { panel: `${b}_astro/${searchClient.panel}`, page: `${b}_astro/${searchClient.page}`, pinnedLine: `${b}_astro/${searchClient.pinnedLine}` }
          : { panel: `${b}src/search/panel.ts`, page: `${b}src/search/page.ts`, pinnedLine: `${b}src/scripts/pinned-line.ts` };
        // In a build the integration clears the previous output itself (previous-output.ts), without waiting for the disk.
        updateConfig({ vite: { define: { __SEARCH_CLIENT__: JSON.stringify(urls) }, ...(command === 'build' ? { build: { emptyOutDir: false } } : {}) } });
        if (command !== 'build' && command !== 'dev') return;
        if (command === 'build') limits = limitsFrom(process.env);
        if (command === 'dev') siteStore.markDevServer();
        checked = runContentCheck(contentDir, command, logger).shared;
      },
      'astro:server:setup': ({ server, logger, refreshContent }) => {
        // The dev server follows the content: each change rebuilds the model through the same check.
        watchContent(server, { contentDir, srcDir: join(root, 'src'), base, siteUrl, logger, refreshContent: refreshContent && (() => refreshContent({})) });
      },
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': ({ logger }) => {
        // With a host limit set, the whole output counted from the model before a page is rendered
        // (output-plan.ts; about 0.2–1 s on a full deployment, so not without one): over the file
        // limit already, the build stops here, saying what would fit, before it touches the output
        // folder (the previous build's output is left as it was).
        if (checked?.site && (limits.files !== undefined || limits.bytes !== undefined)) {
          const t0 = performance.now();
          planned = planOutput({ site: checked.site, redirects: checked.redirects, published: readPublished(contentDir), base, siteUrl, publicDir, searchClientFiles: searchClient?.files.length ?? 0, cap: searchFragmentsFrom(process.env), blocks: searchBlocksFrom(process.env) });
          const p = planned;
          logger.info(`output planned before rendering (${Math.round(performance.now() - t0)} ms): at least ${p.files.toLocaleString('en-US')} files; by kind: ${p.kinds.map((k) => `${k.kind} ${k.atLeast ? '≥ ' : ''}${k.files}`).join(', ')}`);
          const over = overLimits({ ...p, atLeast: true }, limits.files === undefined ? {} : { files: limits.files }, 'this site', ({ files = 0 }) => fitsFiles(p, files + p.expected - p.files));
          if (over) throw new Error(`${over}\nStopped before rendering a page: ${relative(root, outDir) || outDir}/ was not touched.`);
        }
        // Builds only (never the dev server): the first page to take the model starts the short links.
        pagesStart = performance.now();
        buildStart = Date.now();
        clearing = clearPreviousOutput(outDir);
        siteStore.onRendering((site) => shortLinks.start(site));
        // Pagefind reads each page as it renders (src/middleware.ts hands them over).
        searchRun = startSearchIndex(outDir, base, cacheDir);
        renderedPages.open(searchRun);
        guard.arm(outDir);
        collectRenderProblems();
      },
      'astro:build:done': async ({ dir, logger, pages }) => {
        const out = fileURLToPath(dir);
        guard.disarm();
        renderedPages.close();
        try {
          // MDX bodies whose code threw while the pages rendered, every one (src/content/mdx-render-guard.ts).
          const thrown = takeRenderProblems();
          if (thrown.length) throw new ContentError(thrown);
          await finish(out, logger, pages.map((p) => p.pathname));
        } catch (error) {
          await searchRun?.abort();
          // No half-checked site is left behind to deploy.
          await rm(out, { recursive: true, force: true });
          logger.error(`${relative(root, out) || out}/ was removed: the build did not pass its checks.`);
          throw error;
        } finally {
          siteStore.release();
        }
      },
    },
  };

  async function finish(out: string, logger: AstroIntegrationLogger, pageNames: string[]) {
    const { site, redirects } = checked!;
    const pagesSeconds = (performance.now() - pagesStart) / 1000;
    const seconds: Record<string, number> = {};
    const timed = async <T>(kinds: string[], run: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      try { return await run(); } finally { for (const k of kinds) seconds[k] = (seconds[k] ?? 0) + (performance.now() - t0) / 1000; }
    };
    const uses = siteStore.stats();
    if (uses.builds !== 1) throw new Error(`taiyaku: the site model was built ${uses.builds} times in this build; the pages must render from the content check's (src/content/site-store.ts)`);
    logger.info(`site model built once, by the content check, and shared with ${uses.pageUses ? 'the pages, ' : ''}the MDX plugin and the build's duties`);
    if (searchClient) await writeSearchClient(searchClient, out);
    // Pagefind has read the pages as they rendered; what is left is its write and our post-steps
    // (short links under /r/ and the redirect pages written below are never indexed).
    const searching = searchRun ? searchRun.finish((line) => logger.warn(line)) : buildSearchIndex(out, cacheDir);
    searching.catch(() => undefined); // a failure is reported where it is awaited, below
    try {
      const written = await shortLinks.done(site);
      const p = written.pinned;
      logger.info(`${written.count} short links written under /r/: ${written.kinds.map((k) => `${k.files} ${k.kind}`).join(', ')} (pinned: ${p.current} of the current editions, ${p.served} of earlier served ones, and ${p.removed} removed rules' pages; render ${Math.round(written.renderMs)} ms, written by a worker in ${Math.round(written.writeMs)} ms alongside the pages)`);
      seconds['short links'] = written.renderMs / 1000;
      seconds['pinned-link tables'] = 0;
      // Nothing of the previous output may be read as this build's: wait until it is gone.
      const cleared = clearing ? await clearing.gone : 0;
      logger.info(`previous output: ${clearing?.moved ?? 0} top-level entries deleted by a worker in ${Math.round(cleared)} ms alongside the build; under /${REUSED}/ ${written.kept} files kept as they were and ${written.written} written`);

      const { built, titles, landings } = await timed(['permanent-link check'], () => readBuiltPages(out));
      const plan = await timed(['permanent-link check'], () => checkPermalinks(contentDir, redirects, built, landings));
      // The redirect pages appear once Pagefind's pages are final (listed and read), not before:
      // they are never indexed. Pagefind's write and our post-steps go on meanwhile.
      if (searchRun) await searchRun.indexed;
      else await searching;
      const redirected = await timed(['redirects'], () => writeRedirects({ out, plan, titles, site, base, siteUrl }, logger));
      // What the previous build left under /r/ and no writer of this one wrote goes, before the offline lists read the folder.
      const underR = (rel: string) => rel.startsWith(`${REUSED}/`);
      const astroLinks = pageNames.map((p) => `${p.replace(/^\/|\/$/g, '')}/index.html`).filter(underR);
      const removed = removeLeftovers(out, written.leftovers, new Set(astroLinks.map((rel) => rel.slice(REUSED.length + 1))), buildStart);
      if (removed) logger.info(`${removed} file(s) of the previous build under /${REUSED}/ removed: this build no longer writes them`);
      const links = { files: [...written.files.keys(), ...astroLinks, ...redirected.map((f) => relative(out, f).split(sep).join('/')).filter(underR)], known: written.files };

      const search = await searching;
      logger.info(`search index: ${search.pages.ja} ja + ${search.pages.en} en pages (${search.streamed.ja + search.streamed.en} read as they rendered, ${search.fromDisk.ja + search.fromDisk.en} from the written files), ${search.ms} ms after the pages (${stepsLine(search.steps)}); ${fragmentLine(search.fragments, search.cap)}`);
      seconds['search index'] = search.ms / 1000;
      const z = Object.values(search.zopfli).flatMap((r) => Object.entries(r.files));
      if (z.length) logger.info(`search files recompressed with Zopfli: ${z.map(([name, f]) => `${name} ${(f.before / 1024).toFixed(1)} → ${(f.after / 1024).toFixed(1)} KB${f.cached ? ' (cached)' : ''}`).join(', ')}`);
      for (const w of Object.values(search.zopfli).flatMap((r) => r.warnings)) logger.warn(`search files: ${w}`);
      const sw = await timed(['offline lists and service worker'], () => buildServiceWorker(out, base, site.games.map((g) => g.id), links));
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      logger.info(`service worker: version ${sw.version}; nothing precached; saving for offline takes ${sw.parts.map((p) => `${p.id} ${p.files} files ${mb(p.bytes)}`).join(', ')}`);
      await writeSecurityHeaders(out, base);

      // What each kind of output cost, and the host's limits (docs/deploy.md#host-limits): a site
      // over them is removed (below) before anyone deploys it.
      const measured = await measureOutput(out, written.folders);
      seconds['pages'] = pagesSeconds;
      for (const line of costLines(measured, seconds)) logger.info(line);
      logger.info(`  (pages: Astro's render and write of every page, the short links' worker alongside; after them: ${Object.entries(seconds).filter(([k]) => !measured.kinds.some((m) => m.kind === k)).map(([k, v]) => `${k} ${v.toFixed(1)} s`).join(', ')})`);
      const bytesOf = (rel: string) => written.files.get(rel)?.bytes ?? (() => { try { return statSync(join(out, rel)).size; } catch { return 0; } })();
      const over = overLimits(measured, limits, 'this site', ({ files, bytes }) => [
        ...(files !== undefined && planned ? fitsFiles(planned, files) : []),
        ...(bytes !== undefined && planned ? fitsBytes(planned, site, bytesOf) : []),
      ]);
      if (over) throw new Error(over);
      // Under the limit, but not by one more edition: said now, while there is time to decide.
      // Each pinned document's next edition keeps a pinned page per number of its current one.
      const next = site.games.flatMap((g) => site.pins(g.id).docs.map((d) => ({ doc: `${g.id}/${d.doc}`, files: docIds(site, g.id, d.doc).length })));
      const near = nearLimits(measured, limits, next);
      if (near) logger.warn(near);

      // Last, once everything passed.
      await writeManifest(contentDir, plan, logger);
      await writeServed(contentDir, site, logger);
    } catch (error) {
      await searching.catch(() => undefined); // let Pagefind finish and close before failing
      throw error;
    }
  }
}
