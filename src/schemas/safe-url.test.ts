import { describe, expect, it } from 'vitest';
import { isSafeUrl, isWebUrl } from './safe-url';

describe('isSafeUrl', () => {
  it.each([
    'https://magic.wizards.com/en/rules', 'http://example.com/x?y#z', 'HTTPS://EXAMPLE.COM/',
    '/ja/mtg/cr/702.33/', '../702.33/#702.33d', '702.33/', '#702.33d', '?q=kicker', './x', 'x y',
  ])('allows %j', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)',
    '\u0001javascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>', 'data:image/svg+xml;base64,PHN2Zz4=',
    'file:///etc/passwd', 'blob:https://example.com/uuid', 'mailto:x@example.com', 'ftp://example.com/',
    '//evil.example/', '/\\evil.example/', '\\\\evil.example\\x', 'https://', 'http:evil.example', 'https:evil.example',
  ])('refuses %j', (url) => {
    expect(isSafeUrl(url)).toBe(false);
  });

  it.each([
    ['https://magic.wizards.com/en/rules', true], ['http://example.com/', true], ['/ja/mtg/cr/', true],
    ['www.example.com/rules', false], ['../x/', false], ['#a', false], ['//evil.example/', false], ['/\\evil.example/', false], ['javascript:alert(1)', false],
  ])('a schema URL field takes %j: %s', (url, ok) => {
    expect(isWebUrl(url)).toBe(ok);
  });
});
