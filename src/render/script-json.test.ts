// JSON inside <script> must stay one data block whatever the content says: parsed as a browser
// parses HTML (parse5, the WHATWG algorithm), the page keeps exactly one script element, no other
// element appears, and its text parses back to the value.
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { jsonForScript } from './script-json';

type Node = { nodeName: string; childNodes?: Node[]; value?: string };
const elements = (n: Node, out: Node[] = []): Node[] => {
  for (const c of n.childNodes ?? []) {
    if (!c.nodeName.startsWith('#')) out.push(c);
    elements(c, out);
  }
  return out;
};

const PAYLOADS = [
  '</script><img src=x onerror=alert(1)>',
  '</SCRIPT ><svg onload=alert(1)>',
  '<!--<script>alert(1)</script>',
  '<\u0021-- --> & &amp; \u2028 \u2029',
  'ヴィラン</script>',
  '"quoted" \\ backslash',
];

describe('jsonForScript', () => {
  it.each(PAYLOADS)('keeps %j as data in a script element', (text) => {
    const value = { name: text, list: [text], [text]: 1 };
    const doc = parse(`<!doctype html><html><head><script type="application/json">${jsonForScript(value)}</script></head><body><p>after</p></body></html>`) as unknown as Node;
    const names = elements(doc).map((e) => e.nodeName);
    expect(names).toEqual(['html', 'head', 'script', 'body', 'p']);
    const script = elements(doc).find((e) => e.nodeName === 'script')!;
    const text0 = script.childNodes?.map((c) => c.value ?? '').join('') ?? '';
    expect(JSON.parse(text0)).toEqual(value);
    expect(text0).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('writes ordinary JSON otherwise, and refuses values JSON cannot hold', () => {
    expect(jsonForScript({ a: [1, 'b'] })).toBe('{"a":[1,"b"]}');
    expect(() => jsonForScript(undefined)).toThrow(TypeError);
  });
});
