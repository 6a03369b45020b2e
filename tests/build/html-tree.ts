// Reading built pages in the build tests: parse5's tree, walked with a few small helpers.

export type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[]; value?: string };
export const attrOf = (n: Node, name: string) => n.attrs?.find((a) => a.name === name)?.value;
/** Every node under `n` (itself included) that passes `test`, in document order. */
export const all = (n: Node, test: (n: Node) => boolean, out: Node[] = []): Node[] => {
  if (test(n)) out.push(n);
  for (const c of n.childNodes ?? []) all(c, test, out);
  return out;
};
export const text = (n: Node): string => (n.nodeName === '#text' ? n.value ?? '' : (n.childNodes ?? []).map(text).join(''));
export const hasClass = (n: Node, c: string) => (attrOf(n, 'class') ?? '').split(' ').includes(c);
