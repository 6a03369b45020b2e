// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import sitemap from '@astrojs/sitemap';
import { unified } from '@astrojs/markdown-remark';
import remarkGfm from 'remark-gfm';
import taiyaku from './src/integrations/taiyaku.ts';
import { remarkMdxLinks } from './src/astro/mdx-links.ts';
import { rehypeTableScroll } from './src/render/markdown/table-scroll.ts';
import { shikiOptions } from './src/render/code.ts';
import { remarkSafeLinks } from './src/render/markdown/safe-links.ts';
import { rehypeRenderGuard } from './src/content/mdx-render-guard.ts';

// Deployment is configured by environment, so the same tree builds for localhost, a domain root or
// a sub-path (e.g. GitHub Pages under /taiyaku/). See docs/deploy.md.
const site = process.env.SITE_URL ?? 'http://localhost:4321';
const base = process.env.SITE_BASE ?? '/';

export default defineConfig({
  site,
  base,
  trailingSlash: 'always',
  build: { format: 'directory', concurrency: 4 },
  // Two routes that generate one path stop the build (Astro's default only warns, and the page of
  // lower priority is lost). The content check refuses the folder names that would do it first
  // (docs/content.md#folder-names); this holds for whatever it cannot foresee.
  prerenderConflictBehavior: 'error',
  outDir: process.env.TAIYAKU_OUT ?? './dist',
  // Fixture and benchmark builds get their own cache, so they never clobber the main build's.
  cacheDir: process.env.TAIYAKU_CACHE ?? './node_modules/.astro',
  markdown: {
    // Code blocks in MDX are highlighted like the API page's (src/render/code.ts): both colour
    // schemes, classes instead of inline styles (colours in src/styles/code.css).
    syntaxHighlight: 'shiki',
    shikiConfig: shikiOptions,
    processor: unified({
      gfm: false,
      remarkPlugins: [remarkGfm, remarkSafeLinks, [remarkMdxLinks, { contentDir: process.env.TAIYAKU_CONTENT ?? './content' }]],
      // An MDX body's expression that throws is reported with its file and line (src/content/mdx-render-guard.ts).
      rehypePlugins: [rehypeTableScroll, [rehypeRenderGuard, { contentDir: process.env.TAIYAKU_CONTENT ?? './content' }]],
    }),
  },
  integrations: [
    mdx(),
    sitemap({
      filter: (page) => !/\/r\//.test(page),
    }),
    taiyaku(),
  ],
  // Every bundled script and stylesheet is a file under /_astro/ (cached across pages, allowed by
  // the Content-Security-Policy's 'self'), never inlined into a page: the only inline scripts are
  // the two whose hashes the policy lists (src/render/csp.ts, docs/deploy.md).
  vite: { build: { assetsInlineLimit: 0 } },
  devToolbar: { enabled: false },
  prefetch: false,
});
