// The one hand-over of the site model (src/content/site-store.ts): shared for one content folder,
// the pages' first use starts the short links once, and nothing outlives the build.
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '~/content/load-content';
import { siteStore } from '~/content/site-store';

const { site } = loadContent('tests/fixtures/content/base');
const redirects = { byFrom: new Map(), problems: [] };

afterEach(() => siteStore.release());

describe('siteStore', () => {
  it('gives the shared model for the folder it was checked from, however the path is written', () => {
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects }, 'build');
    expect(siteStore.get()?.site).toBe(site);
    expect(siteStore.get(`${process.cwd()}/tests/fixtures/content/base/`)?.site).toBe(site);
    expect(siteStore.get('content')).toBeUndefined();
  });

  it('lives on one global, so another copy of the module (Astro renders pages in another module graph) sees it', async () => {
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects }, 'build');
    const copy = await import(/* @vite-ignore */ `../../src/content/site-store.ts?copy=${Date.now()}`) as typeof import('~/content/site-store');
    expect(copy.siteStore).not.toBe(siteStore);
    expect(copy.siteStore.get()?.site).toBe(site);
  });

  it('signals the first page use once, and counts builds and uses', () => {
    const seen: unknown[] = [];
    siteStore.onRendering((s) => seen.push(s));
    expect(siteStore.forPages()).toBeUndefined(); // nothing shared yet: no signal
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects }, 'build');
    expect(siteStore.forPages()).toBe(site);
    expect(siteStore.forPages()).toBe(site);
    expect(seen).toEqual([site]);
    expect(siteStore.stats()).toEqual({ builds: 1, pageUses: 2 });
    siteStore.countBuild();
    expect(siteStore.stats().builds).toBe(2);
  });

  it("keeps a dev server's pages on their own model (they follow edits), the rest on the shared one", () => {
    const seen: unknown[] = [];
    siteStore.onRendering((s) => seen.push(s));
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects }, 'dev');
    expect(siteStore.forPages()).toBeUndefined();
    expect(siteStore.get('tests/fixtures/content/base')?.site).toBe(site);
    expect(seen).toEqual([]);
  });

  it('forgets everything on release', () => {
    siteStore.share({ dir: 'tests/fixtures/content/base', site, redirects }, 'build');
    siteStore.release();
    expect(siteStore.get()).toBeUndefined();
    expect(siteStore.stats()).toEqual({ builds: 0, pageUses: 0 });
  });
});
