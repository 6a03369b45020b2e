// Duty: the output counted before a page is rendered, by kind (output-cost.ts, kindOf), from the
// site model: every path of every route (src/model/routes.ts, the lists the pages' getStaticPaths
// return), the short and pinned links (short-links.ts), the redirect pages and moved ids' short
// links the redirect lines make, the offline lists, the security headers, the sitemap and the files
// of public/; exact for all of these. The search index and the bundled scripts are known only once
// written: a lower bound (the search index's fragments: one per searched page and language, or, with
// more pages than TAIYAKU_SEARCH_FRAGMENTS, more than half the cap, as groupsWithin packs them). The
// build stops at astro:build:start when even this sure count is over the host's file limit
// (docs/deploy.md#host-limits), with what would bring it under, computed for the site.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pinPages } from '../model/pinned';
import type { Manifest } from '../model/permalinks';
import { type RedirectRules, splitPath } from '../model/redirects';
import { docIds, ROUTES, routeOutput, SEARCHED_ROUTES, type RouteFile } from '../model/routes';
import type { SiteModel } from '../model/site-model';
import { movedShortLinks } from '../render/redirect-pages';
import { LANGS, type Lang } from '../schemas/content';
import { kindOf, size } from './output-cost';
import { shortLinkFiles } from './short-links';

/** One kind of output as counted before rendering: `atLeast` when only a lower bound is known. */
export interface PlannedKind { kind: string; files: number; atLeast?: boolean }

/** The pinned pages of one earlier edition of a document: what leaving it out of served.json would save. */
export interface EditionPins { game: string; doc: string; edition: string; served: boolean; files: number }

export interface OutputPlan {
  kinds: PlannedKind[];
  /** The sure count: every exact kind and the lower bounds. */
  files: number;
  /** The count expected (the search fragments at min(pages, cap) per language; the rest as `files`). */
  expected: number;
  /** Pages the search indexes, per language, and the fragment cap it was counted with. */
  search: { pages: Record<Lang, number>; cap: number; blocks: boolean };
  /** Earlier editions' pinned pages (not the current one's), by edition. */
  pins: EditionPins[];
  /** History pages (with their history.json) not yet published: the ones fewer kept editions could still drop. */
  unpublishedHistory: number;
  /** Changes pages of editions kept only for the history (neither current nor served): they go with their edition. */
  historyChanges: number;
}

export interface PlanInput {
  site: SiteModel;
  redirects: RedirectRules;
  /** content/permalinks.json as it is before this build ({} on a first build). */
  published: Manifest;
  base: string;
  siteUrl: string;
  /** The project's public/ folder (Astro copies it as it is). */
  publicDir: string;
  /** How many files the search client's bundle writes into /_astro/ (search-client.ts). */
  searchClientFiles: number;
  /** TAIYAKU_SEARCH_FRAGMENTS and TAIYAKU_SEARCH_BLOCKS, as the search index reads them. */
  cap: number;
  blocks: boolean;
}

/** The files of Pagefind's bundle of one language that are always there: pagefind.js, the entry, the metadata, the WebAssembly module. */
const BUNDLE_FIXED = 4;
/** @astrojs/sitemap's entries per sitemap file (its default entryLimit). */
const SITEMAP_ENTRIES = 45_000;

/** The fewest fragment files groupFragments leaves for `pages` pages under `cap`: all of them up to the cap, else more than half the cap (pagefind-fragments.ts, groupsWithin). */
export const fewestFragments = (pages: number, cap: number) => (pages <= cap ? pages : Math.floor(cap / 2) + 1);

const filesUnder = (dir: string): number => (existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0);

export function readPublished(contentDir: string): Manifest {
  const file = join(contentDir, 'permalinks.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) as Manifest : {};
}

export function planOutput(o: PlanInput): OutputPlan {
  const { site } = o;
  const counts = new Map<string, PlannedKind>();
  const add = (kind: string, files: number, atLeast = false) => {
    const k = counts.get(kind) ?? { kind, files: 0 };
    k.files += files;
    if (atLeast) k.atLeast = true;
    counts.set(kind, k);
  };
  // Every route's paths, written where Astro writes them.
  const searched: Record<Lang, number> = { ja: 0, en: 0 };
  let sitemapPages = 0;
  for (const [file, paths] of Object.entries(ROUTES) as [RouteFile, (s: SiteModel) => { params: Record<string, string | undefined> }[]][]) {
    const list = paths(site);
    for (const { params } of list) {
      const rel = routeOutput(file, params);
      add(kindOf(rel), 1);
      if (rel.endsWith('.html') && !rel.startsWith('r/') && rel !== '404.html') sitemapPages++;
    }
    if (SEARCHED_ROUTES.includes(file)) for (const { params } of list) searched[params['lang'] as Lang]++;
  }
  // The short and pinned links the worker writes (a removed rule's pinned page is a route, above).
  for (const k of shortLinkFiles(site)) add(k.kind, k.files);
  // The redirect lines: a page for each moved page, a short link for each id that moved away.
  const moved = new Map<string, string>();
  for (const r of o.redirects.byFrom.values()) {
    moved.set(r.from, r.final);
    const { page, anchor } = splitPath(r.from);
    if (anchor !== undefined) continue;
    add(kindOf(`${page.replace(/^\//, '')}index.html`), 1);
    for (const a of o.published[r.from] ?? []) moved.set(`${r.from}#${a}`, r.final);
  }
  add('short links', movedShortLinks(moved, site, o.base, o.siteUrl, new Map()).size);
  // The offline lists (one per game and the shared part, and their index) and the service worker.
  add('offline lists and service worker', 3 + site.games.length);
  // The security headers, the sitemap (an index and its files), and public/ as it is.
  add('other', 1 + 1 + Math.max(1, Math.ceil(sitemapPages / SITEMAP_ENTRIES)) + filesUnder(o.publicDir));
  // The search index: per language the bundle's fixed files, at least one index chunk and the
  // fragments; the English typo lists and, if on, the text blocks are known once written.
  let fragments = 0;
  let expectedFragments = 0;
  for (const lang of LANGS) {
    fragments += fewestFragments(searched[lang], o.cap);
    expectedFragments += Math.min(searched[lang], o.cap);
  }
  add('search index', LANGS.length * (BUNDLE_FIXED + 1) + fragments, true);
  add('scripts and styles', o.searchClientFiles, true);

  const kinds = [...counts.values()].sort((a, b) => b.files - a.files);
  const files = kinds.reduce((n, k) => n + k.files, 0);
  // Earlier editions' pinned pages, by edition; and the history not yet published.
  const pins: EditionPins[] = [];
  for (const game of site.games) {
    for (const doc of site.pins(game.id).docs) {
      const ids = docIds(site, game.id, doc.doc);
      const known = new Set(ids);
      const by = new Map<string, EditionPins>();
      for (const p of pinPages(doc, ids, (id) => known.has(id))) {
        if (p.kind === 'rule' && p.current) continue;
        const e = by.get(p.edition.id) ?? { game: game.id, doc: doc.doc, edition: p.edition.id, served: p.served, files: 0 };
        e.files++;
        by.set(p.edition.id, e);
      }
      pins.push(...by.values());
    }
  }
  const unpublishedHistory = ROUTES['api/[game]/[doc]/[entry]/history.json.ts'](site).filter(({ props }) => !props.doc.history?.published?.has(props.entry.id)).length;
  const historyChanges = ROUTES['[lang]/[game]/[doc]/changes/[edition]/index.astro'](site).filter(({ params }) => {
    const pinned = site.pins(params.game).docs.find((d) => d.doc === params.doc);
    return pinned !== undefined && pinned.editions[0]?.id !== params.edition && !(pinned.served ?? []).includes(params.edition);
  }).length;
  return { kinds, files, expected: files - fragments + expectedFragments, search: { pages: searched, cap: o.cap, blocks: o.blocks }, pins, unpublishedHistory, historyChanges };
}

const num = (n: number) => n.toLocaleString('en-US');
/** The lowest fragment cap the messages count on: the one whose first searches docs/benchmarks.md measured ("Fragment groups"). */
const SANE_CAP = 200;

/**
 * What would bring a site over the file limit under it, each with the files it saves, computed for
 * this site: the search fragment cap that would be enough (or how far the lowest goes), the text
 * blocks if on, the history not yet published, and last the served editions' pinned pages (links
 * readers copied: named so the deployer sees what they cost, not as a thing to turn off).
 * `over` is how many files too many (of the expected count).
 */
export function fitsFiles(plan: OutputPlan, over: number): string[] {
  const out: string[] = [];
  const { pages, cap } = plan.search;
  const now = (c: number) => LANGS.reduce((n, l) => n + Math.min(pages[l], c), 0);
  const saves = (c: number) => now(cap) - now(c);
  if (saves(1) > 0) {
    let c = cap - 1;
    while (c > 1 && saves(c) < over) c--;
    const biggest = Math.max(...LANGS.map((l) => pages[l]));
    const per = Math.ceil(biggest / c);
    const at200 = cap > 200 && saves(200) > 0 ? `; at 200, ~${num(saves(200))}` : '';
    out.push(saves(c) >= over
      ? `TAIYAKU_SEARCH_FRAGMENTS=${c} saves ~${num(saves(c))} files (now ${cap}: ${LANGS.map((l) => `${l} ${num(Math.min(pages[l], cap))}`).join(', ')} fragment files; at ${c}, about ${per} pages' search texts a group, each first search a few KB more per result: docs/search.md#fragment-groups)`
      : `TAIYAKU_SEARCH_FRAGMENTS lower saves at most ~${num(saves(1))} files (at 1, every page's search text in a handful of groups${at200}), not enough alone (${cap} now)`);
  }
  if (plan.search.blocks) out.push('TAIYAKU_SEARCH_BLOCKS=off (now on) saves every text block of the long pages (their count is known once the index is written; the last build\'s cost lines give it)');
  const history = plan.pins.filter((p) => !p.served && p.files);
  const historyFiles = plan.unpublishedHistory * 3 + plan.historyChanges + history.reduce((n, p) => n + p.files, 0);
  if (historyFiles) out.push(`fewer earlier editions in official/_history/ (none that served.json names) saves at most ${num(historyFiles)} files: of the ${num(plan.unpublishedHistory)} history pages not yet published (both languages and history.json) those whose changes lie in the editions left out, and the left-out editions' changes pages (${num(plan.historyChanges)} in all) and removed rules' pinned pages (docs/import.md#editions-kept)`);
  if (history.length) out.push(`  the removed rules' pinned pages, by edition kept for the history only: ${history.map((p) => `${p.game}/${p.doc}@${p.edition} ${num(p.files)}`).join(', ')}`);
  const served = plan.pins.filter((p) => p.served);
  if (served.length) out.push(`served editions' pinned pages (copied links: keep them; a host with a higher limit does): ${served.map((p) => `${p.game}/${p.doc}@${p.edition} ${num(p.files)}`).join(', ')}`);
  // When no one switch is enough: all of them together at their most (the cap at SANE_CAP, whose
  // first searches were measured, not lower; every edition kept only for the history dropped).
  const sane = saves(Math.min(cap, SANE_CAP));
  if (saves(1) < over && historyFiles < over && !plan.search.blocks) {
    const together = sane + historyFiles;
    out.push(together < over
      ? `none of these, nor all of them together (at most ~${num(together)} of the ${num(over)} files, the cap at ${Math.min(cap, SANE_CAP)}), brings this site under while keeping every link readers copied: it needs a host or plan with a higher file limit (docs/deploy.md#when-the-limit-nears)`
      : `no one of these is enough; together (the cap at ${Math.min(cap, SANE_CAP)}, ~${num(sane)}, and up to ${num(historyFiles)} from the history) they could save the ${num(over)} files only by dropping most of the history, a last resort: a host or plan with a higher file limit keeps it (docs/deploy.md#when-the-limit-nears)`);
  }
  return out;
}

/**
 * The same for the size limit, once the site is written: what the served editions' pinned pages and
 * the history not yet published weigh (`bytesOf` gives a written file's bytes by its path relative
 * to the output folder). The search index's switches save files, not bytes.
 */
export function fitsBytes(plan: OutputPlan, site: SiteModel, bytesOf: (rel: string) => number): string[] {
  const out: string[] = [];
  const history = ROUTES['api/[game]/[doc]/[entry]/history.json.ts'](site).filter(({ props }) => !props.doc.history?.published?.has(props.entry.id));
  let historyBytes = 0;
  for (const { params } of history) {
    historyBytes += bytesOf(routeOutput('api/[game]/[doc]/[entry]/history.json.ts', params));
    for (const lang of LANGS) historyBytes += bytesOf(routeOutput('[lang]/[game]/[doc]/[entry]/history/index.astro', { ...params, lang }));
  }
  if (history.length) out.push(`fewer earlier editions in official/_history/ saves at most ${size(historyBytes)}: the ${num(history.length)} history pages not yet published with their history.json (docs/import.md#editions-kept)`);
  const served = plan.pins.filter((p) => p.served);
  if (served.length) {
    const bytes = new Map<string, number>();
    for (const game of site.games) {
      for (const doc of site.pins(game.id).docs) {
        const ids = docIds(site, game.id, doc.doc);
        const known = new Set(ids);
        for (const p of pinPages(doc, ids, (id) => known.has(id))) {
          if (!p.served || (p.kind === 'rule' && p.current)) continue;
          const key = `${game.id}/${doc.doc}@${p.edition.id}`;
          bytes.set(key, (bytes.get(key) ?? 0) + bytesOf(`r/${game.id}/${p.id}@${p.edition.id}/index.html`));
        }
      }
    }
    out.push(`served editions' pinned pages (copied links: keep them; a host with a higher limit does): ${[...bytes].map(([k, b]) => `${k} ${size(b)}`).join(', ')}`);
  }
  return out;
}
