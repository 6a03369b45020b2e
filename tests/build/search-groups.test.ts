// A site with more pages per language than TAIYAKU_SEARCH_FRAGMENTS allows fragment files (docs/search.md#fragment-groups):
// the real build of the fixture with official text, its search bundles grouped, checked by the
// output checks, held whole by a saved game's offline list.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../../scripts/build-fixture.mjs';
import { checkDist } from '../../scripts/check-dist.mjs';
import { fragmentsIn, isGroupFile } from '../../src/integrations/pagefind-fragments';

const BASE = '/taiyaku/';
const CAP = 4;
let build: { status: number | null; output: string; out: string };

beforeAll(() => {
  build = buildFixture('groups', { overlays: ['official'], env: { SITE_BASE: BASE, TAIYAKU_SEARCH_FRAGMENTS: String(CAP) } });
});

const fragmentFiles = (lang: string) => readdirSync(join(build.out, 'pagefind', lang, 'fragment'));

describe(`a site with more pages than ${CAP} fragment files per language`, () => {
  it('builds, its bundles within the cap, and passes the output checks (every page\'s fragment found, no orphan)', () => {
    expect(build.status, build.output).toBe(0);
    for (const lang of ['ja', 'en']) {
      const files = fragmentFiles(lang);
      expect(files.length, lang).toBeLessThanOrEqual(CAP);
      expect(files.filter(isGroupFile).length, lang).toBeGreaterThan(0);
    }
    expect(checkDist(build.out, BASE).problems).toEqual([]);
    expect(build.output).toMatch(new RegExp(`fragment files \\(at most ${CAP} per language, TAIYAKU_SEARCH_FRAGMENTS\\): ja \\d+ \\(\\d+ pages in \\d+ groups`));
  });

  it('keeps every indexed page\'s search text, one language a bundle', () => {
    for (const lang of ['ja', 'en']) {
      const dir = join(build.out, 'pagefind', lang, 'fragment');
      const urls = fragmentFiles(lang).flatMap((f) => fragmentsIn(f, readFileSync(join(dir, f)))).map((f) => f.url);
      const entry = JSON.parse(readFileSync(join(build.out, 'pagefind', lang, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
      expect(urls.length).toBe(entry.languages[lang]!.page_count);
      expect(urls.length).toBeGreaterThan(CAP);
      expect(urls.every((u) => u.startsWith(`/${lang}/`))).toBe(true);
      expect(urls).toContain(`/${lang}/demo/cr/104/`);
    }
  });

  it('a game saved for offline has every group file (the shared part holds both bundles whole)', () => {
    const shared = (JSON.parse(readFileSync(join(build.out, 'offline', 'shared.json'), 'utf8')) as { files: { url: string }[] }).files.map((f) => f.url);
    for (const lang of ['ja', 'en']) {
      for (const f of fragmentFiles(lang)) expect(shared).toContain(`${BASE}pagefind/${lang}/fragment/${f}`);
    }
  });
});
