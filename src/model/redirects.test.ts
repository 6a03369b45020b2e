// The redirect planner, from worked examples: what each line (or set of lines) means, and every way
// a redirect can be wrong, before rendering (the lines alone) and after (against the built site).
import { describe, expect, it } from 'vitest';
import { checkRedirects, planRedirects, type RedirectLine } from './redirects';
import type { Manifest } from './permalinks';
import { formatProblem } from './problems';

const lines = (map: Record<string, string>): RedirectLine[] =>
  Object.entries(map).map(([from, to]) => ({ from, to, file: 'content/redirects.yaml', field: `redirects[${JSON.stringify(from)}]` }));
const finals = (map: Record<string, string>) =>
  Object.fromEntries([...planRedirects(lines(map)).byFrom.values()].map((r) => [r.from, r.final]));
const problems = (map: Record<string, string>) => planRedirects(lines(map)).problems.map(formatProblem);

describe('redirect lines: what they mean', () => {
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['a page', { '/en/demo/cr/100.3/': '/en/demo/cr/100.5/' }, { '/en/demo/cr/100.3/': '/en/demo/cr/100.5/' }],
    ['an anchor to another page', { '/en/demo/cr/100.1/#100.1b': '/en/demo/cr/100.6/#100.6a' }, { '/en/demo/cr/100.1/#100.1b': '/en/demo/cr/100.6/#100.6a' }],
    ['{lang} stands for a line in each language', { '/{lang}/demo/cr/100.3/': '/{lang}/demo/cr/100.5/' },
      { '/ja/demo/cr/100.3/': '/ja/demo/cr/100.5/', '/en/demo/cr/100.3/': '/en/demo/cr/100.5/' }],
    ['a chain lands on its last page', { '/en/a/': '/en/b/', '/en/b/': '/en/c/' }, { '/en/a/': '/en/c/', '/en/b/': '/en/c/' }],
    ['an anchor that moved to a page that moved again follows the page', { '/en/a/#x': '/en/b/#y', '/en/b/': '/en/c/' },
      { '/en/a/#x': '/en/c/#y', '/en/b/': '/en/c/' }],
    ['…unless that anchor has a line of its own', { '/en/a/#x': '/en/b/#y', '/en/b/': '/en/c/', '/en/b/#y': '/en/d/#z' },
      { '/en/a/#x': '/en/d/#z', '/en/b/': '/en/c/', '/en/b/#y': '/en/d/#z' }],
    ['the root and deep paths', { '/en/old/': '/', '/en/mtg/cr/702.33/': '/en/mtg/cr/702.34/' }, { '/en/old/': '/', '/en/mtg/cr/702.33/': '/en/mtg/cr/702.34/' }],
  ])('%s', (_, map, expected) => {
    expect(problems(map)).toEqual([]);
    expect(finals(map)).toEqual(expected);
  });
});

describe('redirect lines: refused before anything renders, with file › field', () => {
  it.each<[string, Record<string, string>, RegExp]>([
    ['a self-redirect', { '/en/a/': '/en/a/' }, /redirects\["\/en\/a\/"\]: \/en\/a\/ redirects to itself\. Expected a different target/],
    ['a self-redirect of an anchor', { '/en/a/#x': '/en/a/#x' }, /\/en\/a\/#x redirects to itself/],
    ['a self-redirect through {lang}', { '/{lang}/a/': '/{lang}/a/' }, /\/ja\/a\/ redirects to itself/],
    ['a loop of two', { '/en/a/': '/en/b/', '/en/b/': '/en/a/' }, /redirects\["\/en\/a\/"\]: the redirects go round in a loop: \/en\/a\/ → \/en\/b\/ → \/en\/a\/\. Expected a chain that ends on a page/],
    ['a loop of three', { '/en/a/': '/en/b/', '/en/b/': '/en/c/', '/en/c/': '/en/a/' }, /loop: \/en\/a\/ → \/en\/b\/ → \/en\/c\/ → \/en\/a\//],
    ['a loop through an anchor and its page', { '/en/a/#x': '/en/b/', '/en/b/': '/en/a/#x' }, /loop: \/en\/a\/#x → \/en\/b\/ → \/en\/a\/#x/],
    ['an off-site target', { '/en/a/': 'https://example.com/rules/' }, /the target "https:\/\/example\.com\/rules\/" is off the site\. Expected a path on this site/],
    ['a protocol-relative target', { '/en/a/': '//example.com/' }, /is off the site/],
    ['a javascript: target', { '/en/a/': 'javascript:alert(1)' }, /"javascript:alert\(1\)" is off the site/],
    ['a relative target', { '/en/a/': '../b/' }, /the target "\.\.\/b\/" is not a path from the site root\. Expected a path that starts with \//],
    ['a full URL as the old path', { 'https://example.com/en/a/': '/en/b/' }, /"https:\/\/example\.com\/en\/a\/" is a full URL\. Expected the old path without origin or base/],
    ['a page without its final /', { '/en/a': '/en/b/' }, /the old path "\/en\/a" does not end in \/\. Expected \/en\/a\//],
    ['an anchor on a page without its final /', { '/en/a/': '/en/b#x' }, /the target "\/en\/b#x" does not end in \/\. Expected \/en\/b\/#x/],
    ['a query string', { '/en/search/?q=x': '/en/b/' }, /has a query string/],
    ['an empty #', { '/en/a/#': '/en/b/' }, /ends in an empty #/],
    ['a short link as the old path', { '/r/demo/100.3a/': '/en/b/' }, /"\/r\/demo\/100\.3a\/" is a short link\. Expected the page \(and #anchor\) that moved: short links follow/],
    ['a short link as the target', { '/en/a/': '/r/demo/100.5a/' }, /the target "\/r\/demo\/100\.5a\/" is a short link/],
    ['the JSON API', { '/api/demo/cr/100.3.json/': '/api/demo/cr/100.5.json/' }, /is not a page\. Expected an HTML page path/],
    ['{lang} on one side', { '/{lang}/a/': '/en/b/' }, /\{lang\} stands on one side only/],
    ['{lang} further in', { '/en/{lang}/a/': '/en/b/' }, /\{lang\} may only stand for the first folder/],
    ['a line repeated by {lang}', { '/{lang}/a/': '/{lang}/b/', '/en/a/': '/en/c/' }, /redirects\["\/en\/a\/"\]: \/en\/a\/ is already redirected by redirects\["\/\{lang\}\/a\/"\] \(to \/en\/b\/\)/],
    ['a space in a path', { '/en/a b/': '/en/b/' }, /is not a page path/],
  ])('%s', (_, map, message) => {
    expect(problems(map).join('\n')).toMatch(message);
  });

  it('reports a loop once, not once per line in it', () => {
    expect(problems({ '/en/a/': '/en/b/', '/en/b/': '/en/a/' })).toHaveLength(1);
  });
});

// A small built site: 100.1 stays (without 100.1b), 100.5 and 100.6 are new, 100.3 is gone.
const built: Manifest = {
  '/en/demo/cr/100.1/': ['100.1', '100.1a'],
  '/en/demo/cr/100.5/': ['100.5', '100.5a', '100.5b'],
  '/en/demo/cr/100.6/': ['100.6', '100.6a'],
  '/en/demo/terms/': ['rule'],
};
const published: Manifest = {
  '/en/demo/cr/100.1/': ['100.1', '100.1a', '100.1b'],
  '/en/demo/cr/100.3/': ['100.3', '100.3a', '100.3b'],
};
const checked = (map: Record<string, string>, old = published) => checkRedirects(planRedirects(lines(map)), built, old);
const moveAll = {
  '/en/demo/cr/100.3/': '/en/demo/cr/100.5/',
  '/en/demo/cr/100.3/#100.3': '/en/demo/cr/100.5/#100.5',
  '/en/demo/cr/100.3/#100.3a': '/en/demo/cr/100.5/#100.5a',
  '/en/demo/cr/100.3/#100.3b': '/en/demo/cr/100.5/#100.5b',
  '/en/demo/cr/100.1/#100.1b': '/en/demo/cr/100.6/#100.6a',
};

describe('redirects against the built site', () => {
  it('plans a moved entry and a moved sub-rule: the redirect page, its anchors, and what stays published', () => {
    const r = checked(moveAll);
    expect(r.problems).toEqual([]);
    expect(r.pages).toEqual([{
      from: '/en/demo/cr/100.3/', lang: 'en', to: '/en/demo/cr/100.5/',
      anchors: { '100.3': '/en/demo/cr/100.5/#100.5', '100.3a': '/en/demo/cr/100.5/#100.5a', '100.3b': '/en/demo/cr/100.5/#100.5b' },
    }]);
    // The redirected URLs stay in the manifest: deleting a line later is a lost permalink.
    expect(r.manifest['/en/demo/cr/100.3/']).toEqual(['100.3', '100.3a', '100.3b']);
    expect(r.manifest['/en/demo/cr/100.1/']).toEqual(['100.1', '100.1a', '100.1b']);
    expect(r.moved.get('/en/demo/cr/100.1/#100.1b')).toBe('/en/demo/cr/100.6/#100.6a');
    expect(r.moved.get('/en/demo/cr/100.3/')).toBe('/en/demo/cr/100.5/');
  });

  it('lands every anchor of a page sent to an anchor on that anchor (an entry merged into a sub-rule)', () => {
    const r = checked({ '/en/demo/cr/100.3/': '/en/demo/cr/100.5/#100.5b' });
    expect(r.problems).toEqual([]);
    expect(r.pages[0]?.anchors).toEqual({ '100.3': '/en/demo/cr/100.5/#100.5b', '100.3a': '/en/demo/cr/100.5/#100.5b', '100.3b': '/en/demo/cr/100.5/#100.5b' });
  });

  it('lands an anchor on the same id when the new page has it (a page renamed, ids kept)', () => {
    const r = checkRedirects(planRedirects(lines({ '/en/demo/glossary/': '/en/demo/terms/' })), built, { '/en/demo/glossary/': ['rule'] });
    expect(r.problems).toEqual([]);
    expect(r.pages[0]?.anchors).toEqual({ rule: '/en/demo/terms/#rule' });
  });

  it.each<[string, Record<string, string>, RegExp]>([
    ['a redirect that shadows a live page', { '/en/demo/cr/100.1/': '/en/demo/cr/100.5/' },
      /redirects\["\/en\/demo\/cr\/100\.1\/"\]: \/en\/demo\/cr\/100\.1\/ is a live page: the redirect would hide it/],
    ['a redirect that shadows a live anchor', { '/en/demo/cr/100.1/#100.1a': '/en/demo/cr/100.5/#100.5a' },
      /#100\.1a is still an anchor on \/en\/demo\/cr\/100\.1\/: the redirect would hide it/],
    ['a target that is not a page', { ...moveAll, '/en/demo/cr/100.3/': '/en/demo/cr/100.9/' },
      /redirects\["\/en\/demo\/cr\/100\.3\/"\]: the target \/en\/demo\/cr\/100\.9\/ is not a page of the site/],
    ['a target anchor that does not exist', { ...moveAll, '/en/demo/cr/100.3/#100.3b': '/en/demo/cr/100.5/#100.5z' },
      /the target \/en\/demo\/cr\/100\.5\/#100\.5z has no permanent anchor #100\.5z/],
    ['a missing target at the end of a chain', { '/en/demo/cr/100.3/': '/en/demo/cr/100.4/', '/en/demo/cr/100.4/': '/en/demo/cr/100.9/' },
      /the target \/en\/demo\/cr\/100\.9\/ \(through \/en\/demo\/cr\/100\.4\/\) is not a page/],
    ['an anchor line for a page that is gone, without a page line', { '/en/demo/cr/100.3/#100.3a': '/en/demo/cr/100.5/#100.5a' },
      /\/en\/demo\/cr\/100\.3\/ no longer exists and has no line of its own, so nothing would carry its anchors\. Expected a line for the page too/],
    ['published anchors with nowhere to land', { '/en/demo/cr/100.3/': '/en/demo/cr/100.5/', '/en/demo/cr/100.3/#100.3a': '/en/demo/cr/100.5/#100.5a' },
      /2 published anchors of \/en\/demo\/cr\/100\.3\/ would land on \/en\/demo\/cr\/100\.5\/ where they do not exist: #100\.3, #100\.3b\. Expected a line for each, like "\/en\/demo\/cr\/100\.3\/#100\.3": "\/en\/demo\/cr\/100\.5\/#…"/],
  ])('%s', (_, map, message) => {
    expect(checked(map).problems.map(formatProblem).join('\n')).toMatch(message);
  });
});
