// Build-time duties that span the whole output: redirects for moved URLs, short-link pages, and the
// permanent-link manifest check (a published page or anchor may only disappear behind a redirect).
import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';
import { parse } from 'yaml';
import { extractAnchors, lostPermalinks, type Manifest, sortManifest } from '../lib/permalinks';
import { redirectsSchema } from '../schemas/content';
import { loadContent } from '../lib/load-content';
import { bundleSearchClient, type SearchClient, writeSearchClient } from './search-client';
import { shortLinks } from '../lib/short-links';
import { SITE_READY, type SiteModel, type SiteReady } from '../lib/model';
import { buildSearchIndex } from './search-index';
import { buildServiceWorker } from './service-worker';
import { writeFilesInWorker } from './write-files';

const MANIFEST = 'content/permalinks.json';
const REDIRECTS = 'content/redirects.yaml';

async function readRedirects(root: string): Promise<Record<string, string>> {
  const file = join(root, REDIRECTS);
  if (!existsSync(file)) return {};
  const parsed = redirectsSchema.safeParse(parse(await readFile(file, 'utf8')) ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `  ${REDIRECTS} › ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid ${REDIRECTS}:\n${issues.join('\n')}`);
  }
  return parsed.data.redirects;
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name === 'index.html') yield path;
  }
}

/** Pages that are contracts: everything but short links (derived from anchors) and redirect stubs. */
const isContractPage = (path: string) => !path.startsWith('/r/') && path !== '/404/';

export default function taiyaku(): AstroIntegration {
  let root = process.cwd();
  // Fixture and benchmark builds use other content; the manifest belongs to the bundled content only.
  const checkManifest = !process.env.TAIYAKU_CONTENT;
  let redirects: Record<string, string> = {};
  let base = '/';
  let siteUrl = 'http://localhost:4321';
  let outDir = '';
  /** The short-link pages, written from a worker as soon as a page has built the site model. */
  let shortLinkWrites: Promise<{ count: number; renderMs: number; writeMs: number }> | undefined;
  /** The games, for the offline parts (one per game): from the model the first page built. */
  let gameIds: string[] | undefined;
  /** The search client, bundled when the build starts (its URLs go into every page). */
  let searchClient: SearchClient | undefined;
  const writeShortLinks = (site: SiteModel) => {
    gameIds = site.games.map((g) => g.id);
    const t0 = performance.now();
    const links = shortLinks(site, base, siteUrl);
    const t1 = performance.now();
    return writeFilesInWorker([...links].map(([path, html]) => [join(outDir, path, 'index.html'), html]))
      .then((count) => ({ count, renderMs: t1 - t0, writeMs: performance.now() - t1 }));
  };
  return {
    name: 'taiyaku',
    hooks: {
      'astro:config:setup': async ({ config, updateConfig, command }) => {
        root = fileURLToPath(config.root);
        base = config.base;
        siteUrl = config.site ?? siteUrl;
        redirects = await readRedirects(root);
        // Whole-page moves become redirect pages; anchor moves are recorded only (same page).
        const pages = Object.fromEntries(Object.entries(redirects).filter(([from]) => !from.includes('#')));
        // The search client's URLs, for the layout (src/search/client.d.ts): the bundle's files in a
        // build; in the dev server Vite serves the sources themselves.
        const b = base.endsWith('/') ? base : `${base}/`;
        if (command === 'build') searchClient = await bundleSearchClient();
        const urls = searchClient
          ? { panel: `${b}_astro/${searchClient.panel}`, page: `${b}_astro/${searchClient.page}` }
          : { panel: `${b}src/search/panel.ts`, page: `${b}src/search/page.ts` };
        updateConfig({ redirects: pages, vite: { define: { __SEARCH_CLIENT__: JSON.stringify(urls) } } });
      },
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': () => {
        // Registered for builds only (never the dev server); content.ts calls it once per build.
        (globalThis as { [SITE_READY]?: SiteReady })[SITE_READY] = (site) => {
          shortLinkWrites ??= writeShortLinks(site);
          shortLinkWrites.catch(() => undefined); // reported where it is awaited, in astro:build:done
        };
      },
      'astro:build:done': async ({ dir, logger }) => {
        delete (globalThis as { [SITE_READY]?: SiteReady })[SITE_READY];
        const out = fileURLToPath(dir);
        if (searchClient) await writeSearchClient(searchClient, out);
        // Pagefind runs in its own process over the language folders (short links under /r/ are
        // never indexed).
        const searching = buildSearchIndex(out);
        searching.catch(() => undefined); // a failure is reported where it is awaited, below
        let written: Awaited<ReturnType<typeof writeShortLinks>>;
        try {
          // When no page asked for the model (a site without content pages), read content/ here.
          written = await (shortLinkWrites ?? writeShortLinks(loadContent(process.env.TAIYAKU_CONTENT ?? join(root, 'content')).site));
        } catch (error) {
          await searching.catch(() => undefined); // let Pagefind finish and close before failing
          throw error;
        }
        shortLinkWrites = undefined;
        logger.info(`${written.count} short links written under /r/ (render ${Math.round(written.renderMs)} ms, written by a worker in ${Math.round(written.writeMs)} ms alongside the pages)`);
        const search = await searching;
        logger.info(`search index: ${search.pages.ja} ja + ${search.pages.en} en pages in ${search.ms} ms`);
        const sw = await buildServiceWorker(out, base, gameIds ?? []);
        const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
        logger.info(`service worker: version ${sw.version}; nothing precached; saving for offline takes ${sw.parts.map((p) => `${p.id} ${p.files} files ${mb(p.bytes)}`).join(', ')}`);
        if (!checkManifest) return;
        const next: Manifest = {};
        for await (const file of htmlFiles(out)) {
          const path = `/${relative(out, file).split(sep).slice(0, -1).join('/')}/`.replace('//', '/');
          if (!isContractPage(path) || path in redirects) continue;
          next[path] = extractAnchors(await readFile(file, 'utf8'));
        }
        const manifestFile = join(root, MANIFEST);
        const old: Manifest = existsSync(manifestFile) ? JSON.parse(await readFile(manifestFile, 'utf8')) : {};
        const lost = lostPermalinks(old, next, redirects);
        if (lost.length) {
          throw new Error(
            `${lost.length} published permalink(s) disappeared without a redirect:\n${lost.map((l) => `  ${l}`).join('\n')}\n`
            + `Restore them, or add "old: new" lines to ${REDIRECTS}.`,
          );
        }
        const text = `${JSON.stringify(sortManifest(next), null, 1)}\n`;
        if (text !== (existsSync(manifestFile) ? await readFile(manifestFile, 'utf8') : '')) {
          await writeFile(manifestFile, text);
          logger.info(`${MANIFEST} updated (${Object.keys(next).length} pages): commit it with your change.`);
        }
      },
    },
  };
}
