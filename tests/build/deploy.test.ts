// The deployment workflow's script (scripts/deploy.mjs, docs/deploy.md#deploy-state), run as CI runs
// it: twice, each time from a fresh checkout of the content, with two editions of invented official
// text (tests/fixtures/mtg-cr/editions/: the second removes 101.2 and 102.1b, moves 101.3–101.4 up
// and 100.1j–n down, and gives 100.3 to another rule). Every URL of the first run — each page, each
// permanent anchor, each short link — still answers after the second, with no redirect written by
// hand; a run without its state stops and says why.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mergeManifests, mergeRedirects, mergeServed } from '../../scripts/deploy.mjs';

const BASE = '/taiyaku/';
const WORK = resolve('.out/deploy-test');
const state = join(WORK, 'state');
const official = (n: number) => join(WORK, `official-${n}`);
const out = (n: number) => join('.out', 'deploy-test', `site-${n}`);
const content = join(WORK, 'content');

/** A fresh checkout: the repository's content, nothing of an earlier run. */
function checkout() {
  rmSync(content, { recursive: true, force: true });
  cpSync('tests/fixtures/mtg-cr/content', content, { recursive: true });
}
function deploy(n: number, ...more: string[]) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR'].includes(k)));
  const r = spawnSync(process.execPath, ['scripts/deploy.mjs', '--state', state, '--content', content, '--official', official(n), '--out', out(n), '--today', `2032-0${n}-20`, ...more], {
    encoding: 'utf8',
    env: { ...inherited, SITE_BASE: BASE, SITE_URL: 'https://example.github.io', TAIYAKU_CACHE: join(WORK, 'cache'), FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

/** Every page of a built site (base-free paths), the 404 page aside. */
function pages(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('index.html'))
    .map((f) => `/${f.replace(/index\.html$/, '')}`).filter((p) => p !== '/404/').sort();
}
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const unbase = (url: string) => (url.startsWith(BASE) ? `/${url.slice(BASE.length)}` : url);

/** Where a reader of `url` lands in the built site `dir`, following redirect pages, moved-anchor maps and short links; or why not. */
function land(dir: string, url: string, seen: string[] = []): { at: string } | { lost: string } {
  if (seen.includes(url) || seen.length > 8) return { lost: `a loop: ${[...seen, url].join(' → ')}` };
  const [path, anchor] = url.split('#') as [string, string | undefined];
  const page = path.replace(/\?.*$/, ''); // ?pin= is only a question to the landing page
  const file = join(dir, page, 'index.html');
  const pin = /^\/r\/([^/]+)\/[^/]+@([^/]+)\/$/.exec(page);
  if (!existsSync(file) && pin) {
    // A pinned link of an earlier edition without a page is answered by the 404 page's script from the table (docs/architecture.md#pinned-short-links).
    const table = JSON.parse(readFileSync(join(dir, 'r', pin[1]!, '_pins.json'), 'utf8')) as { docs: { editions: { id: string }[] }[] };
    return table.docs.some((d) => d.editions.some((e) => e.id === pin[2])) ? { at: `${page} (the 404 page, from /r/${pin[1]}/_pins.json)` } : { lost: `${page}: the edition ${pin[2]} is unknown` };
  }
  if (!existsSync(file)) return { lost: `${page} is not a page of the site` };
  const html = readFileSync(file, 'utf8');
  const script = /<script data-moved="([^"]*)"(?: data-to="([^"]*)")?/.exec(html);
  const moved = script ? (JSON.parse(decode(script[1]!)) as Record<string, string>) : {};
  const to = script?.[2] ? unbase(decode(script[2])) : undefined;
  // A short link's page forwards with a refresh (and its canonical); follow the refresh.
  const refresh = /http-equiv="refresh" content="0; url=([^"]+)"/.exec(html)?.[1];
  const next = (target: string) => land(dir, target, [...seen, url]);
  if (anchor !== undefined && moved[anchor]) return next(unbase(moved[anchor]!));
  if (to !== undefined) return next(anchor !== undefined && !to.includes('#') ? `${to}#${anchor}` : to);
  if (page.startsWith('/r/') && refresh) return next(unbase(decode(refresh)));
  if (anchor !== undefined && !html.includes(`id="${anchor}"`)) return { lost: `${page} has no #${anchor}` };
  return { at: url };
}

let first: ReturnType<typeof deploy>;
let firstState: Record<string, unknown>;
let second: ReturnType<typeof deploy>;
let firstUrls: string[];

beforeAll(() => {
  rmSync(WORK, { recursive: true, force: true });
  for (const n of [1, 2]) {
    mkdirSync(official(n), { recursive: true });
    cpSync(`tests/fixtures/mtg-cr/editions/en-e${n}.txt`, join(official(n), 'mtg-en'));
    cpSync(`tests/fixtures/mtg-cr/editions/ja-e${n}.txt`, join(official(n), 'mtg-ja'));
  }
  checkout();
  first = deploy(1, '--first-deploy');
  if (first.status !== 0) return;
  firstState = JSON.parse(readFileSync(join(state, 'taiyaku-state.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(join(state, 'permalinks.json'), 'utf8')) as Record<string, string[]>;
  firstUrls = [...pages(out(1)), ...Object.entries(manifest).flatMap(([p, anchors]) => anchors.map((a) => `${p}#${a}`))];
  checkout();
  second = deploy(2);
}, 600_000);

describe('two deployments, each from a fresh checkout', () => {
  it('the first deploys from nothing, on --first-deploy, and saves its state', () => {
    expect(first.status, first.output).toBe(0);
    expect(first.output).toContain('state: none (first deployment)');
    expect(readdirSync(state).sort()).toEqual(['mtg', 'permalinks.json', 'served.json', 'taiyaku-state.json']);
    expect(readdirSync(join(state, 'mtg/cr/official')).length).toBeGreaterThan(10);
    expect(firstState).toMatchObject({ format: 1, editions: { 'mtg/cr': '2032-01-10 · 日本語訳 20320115.0' } });
  });

  it('the second restores the state, imports the new edition and builds with no redirect written by hand', () => {
    expect(second.status, second.output).toBe(0);
    expect(second.output).toMatch(/state: restored from \S+ \(saved [^)]+\): mtg\/cr, \d+ published pages/);
    expect(second.output).toContain('cr/official/_history/2032-04-02.yaml: the previous edition kept');
    expect(existsSync(join(content, 'redirects.yaml'))).toBe(false);
    expect(readdirSync(join(state, 'mtg/cr/official/_history'))).toEqual(['2032-04-02.yaml']);
  });

  it('every URL of the first run still answers after the second: pages, anchors and short links', () => {
    expect(firstUrls.length).toBeGreaterThan(100);
    const lost = firstUrls.map((u) => [u, land(out(2), u)] as const).filter(([, r]) => 'lost' in r).map(([u, r]) => `${u}: ${(r as { lost: string }).lost}`);
    expect(lost).toEqual([]);
    // Where the gone ones land: a moved rule where it is now, a removed one on its last text.
    expect(land(out(2), '/en/mtg/cr/101.4/#101.4')).toEqual({ at: '/en/mtg/cr/101.3/#101.3' });
    expect(land(out(2), '/en/mtg/cr/102.1/#102.1b')).toEqual({ at: '/en/mtg/cr/102.1/history/#removed-102.1b-2032-04-02' });
    expect(land(out(2), '/ja/mtg/cr/101.4/')).toEqual({ at: '/ja/mtg/cr/101.3/' });
    expect(land(out(2), '/en/mtg/cr/glossary/#draw')).toEqual({ at: '/en/mtg/cr/glossary/' });
    // A number now given to another rule still answers: the page shows the notice (docs/architecture.md#pinned-short-links).
    expect(land(out(2), '/en/mtg/cr/100.1/#100.1n')).toEqual({ at: '/en/mtg/cr/100.1/#100.1n' });
  });

  it('a run that finds no state stops and says why; a first deployment over a state is refused', () => {
    const saved = join(WORK, 'state-kept');
    rmSync(saved, { recursive: true, force: true });
    cpSync(state, saved, { recursive: true });
    rmSync(state, { recursive: true, force: true });
    checkout();
    const missing = deploy(2);
    expect(missing.status).toBe(3);
    expect(missing.output).toMatch(/✗ no deploy state: \S+state does not exist\. It holds what the last deployment published and must keep .* pass --first-deploy if nothing was ever deployed\./);
    expect(existsSync(out(2))).toBe(true); // the last output is left alone
    cpSync(saved, state, { recursive: true });
    const again = deploy(2, '--first-deploy');
    expect(again.status).toBe(3);
    expect(again.output).toMatch(/✗ --first-deploy, but \S+ holds the state of a deployment \(taiyaku-state\.json, saved [^)]+\): starting from nothing would forget what it published\. Drop --first-deploy\./);
  });

  it('a run whose import is refused saves nothing', () => {
    checkout();
    const whole = readFileSync('tests/fixtures/mtg-cr/editions/en-e2.txt', 'utf8');
    writeFileSync(join(official(2), 'mtg-en'), whole.slice(0, whole.lastIndexOf('\nGlossary\n') + 1)); // cut before its glossary
    const before = readFileSync(join(state, 'taiyaku-state.json'), 'utf8');
    const cut = deploy(2);
    cpSync('tests/fixtures/mtg-cr/editions/en-e2.txt', join(official(2), 'mtg-en'));
    expect(cut.status, cut.output).toBe(1);
    expect(cut.output).toContain('the text ends in the rules without it: the file looks cut short');
    expect(cut.output).toContain('✗ the import of mtg failed (its report is above): nothing is saved or published, the last deployment stays up');
    expect(readFileSync(join(state, 'taiyaku-state.json'), 'utf8')).toBe(before);
  });
});

describe('merging the state with the checkout', () => {
  it('keeps every page and anchor of both manifests, every edition served (the earlier date), and the repository\'s redirect lines first', () => {
    expect(mergeManifests({ '/en/a/': ['1', '2'] }, { '/en/a/': ['2', '3'], '/en/b/': [] })).toEqual({ '/en/a/': ['1', '2', '3'], '/en/b/': [] });
    expect(mergeServed({ mtg: { cr: { '2032-04-02': '2032-04-20' } } }, { mtg: { cr: { '2032-01-10': '2032-01-20', '2032-04-02': '2032-04-10' } } }))
      .toEqual({ mtg: { cr: { '2032-04-02': '2032-04-10', '2032-01-10': '2032-01-20' } } });
    const merged = mergeRedirects('redirects:\n  "/en/a/": "/en/b/"\n', 'redirects:\n  "/en/a/": "/en/c/"\n  "/en/x/": "/en/y/"\n');
    expect(merged.added).toEqual(['/en/x/']);
    expect(merged.text).toBe('redirects:\n  /en/a/: /en/b/\n  /en/x/: /en/y/\n');
  });
});
