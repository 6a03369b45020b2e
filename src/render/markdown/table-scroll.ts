// A Markdown table can be wider than a phone: each one goes in a box that scrolls sideways on its
// own (`.table-scroll`), so the page never does. The box is focusable so that a keyboard reader can
// scroll it too (axe: scrollable-region-focusable).
import type { Element, Root } from 'hast';
import { visit } from 'unist-util-visit';

export function rehypeTableScroll() {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      if (parent.type === 'element' && parent.tagName === 'div' && String(parent.properties.className ?? '').includes('table-scroll')) return;
      const box: Element = { type: 'element', tagName: 'div', properties: { className: ['table-scroll'], tabIndex: 0 }, children: [node] };
      parent.children[index] = box;
    });
  };
}
