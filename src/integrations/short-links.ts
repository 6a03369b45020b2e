// Duty: the short-link pages /r/{game}/{id}/ (src/render/short-links.ts), thousands of tiny files,
// and the pinned ones /r/{game}/{id}@{edition}/ with each game's table (src/render/pinned.ts).
// They are rendered as soon as the first page takes the site model and written by a worker thread
// while the pages render (src/integrations/write-files.ts; docs/benchmarks.md).
import { join } from 'node:path';
import type { SiteModel } from '../model/site-model';
import { pinnedShortLinks } from '../render/pinned';
import { shortLinks } from '../render/short-links';
import { writeFilesInWorker } from './write-files';

export interface ShortLinkWrites { count: number; renderMs: number; writeMs: number }

export function shortLinkWriter(where: () => { outDir: string; base: string; siteUrl: string }) {
  let writes: Promise<ShortLinkWrites> | undefined;
  const write = (site: SiteModel): Promise<ShortLinkWrites> => {
    const { outDir, base, siteUrl } = where();
    const t0 = performance.now();
    const links = shortLinks(site, base, siteUrl);
    // Pinned short links /r/{game}/{id}@{edition}/ and each game's table of editions (docs/architecture.md#pinned-short-links).
    const pinned = pinnedShortLinks(site, base, siteUrl);
    const t1 = performance.now();
    return writeFilesInWorker([
      ...[...links, ...pinned.pages].map(([path, html]): [string, string] => [join(outDir, path, 'index.html'), html]),
      ...[...pinned.files].map(([path, text]): [string, string] => [join(outDir, path), text]),
    ])
      .then((count) => ({ count, renderMs: t1 - t0, writeMs: performance.now() - t1 }));
  };
  return {
    /** Starts rendering and writing (once). */
    start(site: SiteModel): void {
      writes ??= write(site);
      writes.catch(() => undefined); // reported where it is awaited, in done()
    },
    /** Waits for the writes, starting them if no page started them (a site without content pages). */
    async done(site: SiteModel): Promise<ShortLinkWrites> {
      const result = await (writes ?? write(site));
      writes = undefined;
      return result;
    },
  };
}
