// Moved entries and anchors through the real `astro build` under a sub-path: the fixture
// tests/fixtures/content/moved renumbers 100.3 as 100.5 (its 100.3c going to 100.6) and moves
// 100.1b to 100.6, after the pages in its permalinks.json were published. The redirect pages must be
// real pages that pass the site's own output checks, carry the deploy base, and map every old
// anchor; short links of the old ids keep working; and the manifest keeps the old URLs, so deleting
// a redirect line later stops the build (and leaves no output folder to deploy).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, buildPrepared, writeFiles } from '../../scripts/build-fixture.mjs';
import { checkDist, validateHtml } from '../../scripts/check-dist.mjs';
import { MOVED_SCRIPT } from '~/render/inline-scripts';

const BASE = '/taiyaku/';
const env = { SITE_BASE: BASE, SITE_URL: 'https://example.github.io' };
let build: { status: number | null; output: string; content: string; out: string };
const html = (path: string) => readFileSync(join(build.out, path, 'index.html'), 'utf8');
const attr = (page: string, name: string) => {
  const m = new RegExp(`<script data-moved="[^"]*"[^>]*>`).exec(page)?.[0] ?? '';
  const v = new RegExp(`${name}="([^"]*)"`).exec(m)?.[1];
  return v === undefined ? undefined : v.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
};

beforeAll(() => {
  build = buildFixture('moved', { overlays: ['moved'], env });
});

describe('a site where entries and anchors moved', () => {
  it('builds', () => {
    expect(build.output).toMatch(/2 redirect page\(s\) and \d+ short link\(s\) of moved ids written/);
    // One site model per build: the content check's, which the pages render from (src/content/site-store.ts).
    expect(build.output).toContain('site model built once, by the content check, and shared with the pages,');
    expect(build.status).toBe(0);
  });

  it('writes each moved page as a real page in its language, with the base on every URL', () => {
    for (const lang of ['ja', 'en'] as const) {
      const page = html(`${lang}/demo/cr/100.3`);
      expect(page).toMatch(/^<!DOCTYPE html><html lang="(ja|en)">/);
      expect(page).toContain(`<html lang="${lang}">`);
      expect(page).toMatch(lang === 'ja' ? /<title>移動しました：100\.5 移された規則<\/title>/ : /<title>Moved: 100\.5 Moved rule<\/title>/);
      expect(page).toMatch(/<meta name="description" content="[^"]+">/);
      expect(page).toContain(`<link rel="canonical" href="https://example.github.io/taiyaku/${lang}/demo/cr/100.5/">`);
      expect(page).toContain(`<noscript><meta http-equiv="refresh" content="0; url=/taiyaku/${lang}/demo/cr/100.5/"></noscript>`);
      expect(page).toContain(`<a href="/taiyaku/${lang}/demo/cr/100.5/">`);
      expect(attr(page, 'data-to')).toBe(`/taiyaku/${lang}/demo/cr/100.5/`);
      expect(JSON.parse(attr(page, 'data-moved')!)).toEqual({
        '100.3a': `/taiyaku/${lang}/demo/cr/100.5/#100.5a`,
        '100.3b': `/taiyaku/${lang}/demo/cr/100.5/#100.5b`,
        '100.3c': `/taiyaku/${lang}/demo/cr/100.6/#100.6b`,
      });
    }
  });

  it('gives a page that stays the map of the anchors that left it, in one static script', () => {
    const page = html('ja/demo/cr/100.1');
    expect(JSON.parse(attr(page, 'data-moved')!)).toEqual({ '100.1b': '/taiyaku/ja/demo/cr/100.6/#100.6a' });
    expect(attr(page, 'data-to')).toBeUndefined();
    // The same text on every page (a Content-Security-Policy allows it by one hash).
    expect(page).toContain(`>${MOVED_SCRIPT}</script>`);
    expect(html('en/demo/cr/100.3')).toContain(`>${MOVED_SCRIPT}</script>`);
    expect(html('ja/demo/cr/100.2')).not.toContain('data-moved');
  });

  it('keeps the short links of the old ids, going where they moved', () => {
    for (const [id, to] of [['100.3', '100.5/'], ['100.3a', '100.5/#100.5a'], ['100.3c', '100.6/#100.6b'], ['100.1b', '100.6/#100.6a']]) {
      const page = html(`r/demo/${id}`);
      expect(page, id).toContain(`"/taiyaku/ja/demo/cr/${to}"`);
      expect(page, id).toContain(`<noscript><meta http-equiv="refresh" content="0; url=/taiyaku/en/demo/cr/${to}"></noscript>`);
    }
    expect(html('r/demo/100.3c')).toMatch(/<title>100\.3c has moved: 100\.6b Gathered rule \/ 集められた規則<\/title>/);
  });

  it('passes the site\'s own output checks (links, anchors, lang, title, description, html-validate)', async () => {
    const { problems } = checkDist(build.out, BASE);
    expect(problems).toEqual([]);
    expect(await validateHtml(build.out)).toEqual([]);
  });

  it('keeps the redirected URLs in the manifest, beside the new pages', () => {
    const manifest = JSON.parse(readFileSync(join(build.content, 'permalinks.json'), 'utf8'));
    expect(manifest['/en/demo/cr/100.3/']).toEqual(['100.3a', '100.3b', '100.3c']);
    expect(manifest['/ja/demo/cr/100.1/']).toEqual(['100.1a', '100.1b']);
    expect(manifest['/en/demo/cr/100.5/']).toEqual(['100.5a', '100.5b']);
  });

  it('stops when a redirect is deleted later, naming the URL, and leaves no output folder', () => {
    const redirects = readFileSync(join(build.content, 'redirects.yaml'), 'utf8');
    writeFiles(build.content, { 'redirects.yaml': redirects.replace(/^.*#100\.1b:.*\n/m, '') });
    const again = buildPrepared('moved', env);
    expect(again.status).not.toBe(0);
    expect(again.output).toMatch(/permalinks\.json › \/en\/demo\/cr\/100\.1\/#100\.1b: was published and is gone, with no redirect\. Expected the page or anchor restored, or a line "\/en\/demo\/cr\/100\.1\/#100\.1b": "<where it is now>"/);
    expect(again.output).toMatch(/\/ja\/demo\/cr\/100\.1\/#100\.1b: was published and is gone/);
    expect(existsSync(again.out)).toBe(false);
    writeFiles(build.content, { 'redirects.yaml': redirects });
  });
});

describe('a redirect the built site refuses', () => {
  it('stops on a redirect that shadows a live page, and leaves no output folder', () => {
    const r = buildFixture('shadow', {
      overlays: ['moved'],
      files: { 'redirects.yaml': `${readFileSync('tests/fixtures/content/moved/redirects.yaml', 'utf8')}  /{lang}/demo/cr/100.2/: /{lang}/demo/cr/100.5/\n` },
      env,
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/redirects\.yaml › redirects\["\/\{lang\}\/demo\/cr\/100\.2\/"\]: \/ja\/demo\/cr\/100\.2\/ is a live page: the redirect would hide it/);
    expect(existsSync(r.out)).toBe(false);
  });
});
