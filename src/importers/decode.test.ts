// Encodings and line ends as publishers ship them: every variant of the fixture decodes to the same text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeText, type Encoding } from './decode';

const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/mtg-cr/${name}`));
const clean = (s: string) => s.split('\n').map((l) => l.trimEnd()).join('\n');
const en = clean(readFileSync('tests/fixtures/mtg-cr/en.txt', 'utf8'));
const ja = clean(readFileSync('tests/fixtures/mtg-cr/ja.txt', 'utf8'));

describe('decodeText on the fixture files', () => {
  it.each([
    ['en.txt', 'utf-8', false, 'lf', en],
    ['en-crlf-bom.txt', 'utf-8', true, 'crlf', en],
    ['en-cp1252.txt', 'windows-1252', false, 'crlf', en],
    ['en-utf16be.txt', 'utf-16be', true, 'lf', en],
    ['ja.txt', 'utf-8', false, 'lf', ja],
    ['ja-utf16le.txt', 'utf-16le', true, 'crlf', ja],
  ] as const)('%s → %s, BOM %s, %s line ends, same text as the UTF-8 file', (name, encoding, bom, lineEnds, text) => {
    const d = decodeText(fixture(name));
    expect({ encoding: d.encoding, bom: d.bom, lineEnds: d.lineEnds }).toEqual({ encoding, bom, lineEnds });
    expect(d.text).toBe(text);
  });

  it('keeps the curly quotes and é of the Windows-1252 file', () => {
    const { text } = decodeText(fixture('en-cp1252.txt'));
    expect(text).toContain('It’s allowed at any time, even in a café.');
    expect(text).toContain('“rotate”');
  });
});

describe('decodeText on small inputs', () => {
  const utf16 = (s: string, le: boolean, bom: boolean) => {
    const out = new Uint8Array((bom ? 2 : 0) + s.length * 2);
    const view = new DataView(out.buffer);
    if (bom) view.setUint16(0, 0xfeff, le);
    for (let i = 0; i < s.length; i++) view.setUint16((bom ? 2 : 0) + i * 2, s.charCodeAt(i), le);
    return out;
  };
  it.each<[string, Uint8Array, Encoding, string]>([
    ['UTF-16LE without BOM (sniffed)', utf16('100.1. Text\n100.1a More\n', true, false), 'utf-16le', '100.1. Text\n100.1a More\n'],
    ['UTF-16BE without BOM (sniffed)', utf16('100.1. Text\n100.1a More\n', false, false), 'utf-16be', '100.1. Text\n100.1a More\n'],
    ['UTF-16LE with BOM, Japanese', utf16('100.1. 文。\r\n', true, true), 'utf-16le', '100.1. 文。\n'],
    ['lone CR line ends', new TextEncoder().encode('a\rb\r'), 'utf-8', 'a\nb\n'],
    ['trailing spaces, tabs and ideographic spaces', new TextEncoder().encode('a  \t\nb\u3000\n'), 'utf-8', 'a\nb\n'],
    ['a UTF-8 BOM', new Uint8Array([0xef, 0xbb, 0xbf, 0x61]), 'utf-8', 'a'],
    ['invalid UTF-8 falls back to Windows-1252', new Uint8Array([0x93, 0x61, 0x94, 0xe9]), 'windows-1252', '“a”é'],
  ])('%s', (_, bytes, encoding, text) => {
    const d = decodeText(bytes);
    expect(d.encoding).toBe(encoding);
    expect(d.text).toBe(text);
  });
});
