// Served editions through the real `astro build` and the importer: the first edition of a small
// document (tests/fixtures/mtg-cr/editions/, invented text) is imported and built, which records it
// in served.json; the second edition is imported (it inserts, rewords, moves and removes rules) and
// built again. Every pinned link of the first edition, whatever its number means now, is still a page
// of its own, with its unfurl tags, that leads to a rule page which exists. Then the host's limits:
// the output counted before rendering is, kind by kind, what the build writes; a build whose count
// is over TAIYAKU_MAX_FILES stops before it renders a page, saying what would fit; one whose written
// site is over TAIYAKU_MAX_BYTES stops, says what is big, and leaves no site.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { buildPrepared, fixturePaths } from '../../scripts/build-fixture.mjs';
import { checkDist } from '../../scripts/check-dist.mjs';
import { measureOutput } from '../../src/integrations/output-cost';
import { runImport } from '../../src/importers/apply';

const NAME = 'served';
const BASE = '/taiyaku/';
const ENV = { SITE_BASE: BASE, SITE_URL: 'https://example.github.io' };
const { content, out } = fixturePaths(NAME);
const ED = 'tests/fixtures/mtg-cr/editions';
type Build = { status: number | null; output: string };
const builds: Build[] = [];
let firstIds: string[] = [];
let firstEdition = '';
let servedAfterFirst: Record<string, Record<string, Record<string, string>>> = {};

const html = (dir: string) => readFileSync(join(out, dir, 'index.html'), 'utf8');
const attr = (page: string, re: RegExp) => re.exec(page)?.[1]?.replace(/&amp;/g, '&');
/** The file a site path (under the base) is served from, and the anchor it names. */
const fileOf = (href: string) => {
  const url = new URL(href, 'https://example.github.io');
  return { file: join(out, url.pathname.slice(BASE.length), 'index.html'), anchor: decodeURIComponent(url.hash.slice(1)) };
};

/** The redirect lines an import asks for, filled in (a removed rule's anchor goes to its page), added to redirects.yaml. */
function addAskedRedirects(lines: string[]) {
  const start = lines.indexOf('    redirects:');
  const asked: string[] = [];
  if (start >= 0) for (const l of lines.slice(start + 1)) { if (!l.startsWith('      "')) break; asked.push(l.trim()); }
  const filled = Object.fromEntries(Object.entries((parse(asked.join('\n')) ?? {}) as Record<string, string>).map(([from, to]) => [from, to === '…' ? from.replace(/#.*$/, '') : to]));
  const file = join(content, 'redirects.yaml');
  const had = existsSync(file) ? ((parse(readFileSync(file, 'utf8')) ?? {}) as { redirects?: Record<string, string> }).redirects ?? {} : {};
  writeFileSync(file, stringify({ redirects: { ...filled, ...had } }));
}

beforeAll(async () => {
  rmSync(content, { recursive: true, force: true });
  cpSync('tests/fixtures/mtg-cr/content', content, { recursive: true });
  const imp = (en: string, ja: string, today: string) => runImport({ game: 'mtg', en: join(ED, en), ja: join(ED, ja), out: join(content, 'mtg/cr'), today });
  const first = await imp('en-e1.txt', 'ja-e1.txt', '2032-01-20');
  expect(first.problems ?? []).toEqual([]);
  builds.push(buildPrepared(NAME, ENV));
  firstIds = readdirSync(join(out, 'r/mtg')).filter((d) => !d.includes('@') && !d.startsWith('_'));
  servedAfterFirst = JSON.parse(readFileSync(join(content, 'served.json'), 'utf8'));
  firstEdition = Object.keys(servedAfterFirst.mtg?.cr ?? {})[0] ?? '';
  const second = await imp('en-e2.txt', 'ja-e2.txt', '2032-04-05');
  expect(second.problems ?? []).toEqual([]);
  addAskedRedirects(second.lines);
  // The second edition drops the glossary's "draw" term too (the importer does not ask for glossary anchors).
  const file = join(content, 'redirects.yaml');
  const lines = parse(readFileSync(file, 'utf8')) as { redirects: Record<string, string> };
  for (const lang of ['en', 'ja']) lines.redirects[`/${lang}/mtg/cr/glossary/#draw`] = `/${lang}/mtg/cr/glossary/`;
  writeFileSync(file, stringify(lines));
  builds.push(buildPrepared(NAME, ENV));
}, 240_000);

describe('after a second edition is imported', () => {
  it('both builds pass, and the first recorded the edition it served', () => {
    for (const b of builds) expect(b.status, b.output).toBe(0);
    expect(firstEdition).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(firstIds.length).toBeGreaterThan(25);
    expect(builds[0]!.output).toContain(`served.json: now serving mtg/cr@${firstEdition}`);
    expect(checkDist(out, BASE).problems).toEqual([]);
  });

  it('keeps served.json append-only: the first edition with its date, and the second added', () => {
    const served = JSON.parse(readFileSync(join(content, 'served.json'), 'utf8')) as typeof servedAfterFirst;
    const editions = Object.keys(served.mtg!.cr!);
    expect(editions).toHaveLength(2);
    expect(served.mtg!.cr![firstEdition]).toBe(servedAfterFirst.mtg!.cr![firstEdition]);
  });

  it('writes a page for every pinned link of the first edition, each with its unfurl, leading to a rule that exists', () => {
    const missing: string[] = [];
    for (const id of firstIds) {
      const dir = `r/mtg/${id}@${firstEdition}`;
      if (!existsSync(join(out, dir, 'index.html'))) { missing.push(id); continue; }
      const page = html(dir);
      // Every one has its own title and description for the unfurl.
      expect(page, id).toMatch(/<meta property="og:title" content="[^"]+">/);
      expect(page, id).toMatch(/<meta property="og:description" content="[^"]+">/);
      expect(attr(page, /<title>([^<]+)<\/title>/), id).toBeTruthy();
      const to = attr(page, /data-en="([^"]+)"/);
      if (to === undefined) {
        // A removed rule: its page says so, with a link to where its entry is now.
        expect(page, id).toContain('class="pinned-removed"');
        continue;
      }
      // A rule: it lands on a page that has it.
      const { file, anchor } = fileOf(to);
      expect(existsSync(file), `${id} → ${to}`).toBe(true);
      if (anchor) expect(readFileSync(file, 'utf8'), `${id} → ${to}`).toContain(`id="${anchor}"`);
    }
    expect(missing).toEqual([]);
  });

  it('says what each pinned link of the first edition means now', () => {
    const to = (id: string) => attr(html(`r/mtg/${id}@${firstEdition}`), /data-en="([^"]+)"/);
    // 101.3 then is 101.2 now (101.2 was removed), unchanged 100.1a is itself, 101.2 is a removed rule's page,
    // and 702.2, an explanation of the site's own beside the official text, is still itself.
    expect(to('101.3')).toBe(`${BASE}en/mtg/cr/101.2/?pin=101.3@${firstEdition}`);
    expect(to('100.1a')).toBe(`${BASE}en/mtg/cr/100.1/?pin=100.1a@${firstEdition}#100.1a`);
    expect(html(`r/mtg/101.2@${firstEdition}`)).toContain('class="pinned-removed"');
    expect(to('702.2a')).toBe(`${BASE}en/mtg/cr/702.2/?pin=702.2a@${firstEdition}#702.2a`);
    expect(html(`r/mtg/101.3@${firstEdition}`)).toMatch(/<meta property="og:title" content="101\.2 [^"]*← 101\.3@/);
  });
});

/** The build's count before rendering (its log line): kind → files, and whether only a lower bound. */
function plannedKinds(output: string): { files: number; kinds: Map<string, { files: number; atLeast: boolean }> } {
  const line = /output planned before rendering \(\d+ ms\): at least ([\d,]+) files; by kind: (.+)/.exec(output);
  expect(line, output).not.toBeNull();
  const kinds = new Map(line![2]!.split(', ').map((part) => {
    const m = /^(.+?) (≥ )?(\d+)$/.exec(part)!;
    return [m[1]!, { files: Number(m[3]), atLeast: m[2] !== undefined }] as const;
  }));
  return { files: Number(line![1]!.replace(/,/g, '')), kinds };
}

/** Every file under `dir` (relative) → its modification time. */
const stamps = (dir: string) => new Map(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => {
  const file = join(e.parentPath, e.name);
  return [file, statSync(file).mtimeMs] as const;
}));

describe('the host\'s limits', () => {
  let sure = 0;
  it('are checked against a count made before rendering that is, kind by kind, what the build writes (exact; a lower bound for the search index and the bundled scripts)', async () => {
    // Its search fragments in groups (5 files a language for its 14 searched pages), so the lower bound is the groups';
    // a limit far above it, since the count is made only when a limit is set.
    const b = buildPrepared(NAME, { ...ENV, TAIYAKU_SEARCH_FRAGMENTS: '5', TAIYAKU_MAX_FILES: '1000000' });
    expect(b.status, b.output).toBe(0);
    const planned = plannedKinds(b.output);
    const written = new Map((await measureOutput(out)).kinds.map((k) => [k.kind, k.files]));
    expect([...planned.kinds.keys()].sort()).toEqual([...written.keys()].sort());
    for (const [kind, p] of planned.kinds) {
      if (p.atLeast) expect(written.get(kind), kind).toBeGreaterThanOrEqual(p.files);
      else expect(written.get(kind), kind).toBe(p.files);
    }
    expect([...planned.kinds].filter(([, p]) => p.atLeast).map(([k]) => k).sort()).toEqual(['scripts and styles', 'search index']);
    sure = planned.files;
  });

  it('stop a build whose sure count is one file over the limit before it renders a page, and say what would bring it under', () => {
    const before = stamps(out);
    const b = buildPrepared(NAME, { ...ENV, TAIYAKU_SEARCH_FRAGMENTS: '5', TAIYAKU_MAX_FILES: String(sure - 1) });
    expect(b.status).not.toBe(0);
    expect(b.output).toContain(`this site would be at least ${sure.toLocaleString('en-US')} files, over TAIYAKU_MAX_FILES=${(sure - 1).toLocaleString('en-US')} by 1`);
    expect(b.output).toMatch(/\n  short links: \d+ files\n/);
    // What would fit, computed: 1 over the sure count (3 fragment files a language at least), 5 over
    // the expected one (the cap's 5 a language), so a cap of 2 (2 × 3 fewer); and the served edition's pages.
    expect(b.output).toContain('What would bring it under (computed for this site):\n  - TAIYAKU_SEARCH_FRAGMENTS=2 saves ~6 files (now 5: ja 5, en 5 fragment files;');
    expect(b.output).toMatch(new RegExp(`served editions' pinned pages \\(copied links: keep them; a host with a higher limit does\\): mtg/cr@${firstEdition} \\d+`));
    expect(b.output).toContain('Stopped before rendering a page');
    // Before Vite and the pages: Astro never got to them, and not a file of the output folder was written or removed.
    expect(b.output).not.toContain('Building static entrypoints');
    expect(b.output).not.toContain('generating static routes');
    expect(stamps(out)).toEqual(before);
  });

  it('stop a build whose whole site is over the size limit, and leave no site to deploy', () => {
    const b = buildPrepared(NAME, { ...ENV, TAIYAKU_MAX_BYTES: '200KB' });
    expect(b.status).not.toBe(0);
    expect(b.output).toMatch(/this site would be [\d.]+ MB, over TAIYAKU_MAX_BYTES=200\.0 KB/);
    expect(b.output).toMatch(/history pages: \d+ files, [\d.]+ KB — to turn off: the imported history/);
    // What the served edition's pinned pages weigh, from the files written.
    expect(b.output).toMatch(new RegExp(`What would bring it under \\(computed for this site\\):\\n  - served editions' pinned pages \\(copied links: keep them; a host with a higher limit does\\): mtg/cr@${firstEdition} [\\d.]+ KB`));
    expect(existsSync(out)).toBe(false);
  });

  it('refuse a limit that is no number', () => {
    const b = buildPrepared(NAME, { ...ENV, TAIYAKU_MAX_FILES: 'lots' });
    expect(b.status).not.toBe(0);
    expect(b.output).toContain('TAIYAKU_MAX_FILES="lots" is not a number of files');
  });
});
