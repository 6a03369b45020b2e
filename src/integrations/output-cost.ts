// Duty: what the written site costs, by kind of output (files, bytes, and the build seconds the
// duties that write it took), logged at the end of every build; and the host's limits a deployer
// sets (TAIYAKU_MAX_FILES, TAIYAKU_MAX_BYTES; docs/deploy.md#host-limits): a site over them stops
// the build with a message naming what is big and what can be turned off, and is removed (the
// integration's catch), so nothing the host would refuse is left to deploy. The short links are
// checked before they are written, since they are the bulk (short-links.ts).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
// Nothing of src/ is imported here: scripts/bench-deploy.mjs loads this file natively (no Vite).

export interface Kind { kind: string; files: number; bytes: number }

/** The kind of a written file, from its path relative to the output folder (`/`-separated). */
export function kindOf(rel: string): string {
  const [top = '', ...rest] = rel.split('/');
  const last = rest.at(-2) ?? '';
  if (top === 'r') {
    if (rest[1]?.startsWith('_pins')) return 'pinned-link tables';
    if (!last.includes('@')) return 'short links';
    return 'pinned links';
  }
  if (top.startsWith('pagefind')) return 'search index';
  // The English typo lists, made from the index's fragments by the same duty.
  if (top === 'search' && rest[1] === 'spelling') return 'search index';
  if (top === '_astro') return 'scripts and styles';
  if (top === 'api' || rest[0] === 'api') return 'JSON API';
  if (top === 'offline' || top === 'sw.js' || rest[0] === 'offline') return 'offline lists and service worker';
  if (top === 'ja' || top === 'en') {
    if (rel.endsWith('/history/index.html')) return 'history pages';
    if (rest.includes('changes')) return 'changes pages';
    if (rel.endsWith('.html')) return 'pages';
  }
  return 'other';
}

/**
 * Every file under `dir`, by kind, largest first. `known` names folders whose only file is an
 * `index.html` the build wrote itself (the short links: relative folder → its bytes), so the walk
 * counts them without opening thousands of folders.
 */
export async function measureOutput(dir: string, known: ReadonlyMap<string, number> = new Map()): Promise<{ kinds: Kind[]; files: number; bytes: number }> {
  const kinds = new Map<string, Kind>();
  const add = (rel: string, size: number) => {
    const kind = kindOf(rel);
    const k = kinds.get(kind) ?? { kind, files: 0, bytes: 0 };
    k.files++;
    k.bytes += size;
    kinds.set(kind, k);
  };
  const walk = async (sub: string): Promise<void> => {
    const entries = await readdir(join(dir, sub), { withFileTypes: true });
    await Promise.all(entries.map(async (e) => {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) {
        const bytes = known.get(rel);
        if (bytes !== undefined) { add(`${rel}/index.html`, bytes); return undefined; }
        return walk(rel);
      }
      add(rel, (await stat(join(dir, rel))).size);
      return undefined;
    }));
  };
  await walk('');
  const list = [...kinds.values()].sort((a, b) => b.files - a.files || b.bytes - a.bytes);
  return { kinds: list, files: list.reduce((n, k) => n + k.files, 0), bytes: list.reduce((n, k) => n + k.bytes, 0) };
}

export interface Limits { files?: number; bytes?: number }

/** `1GB`, `500 MB`, `25MiB`, `1048576`: bytes. */
export function parseBytes(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(k|m|g)?(i?b)?\s*$/i.exec(text);
  if (!m) return undefined;
  const unit = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(m[2] ?? '').toLowerCase() as 'k' | 'm' | 'g'] ?? 1;
  return Math.round(Number(m[1]) * unit);
}

/** The deployer's limits from the environment; a value that is no number is an error naming the variable. */
export function limitsFrom(env: Record<string, string | undefined>): Limits {
  const out: Limits = {};
  const files = env.TAIYAKU_MAX_FILES;
  if (files !== undefined && files.trim() !== '') {
    if (!/^\s*\d+\s*$/.test(files)) throw new Error(`taiyaku: TAIYAKU_MAX_FILES="${files}" is not a number of files (e.g. 20000)`);
    out.files = Number(files);
  }
  const bytes = env.TAIYAKU_MAX_BYTES;
  if (bytes !== undefined && bytes.trim() !== '') {
    const n = parseBytes(bytes);
    if (n === undefined) throw new Error(`taiyaku: TAIYAKU_MAX_BYTES="${bytes}" is not a size (e.g. 1GB, 500MB or a number of bytes)`);
    out.bytes = n;
  }
  return out;
}

/** A size as people read it: KB under a megabyte, MB to a gigabyte, then GB. */
export const size = (n: number) => (n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : n < 1024 ** 3 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${(n / 1024 ** 3).toFixed(2)} GB`);
const num = (n: number) => n.toLocaleString('en-US');

/**
 * What a deployer can turn off, per kind, without losing a URL the site published or a link someone
 * copied. Kinds not named here have no switch (the pages, their search index and JSON, short links).
 */
const SWITCHES: Record<string, string> = {
  'history pages': 'the imported history — keep fewer earlier editions in official/_history/ (docs/import.md#editions-kept; none that content/served.json names): only entries whose text changed get a page, and a page once published stays, so this shrinks the pages not yet published',
  'changes pages': 'the imported history (as for the history pages)',
  'search index': 'fewer fragment files per language: lower TAIYAKU_SEARCH_FRAGMENTS (default 500; e.g. 200), and neighbouring pages\' search texts share more group files — each result then loads its group, a few KB more per first search (docs/search.md#fragment-groups); and the text blocks of long pages, if TAIYAKU_SEARCH_BLOCKS=on: unset it (off, the default) and each long page keeps its search text in one Pagefind fragment; no URL changes (docs/search.md#fragments-of-long-pages)',
  'pinned links': 'nothing that was handed out: editions imported only for the history already have no pinned pages but one per removed rule; the rest are every number of the current and of each served edition (content/served.json)',
};

/** The message of a site over the host's limits: the totals, each kind's cost, and what can be turned off. */
/** A kind as counted before it is written: its bytes not known yet, its files perhaps only a lower bound. */
export interface Counted { kind: string; files: number; bytes?: number; atLeast?: boolean }

/**
 * The message of a site over the host's limits: the totals, each kind's cost, what each kind's
 * switch is, and `fits`, what would bring this site under, computed for it (output-plan.ts).
 */
export function overLimits(m: { kinds: Counted[]; files: number; bytes?: number; atLeast?: boolean }, limits: Limits, when: string, fits: (over: { files?: number; bytes?: number }) => string[] = () => []): string | undefined {
  const over: string[] = [];
  const excess: { files?: number; bytes?: number } = {};
  const least = m.atLeast ? 'at least ' : '';
  if (limits.files !== undefined && m.files > limits.files) { over.push(`${least}${num(m.files)} files, over TAIYAKU_MAX_FILES=${num(limits.files)} by ${num(m.files - limits.files)}`); excess.files = m.files - limits.files; }
  if (limits.bytes !== undefined && m.bytes !== undefined && m.bytes > limits.bytes) { over.push(`${least}${size(m.bytes)}, over TAIYAKU_MAX_BYTES=${size(limits.bytes)}`); excess.bytes = m.bytes - limits.bytes; }
  if (!over.length) return undefined;
  const lines = m.kinds.map((k) => `  ${k.kind}: ${k.atLeast ? 'at least ' : ''}${num(k.files)} files${k.bytes !== undefined ? `, ${size(k.bytes)}` : ''}${SWITCHES[k.kind] ? ` — to turn off: ${SWITCHES[k.kind]}` : ''}`);
  const fit = fits(excess);
  const tail = fit.length ? `\nWhat would bring it under (computed for this site):\n${fit.map((l) => (l.startsWith('  ') ? `  ${l}` : `  - ${l}`)).join('\n')}` : '';
  return `taiyaku: ${when} would be ${over.join(' and ')}, which the host refuses (docs/deploy.md#host-limits). By kind:\n${lines.join('\n')}${tail}`;
}

/** What the next update to a new edition adds: one pinned page per number of each pinned document's current edition (which then becomes a served one). */
export interface NextEdition { doc: string; files: number }

/**
 * The warning of a site within reach of the file limit: under it now, but the next update that
 * brings a new edition of some document (its current edition's numbers then keep pinned pages as a
 * served edition, docs/architecture.md#pinned-short-links) would go over. Names each document whose
 * next edition would not fit, and what the deployer does (docs/deploy.md#when-the-limit-nears).
 */
export function nearLimits(m: { files: number }, limits: Limits, next: NextEdition[]): string | undefined {
  if (limits.files === undefined || m.files > limits.files) return undefined;
  const left = limits.files - m.files;
  const wont = next.filter((d) => d.files > left).sort((a, b) => b.files - a.files);
  if (!wont.length) return undefined;
  return `taiyaku: ${num(m.files)} files of TAIYAKU_MAX_FILES=${num(limits.files)} (${num(left)} left); the next new edition of ${wont.map((d) => `${d.doc} adds about ${num(d.files)} pinned pages`).join(', ')}, which would not fit. Before that update: docs/deploy.md#when-the-limit-nears`;
}

/** The log lines of what each kind cost. */
export function costLines(m: { kinds: Kind[]; files: number; bytes: number }, seconds: Record<string, number>): string[] {
  return [
    `output: ${num(m.files)} files, ${size(m.bytes)}; by kind (files, size, build seconds of the duty that wrote it):`,
    ...m.kinds.map((k) => `  ${k.kind}: ${num(k.files)} files, ${size(k.bytes)}${seconds[k.kind] !== undefined ? `, ${seconds[k.kind]!.toFixed(1)} s` : ''}`),
  ];
}
