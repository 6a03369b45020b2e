// The same [[id]] links and inline rule references inside MDX bodies, which Astro compiles once per
// file (not per language): hrefs are relative to the entry page, labels follow the enclosing
// <div lang="…">. Astro glue (a remark plugin of astro.config.mjs's MDX pipeline): the links come
// from the model the content check shared (src/content/site-store.ts), in a build and in the dev
// server (which swaps in a new one on every change); when the check has never passed (the build
// stops, a dev server started on bad content shows the problems) there is no model and no links.
import { relative, sep } from 'node:path';
import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import type { Lang } from '../schemas/content';
import { siteStore } from '../content/site-store';
import { linkContext } from '../render/render-context';
import { remarkRuleRefs } from '../render/markdown/rule-refs';
import { remarkWikiLinks } from '../render/markdown/wiki-links';

type Node = { type: string; name?: string; attributes?: { type: string; name?: string; value?: unknown }[]; children?: Node[] };

const langOf = (node: Node): Lang | undefined => {
  const v = node.attributes?.find((a) => a.type === 'mdxJsxAttribute' && a.name === 'lang')?.value;
  return v === 'ja' || v === 'en' ? v : undefined;
};

export function remarkMdxLinks(options: { contentDir: string }) {
  return (tree: Root, file: VFile) => {
    const rel = relative(options.contentDir, file.path).split(sep);
    if (rel.length !== 3 || rel[0] === '..') return;
    const [game = '', doc = '', name = ''] = rel;
    const model = siteStore.get(options.contentDir)?.site;
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
