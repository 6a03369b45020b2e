import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUtf8, utf8 } from './bits';

// The link codec's text bytes: the platform's TextEncoder/TextDecoder, held to strict UTF-8.
describe('UTF-8 in the link codec', () => {
  it.each([
    ['A', [0x41]],
    ['é', [0xc3, 0xa9]],
    ['対', [0xe5, 0xaf, 0xbe]],
    ['😀', [0xf0, 0x9f, 0x98, 0x80]],
    ['\ufeffA', [0xef, 0xbb, 0xbf, 0x41]], // a leading U+FEFF is text, kept both ways
  ])('%j is %j, and back', (text, bytes) => {
    expect(utf8(text)).toEqual(bytes);
    expect(fromUtf8(bytes)).toBe(text);
  });

  it.each([
    ['an overlong form', [0xc0, 0xaf]],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf]],
    ['a surrogate', [0xed, 0xa0, 0x80]],
    ['a cut sequence', [0xe5, 0xaf]],
    ['a stray continuation byte', [0x80]],
    ['a code point past U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['an invalid lead byte', [0xff]],
  ])('refuses %s', (_, bytes) => {
    expect(fromUtf8(bytes)).toBeUndefined();
  });

  it('round-trips any text of whole code points', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
      expect(fromUtf8(utf8(s))).toBe(s);
    }), { numRuns: 2000 });
  });
});
