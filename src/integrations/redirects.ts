// Duty: what a moved URL serves. Moved pages become real redirect pages (src/render/redirect-pages.ts)
// and the short links of ids that moved away keep working; written once the search index has read
// the pages, so it never indexes them (docs/architecture.md#permanent-links).
import { join } from 'node:path';
import type { BuiltRedirects } from '../model/redirects';
import type { SiteModel } from '../model/site-model';
import { movedShortLinks, redirectPageHtml } from '../render/redirect-pages';
import { writeFilesInWorker } from './write-files';

/** Writes the redirect pages and the moved ids' short links; resolves with the files written (absolute paths). */
export async function writeRedirects(o: { out: string; plan: BuiltRedirects; titles: Map<string, string>; site: SiteModel; base: string; siteUrl: string }, logger: { info(m: string): void }): Promise<string[]> {
  const { out, plan, titles, site, base, siteUrl } = o;
  const files: [string, string][] = plan.pages.map((page) => [
    join(out, page.from, 'index.html'),
    redirectPageHtml(page, titles.get(page.to.split('#')[0]!) ?? page.to, base, siteUrl),
  ]);
  for (const [path, html] of movedShortLinks(plan.moved, site, base, siteUrl, titles)) files.push([join(out, path, 'index.html'), html]);
  if (files.length) {
    await writeFilesInWorker(files);
    logger.info(`${plan.pages.length} redirect page(s) and ${files.length - plan.pages.length} short link(s) of moved ids written`);
  }
  return files.map(([file]) => file);
}
