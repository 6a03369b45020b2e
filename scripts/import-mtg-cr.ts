// `npm run import:mtg-cr -- <english.txt> [<japanese.txt>] [--out content/mtg/cr] [--dry-run]`
// Imports the Magic Comprehensive Rules into content/ (docs/import.md). The code lives in
// src/lib/import/; src/ is written for Vite (extensionless imports, full TypeScript), so this thin
// entry loads it through Vite's module runner, the way the build and the tests load it.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import type * as Cli from '../src/lib/import/cli.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { module } = await runnerImport<typeof Cli>(fileURLToPath(new URL('../src/lib/import/cli.ts', import.meta.url)), {
  root,
  configFile: false,
  logLevel: 'error',
});
process.exitCode = module.main(process.argv.slice(2));
