// Authors link a glossary term or rule explicitly with [[id]] or [[id|label]] (same game; the
// grammar is src/model/wiki-links.ts). The model checks every target at load time; this plugin only
// turns resolved ones into links.
import type { Root, PhrasingContent, Text } from 'mdast';
import { visit, SKIP } from 'unist-util-visit';
import { WIKI_LINK } from '../../model/wiki-links';

export interface WikiTarget { href?: string | undefined; label: string; /** doc/entry#id, for previews. */ ref?: string }
export type WikiResolver = (id: string) => WikiTarget | undefined;

export function remarkWikiLinks(resolve: WikiResolver) {
  return (tree: Root) => {
    visit(tree, 'text', (node: Text, index, parent) => {
      if (!parent || index === undefined || !node.value.includes('[[')) return;
      const out: PhrasingContent[] = [];
      let last = 0;
      for (const m of node.value.matchAll(WIKI_LINK)) {
        const start = m.index ?? 0;
        if (start > last) out.push({ type: 'text', value: node.value.slice(last, start) });
        const target = resolve((m[1] ?? '').trim());
        const label = m[2]?.trim() ?? target?.label ?? (m[1] ?? '').trim();
        out.push(target?.href
          ? { type: 'link', url: target.href, ...(target.ref ? { data: { hProperties: { className: ['ref'], dataRef: target.ref } } } : {}), children: [{ type: 'text', value: label }] }
          : { type: 'emphasis', data: { hProperties: { className: ['planned'] } }, children: [{ type: 'text', value: label }] });
        last = start + m[0].length;
      }
      if (last < node.value.length) out.push({ type: 'text', value: node.value.slice(last) });
      parent.children.splice(index, 1, ...out);
      return [SKIP, index + out.length];
    });
  };
}
