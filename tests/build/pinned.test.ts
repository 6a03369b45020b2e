// Pinned short links through the real `astro build` under a sub-path: the fixture overlays official +
// history (one imported step 2030-09-01 → 2031-03-07) give a document with two editions. The pages
// written under /r/, the game's table, the removed rule's page, the notice at the top of 104 and the
// copy-link data are read from the built files, and the output checks pass.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../../scripts/build-fixture.mjs';
import { checkDist, validateHtml } from '../../scripts/check-dist.mjs';
import { pinTableOf, resolvePin, type PinEdition, type PinTable } from '../../src/model/pinned';

const BASE = '/taiyaku/';
let build: { status: number | null; output: string; content: string; out: string };
const file = (path: string) => readFileSync(join(build.out, path), 'utf8');
const page = (path: string) => file(join(path, 'index.html'));
/** Where a short-link page forwards, per language. */
const forwards = (path: string) => {
  const m = /<script data-ja="([^"]+)" data-en="([^"]+)">/.exec(page(path));
  return m ? { ja: m[1]!.replace(/&amp;/g, '&'), en: m[2]!.replace(/&amp;/g, '&') } : undefined;
};

beforeAll(() => {
  build = buildFixture('pinned', { overlays: ['official', 'history'], env: { SITE_BASE: BASE, SITE_URL: 'https://example.github.io' } });
});

describe('a site with two editions of a document', () => {
  it('builds, and passes the site\'s own output checks', async () => {
    expect(build.status, build.output).toBe(0);
    expect(checkDist(build.out, BASE).problems).toEqual([]);
    expect(await validateHtml(build.out)).toEqual([]);
  });

  it('writes a pinned page for every id of the current edition, and of the earlier one (never served) its removed rule\'s only', () => {
    const pinned = readdirSync(join(build.out, 'r/demo')).filter((d) => d.includes('@')).sort();
    const unpinned = readdirSync(join(build.out, 'r/demo')).filter((d) => !d.includes('@') && !d.startsWith('_'));
    // Current ids: each has its unpinned short link and its pinned one.
    const current = pinned.filter((d) => d.endsWith('@2031-03-07')).map((d) => d.replace(/@.*/, ''));
    expect(current.every((id) => unpinned.includes(id))).toBe(true);
    expect(current).toContain('104.3');
    // 2030-09-01 was only imported (served.json names the current edition alone): the removal's page,
    // which the notices link to; its moved numbers are the 404 page's (tests/build/served.test.ts has a served one).
    expect(pinned.filter((d) => d.endsWith('@2030-09-01'))).toEqual(['102.1c@2030-09-01']);
    expect(JSON.parse(readFileSync(join(build.content, 'served.json'), 'utf8'))).toEqual({ demo: { cr: { '2031-03-07': expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } } });
    expect(forwards('r/demo/104.3@2031-03-07')?.en).toBe('/taiyaku/en/demo/cr/104/?pin=104.3@2031-03-07#104.3');
    // The unfurl names the rule in both languages and the edition.
    const html = page('r/demo/104.3@2031-03-07');
    expect(html).toMatch(/<meta property="og:title" content="104\.3 [^"]+ · 2031-03-07">/);
    expect(html).toMatch(/<meta property="og:description" content="総合ルール 2031-03-07（現在の版）の 104\.3 へのリンクです。[^"]* \/ A link to 104\.3 in the Comprehensive Rules 2031-03-07, the current edition\./);
    expect(html).not.toContain('<meta name="description"');
  });

  it('leaves the pinned pages out of a saved game, keeping the unpinned short links (pinned pages are cached when read)', () => {
    const saved = (JSON.parse(file('offline/demo.json')) as { files: { url: string }[] }).files.map((f) => f.url);
    expect(saved).toContain('/taiyaku/r/demo/104.3/index.html');
    expect(saved.filter((u) => u.includes('@'))).toEqual([]);
  });

  it('publishes the table the 404 page reads, which answers every other pinned link', () => {
    // The index names the editions; each earlier edition's numbers are a file of their own.
    const index = JSON.parse(file('r/demo/_pins.json')) as PinTable;
    expect(index.docs[0]!.editions.map((e) => [e.id, e.moved.length, e.fresh])).toEqual([['2031-03-07', 0, undefined], ['2030-09-01', 0, undefined]]);
    const earlier = JSON.parse(file('r/demo/_pins/cr/2030-09-01.json')) as PinEdition;
    expect(earlier.moved).toEqual([['104.3', '104.2b'], ['104.4', '104.3']]);
    const table = pinTableOf(index, { cr: earlier });
    const said = (id: string, edition: string) => { const r = resolvePin(table, id, edition); return r.kind === 'rule' ? r.to : r.kind; };
    expect([said('100.1c', '2030-09-01'), said('101.1b', '2030-09-01'), said('102.1c', '2030-09-01'), said('104.3', '1999-01-01')]).toEqual(['100.1c', 'none', 'removed', 'unknown-edition']);
    // The 404 page carries its script and messages; the messages hold no URL text.
    const notFound = file('404.html');
    expect(notFound).toContain('class="note pinned-404"');
    expect(notFound).toMatch(/<noscript>.*href="\/taiyaku\/en\/search\/"/s);
  });

  it('gives a removed rule a page with its last text and where its entry is now', () => {
    const html = page('r/demo/102.1c@2030-09-01');
    expect(html).toContain('<h1>102.1c（総合ルール 2030-09-01）は削除された条文です <span lang="en">/ 102.1c (the Comprehensive Rules 2030-09-01) was removed</span></h1>');
    expect(html).toContain('<blockquote class="official"><p>A die that lands on its edge counts as a one.</p></blockquote>');
    expect(html).toContain('href="/taiyaku/en/demo/cr/102.1/"');
    // Not a contract of its own and not searched: outside the manifest and the search bundles.
    const manifest = JSON.parse(readFileSync(join(build.content, 'permalinks.json'), 'utf8')) as Record<string, string[]>;
    expect(Object.keys(manifest).filter((p) => p.startsWith('/r/'))).toEqual([]);
  });

  it('says at the top of 104 that 104.3 held another rule, and gives copy link the pinned form', () => {
    const html = page('ja/demo/cr/104');
    const top = html.indexOf('class="note renumber renumber-top"');
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(html.indexOf('class="rule"'));
    expect(html.slice(top, html.indexOf('</div></div></div>', top))).toContain('総合ルール 2030-09-01では、104.3 は別の条文の番号でした。その条文は現在 <a href="../104.2/#104.2b">104.2b</a> です。');
    expect(html).toContain('data-pin="/taiyaku/r/demo/" data-edition="2031-03-07"');
    // A page none of whose numbers held another rule has no such notice.
    expect(page('ja/demo/cr/101.1')).not.toContain('renumber-top');
    expect(existsSync(join(build.out, 'r/demo/_pins.json'))).toBe(true);
  });
});
