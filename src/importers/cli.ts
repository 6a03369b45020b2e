// Command line of `npm run import:mtg-cr` (scripts/import-mtg-cr.ts loads this through Vite, the
// way the build loads src/). docs/import.md explains the options and the report.
import { runImport, type ImportOptions } from './mtg-cr-apply';

export const USAGE = `usage: npm run import:mtg-cr -- <english.txt> [<japanese.txt>] [options]

  <english.txt>      the Comprehensive Rules text file from Wizards of the Coast
  <japanese.txt>     the Japanese translation (same rule numbers), optional
  --out <dir>        document folder to write entries into (default: content/mtg/cr)
  --glossary <file>  where to write the glossary (default: <game>/<doc>-glossary.yaml; the site does not read it)
  --dry-run          plan, check and report; write nothing
  --force            write even when the result fails the content checks
  --today <date>     date (YYYY-MM-DD) for "checked" on new and changed entries (default: today)
  --verbose          list every warning (by default: all errors, the first 40 warnings and info lines)

Encodings (UTF-8, UTF-16 with BOM, Windows-1252) and line ends are detected. See docs/import.md.`;

export function parseArgs(argv: string[]): ImportOptions | string {
  const files: string[] = [];
  const options: Partial<ImportOptions> = { out: 'content/mtg/cr' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value`);
      return v;
    };
    try {
      if (arg === '--out') options.out = value();
      else if (arg === '--glossary') options.glossary = value();
      else if (arg === '--dry-run') options.dryRun = true;
      else if (arg === '--force') options.force = true;
      else if (arg === '--verbose') options.verbose = true;
      else if (arg === '--today') {
        const v = value();
        if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return `--today takes a date like 2026-11-30, not "${v}"`;
        options.today = v;
      } else if (arg === '-h' || arg === '--help') return '';
      else if (arg.startsWith('-')) return `unknown option ${arg}`;
      else files.push(arg);
    } catch (e) {
      return (e as Error).message;
    }
  }
  if (files.length === 0) return 'give the English rules file';
  if (files.length > 2) return `too many files: ${files.join(' ')} (English, then Japanese)`;
  return { ...options, en: files[0]!, ...(files[1] ? { ja: files[1] } : {}) } as ImportOptions;
}

/** Runs the importer; returns the exit code (0 done, 1 failed or refused, 2 usage). */
export function main(argv: string[], print: (line: string) => void = console.log): number {
  const options = parseArgs(argv);
  if (typeof options === 'string') {
    if (options) print(`✗ ${options}\n`);
    print(USAGE);
    return options ? 2 : 0;
  }
  const result = runImport(options);
  for (const line of result.lines) print(line);
  return result.ok ? 0 : 1;
}
