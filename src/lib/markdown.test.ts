import { describe, expect, it } from 'vitest';
import { renderMarkdown, plainText } from './markdown';
import { relativeHref } from './render-context';

describe('renderMarkdown', () => {
  it.each([
    ['キッカーは常在型能力である。', '<p>キッカーは常在型能力である。</p>'],
    ['A "kicked" spell (see rule 601.2b).\n', '<p>A "kicked" spell (see rule 601.2b).</p>'],
    ['**bold** text', '<p><strong>bold</strong> text</p>'],
    ['- one\n- two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>'],
    ['1. first', '<ol>\n<li>first</li>\n</ol>'],
    ['a < b & c', '<p>a &#x3C; b &#x26; c</p>'],
    ['first\n\nsecond', '<p>first</p>\n<p>second</p>'],
  ])('renders %j the same as the full pipeline would', (md, html) => {
    expect(renderMarkdown(md)).toBe(html);
  });

  it('turns [[id|label]] into a link through the resolver and leaves unknown ids unlinked', () => {
    const ctx = { key: 't', style: 'slug' as const, resolveRef: () => ({ kind: 'missing' as const }), resolve: (id: string) => (id === 'ally' ? { href: '../ally/', label: '味方' } : undefined) };
    expect(renderMarkdown('See [[ally]] and [[foe|the foe]].', ctx)).toBe('<p>See <a href="../ally/">味方</a> and <em class="planned">the foe</em>.</p>');
  });

  it('gives plain text for descriptions', () => {
    expect(plainText('**Kicker** is [[kicker|a keyword]].\n\nSecond.')).toBe('Kicker is a keyword. Second.');
  });
});

describe('relativeHref', () => {
  it.each([
    [{ doc: 'cr', entry: '702.33' }, { doc: 'cr', entry: '702.33', id: '702.33d' }, '#702.33d'],
    [{ doc: 'cr', entry: '702.33' }, { doc: 'cr', entry: '601.2', id: '601.2b' }, '../601.2/#601.2b'],
    [{ doc: 'cr', entry: '702.33' }, { doc: 'cr', entry: '607', id: '607' }, '../607/'],
    [{ doc: 'guide', entry: 'villain-phase' }, { doc: 'rr', entry: 'boost' }, '../../rr/boost/'],
  ])('%o → %o = %s', (from, to, href) => {
    expect(relativeHref(from, to)).toBe(href);
  });
});

describe('inline rule references', () => {
  const ctx = {
    key: 'refs', style: 'mtg' as const, resolve: () => undefined,
    resolveRef: (id: string) => (id === '601.2b' ? { kind: 'link' as const, href: '../601.2/#601.2b', ref: 'cr/601.2#601.2b' } : id === '614' ? { kind: 'planned' as const } : { kind: 'missing' as const }),
  };
  it('links a written rule, marks a planned one, never makes a dead link', () => {
    expect(renderMarkdown('See rule 601.2b, rule 614 and 999.9z.', ctx)).toBe(
      '<p>See rule <a href="../601.2/#601.2b" class="ref" data-ref="cr/601.2#601.2b">601.2b</a>, <span class="ref planned">rule 614</span> and <span class="ref missing">999.9z</span>.</p>');
  });
  it('leaves references inside code and existing links alone', () => {
    expect(renderMarkdown('`601.2b` and [x 601.2b](https://example.com)', ctx)).toBe('<p><code>601.2b</code> and <a href="https://example.com">x 601.2b</a></p>');
  });
});
