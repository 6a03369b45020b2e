// Redirects for published URLs that moved (content/redirects.yaml; docs/content.md#redirects).
// Paths are base-free, as published: `/en/mtg/cr/702.33/` (a page) or `/en/mtg/cr/702.33/#702.33i`
// (an anchor); `/{lang}/…` on both sides stands for the same line in each language.
//
// Planned in two steps. From the lines alone (before anything renders): the syntax, self-redirects,
// off-site targets, loops, and chains (a → b → c sends a straight to c). Against the built site
// (after rendering, before anything moves into place): every target is a page with that anchor, no
// redirect hides a live page or anchor, every published anchor of a moved page has a place to land,
// and the redirected URLs join the permanent-link manifest, so a redirect cannot be deleted later.
// Reading the file is the content layer's (src/content/redirects-file.ts); this is the planning.
import { LANGS, type Lang } from '../schemas/content';
import type { Manifest } from './permalinks';
import type { OfficialPlacement } from './types';
import type { Problem } from './problems';

export interface RedirectLine {
  from: string;
  to: string;
  /** Where the line was written, for reports: the file and the field (`redirects["/en/…"]`). */
  file: string;
  field: string;
}

export interface Redirect {
  from: string;
  to: string;
  /** Where it finally lands, after following other redirects. */
  final: string;
  line: RedirectLine;
}

export interface RedirectRules {
  /** Expanded lines by base-free source (`/en/a/` or `/en/a/#x`). */
  byFrom: Map<string, Redirect>;
  problems: Problem[];
}

export const LANG_SLOT = '{lang}';
const SHAPE = /^\/(?:[^/?#\s]+\/)*(?:#[^#\s]+)?$/;
const NOT_PAGES = /^\/(api|_astro|pagefind)\//;

export const splitPath = (path: string): { page: string; anchor: string | undefined } => {
  const i = path.indexOf('#');
  return i < 0 ? { page: path, anchor: undefined } : { page: path.slice(0, i), anchor: path.slice(i + 1) };
};

/** What is wrong with `path` as one side of a redirect, or undefined. */
function pathProblem(path: string, side: 'from' | 'to'): { message: string; expected: string } | undefined {
  const what = side === 'from' ? 'the old path' : 'the target';
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) {
    return side === 'to'
      ? { message: `the target ${JSON.stringify(path)} is off the site`, expected: 'a path on this site, like /en/mtg/cr/702.34/ (redirects never send readers elsewhere)' }
      : { message: `${JSON.stringify(path)} is a full URL`, expected: 'the old path without origin or base, like /en/mtg/cr/702.33/' };
  }
  if (!path.startsWith('/')) return { message: `${what} ${JSON.stringify(path)} is not a path from the site root`, expected: 'a path that starts with /, without the deploy base, like /en/mtg/cr/702.34/' };
  if (path.includes('?')) return { message: `${what} ${JSON.stringify(path)} has a query string`, expected: 'a page path, optionally with #anchor' };
  const { page, anchor } = splitPath(path);
  if (anchor === '') return { message: `${what} ${JSON.stringify(path)} ends in an empty #`, expected: `the anchor id after # (or ${page} alone)` };
  if (!page.endsWith('/')) return { message: `${what} ${JSON.stringify(path)} does not end in /`, expected: `${page}/${anchor === undefined ? '' : `#${anchor}`} (every page URL ends in /)` };
  if (page.startsWith('/r/')) {
    return side === 'from'
      ? { message: `${JSON.stringify(path)} is a short link`, expected: 'the page (and #anchor) that moved: short links follow the redirects of their pages and anchors' }
      : { message: `the target ${JSON.stringify(path)} is a short link`, expected: 'the page and #anchor the short link leads to' };
  }
  if (NOT_PAGES.test(page)) return { message: `${what} ${JSON.stringify(path)} is not a page`, expected: 'an HTML page path (the JSON API, scripts and the search index are not redirected)' };
  if ((hasSlot(page) ? page.slice(LANG_SLOT.length + 2) : page).includes(LANG_SLOT)) return { message: `${LANG_SLOT} may only stand for the first folder`, expected: `a path like /${LANG_SLOT}/mtg/cr/702.34/` };
  if (!SHAPE.test(path)) return { message: `${what} ${JSON.stringify(path)} is not a page path`, expected: 'a path like /en/mtg/cr/702.34/ or /en/mtg/cr/702.34/#702.34a (no spaces)' };
  return undefined;
}

const hasSlot = (path: string) => path.startsWith(`/${LANG_SLOT}/`);
/** The paths a line's side stands for: one per language for a `{lang}` path. */
export const expandLang = (path: string): string[] => (hasSlot(path) ? LANGS.map((l) => path.replace(LANG_SLOT, l)) : [path]);

/**
 * Follows redirects from `path` to where a reader finally lands. An anchor without a line of its
 * own follows its page's line: to the same anchor on the new page, or to the target's own anchor.
 */
function follow(byLine: Map<string, RedirectLine>, path: string): { final: string } | { loop: string[] } {
  const seen: string[] = [];
  let at = path;
  for (;;) {
    if (seen.includes(at)) return { loop: [...seen.slice(seen.indexOf(at)), at] };
    const line = byLine.get(at);
    const { page, anchor } = splitPath(at);
    const pageLine = line ? undefined : anchor !== undefined ? byLine.get(page) : undefined;
    if (!line && !pageLine) return { final: at };
    seen.push(at);
    if (line) at = line.to;
    else at = pageLine!.to.includes('#') ? pageLine!.to : `${pageLine!.to}#${anchor}`;
  }
}

/** Step one, from the lines alone: syntax, `{lang}`, self-redirects, duplicates, loops; chains resolved. */
export function planRedirects(lines: RedirectLine[]): RedirectRules {
  const problems: Problem[] = [];
  const say = (line: RedirectLine, message: string, expected: string) => problems.push({ file: line.file, field: line.field, message, expected });
  const byLine = new Map<string, RedirectLine>();
  for (const line of lines) {
    const bad = pathProblem(line.from, 'from') ?? pathProblem(line.to, 'to');
    if (bad) {
      say(line, bad.message, bad.expected);
      continue;
    }
    if (hasSlot(line.from) !== hasSlot(line.to)) {
      say(line, `${LANG_SLOT} stands on one side only`, `${LANG_SLOT} on both sides (one line for each language), or a language on both`);
      continue;
    }
    const expanded: [string, string][] = hasSlot(line.from)
      ? LANGS.map((l) => [line.from.replace(LANG_SLOT, l), line.to.replace(LANG_SLOT, l)])
      : [[line.from, line.to]];
    for (const [from, to] of expanded) {
      if (from === to) {
        say(line, `${from} redirects to itself`, 'a different target (or remove the line)');
        continue;
      }
      const first = byLine.get(from);
      if (first) {
        say(line, `${from} is already redirected by ${first.field} (to ${first.to})`, 'one line per old path');
        continue;
      }
      byLine.set(from, { ...line, from, to });
    }
  }
  const byFrom = new Map<string, Redirect>();
  const loops = new Set<string>();
  for (const line of byLine.values()) {
    const r = follow(byLine, line.from);
    if ('loop' in r) {
      const key = [...new Set(r.loop)].sort().join(' ');
      if (!loops.has(key)) say(line, `the redirects go round in a loop: ${r.loop.join(' → ')}`, 'a chain that ends on a page of the site');
      loops.add(key);
      continue;
    }
    byFrom.set(line.from, { from: line.from, to: line.to, final: r.final, line });
  }
  return { byFrom, problems };
}

/**
 * The lines official text implies (docs/architecture.md#official-text-and-explanations-on-one-page):
 * an official entry shown whole on an explanation's page forwards there, and each of its sub-rules
 * shown on another page than the official entry's forwards to its place there, in both languages
 * (each line with the {lang} slot). Where nothing was published at those URLs the lines cost a small
 * redirect page each; where something was (official text imported, published, then explained), its
 * links keep working.
 */
export function placementLines(placements: OfficialPlacement[]): RedirectLine[] {
  const lines: RedirectLine[] = [];
  for (const p of placements) {
    const path = (entry: string, id?: string) => `/${LANG_SLOT}/${p.game}/${p.doc}/${entry}/${id ? `#${id}` : ''}`;
    const field = (id: string, to: string) => `(official ${id}, shown on ${p.doc}/${to})`;
    if (p.home && p.home !== p.entry) {
      // The official entry's own text, when it has one, is a row of the explanation's page.
      const own = p.ids.some((i) => i.id === p.entry);
      lines.push({ from: path(p.entry), to: path(p.home, own ? p.entry : undefined), file: p.file, field: field(p.entry, p.home) });
    }
    for (const { id, to } of p.ids) {
      if (to === p.entry) continue; // on the page of the same name: nothing moved
      lines.push({ from: path(p.entry, id), to: path(to, id === to ? undefined : id), file: p.file, field: field(id, to) });
    }
  }
  return lines;
}

/**
 * A content folder's lines: the file's own (`written`) and those other content implies (`implied`,
 * e.g. `placementLines`), each implied line per language, giving way to a written line for the same URL.
 */
export function withImpliedLines(written: RedirectLine[], implied: RedirectLine[]): RedirectLine[] {
  const expand = (path: string) => (hasSlot(path) ? LANGS.map((l) => path.replace(LANG_SLOT, l)) : [path]);
  const taken = new Set(written.flatMap((l) => expand(l.from)));
  const perLang = implied.flatMap((l) => (hasSlot(l.from) ? LANGS.map((lang) => ({ ...l, from: l.from.replace(LANG_SLOT, lang), to: l.to.replace(LANG_SLOT, lang) })) : [l]));
  return [...written, ...perLang.filter((l) => !taken.has(l.from))];
}

/** Where a published anchor of a moved page lands, following the page's line when it has none. */
function landing(rules: RedirectRules, path: string): string | undefined {
  const own = rules.byFrom.get(path);
  if (own) return own.final;
  const { page, anchor } = splitPath(path);
  const pageRule = rules.byFrom.get(page);
  if (!pageRule || anchor === undefined) return undefined;
  const { page: to, anchor: toAnchor } = splitPath(pageRule.final);
  if (toAnchor !== undefined) return pageRule.final;
  // The same anchor on the new page, unless that one moved on too.
  return rules.byFrom.get(`${to}#${anchor}`)?.final ?? `${to}#${anchor}`;
}

/** Anchors that moved off `page`, which stays: anchor → final target (base-free). */
export function movedAnchorsOf(rules: RedirectRules, page: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rules.byFrom.values()) {
    const { page: p, anchor } = splitPath(r.from);
    if (p === page && anchor !== undefined) out[anchor] = r.final;
  }
  return out;
}

export interface RedirectPage {
  /** Base-free path of the page that moved (it gets a redirect page). */
  from: string;
  lang: Lang;
  /** Where the page itself lands. */
  to: string;
  /** Each published anchor of the old page → where it lands. */
  anchors: Record<string, string>;
}

export interface BuiltRedirects {
  problems: Problem[];
  /** One per moved page. */
  pages: RedirectPage[];
  /** The manifest to keep: the built pages and anchors, plus every redirected one. */
  manifest: Manifest;
  /** Every redirected URL (page or page#anchor) → final target, for short links of moved ids. */
  moved: Map<string, string>;
}

const langOf = (path: string): Lang => (LANGS as readonly string[]).includes(path.split('/')[1] ?? '') ? (path.split('/')[1] as Lang) : 'en';

/**
 * Step two, against the built site: `built` holds every page the build wrote (base-free path → its
 * permanent anchors), `old` the manifest of what was published before, `landings` ids that are not
 * permanent anchors but may be a redirect's target (the sections of history pages, where a removed
 * rule's last text is: src/model/retired.ts).
 */
export function checkRedirects(rules: RedirectRules, built: Manifest, old: Manifest, landings: Manifest = {}): BuiltRedirects {
  const problems: Problem[] = [];
  const say = (r: Redirect, message: string, expected: string) => problems.push({ file: r.line.file, field: r.line.field, message, expected });
  const isPermanent = (page: string, anchor: string) => built[page]?.includes(anchor) ?? false;
  const isAnchor = (page: string, anchor: string) => isPermanent(page, anchor) || (landings[page]?.includes(anchor) ?? false);
  const pageRules = [...rules.byFrom.values()].filter((r) => splitPath(r.from).anchor === undefined);
  const manifest: Manifest = structuredClone(built);
  const moved = new Map<string, string>();
  const keep = (page: string, anchor?: string) => {
    const list = (manifest[page] ??= []);
    if (anchor !== undefined && !list.includes(anchor)) list.push(anchor);
  };

  for (const r of rules.byFrom.values()) {
    const { page, anchor } = splitPath(r.from);
    // A redirect may not hide what is still there.
    if (anchor === undefined && page in built) {
      say(r, `${page} is a live page: the redirect would hide it`, 'a line for a page that no longer exists (remove the line, or the page)');
      continue;
    }
    if (anchor !== undefined && isPermanent(page, anchor)) {
      say(r, `#${anchor} is still an anchor on ${page}: the redirect would hide it`, 'a line for an anchor that no longer exists (remove the line, or the anchor)');
      continue;
    }
    if (anchor !== undefined && !(page in built) && !rules.byFrom.has(page)) {
      say(r, `${page} no longer exists and has no line of its own, so nothing would carry its anchors`, `a line for the page too ("${page}": "…")`);
      continue;
    }
    const { page: to, anchor: toAnchor } = splitPath(r.final);
    const via = r.final === r.to ? '' : ` (through ${r.to})`;
    if (!(to in built)) {
      say(r, `the target ${to}${via} is not a page of the site`, 'a page the build writes: check the path (no deploy base), or redirect to where the content is now');
      continue;
    }
    if (toAnchor !== undefined && !isAnchor(to, toAnchor)) {
      say(r, `the target ${r.final}${via} has no permanent anchor #${toAnchor}`, `an anchor of ${to} (its sub-rule ids), or ${to} alone to land at the top`);
      continue;
    }
    keep(page, anchor);
    moved.set(r.from, r.final);
  }

  const pages: RedirectPage[] = [];
  for (const r of pageRules) {
    if (!moved.has(r.from)) continue; // already reported
    const anchors: Record<string, string> = {};
    const homeless: string[] = [];
    const published = new Set([...(old[r.from] ?? []), ...(manifest[r.from] ?? [])]);
    for (const a of published) {
      const to = landing(rules, `${r.from}#${a}`);
      const { page, anchor } = splitPath(to ?? '');
      if (to && page in built && (anchor === undefined || isAnchor(page, anchor))) {
        anchors[a] = to;
        keep(r.from, a);
        moved.set(`${r.from}#${a}`, to);
      } else homeless.push(a);
    }
    if (homeless.length) {
      const example = `"${r.from}#${homeless[0]}": "${splitPath(r.final).page}#…"`;
      say(r, `${homeless.length} published anchor${homeless.length === 1 ? '' : 's'} of ${r.from} would land on ${r.final} where ${homeless.length === 1 ? 'it does' : 'they do'} not exist: ${homeless.map((a) => `#${a}`).join(', ')}`,
        `a line for each, like ${example} (a page alone lands at its top)`);
    }
    pages.push({ from: r.from, lang: langOf(r.from), to: r.final, anchors });
  }
  return { problems, pages, manifest, moved };
}
