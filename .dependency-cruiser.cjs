// The layer rules of src/ (docs/architecture.md opens with the map they encode), checked in
// `npm test` by scripts/check-layers.mjs: an import that runs against the layers, or any cycle,
// fails. Type-only imports count too (a cycle of types is still a tangle). Tests may import anything.
/** A folder of src/ as a path pattern. */
const dir = (...names) => `^src/(${names.join('|')})/`;
const TESTS = '(\\.test\\.ts$|^src/engines/testing/)';
/** What runs in the browser. */
const BROWSER = dir('scripts', 'search', 'widgets', 'engines', 'sw');

/** `from` may import nothing in src/ outside `allowed` (npm packages are judged by the rules below). */
const only = (name, from, allowed, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: TESTS },
  to: { path: '^src/', pathNot: [from, ...allowed].join('|') },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No cycles anywhere: a module and the modules it imports never import it back.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    only('model-is-pure', dir('model'), [dir('schemas')],
      'src/model is the pure model: it imports only itself and the schemas (types and zod schemas).'),
    {
      name: 'model-has-no-platform',
      comment: 'src/model runs anywhere: no node:* modules, no Astro (astro/zod is zod, the schemas\' library), no i18n strings.',
      severity: 'error',
      from: { path: dir('model'), pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'model-has-no-astro',
      severity: 'error',
      from: { path: dir('model'), pathNot: TESTS },
      // astro:content and the like, or the astro package itself (astro/zod, which is zod, excepted).
      to: { path: '^astro:|(^|/)node_modules/astro/(?!dist/zod\\.js$)' },
    },
    only('schemas-are-leaves', dir('schemas'), [],
      'The schemas import only themselves (with the two checks they apply, URL safety and visibility, which the model uses too).'),
    only('content-reads-for-the-model', dir('content'), [dir('model', 'schemas')],
      'src/content reads a content folder from disk into the model: it imports the model and the schemas.'),
    only('render-renders-the-model', dir('render'), [dir('model', 'schemas', 'i18n')],
      'src/render turns the model into HTML/SVG strings: model, schemas and UI strings only.'),
    only('i18n-is-strings', dir('i18n'), [dir('schemas')],
      'src/i18n holds the UI strings and the one filler (src/i18n/fill.ts, which src/render/html.ts hands on); it imports only the schemas.'),
    only('astro-glue', dir('astro'), [dir('content', 'model', 'render', 'schemas', 'i18n')],
      'src/astro is the Astro glue: it may use every layer below the pages, never pages, integrations or importers.'),
    only('integrations-by-duty', dir('integrations'), [dir('content', 'model', 'render', 'schemas', 'i18n')],
      'src/integrations: the build\'s duties over content, model and render (never pages, components or astro glue).'),
    only('importers-are-a-tool', dir('importers'), [dir('model', 'content', 'schemas')],
      'src/importers is a Node tool of its own: model, content and schemas, never render, pages or astro glue.'),
    {
      name: 'engines-stand-alone',
      comment: 'src/engines holds the rules only: they import only engines (and no DOM: tsc -p src/engines). Their views, the modules that pair engine and view, and the registry are the widgets\' (src/widgets/engines, src/widgets/registry.ts).',
      severity: 'error',
      from: { path: dir('engines'), pathNot: TESTS },
      to: { path: '^src/', pathNot: dir('engines') },
    },
    only('widgets-are-thin', dir('widgets'), [dir('engines', 'i18n'), '^src/render/html\\.ts$'],
      'src/widgets: a thin UI over the engines (the engines\' views, modules and registry included), with the one escaper and filler; i18n for types only (below).'),
    {
      name: 'widgets-take-i18n-types-only',
      severity: 'error',
      from: { path: dir('widgets'), pathNot: TESTS },
      to: { path: dir('i18n'), dependencyTypesNot: ['type-only'] },
    },
    only('search-client-is-small', dir('search'), ['^src/model/(search-merge|search-query)\\.ts$', '^src/render/html\\.ts$'],
      'src/search is the search client, bundled for the browser on its own: the pure search helpers of the model and the one filler.'),
    only('browser-scripts-are-small', dir('scripts'), ['^src/model/(search-merge|ids|refs|urls|pinned)\\.ts$', '^src/render/html\\.ts$'],
      'src/scripts run in the browser: DOM-free helpers of the model and render only.'),
    only('service-worker-alone', dir('sw'), [],
      'src/sw is the service worker (its own tsconfig, WebWorker types): it imports only itself.'),
    only('components-not-build-tools', dir('components', 'layouts', 'pages'), [dir('astro', 'content', 'model', 'render', 'schemas', 'i18n', 'engines', 'widgets', 'scripts', 'styles', 'components', 'layouts', 'pages')],
      'Components, layouts and pages may use any layer but the importers and the integrations.'),
    {
      name: 'nothing-imports-the-top',
      comment: 'Pages, browser scripts, importers and integrations are entry points: only astro.config.mjs (and the tools under scripts/) start from them. Components load browser scripts in their <script> tags (the one exception, next rule).',
      severity: 'error',
      from: { pathNot: `${TESTS}|^astro\\.config\\.mjs$|^scripts/|^src/(pages|importers|integrations|scripts)/|^src/(components|layouts)/.*\\.astro\\.ts$` },
      to: { path: dir('pages', 'scripts', 'importers', 'integrations') },
    },
    {
      name: 'components-take-no-pages',
      comment: 'A component or layout may load a browser script (its <script> tags), never a page: pages are routes, not parts.',
      severity: 'error',
      from: { path: dir('components', 'layouts'), pathNot: TESTS },
      to: { path: dir('pages') },
    },
    {
      name: 'browser-code-has-no-node',
      comment: 'What runs in the browser (the scripts, the search client, the widgets, the engines they run, the service worker) takes no node:* module.',
      severity: 'error',
      from: { path: BROWSER, pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'src-stays-in-src',
      comment: 'Code in src/ imports src/, npm packages and Node\'s modules. Outside src/, a page may take a file of docs/examples/ as text (`?raw`, shown on the page; the copy the check reads names it `X.raw`), never as code.',
      severity: 'error',
      from: { path: '^src/', pathNot: TESTS },
      to: { couldNotResolve: false, dependencyTypesNot: ['core'], pathNot: '^src/|(^|/)node_modules/|^docs/examples/[^/]+\\.raw$' },
    },
    {
      name: 'raw-text-for-pages-only',
      comment: 'Only a page takes a file outside src/ as text (the API page shows docs/examples/quote-bot.ts).',
      severity: 'error',
      from: { path: '^src/', pathNot: `${TESTS}|^src/pages/` },
      to: { path: '^docs/examples/' },
    },
    {
      name: 'imports-resolve',
      comment: 'An import that does not resolve (a typo, a deleted file, a package not installed) fails here, not in the browser; Astro\'s own astro:* modules excepted.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { couldNotResolve: true, pathNot: '^astro:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.astro|\\.out|tests/fixtures)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mjs', '.js', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
