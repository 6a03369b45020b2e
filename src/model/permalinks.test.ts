import { describe, expect, it } from 'vitest';
import { lostPermalinks } from './permalinks';

describe('permalink manifest', () => {
  it('reports a lost page and a lost anchor', () => {
    const old = { '/en/mtg/cr/702.33/': ['702.33a', '702.33b'], '/en/mtg/cr/607/': [] };
    const next = { '/en/mtg/cr/702.33/': ['702.33a'] };
    expect(lostPermalinks(old, next, {})).toEqual(['/en/mtg/cr/702.33/#702.33b', '/en/mtg/cr/607/']);
  });

  it('accepts a disappearance that has a redirect', () => {
    const old = { '/en/mtg/cr/702.33/': ['702.33a', '702.33b'], '/en/mtg/cr/607/': [] };
    const next = { '/en/mtg/cr/702.33/': ['702.33a'] };
    const redirects = { '/en/mtg/cr/702.33/#702.33b': '/en/mtg/cr/702.33/#702.33a', '/en/mtg/cr/607/': '/en/mtg/cr/607.1/' };
    expect(lostPermalinks(old, next, redirects)).toEqual([]);
  });

  it('does not mind new pages and anchors', () => {
    expect(lostPermalinks({ '/a/': ['x'] }, { '/a/': ['x', 'y'], '/b/': [] }, {})).toEqual([]);
  });
});
