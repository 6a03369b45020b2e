// Duty: the short-link pages /r/{game}/{id}/ (src/render/short-links.ts), thousands of tiny files,
// and the pinned ones /r/{game}/{id}@{edition}/ with each game's table (src/render/pinned.ts).
// They are rendered as soon as the first page takes the site model and written by a worker thread
// while the pages render (src/integrations/write-files.ts; docs/benchmarks.md), over what the previous
// build left under /r/: only the files whose bytes changed are rewritten (src/integrations/previous-output.ts).
// They are the bulk of the output: counted before a page is rendered (output-plan.ts), and their bytes checked against the host's size limit before they are written.
import { join } from 'node:path';
import type { SiteModel } from '../model/site-model';
import { pinPages } from '../model/pinned';
import { docIds } from '../model/routes';
import { pinnedShortLinks, type PinnedCounts } from '../render/pinned';
import { shortLinks } from '../render/short-links';
import { type Kind, type Limits, overLimits } from './output-cost';
import { REUSED } from './previous-output';
import { updateFilesInWorker } from './write-files';

export interface ShortLinkWrites {
  count: number; renderMs: number; writeMs: number; kinds: Kind[]; pinned: PinnedCounts;
  /** Each page's folder (relative to the output folder) → the bytes of its index.html, for the output's measure. */
  folders: Map<string, number>;
  /** Every file written under /r/ (relative to the output folder, `/`-separated) → its MD5 and bytes, for the offline lists. */
  files: Map<string, { revision: string; bytes: number }>;
  /** Files rewritten, and files the previous build left with the same bytes. */
  written: number; kept: number;
  /** Files under /r/ that the previous build left and this one did not write (relative to /r/): removed once Astro's pages there are known. */
  leftovers: string[];
}

/**
 * How many files the worker will write (short links, pinned links to a rule, the tables), counted
 * from the model without rendering them, for the output planned before a page is rendered
 * (output-plan.ts). A removed rule's pinned page is a route of its own (src/pages/r/), counted with the routes.
 */
export function shortLinkFiles(site: SiteModel): Kind[] {
  let short = 0;
  let pinned = 0;
  let tables = 0;
  for (const game of site.games) {
    short += site.ids(game.id).filter((t) => t.kind !== 'planned').length;
    const table = site.pins(game.id);
    if (table.docs.length) tables += 1 + table.docs.reduce((n, d) => n + d.editions.length - 1, 0);
    for (const doc of table.docs) {
      const ids = docIds(site, game.id, doc.doc);
      const known = new Set(ids);
      pinned += pinPages(doc, ids, (id) => known.has(id)).filter((p) => p.kind !== 'removed').length;
    }
  }
  return [{ kind: 'short links', files: short, bytes: 0 }, { kind: 'pinned links', files: pinned, bytes: 0 }, { kind: 'pinned-link tables', files: tables, bytes: 0 }];
}

export function shortLinkWriter(where: () => { outDir: string; base: string; siteUrl: string; limits: Limits }) {
  let writes: Promise<ShortLinkWrites> | undefined;
  const write = async (site: SiteModel): Promise<ShortLinkWrites> => {
    const { outDir, base, siteUrl, limits } = where();
    const t0 = performance.now();
    const links = shortLinks(site, base, siteUrl);
    // Pinned short links /r/{game}/{id}@{edition}/ and each game's table of editions (docs/architecture.md#pinned-short-links).
    const pinned = pinnedShortLinks(site, base, siteUrl);
    const t1 = performance.now();
    const pages = [...links, ...pinned.pages].map(([path, html]): [string, string] => [path.replace(/^\/|\/$/g, ''), html]);
    const list: [string, string][] = [
      ...pages.map(([folder, html]): [string, string] => [`${folder}/index.html`, html]),
      ...[...pinned.files].map(([path, text]): [string, string] => [path.replace(/^\//, ''), text]),
    ];
    // Each file's bytes, counted once: for the host's limits, the output's measure and the offline lists.
    const bytes = list.map(([, text]) => Buffer.byteLength(text));
    const sum = (from: number, to: number) => { let n = 0; for (let i = from; i < to; i++) n += bytes[i]!; return n; };
    const kinds: Kind[] = [
      { kind: 'short links', files: links.size, bytes: sum(0, links.size) },
      { kind: 'pinned links', files: pinned.pages.size, bytes: sum(links.size, pages.length) },
      { kind: 'pinned-link tables', files: pinned.files.size, bytes: sum(pages.length, list.length) },
    ];
    const over = overLimits({ kinds, files: kinds.reduce((n, k) => n + k.files, 0), bytes: kinds.reduce((n, k) => n + k.bytes, 0) }, limits, 'the short and pinned links alone');
    if (over) throw new Error(over);
    for (const [rel] of list) if (!rel.startsWith(`${REUSED}/`)) throw new Error(`taiyaku: a short link outside /${REUSED}/: ${rel}`);
    const update = await updateFilesInWorker(join(outDir, REUSED), list.map(([rel, text]) => [join(outDir, rel), text]));
    const count = list.length;
    const folders = new Map(pages.map(([folder], i): [string, number] => [folder, bytes[i]!]));
    const files = new Map(list.map(([rel], i) => [rel, { revision: update.revisions[i]!, bytes: bytes[i]! }]));
    return { count, renderMs: t1 - t0, writeMs: performance.now() - t1, kinds, pinned: pinned.counts, folders, files, written: update.written, kept: update.kept, leftovers: update.leftovers };
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
