// The layer check (scripts/check-layers.mjs, rules in .dependency-cruiser.cjs) fails on an import
// that runs against the layers and on a cycle, in TypeScript files and in .astro components alike.
// Each case is a tiny tree of its own, checked by the same script npm test runs.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { astroImports, checkLayers } from '../../scripts/check-layers.mjs';

const roots: string[] = [];
afterAll(() => { for (const r of roots) rmSync(r, { recursive: true, force: true }); });

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'));
  roots.push(root);
  for (const name of ['.dependency-cruiser.cjs', 'tsconfig.json']) cpSync(name, join(root, name));
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

// A small legal tree: every case adds one file or import to it.
const legal = {
  'src/schemas/content.ts': "export type Lang = 'ja' | 'en';\n",
  'src/model/ids.ts': "import type { Lang } from '../schemas/content';\nexport const id = (l: Lang) => l;\n",
  'src/render/html.ts': 'export const esc = (s: string) => s;\n',
  'src/render/rows.ts': "import { id } from '../model/ids';\nimport { esc } from './html';\nexport const row = () => esc(id('ja'));\n",
  'src/i18n/index.ts': "export type UiKey = 'a';\n",
  'src/integrations/taiyaku.ts': "import { row } from '../render/rows';\nexport default row;\n",
  'src/components/Row.astro': "---\nimport { row } from '../render/rows';\n---\n<p set:html={row()} />\n",
};

describe('the layer check', () => {
  it('passes a tree that keeps the layers', () => {
    const { status, output } = checkLayers(tree(legal));
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it.each([
    ['the model importing the renderer', 'model-is-pure', { 'src/model/labels.ts': "import { esc } from '../render/html';\nexport const l = esc('x');\n" }, 'src/model/labels.ts → src/render/html.ts'],
    ['the model importing a Node module', 'model-has-no-platform', { 'src/model/disk.ts': "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n" }, 'src/model/disk.ts → fs'],
    ['the model importing Astro', 'model-has-no-astro', { 'src/model/glue.ts': "import { getCollection } from 'astro:content';\nexport const g = getCollection;\n" }, 'src/model/glue.ts → astro:content'],
    ['the renderer reading content from disk', 'render-renders-the-model', { 'src/content/load.ts': 'export const load = () => 1;\n', 'src/render/page.ts': "import { load } from '../content/load';\nexport const p = load;\n" }, 'src/render/page.ts → src/content/load.ts'],
    ['the importer rendering HTML', 'importers-are-a-tool', { 'src/importers/apply.ts': "import { row } from '../render/rows';\nexport const a = row;\n" }, 'src/importers/apply.ts → src/render/rows.ts'],
    ['an engine reaching into the model', 'engines-stand-alone', { 'src/engines/stack.ts': "import { id } from '../model/ids';\nexport const s = id;\n" }, 'src/engines/stack.ts → src/model/ids.ts'],
    ['a widget taking i18n values, not types', 'widgets-take-i18n-types-only', { 'src/i18n/strings.ts': 'export const strings = {};\n', 'src/widgets/form.ts': "import { strings } from '../i18n/strings';\nexport const f = strings;\n" }, 'src/widgets/form.ts → src/i18n/strings.ts'],
    ['a component importing an integration (in .astro frontmatter)', 'components-not-build-tools', { 'src/components/Bad.astro': "---\nimport taiyaku from '../integrations/taiyaku';\nconst x = taiyaku;\n---\n<p>{x}</p>\n" }, 'src/components/Bad.astro.ts → src/integrations/taiyaku.ts'],
    ['a module importing a page', 'nothing-imports-the-top', { 'src/pages/index.json.ts': 'export const GET = 1;\n', 'src/model/api.ts': "import { GET } from '../pages/index.json';\nexport const a = GET;\n" }, 'src/model/api.ts → src/pages/index.json.ts'],
    ['a cycle', 'no-circular', { 'src/model/a.ts': "import { b } from './b';\nexport const a = () => b;\n", 'src/model/b.ts': "import type { a } from './a';\nexport const b: typeof a | 1 = 1;\n" }, 'src/model/a.ts →'],
  ])('fails on %s (%s)', (_, rule, files, where) => {
    const { status, output } = checkLayers(tree({ ...legal, ...files }));
    expect(status).not.toBe(0);
    expect(output).toContain(`error ${rule}: ${where}`);
  });
});

describe('astroImports', () => {
  it('keeps the frontmatter and the bundled scripts, points .astro imports at their copies, and leaves inline and JSON scripts out', () => {
    const source = "---\nimport Base from '../layouts/Base.astro';\nimport { t } from '~/i18n';\n---\n<Base><script>\n  import '~/scripts/graph-view';\n</script><script is:inline>import 'nope';</script><script type=\"application/json\">{}</script></Base>\n";
    const code = astroImports(source);
    expect(code).toContain("import Base from '../layouts/Base.astro.ts';");
    expect(code).toContain("import { t } from '~/i18n';");
    expect(code).toContain("import '~/scripts/graph-view';");
    expect(code).not.toContain('nope');
  });
});
