// The layer check (scripts/check-layers.mjs, rules in .dependency-cruiser.cjs) fails on an import
// that runs against the layers and on a cycle, in TypeScript files and in .astro components alike.
// Each case is a tiny tree of its own, checked by the same script npm test runs.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { astroImports, checkLayers, prepare } from '../../scripts/check-layers.mjs';

const require = createRequire(import.meta.url);
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
  'src/components/Row.astro': "---\nimport { row } from '../render/rows';\n---\n<p set:html={row()} />\n<script>\n  import '../scripts/toggle';\n</script>\n",
  'src/scripts/toggle.ts': "import { esc } from '../render/html';\nexport const t = esc;\n",
  'src/pages/api.astro': "---\nimport Row from '../components/Row.astro';\nimport bot from '../../docs/examples/bot.ts?raw';\n---\n<Row /><pre>{bot}</pre>\n",
  'docs/examples/bot.ts': "export default 'a bot';\n",
  'src/widgets/text.ts': "import type { UiKey } from '../i18n/index';\nexport const k: UiKey = 'a';\n",
};

type Case = readonly [what: string, rule: string, files: Record<string, string>, where: string];
/** One tree a rule: each breaks exactly the rule it names, in the file and import it names. */
const CASES: readonly Case[] = [
  ['the model importing the renderer', 'model-is-pure', { 'src/model/labels.ts': "import { esc } from '../render/html';\nexport const l = esc('x');\n" }, 'src/model/labels.ts → src/render/html.ts'],
  ['the model importing a Node module', 'model-has-no-platform', { 'src/model/disk.ts': "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n" }, 'src/model/disk.ts → fs'],
  ['the model importing Astro', 'model-has-no-astro', { 'src/model/glue.ts': "import { getCollection } from 'astro:content';\nexport const g = getCollection;\n" }, 'src/model/glue.ts → astro:content'],
  ['a schema importing the model', 'schemas-are-leaves', { 'src/schemas/entry.ts': "import { id } from '../model/ids';\nexport const e = id;\n" }, 'src/schemas/entry.ts → src/model/ids.ts'],
  ['the content reader rendering', 'content-reads-for-the-model', { 'src/content/load.ts': "import { esc } from '../render/html';\nexport const load = esc;\n" }, 'src/content/load.ts → src/render/html.ts'],
  ['the renderer reading content from disk', 'render-renders-the-model', { 'src/content/load.ts': 'export const load = () => 1;\n', 'src/render/page.ts': "import { load } from '../content/load';\nexport const p = load;\n" }, 'src/render/page.ts → src/content/load.ts'],
  ['the UI strings using a renderer', 'i18n-is-strings', { 'src/i18n/rows.ts': "import { esc } from '../render/html';\nexport const r = esc;\n" }, 'src/i18n/rows.ts → src/render/html.ts'],
  ['the Astro glue running an engine', 'astro-glue', { 'src/engines/result.ts': 'export const ok = 1;\n', 'src/astro/sim.ts': "import { ok } from '../engines/result';\nexport const s = ok;\n" }, 'src/astro/sim.ts → src/engines/result.ts'],
  ['an integration using the Astro glue', 'integrations-by-duty', { 'src/astro/site.ts': 'export const site = 1;\n', 'src/integrations/duty.ts': "import { site } from '../astro/site';\nexport const d = site;\n" }, 'src/integrations/duty.ts → src/astro/site.ts'],
  ['the importer rendering HTML', 'importers-are-a-tool', { 'src/importers/apply.ts': "import { row } from '../render/rows';\nexport const a = row;\n" }, 'src/importers/apply.ts → src/render/rows.ts'],
  ['an engine view importing the widgets from the engines folder', 'engines-stand-alone', { 'src/widgets/text.ts': 'export const t = 1;\n', 'src/engines/stack/view.ts': "import { t } from '../../widgets/text';\nexport const v = t;\n" }, 'src/engines/stack/view.ts → src/widgets/text.ts'],
  ['an engine reaching into the model', 'engines-stand-alone', { 'src/engines/stack.ts': "import { id } from '../model/ids';\nexport const s = id;\n" }, 'src/engines/stack.ts → src/model/ids.ts'],
  ['a widget reaching into the model', 'widgets-are-thin', { 'src/widgets/form.ts': "import { id } from '../model/ids';\nexport const f = id;\n" }, 'src/widgets/form.ts → src/model/ids.ts'],
  ['a widget taking i18n values, not types', 'widgets-take-i18n-types-only', { 'src/i18n/strings.ts': 'export const strings = {};\n', 'src/widgets/form.ts': "import { strings } from '../i18n/strings';\nexport const f = strings;\n" }, 'src/widgets/form.ts → src/i18n/strings.ts'],
  ['the search client taking a model module it does not need', 'search-client-is-small', { 'src/search/panel.ts': "import { id } from '../model/ids';\nexport const p = id;\n" }, 'src/search/panel.ts → src/model/ids.ts'],
  ['a browser script taking a renderer', 'browser-scripts-are-small', { 'src/scripts/rows.ts': "import { row } from '../render/rows';\nexport const r = row;\n" }, 'src/scripts/rows.ts → src/render/rows.ts'],
  ['the service worker importing the escaper', 'service-worker-alone', { 'src/sw/sw.ts': "import { esc } from '../render/html';\nexport const w = esc;\n" }, 'src/sw/sw.ts → src/render/html.ts'],
  ['a component importing an integration (in .astro frontmatter)', 'components-not-build-tools', { 'src/components/Bad.astro': "---\nimport taiyaku from '../integrations/taiyaku';\nconst x = taiyaku;\n---\n<p>{x}</p>\n" }, 'src/components/Bad.astro.ts → src/integrations/taiyaku.ts'],
  ['a module at the top of src/ importing a page', 'nothing-imports-the-top', { 'src/pages/index.json.ts': 'export const GET = 1;\n', 'src/api.ts': "import { GET } from './pages/index.json';\nexport const a = GET;\n" }, 'src/api.ts → src/pages/index.json.ts'],
  ['a component importing a page (in .astro frontmatter)', 'components-take-no-pages', { 'src/pages/index.json.ts': 'export const GET = 1;\n', 'src/components/Api.astro': "---\nimport { GET } from '../pages/index.json';\n---\n<p>{GET}</p>\n" }, 'src/components/Api.astro.ts → src/pages/index.json.ts'],
  ['a browser script importing a Node module', 'browser-code-has-no-node', { 'src/scripts/path.ts': "import { join } from 'node:path';\nexport const j = join;\n" }, 'src/scripts/path.ts → path'],
  ['the search client importing a Node module', 'browser-code-has-no-node', { 'src/search/url.ts': "import { URL } from 'node:url';\nexport const u = URL;\n" }, 'src/search/url.ts → url'],
  ['an engine importing a Node module', 'browser-code-has-no-node', { 'src/engines/rng.ts': "import { randomInt } from 'node:crypto';\nexport const r = randomInt;\n" }, 'src/engines/rng.ts → crypto'],
  ['a page importing a file outside src/ as code', 'src-stays-in-src', { 'src/pages/bot.ts': "import bot from '../../docs/examples/bot';\nexport const b = bot;\n" }, 'src/pages/bot.ts → docs/examples/bot.ts'],
  ['the model importing a tool under scripts/', 'src-stays-in-src', { 'scripts/tool.mjs': 'export const t = 1;\n', 'src/model/tool.ts': "import { t } from '../../scripts/tool.mjs';\nexport const x = t;\n" }, 'src/model/tool.ts → scripts/tool.mjs'],
  ['a component taking a file outside src/ as text', 'raw-text-for-pages-only', { 'src/components/Bot.astro': "---\nimport bot from '../../docs/examples/bot.ts?raw';\n---\n<pre>{bot}</pre>\n" }, 'src/components/Bot.astro.ts → docs/examples/bot.ts.raw'],
  ['an import of a file that does not exist', 'imports-resolve', { 'src/render/page.ts': "import { row } from './row';\nexport const p = row;\n" }, 'src/render/page.ts → ./row'],
  ['an import of a package that is not installed', 'imports-resolve', { 'src/render/page.ts': "import x from 'no-such-package-here';\nexport const p = x;\n" }, 'src/render/page.ts → no-such-package-here'],
  ['a text import of a file that does not exist', 'imports-resolve', { 'src/pages/bot.astro': "---\nimport bot from '../../docs/examples/gone.ts?raw';\n---\n<pre>{bot}</pre>\n" }, 'src/pages/bot.astro.ts → ../../docs/examples/gone.ts.raw'],
  ['a cycle', 'no-circular', { 'src/model/a.ts': "import { b } from './b';\nexport const a = () => b;\n", 'src/model/b.ts': "import type { a } from './a';\nexport const b: typeof a | 1 = 1;\n" }, 'src/model/a.ts →'],
];

describe('the layer check', () => {
  it('passes a tree that keeps the layers', () => {
    const { status, output } = checkLayers(tree(legal));
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it.each(CASES)('fails on %s (%s)', (_, rule, files, where) => {
    const { status, output } = checkLayers(tree({ ...legal, ...files }));
    expect(status).not.toBe(0);
    expect(output).toContain(`error ${rule}: ${where}`);
    expect(new Set(output.match(/error [\w-]+:/g))).toEqual(new Set([`error ${rule}:`]));
  });

  it('has a failing case for every rule of the config', () => {
    const rules = (require('../../.dependency-cruiser.cjs') as { forbidden: { name: string }[] }).forbidden.map((r) => r.name);
    expect(rules.length).toBeGreaterThanOrEqual(20);
    expect(rules.filter((r) => !CASES.some(([, rule]) => rule === r))).toEqual([]);
  });
});
// The rules are per folder, so together they also keep the folders from importing each other in a
// cycle (the engines ⇄ widgets, schemas ⇄ model and i18n ⇄ render of before): read on the real tree.
describe('the folders of src/', () => {
  it('import each other in one direction only (components, layouts and pages are one layer)', () => {
    const out = prepare(resolve('.'));
    roots.push(out);
    const bin = resolve('node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
    const run = spawnSync(process.execPath, [bin, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'src'], { cwd: out, encoding: 'utf8', maxBuffer: 1 << 28 });
    const modules = (JSON.parse(run.stdout) as { modules: { source: string; dependencies: { resolved: string }[] }[] }).modules;
    const layer = (path: string): string | undefined => /^src\/([^/]+)\//.exec(path)?.[1]?.replace(/^(components|layouts|pages)$/, 'components-layouts-pages');
    const edges = new Set<string>();
    for (const m of modules.filter((x) => !/\.test\.ts$|^src\/engines\/testing\//.test(x.source))) {
      for (const d of m.dependencies) {
        const [a, b] = [layer(m.source), layer(d.resolved)];
        if (a !== undefined && b !== undefined && a !== b) edges.add(`${a} → ${b}`);
      }
    }
    expect(edges.size).toBeGreaterThan(10);
    expect([...edges].filter((e) => edges.has(e.split(' → ').reverse().join(' → ')))).toEqual([]);
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
