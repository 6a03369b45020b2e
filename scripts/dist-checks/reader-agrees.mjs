// The build's permanent-link duty reads a page's anchors and title by pattern (the cheap reading of
// src/integrations/built-page.ts); here every page is held to the tree's reading of the same, so the
// manifest can never record an anchor or a title a browser would not see.
import { treeReading } from '../../src/integrations/built-page.ts';

export default {
  name: 'reader-agrees',
  page(page, { say }) {
    const tree = treeReading(page);
    if (JSON.stringify(tree.anchors) !== JSON.stringify(page.anchors)) say(`the permanent anchors read by pattern (${page.anchors.join(' ') || 'none'}) are not the tree's (${tree.anchors.join(' ') || 'none'})`);
    if (tree.title !== page.title) say(`the title read by pattern (${page.title}) is not the tree's (${tree.title})`);
  },
};
