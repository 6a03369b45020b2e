// Content that would put a script link on a page, or lose text without a word, is refused when the
// content is loaded, with the file and the field: javascript:/data:/vbscript: URLs in the schemas'
// URL fields, in Markdown links, autolinks, reference definitions, images and notes, and raw HTML
// in Markdown. (tests/build/payloads.test.ts sends the same through a real build.)
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '~/content/load-content';
import { ContentError } from '~/model/problems';
import { renderMarkdown } from '~/render/markdown/pipeline';

const work = mkdtempSync(join(tmpdir(), 'taiyaku-unsafe-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let n = 0;

function problemsOf(files: Record<string, string>): string {
  const dir = join(work, String(n++));
  cpSync('tests/fixtures/content/base', dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
  try {
    loadContent(dir);
  } catch (e) {
    if (e instanceof ContentError) return e.message;
    throw e;
  }
  return '';
}

const entry = (extra: string) => `title: { ja: 規則, en: Rule }\nchecked: 2026-11-30\n${extra}`;
const rule = (en: string) => entry(`rules:\n  - id: 100.3a\n    ja: あ\n    en: ${JSON.stringify(en)}\n`);
const doc = (extra: string) => `title: { ja: 総合ルール, en: Comprehensive Rules }\npublisher: Test Publisher\nabout: { ja: テスト, en: Test }\n${extra}`;
const URL_EXPECTED = /Expected an http\(s\) URL \(https:\/\/…\) or a site-relative path/;

describe('unsafe URLs and raw HTML in content', () => {
  it.each([
    ['source.url javascript:', { 'demo/cr/100.3.yaml': entry('source: { url: "javascript:alert(1)" }\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /100\.3\.yaml › source\.url: must be an http\(s\) URL/],
    ['source.url without a scheme', { 'demo/cr/100.3.yaml': entry('source: { url: "www.example.com/rules" }\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /100\.3\.yaml › source\.url: must be an http\(s\) URL/],
    ['document url data:', { 'demo/cr/document.yaml': doc('url: { ja: "data:text/html,<script>alert(1)</script>" }\n') },
      /document\.yaml › url\.ja: must be an http\(s\) URL/],
    ['document url vbscript:', { 'demo/cr/document.yaml': doc('url: { en: "vbscript:msgbox(1)" }\n') },
      /document\.yaml › url\.en: must be an http\(s\) URL/],
    ['Markdown link', { 'demo/cr/100.3.yaml': rule('see [the rules](javascript:alert(1))') },
      /100\.3\.yaml › rules\[0\]\.en: the link URL "javascript:alert\(1\)" is not allowed/],
    ['Markdown link, obfuscated', { 'demo/cr/100.3.yaml': rule('see [x](JaVa&#x09;Script:alert(1))') },
      /100\.3\.yaml › rules\[0\]\.en: the link URL "JaVa\\tScript:alert\(1\)" is not allowed/],
    ['autolink', { 'demo/cr/100.3.yaml': rule('<javascript:alert(1)>') },
      /100\.3\.yaml › rules\[0\]\.en: the link URL "javascript:alert\(1\)" is not allowed/],
    ['reference definition', { 'demo/cr/100.3.yaml': rule('see [x][a]\n\n[a]: data:text/html,hi') },
      /100\.3\.yaml › rules\[0\]\.en: the link URL "data:text\/html,hi" is not allowed/],
    ['image', { 'demo/cr/100.3.yaml': rule('![x](javascript:alert(1))') },
      /100\.3\.yaml › rules\[0\]\.en: the image URL "javascript:alert\(1\)" is not allowed/],
    ['sub-rule note', { 'demo/cr/100.3.yaml': entry('rules:\n  - id: 100.3a\n    ja: あ\n    notes:\n      - { kind: tl, ja: "[x](javascript:alert(1))" }\n') },
      /100\.3\.yaml › rules\[0\]\.notes\[0\]\.ja: the link URL "javascript:alert\(1\)"/],
    ['entry note', { 'demo/cr/100.3.yaml': entry('notes:\n  - { kind: question, en: "<vbscript:x>" }\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /100\.3\.yaml › notes\[0\]\.en: the link URL "vbscript:x"/],
    ['document note', { 'demo/cr/document.yaml': doc('notes:\n  - { kind: question, ja: "[x](javascript:void(0))" }\n') },
      /document\.yaml › notes\[0\]\.ja: the link URL "javascript:void\(0\)"/],
    ['MDX frontmatter text', { 'demo/cr/100.2.mdx': '---\ntitle: { ja: 規則, en: Rule }\nchecked: 2026-11-30\nrules:\n  - { id: 100.2a, ja: "[x](javascript:alert(1))", en: a }\n---\n\nBody.\n' },
      /100\.2\.mdx › rules\[0\]\.ja: the link URL "javascript:alert\(1\)"/],
  ])('refuses a script URL: %s', (name, files, pattern) => {
    const message = problemsOf(files);
    expect(message).toMatch(pattern);
    // Schema fields say what they take in the message; Markdown problems in "Expected".
    if (!/url/.test(name)) expect(message).toMatch(URL_EXPECTED);
  });

  it.each([
    ['an element', '</script><img src=x onerror=alert(1)>', /rules\[0\]\.en: raw HTML "<\/script>", "<img src=x onerror=alert\(1\)>" is not shown on the page/],
    ['a comment', 'text <!-- hidden --> more', /rules\[0\]\.en: raw HTML "<!-- hidden -->" is not shown/],
    ['a line break tag', 'one<br>two', /rules\[0\]\.en: raw HTML "<br>" is not shown/],
  ])('reports raw HTML in Markdown (%s) instead of dropping it', (_, text, pattern) => {
    const message = problemsOf({ 'demo/cr/100.3.yaml': rule(text) });
    expect(message).toMatch(pattern);
    expect(message).toMatch(/Expected Markdown instead of HTML/);
  });

  it.each([
    'see [the rules](https://magic.wizards.com/en/rules) and <https://example.com/>',
    'see [100.2](../100.2/#100.2a), [top](#100.3a) and www.example.com',
    'a < b, 3 > 2, `</script><img src=x onerror=alert(1)>` in code, and \\<b> escaped',
  ])('accepts web links and text that only looks like markup: %j', (text) => {
    expect(problemsOf({ 'demo/cr/100.3.yaml': rule(text) })).toBe('');
  });

  it('accepts http(s) and root-relative source URLs', () => {
    expect(problemsOf({
      'demo/cr/100.3.yaml': entry('source: { url: "/ja/demo/cr/" }\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n'),
      'demo/cr/document.yaml': doc('version: "1.0"\nurl: { ja: "https://example.com/ja", en: "http://example.com/en" }\n'),
    })).toBe('');
  });

  it('never renders a refused text that reaches the renderer another way (MDX note props)', () => {
    expect(() => renderMarkdown('[x](javascript:alert(1))')).toThrow(/Markdown refused: the link URL "javascript:alert\(1\)" is not allowed/);
    expect(() => renderMarkdown('x <img src=x onerror=alert(1)>')).toThrow(/Markdown refused: raw HTML/);
    expect(renderMarkdown('[x](https://example.com/)')).toBe('<p><a href="https://example.com/">x</a></p>');
  });
});
