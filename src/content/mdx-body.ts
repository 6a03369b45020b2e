// What would stop an MDX body while the pages render, found before anything renders, with the line
// in the file and every case at once (docs/content.md#errors-you-may-see). Rendering stops at the
// first, names only the route or a line of the compiled module, and leaves a half-written output
// folder; here each is one problem like any other:
// - an import that does not resolve (`import X from './missing.js'`);
// - a component the body uses but neither imports, exports nor gets from the page
//   (MDX_COMPONENTS: `<Pair>`, `<TlNote>`, `<Question>`, `<Simulator>`);
// - a name an expression reads that is declared nowhere in the body and is no JavaScript global
//   (`{undefinedThing.x}`, a ReferenceError at render).
// Also the Markdown rules YAML texts follow (src/model/markdown-check.ts: URLs, off-site images).
// Why a walk of the parse tree rather than compiling each body: compiling finds none of these (the
// compiled module fails only when it runs, which is the render), and the walk costs next to nothing
// — on the bundled content's 5 MDX files (111 KB) parse and checks took 10–12 ms, a compile 14–56 ms
// (2026-12-01, a shared 2-core machine at load 15). What still fails only at render (code that
// throws) is caught expression by expression and reported the same way, with the file and line,
// every body at once, once the pages are written (src/content/mdx-render-guard.ts).
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createProcessor } from '@mdx-js/mdx';
import remarkGfm from 'remark-gfm';
import type { Root } from 'mdast';
import { markdownIssues, type MarkdownIssue } from '../model/markdown-check';
import { MDX_COMPONENTS } from '../schemas/layout';

const mdx = createProcessor({ format: 'mdx', remarkPlugins: [remarkGfm] });

type Node = { type: string; [key: string]: unknown };
type Place = { line?: number; column?: number };
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && typeof (v as Node).type === 'string';

/** The MDX compiler's complaint about `source`, or its syntax tree. */
export function parseMdx(source: string): { tree: Root } | { error: MarkdownIssue } {
  try {
    return { tree: mdx.parse(source) as Root };
  } catch (e) {
    const err = e as { line?: number; column?: number; reason?: string; message: string };
    return { error: { ...(err.line ? { line: err.line } : {}), ...(err.column ? { column: err.column } : {}), message: (err.reason ?? err.message).replace(/\.$/, ''), expected: 'valid MDX (close every tag; write { and < as \\{ and &lt; in text)' } };
  }
}

const placeOf = (node: Node): Place => {
  const loc = (node['loc'] as { start?: { line: number; column: number } } | undefined)?.start;
  if (loc) return { line: loc.line, column: loc.column + 1 };
  const pos = (node['position'] as { start?: { line: number; column: number } } | undefined)?.start;
  return pos ? { line: pos.line, column: pos.column } : {};
};

/** Names JavaScript and the MDX module give every body: globals, `props`, Astro's `frontmatter`. */
const GIVEN = new Set([...Object.getOwnPropertyNames(globalThis), 'undefined', 'NaN', 'Infinity', 'arguments', 'props', 'frontmatter']);

/** Every name an estree program declares (imports, variables, functions, classes, parameters, catch clauses) and every name it reads. */
function scan(program: Node, declared: Set<string>, reads: { name: string; node: Node }[]) {
  const walk = (node: Node, parent: Node | undefined, key: string, binding: boolean) => {
    if (node.type === 'Identifier') {
      const name = node['name'] as string;
      if (binding) { declared.add(name); return; }
      if (parent) {
        const p = parent.type;
        if (p === 'MemberExpression' && key === 'property' && !parent['computed']) return;
        if ((p === 'Property' || p === 'PropertyDefinition' || p === 'MethodDefinition') && key === 'key' && !parent['computed']) return;
        if (['LabeledStatement', 'BreakStatement', 'ContinueStatement', 'MetaProperty', 'ExportSpecifier'].includes(p)) return;
        if (p.startsWith('Import') && p.endsWith('Specifier')) { if (key === 'local') declared.add(name); return; }
      }
      reads.push({ name, node });
      return;
    }
    if (node.type.startsWith('JSX')) return; // JSX inside expressions: its names are the compiler's
    const child = (value: unknown, k: string, asBinding: boolean) => {
      if (Array.isArray(value)) for (const v of value) { if (isNode(v)) walk(v, node, k, asBinding); }
      else if (isNode(value)) walk(value, node, k, asBinding);
    };
    for (const [k, value] of Object.entries(node)) {
      if (k === 'loc' || k === 'range' || k === 'position' || k === 'comments') continue;
      let asBinding = false;
      const t = node.type;
      if (t === 'VariableDeclarator' && k === 'id') asBinding = true;
      else if ((t === 'FunctionDeclaration' || t === 'FunctionExpression' || t === 'ArrowFunctionExpression') && (k === 'params' || k === 'id')) asBinding = true;
      else if ((t === 'ClassDeclaration' || t === 'ClassExpression') && k === 'id') asBinding = true;
      else if (t === 'CatchClause' && k === 'param') asBinding = true;
      else if (binding && (t === 'ObjectPattern' || t === 'ArrayPattern' || t === 'RestElement')) asBinding = true;
      else if (binding && t === 'AssignmentPattern') asBinding = k === 'left';
      else if (binding && t === 'Property') asBinding = k === 'value';
      if (binding && t === 'Property' && k === 'key' && !node['computed']) continue;
      child(value, k, asBinding);
    }
  };
  walk(program, undefined, '', false);
}

/** Whether an import specifier names something that exists, seen from `file` (Vite's resolution, in the small). */
function resolves(specifier: string, file: string, root: string): boolean {
  if (/^(astro|virtual):/.test(specifier) || specifier.startsWith('node:')) return true;
  const local = specifier.startsWith('.') ? resolve(dirname(file), specifier)
    : specifier.startsWith('~/') ? join(root, 'src', specifier.slice(2))
    : specifier.startsWith('/') ? join(root, specifier)
    : undefined;
  if (local === undefined) {
    // A package: installed where Node would look for it, from the file's folder up.
    const name = specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
    for (let dir = dirname(resolve(file)); ; dir = dirname(dir)) {
      if (existsSync(join(dir, 'node_modules', name))) return true;
      if (dirname(dir) === dir) return false;
    }
  }
  const path = local.replace(/[?#].*$/, '');
  const isFile = (p: string) => existsSync(p) && statSync(p).isFile();
  const exts = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.astro', '.mdx', '.json'];
  return isFile(path) || exts.some((e) => isFile(path + e) || isFile(join(path, `index${e}`)))
    || (/\.[cm]?jsx?$/.test(path) && exts.some((e) => isFile(path.replace(/\.[cm]?jsx?$/, e))));
}

/** True for a JSX name MDX takes as a component (not an HTML element): `Foo`, `foo.bar`, `_x`. */
const isComponent = (name: string) => name.includes('.') || (/^[^a-z]/.test(name) && !/[-:]/.test(name));

/**
 * Problems of an MDX body (`source`: the whole file with the frontmatter blanked, so lines are the
 * file's). `file` is the path the imports are relative to; `root` the project (for `~/` and `/`).
 */
export function mdxBodyIssues(source: string, file: string, root = process.cwd()): MarkdownIssue[] {
  const parsed = parseMdx(source);
  if ('error' in parsed) return [parsed.error];
  const issues = markdownIssues(parsed.tree);
  const declared = new Set<string>(MDX_COMPONENTS);
  const reads: { name: string; node: Node }[] = [];
  const elements: { name: string; node: Node }[] = [];
  const visit = (node: Node) => {
    const estree = (node['data'] as { estree?: Node } | undefined)?.estree;
    if (node.type === 'mdxjsEsm' && estree) {
      scan(estree, declared, []);
      for (const statement of (estree['body'] as Node[] | undefined) ?? []) {
        const source = (statement['source'] as { value?: unknown } | null | undefined)?.value;
        if (typeof source === 'string' && !resolves(source, file, root)) {
          issues.push({ ...placeOf(statement), message: `imports ${JSON.stringify(source)}, which is not there`, expected: `a path that exists, relative to this file (or a component the body may use without an import: ${MDX_COMPONENTS.join(', ')})` });
        }
      }
    } else if (estree) scan(estree, declared, reads);
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && typeof node['name'] === 'string' && isComponent(node['name'])) {
      elements.push({ name: node['name'].split('.')[0]!, node });
    }
    for (const a of (node['attributes'] as Node[] | undefined) ?? []) {
      const value = a['value'];
      const attrTree = (a['data'] as { estree?: Node } | undefined)?.estree ?? (isNode(value) ? (value['data'] as { estree?: Node } | undefined)?.estree : undefined);
      if (attrTree) scan(attrTree, declared, reads);
    }
    for (const child of (node['children'] as Node[] | undefined) ?? []) visit(child);
  };
  visit(parsed.tree as unknown as Node);
  // Each missing name once, at its first use, with how often it is used.
  const once = (list: { name: string; node: Node }[], known: (n: string) => boolean, say: (name: string, times: number) => Pick<MarkdownIssue, 'message' | 'expected'>) => {
    const seen = new Map<string, { node: Node; times: number }>();
    for (const { name, node } of list) {
      if (known(name)) continue;
      const s = seen.get(name);
      if (s) s.times += 1;
      else seen.set(name, { node, times: 1 });
    }
    for (const [name, { node, times }] of seen) issues.push({ ...placeOf(node), ...say(name, times) });
  };
  once(elements, (n) => declared.has(n), (name, times) => ({
    message: `uses the component <${name}>${times > 1 ? ` (${times} times)` : ''}, which is neither imported nor one the page provides`,
    expected: `one of ${MDX_COMPONENTS.map((c) => `<${c}>`).join(', ')}, or an import of it at the top of the body`,
  }));
  once(reads, (n) => declared.has(n) || GIVEN.has(n), (name, times) => ({
    message: `reads the name ${name}${times > 1 ? ` (${times} times)` : ''}, which the body does not declare or import`,
    expected: 'a name the body imports or exports, or one of JavaScript\'s own (an .mdx body runs as code: docs/content.md)',
  }));
  return issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}
