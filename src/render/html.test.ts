import { describe, expect, it } from 'vitest';
import { escapeAttr, escapeHtml, fill } from './html';

describe('escapeHtml / escapeAttr (Astro\'s escaping)', () => {
  it.each([
    ['plain', 'plain', 'plain'],
    ['a & b', 'a &amp; b', 'a &amp; b'],
    ['</script><img src=x onerror=alert(1)>', '&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;', '</script><img src=x onerror=alert(1)>'],
    ['say "hi"', 'say &quot;hi&quot;', 'say &quot;hi&quot;'],
    ["a player's turn", 'a player&#39;s turn', "a player's turn"],
    ['&amp; already', '&amp;amp; already', '&amp;amp; already'],
  ])('%j → text %j, attribute %j', (input, text, attribute) => {
    expect(escapeHtml(input)).toBe(text);
    expect(escapeAttr(input)).toBe(attribute);
  });

  it('never lets an attribute value end early', () => {
    expect(`<a title="${escapeAttr('" onmouseover="x')}">`).toBe('<a title="&quot; onmouseover=&quot;x">');
  });
});

describe('fill', () => {
  it.each([
    ['{n} rules', { n: 3 }, '3 rules'],
    ['{a} and {a}', { a: 'x' }, 'x and x'],
    ['no placeholders', { n: 1 }, 'no placeholders'],
    ['{zero}', { zero: 0 }, '0'],
    ['{missing} stays', {}, '{missing} stays'],
    ['{constructor} is no parameter', {}, '{constructor} is no parameter'],
    ['{ not a placeholder }', {}, '{ not a placeholder }'],
  ])('%j with %j → %j', (template, params, out) => {
    expect(fill(template, params)).toBe(out);
  });

  it('lets the caller decide what a missing value becomes', () => {
    expect(fill('a {x} b', {}, () => '')).toBe('a  b');
    expect(() => fill('a {x}', {}, (name) => { throw new Error(`needs {${name}}`); })).toThrow('needs {x}');
  });

  it('does not escape: the caller escapes the filled text where it lands', () => {
    expect(fill('{v}', { v: '<b>' })).toBe('<b>');
  });
});
