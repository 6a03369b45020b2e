// `npm run import -- <game> <english> [<japanese>]` (and `npm run import:mtg-cr -- <english> [<japanese>]`,
// which passes --game=mtg first). Imports official text into content/{game}/{doc}/official/
// (docs/import.md). The code lives in src/importers/; src/ is written for Vite (extensionless
// imports, full TypeScript), so this thin entry loads it through Vite's module runner, as the tests do.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type * as Cli from '../src/importers/cli.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// pdf.js is loaded natively, on first use (src/importers/pdf.ts#PDFJS_LOADER): the module runner is closed by then.
(globalThis as Record<symbol, unknown>)[Symbol.for('taiyaku.pdfjs')] = () => import('pdfjs-dist/legacy/build/pdf.mjs');
const { module } = await runnerImport<typeof Cli>(fileURLToPath(new URL('../src/importers/cli.ts', import.meta.url)), {
  root,
  configFile: false,
  logLevel: 'error',
});
const argv = process.argv.slice(2);
const mtgOnly = argv[0] === '--game=mtg';
process.exitCode = await module.main(mtgOnly ? argv.slice(1) : argv, console.log, mtgOnly ? 'mtg' : undefined);
