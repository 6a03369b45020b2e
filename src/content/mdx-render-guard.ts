// An MDX body's code that throws while the pages render, reported like every other content problem:
// the file under content/, the line of the expression, every bad file of the build at once, and no
// output folder left behind (docs/content.md#errors-you-may-see). What the content check can see
// before anything renders (a missing import, an undefined component or name) it reports itself
// (src/content/mdx-body.ts); code that runs is only known when it runs.
//
// Two halves:
// - `rehypeRenderGuard`, a rehype plugin of the MDX pipeline (astro.config.mjs): every expression
//   of a body — `{…}` in the text, an attribute's `={…}`, a spread `{...x}` — becomes
//   `_taiyakuAt(file, line, column, () => (…))`, with the expression's own place in the file
//   (Astro blanks the frontmatter, so lines are the file's).
// - `guardRender` (`_taiyakuAt`), run by the compiled page: a throw is recorded, with that place,
//   and the expression renders nothing, so the build goes on to the other pages and finds every bad
//   body in one run. The integration takes the list when the pages are written
//   (`takeRenderProblems`, src/integrations/taiyaku.ts) and stops the build with it, removing the
//   output folder. The dev server throws at once, with the same message.
// Why not at render time, from Astro's error: Astro names the route and a line of the compiled
// chunk, stops at the first page(s) and adds its hint and stack trace. A throw inside a component's
// own render (an imported `.astro` or a function the body exports and uses as `<F />`) happens
// outside the body's expressions: Astro still stops the build there, and the output guard removes
// the folder (src/integrations/output-guard.ts).
// The recorded list crosses from the pages' module graph to the integration's on one global slot,
// as the site model does (src/content/site-store.ts).
import { join, relative } from 'node:path';
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import type { Problem } from '../model/problems';

type Node = { type: string; [key: string]: unknown };
type Estree = { type: string; loc?: { start: { line: number; column: number } }; [key: string]: unknown };

const KEY = Symbol.for('taiyaku.mdxRenderProblems');
interface Slot { collecting: boolean; problems: Map<string, Problem> }
const slot = (): Slot => {
  const g = globalThis as { [KEY]?: Slot };
  g[KEY] ??= { collecting: false, problems: new Map() };
  return g[KEY];
};

const EXPECTED = 'code that runs without an error (an .mdx body runs as code when its pages are built: docs/content.md#errors-you-may-see)';

/** What one throw of an expression of `file` (a path under content/) is, as a content problem. */
export function renderProblem(file: string, line: number, column: number, error: unknown): Problem {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : `the value ${String(error)}`;
  return { file: `${file}:${line}:${column}`, field: 'body', message: `throws while its page renders (${what.replace(/\s+/g, ' ').trim()})`, expected: EXPECTED };
}

/** From now on (a build's pages render), a throw is recorded instead of thrown (`takeRenderProblems` ends it). */
export function collectRenderProblems(): void {
  slot().collecting = true;
  slot().problems.clear();
}

/**
 * Runs an expression of an MDX body. A throw: while a build collects, recorded and nothing rendered
 * in its place; otherwise (the dev server) thrown again with the file and line.
 */
export function guardRender(file: string, line: number, column: number, run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    const problem = renderProblem(file, line, column, error);
    if (!slot().collecting) throw new Error(`${problem.file} › body: ${problem.message}`, { cause: error });
    slot().problems.set(`${problem.file}\n${problem.message}`, problem);
    return null;
  }
}

/** The throws recorded since `collectRenderProblems` (each place and message once, whatever number of pages showed it), in file order; collecting stops. */
export function takeRenderProblems(): Problem[] {
  const s = slot();
  const problems = [...s.problems.values()];
  s.problems.clear();
  s.collecting = false;
  const place = (p: Problem) => p.file.match(/^(.*):(\d+):(\d+)$/)!;
  return problems.sort((a, b) => {
    const [, fa, la, ca] = place(a);
    const [, fb, lb, cb] = place(b);
    return fa!.localeCompare(fb!) || Number(la) - Number(lb) || Number(ca) - Number(cb);
  });
}

const CALLEE = '_taiyakuAt';

const literal = (value: string | number): Estree => ({ type: 'Literal', value, raw: JSON.stringify(value) });

/** `_taiyakuAt(file, line, column, () => (expression))`, at the expression's place (none: left as it is). */
function wrap(expression: Estree, file: string): Estree {
  const start = expression.loc?.start;
  if (!start) return expression;
  return {
    type: 'CallExpression',
    optional: false,
    callee: { type: 'Identifier', name: CALLEE },
    arguments: [literal(file), literal(start.line), literal(start.column + 1), { type: 'ArrowFunctionExpression', params: [], body: expression, expression: true, async: false, generator: false, id: null }],
  };
}

/** Wraps the expression of one estree program of the body (a `{…}` or an attribute value); true when it did. */
function wrapProgram(program: Estree | undefined, file: string, spread: boolean): boolean {
  const statement = (program?.['body'] as Estree[] | undefined)?.[0];
  if (statement?.type !== 'ExpressionStatement') return false; // `{/* a comment */}`: nothing runs
  const expression = statement['expression'] as Estree;
  if (spread) {
    // `{...x}` on an element: the program is `({...x})`; the spread's argument runs.
    const element = (expression['properties'] as Estree[] | undefined)?.[0];
    if (element?.type !== 'SpreadElement') return false;
    element['argument'] = wrap(element['argument'] as Estree, file);
    return true;
  }
  statement['expression'] = wrap(expression, file);
  return true;
}

/**
 * The rehype plugin. `contentDir`: the content folder, so messages name `demo/cr/100.3.mdx`; a body
 * outside it is named from the project root.
 */
export function rehypeRenderGuard({ contentDir, root = process.cwd() }: { contentDir: string; root?: string }) {
  return (hast: Root, vfile: VFile) => {
    const tree = hast as unknown as Node;
    if (!vfile.path || !vfile.path.endsWith('.mdx')) return;
    const inContent = relative(contentDir, vfile.path);
    const file = (inContent.startsWith('..') ? relative(root, vfile.path) : inContent).split('\\').join('/');
    let wrapped = false;
    const visit = (node: Node) => {
      const estree = (node['data'] as { estree?: Estree } | undefined)?.estree;
      if ((node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') && wrapProgram(estree, file, false)) wrapped = true;
      for (const a of (node['attributes'] as Node[] | undefined) ?? []) {
        if (a.type === 'mdxJsxExpressionAttribute') { if (wrapProgram((a['data'] as { estree?: Estree } | undefined)?.estree, file, true)) wrapped = true; }
        else {
          const value = a['value'] as Node | string | null | undefined;
          if (value && typeof value === 'object' && wrapProgram((value['data'] as { estree?: Estree } | undefined)?.estree, file, false)) wrapped = true;
        }
      }
      for (const child of (node['children'] as Node[] | undefined) ?? []) visit(child);
    };
    visit(tree);
    if (!wrapped) return;
    const importer: Estree = {
      type: 'ImportDeclaration',
      specifiers: [{ type: 'ImportSpecifier', imported: { type: 'Identifier', name: 'guardRender' }, local: { type: 'Identifier', name: CALLEE } }],
      source: literal(join(root, 'src', 'content', 'mdx-render-guard.ts').split('\\').join('/')),
      attributes: [],
    };
    (tree['children'] as Node[]).unshift({ type: 'mdxjsEsm', value: '', data: { estree: { type: 'Program', sourceType: 'module', body: [importer] } } });
  };
}
