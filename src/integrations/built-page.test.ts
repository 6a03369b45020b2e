import { describe, expect, it } from 'vitest';
import { all, anchorsOf, attrOf, builtPage, sectionIdsOf, titleOf, treeReading } from './built-page';

const page = (head: string, body: string) => `<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

describe('a built page, read once', () => {
  it('collects only anchors marked as permanent', () => {
    const html = '<h2 id="see-also-h">x</h2><div class="rule" id="702.33a" data-anchor data-depth="1"></div>'
      + '<div class="pair" id="702.33.example" data-anchor=""></div>';
    expect(anchorsOf(html)).toEqual(['702.33a', '702.33.example']);
  });

  // One decoder (entities, parse5's own): the pattern reading and the tree give the same text for
  // every character reference, &lt; and &gt; included (the duty's old decoder left those as written).
  it.each([
    ['&lt;b&gt; tags', '<b> tags'],
    ['A &amp; B', 'A & B'],
    ['&quot;quoted&quot; &#39;too&#39;', '"quoted" \'too\''],
    ['&#x3C;hex&#60;dec', '<hex<dec'],
    ['&amp;lt; stays one level', '&lt; stays one level'],
    ['no references', 'no references'],
  ])('title %j reads as %j, as the tree reads it', (written, text) => {
    const p = builtPage('x/index.html', page(`<title>${written}</title>`, '<main></main>'));
    expect(p.title).toBe(text);
    expect(treeReading(p).title).toBe(text);
  });

  it.each([
    ['a&amp;b', 'a&b'],
    ['q&quot;x', 'q"x'],
    ['&lt;i&gt;', '<i>'],
  ])('anchor id %j reads as %j, as the tree reads it', (written, id) => {
    const p = builtPage('x/index.html', page('<title>T</title>', `<div id="${written}" data-anchor></div>`));
    expect(p.anchors).toEqual([id]);
    expect(treeReading(p).anchors).toEqual([id]);
  });

  // The id attribute itself, never the tail of another name (`data-id`, `aria-id`).
  it.each([
    ['data-id before the id', '<div data-id="wrong" id="right" data-anchor></div>', ['right']],
    ['data-id and no id', '<div data-id="wrong" data-anchor></div>', []],
    ['id first, then data-id', '<div id="right" data-id="wrong" data-anchor></div>', ['right']],
    ['on a new line', '<div data-anchor\n  id="right"></div>', ['right']],
    ['data-anchor-x is not the mark', '<div id="x" data-anchor-x></div>', []],
  ])('anchor ids: %s', (_, body, ids) => {
    const p = builtPage('x/index.html', page('<title>T</title>', body));
    expect(p.anchors).toEqual(ids);
    expect(treeReading(p).anchors).toEqual(ids);
    if (!body.includes('data-anchor-x')) expect(sectionIdsOf(body.replace(/div/g, 'section'))).toEqual(ids);
  });

  it('parses the tree once, when first asked, and keeps it', () => {
    const p = builtPage('x/index.html', page('<title>T</title>', '<noscript><a href="/x/">x</a></noscript>'));
    const tree = p.tree;
    expect(p.tree).toBe(tree);
    // scripting off: what a reader without JavaScript gets is markup
    expect(all(tree, (n) => n.nodeName === 'a').map((a) => attrOf(a, 'href'))).toEqual(['/x/']);
  });

  it('has no title when the page has none', () => {
    expect(titleOf('<p>x</p>')).toBeUndefined();
  });
});
