// The dev server shows the pages the build writes (docs/architecture.md#the-dev-server): one fixture
// content (official text, an imported history, moved anchors, an MDX body) is built with `astro build`
// and, from a second copy of the same files, served by `astro dev` on port 4815 under the same base.
// Every page and file the build wrote that the dev server serves too (Astro's pages, the short and
// pinned links, the API JSON, the search lists) is fetched and compared byte for byte, after
// normalising only what a dev server legitimately writes otherwise (see `normalise`). Then the copy is
// edited — an explanation's YAML, an MDX body, a new entry, a bad file and its mending — and the
// server must follow each change without a restart, through the same content check as the build.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrepared, prepareFixture, writeFiles } from '../../scripts/build-fixture.mjs';

const PORT = 4815;
const BASE = '/taiyaku/';
const SITE = 'https://example.github.io';
/** Where the server listens: read from its log (Vite takes the next port when 4815 is busy). */
let origin = '';
const OVERLAYS = ['moved', 'official', 'history'];
const env = { SITE_BASE: BASE, SITE_URL: SITE };

/**
 * What a dev server writes otherwise, and nothing more, made the same on both sides:
 * - stylesheets: the build links its bundle (`<link rel="stylesheet" href="/_astro/….css">`); Vite
 *   inlines each source (`<style data-vite-dev-id>`) and loads it again as a module for hot reload;
 * - Vite's client (`<script type="module" src="…/@vite/client">`), which only a dev server has;
 * - a component's script: the build's bundle `/_astro/Base.astro_astro_type_script_index_0_lang.{hash}.js`,
 *   the dev server's source `/src/layouts/Base.astro?astro&type=script&index=0&lang.ts`: both become
 *   `Base.astro#0` (the component and the script's index, which must agree);
 * - the search client's and the pinned line's URLs (`data-panel`, `data-page`, `data-pinned-line`):
 *   bundles with hashes in a build, the sources in a dev server (src/integrations/taiyaku.ts).
 * Everything else — text, links, anchors, attributes, the policy's hashes, JSON — must be equal.
 */
function normalise(html: string): string {
  // The build's URLs are under the base; Vite serves its client and the sources from the root.
  const b = `(?:${BASE.replace(/\/$/, '')})?`;
  return html
    .replace(/<style data-vite-dev-id="[^"]*">[\s\S]*?<\/style>/g, '')
    // The dev policy lets those inline styles through (src/render/csp.ts CSP_META_DEV).
    .replace("style-src 'self' 'unsafe-inline'", "style-src 'self'")
    .replace(new RegExp(`<script type="module" src="${b}/@vite/client"></script>`, 'g'), '')
    .replace(new RegExp(`<script type="module" src="${b}/src/[^"]*\\.css(?:\\?[^"]*)?"></script>`, 'g'), '')
    .replace(new RegExp(`<link rel="stylesheet" href="${b}/_astro/[^"]*\\.css">`, 'g'), '')
    .replace(new RegExp(`src="${b}/src/(?:[^"/]*/)*([^"/?]*)\\?astro&(?:amp;)?type=script&(?:amp;)?index=(\\d+)&(?:amp;)?lang\\.ts"`, 'g'), 'src="$1#$2"')
    .replace(new RegExp(`src="${b}/_astro/([^"]*?)_astro_type_script_index_(\\d+)_lang\\.[\\w-]+\\.js"`, 'g'), 'src="$1#$2"')
    .replace(new RegExp(`((?:data-(?:panel|page|pinned-line)|src))="${b}/(?:src/search/panel\\.ts|_astro/search-panel\\.[\\w-]+\\.js)"`, 'g'), '$1="search-panel"')
    .replace(new RegExp(`((?:data-(?:panel|page|pinned-line)|src))="${b}/(?:src/search/page\\.ts|_astro/search-page\\.[\\w-]+\\.js)"`, 'g'), '$1="search-page"')
    .replace(new RegExp(`((?:data-(?:panel|page|pinned-line)|src))="${b}/(?:src/scripts/pinned-line\\.ts|_astro/pinned-line\\.[\\w-]+\\.js)"`, 'g'), '$1="pinned-line"');
}

/**
 * What the build writes that is not a page of the dev server, by design: Astro's bundles (`_astro/`),
 * Pagefind's index, the service worker and the offline lists, the sitemap, the host's headers file,
 * the 404 page (a dev server answers its own 404), and the redirect pages (their targets are checked
 * against the written pages, src/integrations/redirects.ts). Everything else is compared.
 */
// The English spelling lists are read from Pagefind's bundle after it is written (search-spelling.ts).
const BUILD_ONLY = [/^_astro\//, /^pagefind\//, /^search\/en\/spelling\//, /^sw\.js$/, /^offline\/.*\.json$/, /^sitemap-.*\.xml$/, /^_headers$/, /^404\.html$/, /^favicon\.svg$/];

/** The title of a redirect page or of a moved id's short link, in either language. */
const REDIRECT_TITLE = new RegExp(`<title>(?:${['ja', 'en'].flatMap((lang) => {
  const strings = JSON.parse(readFileSync(`src/i18n/${lang}.json`, 'utf8')) as Record<string, string>;
  return ['redirect.title', 'short.moved'].map((key) => strings[key]!.replace(/[.*+?^$()[\]\\|]/g, '\\$&').replace(/\{(?:title|id)\}/g, '[^<]*'));
}).join('|')})</title>`);

let build: { status: number | null; output: string; content: string; out: string };
let served: string;
let server: ChildProcess | undefined;
let log = '';

const files = (dir: string, prefix = ''): string[] => readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((d) => {
  const rel = prefix ? `${prefix}/${d.name}` : d.name;
  return d.isDirectory() ? files(dir, rel) : [rel];
});
/** The URL path of an output file: `en/demo/cr/100.1/index.html` → `/taiyaku/en/demo/cr/100.1/`. */
const urlOf = (rel: string) => `${BASE}${rel.replace(/(^|\/)index\.html$/, '$1')}`;
const get = async (path: string) => {
  const res = await fetch(`${origin}${path}`, { redirect: 'manual' });
  return { status: res.status, text: await res.text() };
};
/** Where two texts first part, with a little of each around it. */
function firstDifference(dev: string, built: string): string {
  let i = 0;
  while (i < dev.length && dev[i] === built[i]) i++;
  return `dev …${dev.slice(Math.max(0, i - 60), i + 80)}… build …${built.slice(Math.max(0, i - 60), i + 80)}…`;
}

/** Polls `path` until `ok` holds for its text (the dev server has picked up a change), or times out. */
async function until(path: string, ok: (text: string, status: number) => boolean, ms = 30_000): Promise<string> {
  const end = Date.now() + ms;
  let last = { status: 0, text: '' };
  while (Date.now() < end) {
    last = await get(path).catch(() => ({ status: 0, text: '' }));
    if (ok(last.text, last.status)) return last.text;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${path} did not change as expected within ${ms} ms (last status ${last.status}); server log:\n${log.slice(-3000)}`);
}

beforeAll(async () => {
  prepareFixture('dev-build', { overlays: OVERLAYS });
  build = buildPrepared('dev-build', env);
  served = prepareFixture('dev-serve', { overlays: OVERLAYS });
  // As scripts/build-fixture.mjs does, Vite's import.meta.env values stay behind, and so do vitest's
  // own (NODE_ENV=test, VITEST…), under which a dev server answers every page 404.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'NODE_ENV', 'TEST'].includes(k) && !k.startsWith('VITEST')));
  // --ignore-lock: runs beside a dev server someone else started in this project, and leaves it alone.
  server = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(PORT), '--ignore-lock'], {
    env: { ...inherited, ...env, TAIYAKU_CONTENT: served, TAIYAKU_CACHE: join(served, '..', 'fixture-dev-serve-cache'), FORCE_COLOR: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => { log += d.toString(); });
  server.stderr!.on('data', (d: Buffer) => { log += d.toString(); });
  const end = Date.now() + 120_000;
  while (!origin && Date.now() < end) {
    origin = /Local\s+(http:\/\/localhost:\d+)\//.exec(log)?.[1] ?? '';
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!origin) throw new Error(`astro dev did not start:\n${log}`);
  await until(`${BASE}`, (_, status) => status === 200, 90_000);
});

afterAll(() => {
  server?.kill('SIGTERM');
});

describe('the dev server', () => {
  it('serves every page and file the build wrote, the same after the normalisation', async () => {
    expect(build.status, build.output).toBe(0);
    const written = files(build.out).filter((rel) => !BUILD_ONLY.some((p) => p.test(rel)));
    // The redirect pages and the moved ids' short links, told by their titles (the UI strings of
    // src/render/redirect-pages.ts): as many as the build's log says it wrote.
    const redirects = new Set(written.filter((rel) => rel.endsWith('.html') && REDIRECT_TITLE.test(readFileSync(join(build.out, rel), 'utf8'))));
    const logged = /(\d+) redirect page\(s\) and (\d+) short link\(s\) of moved ids written/.exec(build.output);
    expect(redirects.size).toBe(Number(logged?.[1]) + Number(logged?.[2]));
    expect(redirects.size).toBeGreaterThan(0);
    const compared = written.filter((rel) => !redirects.has(rel));
    // Every kind the issue names is among them.
    for (const kind of [
      'en/demo/cr/102.1/index.html', // official text beside an explanation
      'ja/demo/cr/100.2/index.html', // an MDX body
      'en/demo/terms/index.html', 'ja/demo/graph/index.html', 'en/demo/cr/104/history/index.html',
      'r/demo/100.1/index.html', // a short link
      'r/demo/100.2@2031-03-07/index.html', 'r/demo/_pins.json', // a pinned link, the game's table
      'api/demo/cr/100.1.json', 'api/demo/index.json',
    ]) expect(compared).toContain(kind);
    const differ: string[] = [];
    for (const rel of compared) {
      const page = await get(urlOf(rel));
      const want = readFileSync(join(build.out, rel), 'utf8');
      if (page.status !== 200) differ.push(`${rel}: ${page.status}`);
      else if (normalise(page.text) !== normalise(want)) differ.push(`${rel}: ${firstDifference(normalise(page.text), normalise(want))}`);
    }
    expect(differ, `pages that differ between the build and the dev server (of ${compared.length})`).toEqual([]);
    expect(compared.length).toBeGreaterThan(100);
    // The one policy difference, in the dev server only: Vite's inline stylesheets may apply there.
    const devPage = (await get(urlOf('en/demo/cr/102.1/index.html'))).text;
    expect(devPage).toContain("style-src 'self' 'unsafe-inline'");
    expect(readFileSync(join(build.out, 'en/demo/cr/102.1/index.html'), 'utf8')).not.toContain('unsafe-inline');
  });

  it('follows an edit to an explanation, an MDX body and a new entry, without a restart', async () => {
    const entry = `${BASE}en/demo/cr/100.1/`;
    const yaml = join(served, 'demo/cr/100.1.yaml');
    const before = readFileSync(yaml, 'utf8');
    expect(before).toContain('en: English text.');
    // It cites 100.7a, which no entry has yet (plain text, a warning), and the new entry below brings.
    writeFileSync(yaml, before.replace('en: English text.', 'en: Edited in the dev server, English text. Compare 100.7a.'));
    const page = await until(entry, (t) => t.includes('Edited in the dev server,'));
    // The same model feeds the rest: the API body and the search list follow too.
    // (Polled as well: the page can show the new model a moment before the old modules are dropped.)
    await until(`${BASE}api/demo/cr/100.1.json`, (t) => t.includes('Edited in the dev server,'));
    expect(page).toContain('<html lang="en"');

    const mdx = join(served, 'demo/cr/100.2.mdx');
    writeFileSync(mdx, readFileSync(mdx, 'utf8').replace('<div lang="en">Example.</div>', '<div lang="en">An example, edited.</div>'));
    await until(`${BASE}en/demo/cr/100.2/`, (t) => t.includes('An example, edited.'));

    writeFiles(served, { 'demo/cr/100.7.yaml': 'title: { ja: 新しい規則, en: A new rule }\nchecked: 2026-11-30\nrules:\n  - { id: 100.7a, ja: 新しい文。, en: A sentence added while the server ran. }\n' });
    await until(`${BASE}en/demo/cr/100.7/`, (t, s) => s === 200 && t.includes('A sentence added while the server ran.'));
    // The reference in 100.1 is a link now: what rendered before the entry came (the Markdown
    // cache, src/render/markdown/pipeline.ts) was invalidated with the old model.
    await until(entry, (t) => t.includes('href="../100.7/#100.7a"'));
    // Its document's contents, its short link and its API body appear with it.
    await until(`${BASE}en/demo/cr/`, (t) => t.includes('A new rule'));
    expect((await get(`${BASE}r/demo/100.7a/`)).status).toBe(200);
    expect((await get(`${BASE}api/demo/cr/100.7.json`)).status).toBe(200);
    // A new entry with a body: its page finds the body (Astro's collection synced before the reload).
    writeFiles(served, { 'demo/cr/100.8.mdx': '---\ntitle: { ja: 本文のある規則, en: A rule with a body }\nchecked: 2026-11-30\nrules:\n  - { id: 100.8a, ja: 文。, en: A sentence. }\n---\n\nA body written while the server ran.\n' });
    await until(`${BASE}ja/demo/cr/100.8/`, (t, s) => s === 200 && t.includes('<p>A body written while the server ran.</p>'));
    expect(log).toMatch(/content changed: site model rebuilt/);
  });

  it('shows our message instead of the pages while an edit has a problem, and follows the mending', async () => {
    const yaml = join(served, 'demo/cr/100.7.yaml');
    const good = readFileSync(yaml, 'utf8');
    const mark = log.length;
    writeFileSync(yaml, good.replace(', en: A new rule', ''));
    // Astro's error page (the site's policy would hide an overlay on our own pages), named for our error.
    const page = await until(`${BASE}en/demo/cr/100.1/`, (t, s) => s === 500 && t.includes('<title>ContentError</title>'));
    expect(page).not.toMatch(/Browser APIs|document or window/);
    // In the terminal: our message, in the check's form, and no stack trace after it.
    expect(log.slice(mark)).toMatch(/Taiyaku found 1 content problem:\n.*demo\/cr\/100\.7\.yaml › title\.en: is required\. Expected a string/);
    expect(log.slice(mark)).not.toMatch(/Stack trace:|\bat runContentCheck\b|Browser APIs/);
    // Mended, the pages come back with the change.
    writeFileSync(yaml, good.replace('A sentence added while the server ran.', 'A sentence mended.'));
    await until(`${BASE}en/demo/cr/100.7/`, (t, s) => s === 200 && t.includes('A sentence mended.'));
    expect((await get(`${BASE}en/demo/cr/100.1/`)).status).toBe(200);
  });
});
