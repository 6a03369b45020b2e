// The route table (src/model/routes.ts): every file of src/pages has its line, each page generates
// its paths from its own line (what the build counts before rendering is what it renders), and a
// path's output file is where Astro writes it.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeOutput, SEARCHED_ROUTES } from '../../src/model/routes';

const pages = readdirSync('src/pages', { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => `${e.parentPath}/${e.name}`.replace(/^src\/pages\//, ''))
  .sort();

describe('the route table', () => {
  it('has a line for every file of src/pages, and none for a file that is not there', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(pages);
  });
  it.each(pages)('%s takes its paths from its own line', (file) => {
    const text = readFileSync(`src/pages/${file}`, 'utf8');
    const own = `export const getStaticPaths = async () => ROUTES['${file}'](await loadSite());`;
    if (file.includes('[')) expect(text).toContain(own);
    else expect(text).not.toContain('getStaticPaths');
    // No second enumeration of its own beside the table's.
    expect(text.match(/getStaticPaths/g)?.length ?? 0).toBe(file.includes('[') ? 1 : 0);
  });
  it('names only routes of the table as searched ones', () => {
    for (const r of SEARCHED_ROUTES) expect(Object.keys(ROUTES)).toContain(r);
  });
});

describe('routeOutput', () => {
  it.each<[string, Record<string, string>, string]>([
    ['index.astro', {}, 'index.html'],
    ['404.astro', {}, '404.html'],
    ['[lang]/index.astro', { lang: 'ja' }, 'ja/index.html'],
    ['[lang]/[game]/[doc]/[entry]/index.astro', { lang: 'en', game: 'mtg', doc: 'cr', entry: '702.33' }, 'en/mtg/cr/702.33/index.html'],
    ['[lang]/[game]/[doc]/changes/[edition]/index.astro', { lang: 'ja', game: 'mtg', doc: 'cr', edition: '2022-04-29' }, 'ja/mtg/cr/changes/2022-04-29/index.html'],
    ['api/[game]/[doc]/[entry].json.ts', { game: 'mtg', doc: 'cr', entry: '702' }, 'api/mtg/cr/702.json'],
    ['api/[game]/[doc]/[entry]/history.json.ts', { game: 'mtg', doc: 'cr', entry: '702' }, 'api/mtg/cr/702/history.json'],
    ['r/[game]/[pin]/index.astro', { game: 'mtg', pin: '101.2@2032-01-20' }, 'r/mtg/101.2@2032-01-20/index.html'],
    ['search/[lang]/ids/[shard].json.ts', { lang: 'en', shard: '7' }, 'search/en/ids/7.json'],
  ])('%s %j → %s', (file, params, out) => expect(routeOutput(file, params)).toBe(out));
  it('names a missing parameter', () => {
    expect(() => routeOutput('[lang]/[game]/index.astro', { lang: 'ja' })).toThrow('[lang]/[game]/index.astro has no value for [game]');
  });
});
