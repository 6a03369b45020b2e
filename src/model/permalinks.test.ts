import { describe, expect, it } from 'vitest';
import { extractAnchors, lostPermalinks } from './permalinks';

describe('permalink manifest', () => {
  it('collects only anchors marked as permanent', () => {
    const html = '<h2 id="see-also-h">x</h2><div class="rule" id="702.33a" data-anchor data-depth="1"></div>'
      + '<div class="pair" id="702.33.example" data-anchor=""></div>';
    expect(extractAnchors(html)).toEqual(['702.33a', '702.33.example']);
  });

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
