// The same [[id]] links and inline rule references inside MDX bodies, which Astro compiles once per
// file (not per language): hrefs are relative to the entry page, labels follow the enclosing
// <div lang="…">. The site model is read from disk once per build.
import { relative, resolve, sep } from 'node:path';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import type { Lang } from '../schemas/content';
import { loadContent } from '../content/load-content';
import { CHECKED_SITE, type CheckedSite, type SiteModel } from '../model/site-model';
import { linkContext } from '../render/render-context';
import { remarkRuleRefs } from '../render/markdown/rule-refs';
import { remarkWikiLinks } from '../render/markdown/wiki-links';

type Node = { type: string; name?: string; attributes?: { type: string; name?: string; value?: unknown }[]; children?: Node[] };

let cached: { dir: string; site: SiteModel | undefined } | undefined;
function site(dir: string): SiteModel | undefined {
  if (cached?.dir !== dir) {
    // In a build the content check has built the model already; invalid content is reported by the
    // build itself, so here a folder that does not load just gets no links.
    const checked = (globalThis as { [CHECKED_SITE]?: CheckedSite })[CHECKED_SITE];
    if (checked && resolve(checked.dir) === resolve(dir)) cached = { dir, site: checked.site };
    else try { cached = { dir, site: loadContent(dir).site }; } catch { cached = { dir, site: undefined }; }
  }
  return cached.site;
}

const langOf = (node: Node): Lang | undefined => {
  const v = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'lang')?.value;
  return v === 'ja' || v === 'en' ? v : undefined;
};

export function remarkMdxLinks(options: { contentDir: string }) {
  return (tree: Root, file: VFile) => {
    const rel = relative(options.contentDir, file.path).split(sep);
    if (rel.length !== 3 || rel[0] === '..') return;
    const [game = '', doc = '', name = ''] = rel;
    const model = site(options.contentDir);
    if (!model) return;
    const links = linkContext(model, game, { doc, entry: name.replace(/\.mdx$/, '') });
    const walk = (node: Node, lang: Lang) => {
      const here = langOf(node) ?? lang;
      if (node.type === 'paragraph' || node.type === 'listItem' || node.type === 'tableCell' || node.type === 'heading') {
        const ctx = links(here);
        const sub = { type: 'root', children: [node] } as unknown as Root;
        remarkWikiLinks(ctx.resolve)(sub);
        remarkRuleRefs(ctx.style, ctx.resolveRef)(sub);
        return;
      }
      for (const child of node.children ?? []) walk(child, here);
    };
    walk(tree as unknown as Node, 'ja');
  };
}
