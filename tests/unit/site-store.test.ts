// The one hand-over of the site model (src/content/site-store.ts): shared for one content folder,
// the pages' first use starts the short links once, and nothing outlives the build.
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '~/content/load-content';
import { siteStore } from '~/content/site-store';
import { ContentError } from '~/model/problems';

const { site } = loadContent('tests/fixtures/content/base');
const redirects = { byFrom: new Map(), problems: [] };

afterEach(() => siteStore.release());

describe('siteStore', () => {
  it('gives the shared model for the folder it was checked from, however the path is written', () => {
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects });
    expect(siteStore.get()?.site).toBe(site);
    expect(siteStore.get(`${process.cwd()}/tests/fixtures/content/base/`)?.site).toBe(site);
    expect(siteStore.get('content')).toBeUndefined();
  });

  it('lives on one global, so another copy of the module (Astro renders pages in another module graph) sees it', async () => {
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects });
    const copy = await import(/* @vite-ignore */ `../../src/content/site-store.ts?copy=${Date.now()}`) as typeof import('~/content/site-store');
    expect(copy.siteStore).not.toBe(siteStore);
    expect(copy.siteStore.get()?.site).toBe(site);
  });

  it('signals the first page use once, and counts builds and uses', () => {
    const seen: unknown[] = [];
    siteStore.onRendering((s) => seen.push(s));
    expect(() => siteStore.forPages()).toThrow(/no site model was shared/); // nothing shared yet: no signal
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects });
    expect(siteStore.forPages()).toBe(site);
    expect(siteStore.forPages()).toBe(site);
    expect(seen).toEqual([site]);
    expect(siteStore.stats()).toEqual({ builds: 1, pageUses: 2 });
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects }); // a dev server's rebuild
    expect(siteStore.stats().builds).toBe(2);
    expect(seen).toEqual([site]);
  });

  it("gives a dev server's pages the swapped model after a rebuild, and the content problems while there are any", () => {
    const problem = { file: 'content/demo/cr/100.1.yaml', field: 'title.en', message: 'is required', expected: 'a string' };
    siteStore.fail(new ContentError([problem])); // started on bad content: the pages show our message
    expect(() => siteStore.forPages()).toThrow(/content\/demo\/cr\/100\.1\.yaml › title\.en: is required\. Expected a string\./);
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects });
    expect(siteStore.forPages()).toBe(site);
    const next = loadContent('tests/fixtures/content/base').site;
    siteStore.share({ dir: 'tests/fixtures/content/base', site: next, redirects });
    expect(siteStore.forPages()).toBe(next);
    // A later problem: the pages show it, the MDX plugin and the layout keep the last good model.
    siteStore.fail(new ContentError([problem]));
    expect(() => siteStore.forPages()).toThrow(/title\.en: is required/);
    expect(siteStore.get()?.site).toBe(next);
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects }); // mended
    expect(siteStore.forPages()).toBe(site);
  });

  it('forgets everything on release', () => {
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects });
    siteStore.release();
    expect(siteStore.get()).toBeUndefined();
    expect(siteStore.stats()).toEqual({ builds: 0, pageUses: 0 });
  });
});
