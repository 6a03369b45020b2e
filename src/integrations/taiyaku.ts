// Build-time duties that span the whole site: the content check before anything is read, short-link
// pages, redirect pages for moved URLs, and the permanent-link manifest (a published page or anchor
// may only disappear behind a redirect), the offline lists and service worker, and the security headers
// file. A check that fails after the pages were written removes the output folder, so no half-checked
// site is left to deploy.
import type { AstroIntegration } from 'astro';
import { existsSync } from 'node:fs';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';
import { checkContent } from '../content/check-content';
import { extractAnchors, lostPermalinks, type Manifest, sortManifest } from '../model/permalinks';
import { formatProblems, type Problem } from '../model/problems';
import { CHECKED_SITE, type CheckedSite, formatCoverage, SITE_READY, type SiteModel, type SiteReady } from '../model/site-model';
import { checkRedirects, type RedirectRules } from '../model/redirects';
import { REDIRECTS_FILE } from '../content/redirects-file';
import { movedShortLinks, redirectPageHtml } from '../render/redirect-pages';
import { shortLinks } from '../render/short-links';
import { headersFile } from '../render/csp';
import { t } from '../i18n';
import { buildSearchIndex } from './search-index';
import { buildServiceWorker } from './service-worker';
import { writeFilesInWorker } from './write-files';

const MANIFEST = 'permalinks.json';

/** Every index.html under `dir`, except under `skip` (the thousands of short links). */
async function* htmlFiles(dir: string, skip: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== skip) yield* htmlFiles(path, skip);
    } else if (entry.name === 'index.html') yield path;
  }
}

/** Pages that are contracts: everything but short links (derived from anchors) and the 404 page. */
const isContractPage = (path: string) => !path.startsWith('/r/') && path !== '/404/';

const TITLE = /<title>([^<]*)<\/title>/;
const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** A page's title without the site name, to name it on the redirect pages that lead to it. */
function pageTitle(html: string): string | undefined {
  const title = TITLE.exec(html)?.[1];
  if (title === undefined) return undefined;
  return decode(title).replace(new RegExp(` \\| (${[t('ja', 'site.name'), t('en', 'site.name')].join('|')})$`), '');
}

export default function taiyaku(): AstroIntegration {
  let root = process.cwd();
  let contentDir = '';
  let base = '/';
  let siteUrl = 'http://localhost:4321';
  let outDir = '';
  let checked: SiteModel | undefined;
  let redirects: RedirectRules = { byFrom: new Map(), problems: [] };
  /** The short-link pages, written from a worker as soon as a page has built the site model. */
  let shortLinkWrites: Promise<{ count: number; renderMs: number; writeMs: number }> | undefined;
  const writeShortLinks = (site: SiteModel) => {
    const t0 = performance.now();
    const links = shortLinks(site, base, siteUrl);
    const t1 = performance.now();
    return writeFilesInWorker([...links].map(([path, html]) => [join(outDir, path, 'index.html'), html]))
      .then((count) => ({ count, renderMs: t1 - t0, writeMs: performance.now() - t1 }));
  };
  return {
    name: 'taiyaku',
    hooks: {
      'astro:config:setup': ({ config, command, logger }) => {
        root = fileURLToPath(config.root);
        base = config.base;
        siteUrl = config.site ?? siteUrl;
        contentDir = process.env.TAIYAKU_CONTENT ?? join(root, 'content');
        if (command !== 'build' && command !== 'dev') return;
        // The one content check (the tests run the same one): every problem at once, before Astro
        // reads a file, so a bad entry stops the build with the whole list and leaves dist/ as it was.
        const check = checkContent(contentDir);
        for (const w of check.warnings) logger.warn(`${w.file} › ${w.field}: ${w.message}. Expected ${w.expected}.`);
        if (check.problems.length) {
          const message = formatProblems(check.problems);
          if (command === 'build') throw new Error(message);
          logger.error(message);
          return;
        }
        checked = check.site;
        if (checked) logger.info(formatCoverage(checked.coverage).replace(/^\[taiyaku\] /, ''));
        redirects = check.redirects;
        // The pages render from the model the check validated (same files, parser and schemas).
        if (command === 'build' && checked) (globalThis as { [CHECKED_SITE]?: CheckedSite })[CHECKED_SITE] = { dir: contentDir, site: checked };
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
        delete (globalThis as { [CHECKED_SITE]?: CheckedSite })[CHECKED_SITE];
        const out = fileURLToPath(dir);
        try {
          await finish(out, logger);
        } catch (error) {
          // No half-checked site is left behind to deploy.
          await rm(out, { recursive: true, force: true });
          logger.error(`${relative(root, out) || out}/ was removed: the build did not pass its checks.`);
          throw error;
        }
      },
    },
  };

  async function finish(out: string, logger: { info(m: string): void }) {
    // Pagefind runs in its own process over the language folders (short links under /r/ and the
    // redirect pages written below are never indexed).
    const searching = buildSearchIndex(out);
    searching.catch(() => undefined); // a failure is reported where it is awaited, below
    try {
      // When no page asked for the model (a site without content pages), use the checked one.
      const written = await (shortLinkWrites ?? writeShortLinks(checked!));
      shortLinkWrites = undefined;
      logger.info(`${written.count} short links written under /r/ (render ${Math.round(written.renderMs)} ms, written by a worker in ${Math.round(written.writeMs)} ms alongside the pages)`);

      // Every page the build wrote, with its permanent anchors and title.
      const built: Manifest = {};
      const titles = new Map<string, string>();
      for await (const file of htmlFiles(out, join(out, 'r'))) {
        const path = `/${relative(out, file).split(sep).slice(0, -1).join('/')}/`.replace('//', '/');
        const html = await readFile(file, 'utf8');
        built[path] = extractAnchors(html);
        const title = pageTitle(html);
        if (title) titles.set(path, title);
      }
      const manifestFile = join(contentDir, MANIFEST);
      const old: Manifest = existsSync(manifestFile) ? JSON.parse(await readFile(manifestFile, 'utf8')) : {};
      const plan = checkRedirects(redirects, built, old);
      const contracts = (m: Manifest) => Object.fromEntries(Object.entries(m).filter(([path]) => isContractPage(path)));
      // Redirected pages and anchors are checked by the plan (each lands somewhere real).
      const covered = Object.fromEntries([...redirects.byFrom.keys()].map((from) => [from, '']));
      const lost: Problem[] = lostPermalinks(old, contracts(built), covered).map((url) => ({
        file: relative(process.cwd(), manifestFile),
        field: url,
        message: 'was published and is gone, with no redirect',
        expected: `the page or anchor restored, or a line "${url}": "<where it is now>" in ${relative(process.cwd(), join(contentDir, REDIRECTS_FILE))}`,
      }));
      const problems = [...plan.problems, ...lost];
      if (problems.length) throw new Error(formatProblems(problems, 'permanent-link problem'));
      // Pagefind has read the pages by the time it is done; only then do the redirect pages appear.
      await searching;

      // Moved pages and the short links of ids that moved away.
      const files: [string, string][] = plan.pages.map((page) => [
        join(out, page.from, 'index.html'),
        redirectPageHtml(page, titles.get(page.to.split('#')[0]!) ?? page.to, base, siteUrl),
      ]);
      for (const [path, html] of movedShortLinks(plan.moved, checked!, base, siteUrl, titles)) files.push([join(out, path, 'index.html'), html]);
      if (files.length) {
        await writeFilesInWorker(files);
        logger.info(`${plan.pages.length} redirect page(s) and ${files.length - plan.pages.length} short link(s) of moved ids written`);
      }

      const search = await searching;
      logger.info(`search index: ${search.pages.ja} ja + ${search.pages.en} en pages in ${search.ms} ms`);
      const sw = await buildServiceWorker(out, base, checked!.games.map((g) => g.id));
      const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
      logger.info(`service worker: version ${sw.version}; nothing precached; saving for offline takes ${sw.parts.map((p) => `${p.id} ${p.files} files ${mb(p.bytes)}`).join(', ')}`);
      // Security headers for hosts that read a _headers file (Netlify, Cloudflare Pages); docs/deploy.md.
      await writeFile(join(out, '_headers'), headersFile(base));

      // Last, once everything passed: the manifest keeps the redirected URLs too, so deleting a
      // redirect later is a lost permalink.
      const manifest = contracts(plan.manifest);
      const text = `${JSON.stringify(sortManifest(manifest), null, 1)}\n`;
      if (text !== (existsSync(manifestFile) ? await readFile(manifestFile, 'utf8') : '')) {
        await writeFile(manifestFile, text);
        logger.info(`${relative(process.cwd(), manifestFile)} updated (${Object.keys(manifest).length} pages): commit it with your change.`);
      }
    } catch (error) {
      await searching.catch(() => undefined); // let Pagefind finish and close before failing
      throw error;
    }
  }
}
