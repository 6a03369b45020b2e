// Reading built pages in the build tests: the one page reader of the build and the output checks
// (src/integrations/built-page.ts: parse5's tree with scripting off, and its walkers).
export { all, attrOf, hasClass, parseHtml, textOf as text, type Node } from '../../src/integrations/built-page';
