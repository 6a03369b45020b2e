// Code highlighting at build time with Shiki, in both colour schemes, with no inline styles: the
// site's pages carry no `style` attribute (so a strict Content-Security-Policy needs no
// 'unsafe-inline' for styles). Shiki's dual-theme output puts each token's two colours in a style
// attribute; the transformer below turns them into two classes (`sl-<light hex>` `sd-<dark hex>`)
// whose colours come from src/styles/code.css, generated from the same two themes by `codeCss()`
// (tests/unit/code-highlight.test.ts holds the file to it). The same transformer runs for code blocks
// in MDX (astro.config.mjs › markdown.shikiConfig), so there is one configuration for both.
import type { ShikiTransformer, ThemeRegistrationResolved } from 'shiki';
import { createHighlighter, type Highlighter } from 'shiki';

/** The two themes: GitHub's "default" pair, whose token colours meet WCAG AA on their backgrounds. */
export const THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;
export const LANGS = ['ts', 'json', 'sh', 'http'] as const;
export type CodeLang = (typeof LANGS)[number];

const hex = (c: string) => {
  const h = c.trim().replace(/^#/, '').toLowerCase();
  const full = h.length === 3 || h.length === 4 ? [...h].map((x) => x + x).join('') : h;
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/.test(full)) throw new Error(`code highlighting: "${c}" is not a hex colour`);
  return full;
};

/** Every foreground colour a theme can give a token: its default and each rule's. */
export function palette(theme: ThemeRegistrationResolved): string[] {
  const colours = new Set<string>([hex(theme.fg)]);
  for (const s of theme.settings ?? []) if (s.settings?.foreground) colours.add(hex(s.settings.foreground));
  return [...colours].sort();
}

function parseStyle(style: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of style.split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) out[decl.slice(0, i).trim()] = decl.slice(i + 1).trim();
  }
  return out;
}

/** Shiki transformer: token colours and font styles as classes instead of a `style` attribute. */
export function classTransformer(): ShikiTransformer {
  return {
    name: 'taiyaku:classes',
    pre(node) {
      // The block's colours come from .code in code.css (light-dark() of the two themes' fg/bg).
      delete node.properties.style;
      node.properties.class = 'code';
    },
    span(node) {
      const style = typeof node.properties.style === 'string' ? parseStyle(node.properties.style) : {};
      delete node.properties.style;
      const classes: string[] = [];
      const light = style['--shiki-light'];
      const dark = style['--shiki-dark'];
      if (light) classes.push(`sl-${hex(light)}`);
      if (dark) classes.push(`sd-${hex(dark)}`);
      const fontStyle = style['--shiki-light-font-style'] ?? style['font-style'];
      if (fontStyle === 'italic') classes.push('si');
      const weight = style['--shiki-light-font-weight'] ?? style['font-weight'];
      if (weight === 'bold') classes.push('sb');
      if (classes.length) this.addClassToHast(node, classes);
    },
  };
}

/** The Shiki options shared by the pages and MDX code blocks. */
export const shikiOptions = {
  themes: { ...THEMES },
  defaultColor: false as const,
  transformers: [classTransformer()],
};

let highlighter: Promise<Highlighter> | undefined;
const getHighlighter = () => (highlighter ??= createHighlighter({ themes: [THEMES.light, THEMES.dark], langs: [...LANGS] }));

/** Blocks already highlighted in this build: the API page shows the same examples in both languages. */
const highlighted = new Map<string, Promise<string>>();

/** Highlighted HTML for one code block (a `<pre class="code">`); Shiki escapes the code. */
export function highlight(code: string, lang: CodeLang): Promise<string> {
  const key = `${lang}\u0000${code}`;
  let html = highlighted.get(key);
  if (!html) {
    html = getHighlighter().then((h) => h.codeToHtml(code.replace(/\n+$/, ''), { lang, ...shikiOptions }));
    highlighted.set(key, html);
  }
  return html;
}

/** The stylesheet for the classes above: one rule per colour of each theme. */
export async function codeCss(): Promise<string> {
  const h = await getHighlighter();
  const light = h.getTheme(THEMES.light);
  const dark = h.getTheme(THEMES.dark);
  const lines = [
    `/* Generated from Shiki's ${THEMES.light} and ${THEMES.dark} themes by codeCss() in src/render/code.ts:`,
    '   do not edit by hand (tests/unit/code-highlight.test.ts fails when this file and the themes disagree). */',
    `.code { color: light-dark(#${hex(light.fg)}, #${hex(dark.fg)}); background: light-dark(#${hex(light.bg)}, #${hex(dark.bg)}); }`,
    '.code span[class*="sl-"] { color: light-dark(var(--sl), var(--sd, var(--sl))); }',
    '.code .si { font-style: italic; }',
    '.code .sb { font-weight: bold; }',
    ...palette(light).map((c) => `.sl-${c} { --sl: #${c}; }`),
    ...palette(dark).map((c) => `.sd-${c} { --sd: #${c}; }`),
  ];
  return lines.join('\n') + '\n';
}
