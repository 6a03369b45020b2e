// Turns rule references found by the grammar (src/model/refs.ts) into links to the exact sub-rule.
// A reference to a planned rule stays plain text styled as planned; one to nothing stays plain text
// with a marker — never a dead link (the build also reports it, with file and line).
import type { PhrasingContent, Root, Text } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';
import type { IdStyle } from '../../model/ids';
import { findRefs } from '../../model/refs';

export type RefTarget =
  | { kind: 'link'; href: string; ref: string /* doc/entry#id, for previews */ }
  | { kind: 'planned' }
  | { kind: 'missing' };

export function remarkRuleRefs(style: IdStyle, resolve: (id: string) => RefTarget) {
  return (tree: Root) => {
    visit(tree, (node, index, parent) => {
      if (node.type === 'link' || node.type === 'linkReference' || node.type === 'inlineCode' || node.type === 'code') return SKIP;
      if (node.type !== 'text' || !parent || index === undefined) return undefined;
      const text = node as Text;
      const matches = findRefs(text.value, style);
      if (!matches.length) return undefined;
      const out: PhrasingContent[] = [];
      let last = 0;
      for (const m of matches) {
        if (m.start > last) out.push({ type: 'text', value: text.value.slice(last, m.start) });
        const target = resolve(m.ids[0]!);
        const value = [{ type: 'text' as const, value: m.text }];
        if (target.kind === 'link') {
          out.push({ type: 'link', url: target.href, data: { hProperties: { className: ['ref'], dataRef: target.ref } }, children: value });
        } else {
          out.push({ type: 'emphasis', data: { hName: 'span', hProperties: { className: ['ref', target.kind] } }, children: value });
        }
        last = m.end;
      }
      if (last < text.value.length) out.push({ type: 'text', value: text.value.slice(last) });
      parent.children.splice(index, 1, ...out);
      return [SKIP, index + out.length];
    });
  };
}
