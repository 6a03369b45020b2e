// Duty: the permanent-link manifest (content/permalinks.json, or that of the folder TAIYAKU_CONTENT
// names). Every page the build wrote is read for its permanent anchors; a published page or anchor
// that is gone must be covered by redirects.yaml, or the build fails. The manifest is rewritten
// last, once every check has passed, and keeps the redirected URLs too.
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { REDIRECTS_FILE } from '../content/redirects-file';
import { lostPermalinks, type Manifest, sortManifest } from '../model/permalinks';
import { ContentError, type Problem } from '../model/problems';
import { type BuiltRedirects, checkRedirects, type RedirectRules } from '../model/redirects';
import { t } from '../i18n';
import { builtPage, sectionIdsOf } from './built-page';

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
const contracts = (m: Manifest) => Object.fromEntries(Object.entries(m).filter(([path]) => isContractPage(path)));

/** A page's title without the site name, to name it on the redirect pages that lead to it. */
const pageTitle = (title: string | undefined): string | undefined =>
  title?.replace(new RegExp(` \\| (${[t('ja', 'site.name'), t('en', 'site.name')].join('|')})$`), '');

/** Section ids of a history page: not permanent anchors, but places a default redirect may land (src/model/retired.ts). */

/** Every page the build wrote (short links aside), with its permanent anchors and title; and the sections of history pages. */
export async function readBuiltPages(out: string): Promise<{ built: Manifest; titles: Map<string, string>; landings: Manifest }> {
  const built: Manifest = {};
  const landings: Manifest = {};
  const titles = new Map<string, string>();
  const files: string[] = [];
  for await (const file of htmlFiles(out, join(out, 'r'))) files.push(file);
  // Read a batch at a time (one file after another waited on the disk for each page, 2-8 s on a
  // full deployment), and taken in the walk's order, so the manifest and titles come out the same.
  const BATCH = 32;
  for (let i = 0; i < files.length; i += BATCH) {
    const batch = files.slice(i, i + BATCH);
    const texts = await Promise.all(batch.map((file) => readFile(file, 'utf8')));
    batch.forEach((file, j) => read(file, texts[j]!));
  }
  return { built, titles, landings };

  function read(file: string, html: string) {
    const path = `/${relative(out, file).split(sep).slice(0, -1).join('/')}/`.replace('//', '/');
    const page = builtPage(relative(out, file).split(sep).join('/'), html);
    built[path] = [...page.anchors];
    if (path.endsWith('/history/')) landings[path] = sectionIdsOf(html);
    const title = pageTitle(page.title);
    if (title) titles.set(path, title);
  }
}

/**
 * The redirects planned against the built pages, after checking that nothing published was lost:
 * throws with every problem (a redirect that lands nowhere, a page or anchor gone without one).
 */
export async function checkPermalinks(contentDir: string, redirects: RedirectRules, built: Manifest, landings: Manifest = {}): Promise<BuiltRedirects> {
  const manifestFile = join(contentDir, MANIFEST);
  const old: Manifest = existsSync(manifestFile) ? JSON.parse(await readFile(manifestFile, 'utf8')) : {};
  const plan = checkRedirects(redirects, built, old, landings);
  // Redirected pages and anchors are checked by the plan (each lands somewhere real).
  const covered = Object.fromEntries([...redirects.byFrom.keys()].map((from) => [from, '']));
  const lost: Problem[] = lostPermalinks(old, contracts(built), covered).map((url) => ({
    file: relative(process.cwd(), manifestFile),
    field: url,
    message: 'was published and is gone, with no redirect',
    expected: `the page or anchor restored, or a line "${url}": "<where it is now>" in ${relative(process.cwd(), join(contentDir, REDIRECTS_FILE))}`,
  }));
  const problems = [...plan.problems, ...lost];
  if (problems.length) throw new ContentError(problems, 'permanent-link problem');
  return plan;
}

/** Rewrites the manifest when it changed (the redirected URLs stay in it: deleting a redirect later is a lost permalink). */
export async function writeManifest(contentDir: string, plan: BuiltRedirects, logger: { info(m: string): void }): Promise<void> {
  const manifestFile = join(contentDir, MANIFEST);
  const manifest = contracts(plan.manifest);
  const text = `${JSON.stringify(sortManifest(manifest), null, 1)}\n`;
  if (text !== (existsSync(manifestFile) ? await readFile(manifestFile, 'utf8') : '')) {
    await writeFile(manifestFile, text);
    logger.info(`${relative(process.cwd(), manifestFile)} updated (${Object.keys(manifest).length} pages): commit it with your change.`);
  }
}
