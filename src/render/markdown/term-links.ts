// Links the dictionary terms chosen by src/model/term-mentions.ts (first mention per entry) to their
// definition. Text inside links and code is left alone.
import type { PhrasingContent, Root, Text } from 'mdast';
import { EXIT, SKIP, visit } from 'unist-util-visit';
import type { TermFinder } from '../../model/term-mentions';

export function remarkTermLinks(find: TermFinder, allowed: Set<string>, href: (termId: string) => { href: string; ref?: string } | undefined) {
  const left = new Set(allowed);
  return (tree: Root) => {
    visit(tree, (node, index, parent) => {
      if (!left.size) return EXIT;
      if (node.type === 'link' || node.type === 'linkReference' || node.type === 'inlineCode' || node.type === 'code') return SKIP;
      if (node.type !== 'text' || !parent || index === undefined) return undefined;
      const text = node as Text;
      const out: PhrasingContent[] = [];
      let last = 0;
      for (const m of find(text.value)) {
        if (!left.has(m.termId)) continue;
        const target = href(m.termId);
        if (!target) continue;
        left.delete(m.termId);
        if (m.start > last) out.push({ type: 'text', value: text.value.slice(last, m.start) });
        out.push({
          type: 'link', url: target.href,
          data: { hProperties: { className: target.ref ? ['term', 'ref'] : ['term'], ...(target.ref ? { dataRef: target.ref } : {}) } },
          children: [{ type: 'text', value: text.value.slice(m.start, m.end) }],
        });
        last = m.end;
      }
      if (!out.length) return undefined;
      if (last < text.value.length) out.push({ type: 'text', value: text.value.slice(last) });
      parent.children.splice(index, 1, ...out);
      return [SKIP, index + out.length];
    });
  };
}
