// Build-time highlighting (src/render/code.ts): classes instead of inline styles, a stylesheet
// that matches the themes, and colours a reader can read in both schemes.
import { readFileSync } from 'node:fs';
import { createHighlighter } from 'shiki';
import { describe, expect, it } from 'vitest';
import { codeCss, highlight, THEMES } from '../../src/render/code';

const bot = readFileSync('docs/examples/quote-bot.ts', 'utf8');
const samples = [
  [bot, 'ts'],
  ['{ "id": "702.33d", "text": { "ja": "キッカー", "en": null }, "n": 1, "ok": true }', 'json'],
  ['TAIYAKU_URL=https://example.org/ node quote-bot.ts mtg 702.33d ja', 'sh'],
  ['GET https://example.org/taiyaku/api/mtg/index.json', 'http'],
] as const;

// WCAG relative luminance and contrast ratio.
const lum = (hex: string) => {
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
};

describe('code highlighting', () => {
  it('src/styles/code.css is what the themes give (run `npm run gen:code-css` after changing them)', async () => {
    expect(readFileSync('src/styles/code.css', 'utf8')).toBe(await codeCss());
  });

  it.each(samples)('highlights %#: classes only, every class defined in code.css', async (code, lang) => {
    const html = await highlight(code, lang);
    const css = await codeCss();
    expect(html).toMatch(/^<pre class="code"/);
    expect(html).not.toMatch(/style=/);
    const classes = new Set([...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')).filter((c) => /^s[ld]-/.test(c)));
    expect(classes.size).toBeGreaterThan(lang === 'ts' ? 5 : 1);
    for (const c of classes) expect(css, c).toContain(`.${c} {`);
  });

  it('escapes the code it shows', async () => {
    const html = await highlight('const s = "</pre><script>alert(1)</script>";', 'ts');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#x3C;/pre>');
  });

  it('every colour used on the API page meets WCAG AA (4.5:1) on its background, in both schemes', async () => {
    const h = await createHighlighter({ themes: [THEMES.light, THEMES.dark], langs: ['ts', 'json', 'sh', 'http'] });
    for (const scheme of ['light', 'dark'] as const) {
      const theme = h.getTheme(THEMES[scheme]);
      const bg = theme.bg.replace('#', '').toLowerCase();
      for (const [code, lang] of samples) {
        const html = await highlight(code, lang);
        const prefix = scheme === 'light' ? 'sl-' : 'sd-';
        for (const [, fg] of html.matchAll(new RegExp(`${prefix}([0-9a-f]{6})`, 'g'))) {
          expect(contrast(fg!, bg.length === 3 ? [...bg].map((x) => x + x).join('') : bg), `${scheme} #${fg} on #${bg}`).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });
});
