// History where there is history, across deploys, through the real `astro build` (one content folder,
// its permalinks.json carried from build to build as a deployment keeps it): the site fixture's 103
// reads the same in both kept editions, so the first build writes no history page for it; a step
// that rewords 103.1b gives it one (in both languages, with its history.json); and when that change
// is no longer among the kept editions, the published page is still written, so the permanent-link
// manifest holds (docs/architecture.md#history-changes-and-the-json-api-pages).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPrepared, fixturePaths, writeFiles } from '../../scripts/build-fixture.mjs';
import { checkDist } from '../../scripts/check-dist.mjs';

const NAME = 'history-kept';
const BASE = '/taiyaku/';
const ENV = { SITE_BASE: BASE, SITE_URL: 'https://example.github.io' };
const { content, out } = fixturePaths(NAME);
const STEP = 'demo/cr/official/_history/2031-03-07.yaml';
const original = readFileSync(join('tests/fixtures/content/history', STEP), 'utf8');
const reworded = `${original}  - id: 103.1b\n    en: Numbers run from one to eight.\n`;

type Seen = { status: number | null; output: string; pages: Record<string, boolean>; json: boolean; unchanged: Record<string, boolean>; manifest: string[]; problems: unknown[] };
const builds: Seen[] = [];
const HISTORY = (lang: string) => `${lang}/demo/cr/103/history`;

function build(step: string): Seen {
  writeFiles(content, { [STEP]: step });
  const b = buildPrepared(NAME, ENV);
  const page = (path: string) => readFileSync(join(out, path, 'index.html'), 'utf8');
  const manifest = existsSync(join(content, 'permalinks.json')) ? Object.keys(JSON.parse(readFileSync(join(content, 'permalinks.json'), 'utf8')) as object) : [];
  return {
    status: b.status,
    output: b.output,
    pages: Object.fromEntries(['en', 'ja'].map((l) => [l, existsSync(join(out, HISTORY(l), 'index.html'))])),
    json: existsSync(join(out, 'api/demo/cr/103/history.json')),
    unchanged: Object.fromEntries(['en', 'ja'].map((l) => [l, b.status === 0 && page(`${l}/demo/cr/103`).includes('class="unchanged"')])),
    manifest: manifest.filter((p) => p.includes('/103/')),
    problems: b.status === 0 ? checkDist(out, BASE).problems : ['no build'],
  };
}

let near: { status: number | null; output: string; files: number } | undefined;

beforeAll(() => {
  rmSync(content, { recursive: true, force: true });
  for (const layer of ['base', 'moved', 'official', 'history']) cpSync(join('tests/fixtures/content', layer), content, { recursive: true });
  builds.push(build(original), build(reworded), build(original));
  // The same site with a file limit it is just under: it builds, and warns that the next edition would not fit.
  const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  near = { ...buildPrepared(NAME, { ...ENV, TAIYAKU_MAX_FILES: String(files + 5) }), files };
});

describe('a history page once published is written on every later build', () => {
  it.each([
    ['1. 103 unchanged in every kept edition: no page, its page says so', 0, { pages: { en: false, ja: false }, json: false, unchanged: { en: true, ja: true }, manifest: ['/en/demo/cr/103/', '/ja/demo/cr/103/'] }],
    ['2. a step rewords 103.1b: 103 gets its page and file, published', 1, { pages: { en: true, ja: true }, json: true, unchanged: { en: false, ja: false }, manifest: ['/en/demo/cr/103/', '/en/demo/cr/103/history/', '/ja/demo/cr/103/', '/ja/demo/cr/103/history/'] }],
    ['3. that change no longer kept: 103 reads the same again, and its published page stays', 2, { pages: { en: true, ja: true }, json: true, unchanged: { en: false, ja: false }, manifest: ['/en/demo/cr/103/', '/en/demo/cr/103/history/', '/ja/demo/cr/103/', '/ja/demo/cr/103/history/'] }],
  ])('%s', (_, k, expected) => {
    const b = builds[k]!;
    expect(b.status, b.output).toBe(0);
    expect({ pages: b.pages, json: b.json, unchanged: b.unchanged, manifest: b.manifest.sort() }).toEqual(expected);
    expect(b.problems).toEqual([]);
  });

  it('the kept page shows the history it has now, linked from the entry page', () => {
    const page = readFileSync(join(out, HISTORY('en'), 'index.html'), 'utf8');
    expect(page).toContain('id="103.1b"');
    expect(page).not.toContain('one to eight');
    expect(readFileSync(join(out, 'ja/demo/cr/103/index.html'), 'utf8')).toContain('href="/taiyaku/ja/demo/cr/103/history/"');
  });
});

describe('the host limit, near', () => {
  it('a site 5 files under TAIYAKU_MAX_FILES builds and says the next new edition of demo/cr would not fit', () => {
    expect(near!.status, near!.output).toBe(0);
    expect(near!.output).toMatch(new RegExp(`taiyaku: ${near!.files.toLocaleString('en-US')} files of TAIYAKU_MAX_FILES=${(near!.files + 5).toLocaleString('en-US')} \\(5 left\\); the next new edition of demo/cr adds about \\d+ pinned pages, which would not fit\\. Before that update: docs/deploy\\.md#when-the-limit-nears`));
  });
});
