// Command line of `npm run import -- <game> <english> [<japanese>]` and of `npm run import:mtg-cr`
// (scripts/import.ts loads this through Vite, the way the build loads src/). docs/import.md.
import { runImport, type ImportOptions } from './apply';
import { readArgs, type Args } from './args';
import { GAMES, type GameId } from './game';
import { EDITION_ID } from '../schemas/content';

export const USAGE = `usage: npm run import -- <game> <english file> [<japanese file>] [options]
       npm run import -- <game> --ja <japanese file> [options]   (the Japanese alone: the English on disk is kept)

  <game>             mtg | lorcana | marvel-champions
  <english file>     the official English document: a .txt or a .pdf (told apart by content)
                       mtg: the Comprehensive Rules from Wizards of the Coast
                       lorcana: the Comprehensive Rules from Ravensburger
                       marvel-champions: the Rules Reference from Fantasy Flight Games
  <japanese file>    optional: the Japanese Comprehensive Rules (mtg: the translators' text file;
                       lorcana: the Japanese edition's PDF). The Rules Reference has none.
  --ja <file>        the Japanese file (the same as the second file; alone, it updates the translation only)
  --ja-follows <ed>  the English edition the Japanese file translates, when the file names none or the wrong one
                       (mtg: an effective date like 2025-11-14; lorcana: a version like 2.2.0), or part by part:
                       5=2025-10-31,2025-08-22 (section 5 follows one, the rest the other). docs/import.md#pairs
  --edition <ed>     the English edition, for a file that prints none (mtg: 2025-11-14; lorcana: 2.3.0;
                       marvel-champions: 1.8); a file without one is refused, never named by its file name
  --out <dir>        document folder (default: content/<game>/<cr|rr>); official text goes to <dir>/official/
  --glossary <file>  mtg: where to write the glossary (default: <dir>/official/_glossary.yaml)
  --dry-run          plan, check and report; write nothing
  --force            write even when the result fails the content checks (or a file looks cut short)
  --allow-removals   write although the import removes many ids (more than 5% of them, at least 5, or more than 20)
  --allow-older      write although the files are an older edition than the one imported last
  --today <date>     date (YYYY-MM-DD) for "checked" on new and changed entries (default: today)
  --verbose          list every warning (by default: all errors, the first 40 warnings and info lines)

npm run import:mtg-cr -- <english> [<japanese>] [options] is the same as npm run import -- mtg ….
Never needs the network. See docs/import.md.`;

export function parseArgs(argv: string[], game?: GameId): ImportOptions | string {
  let args: Args;
  try {
    args = readArgs(argv, {
      values: ['--out', '--ja', '--ja-follows', '--edition', '--glossary', '--today'],
      flags: ['--dry-run', '--force', '--allow-removals', '--allow-older', '--verbose', '-h', '--help'],
      positionals: true,
    });
  } catch (e) {
    return (e as Error).message;
  }
  const { values: v, flags } = args;
  if (flags.has('-h') || flags.has('--help')) return '';
  const today = v['--today'];
  if (today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(today)) return `--today takes a date like 2026-11-30, not "${today}"`;
  const edition = v['--edition'];
  if (edition !== undefined && !EDITION_ID.test(edition)) return `--edition takes an edition id like 1.8, 2.3.0 or 2025-11-14, not "${edition}"`;
  const options: Partial<ImportOptions> = {
    ...(v['--out'] !== undefined ? { out: v['--out'] } : {}),
    ...(v['--ja'] !== undefined ? { ja: v['--ja'] } : {}),
    ...(v['--ja-follows'] !== undefined ? { jaFollows: v['--ja-follows'] } : {}),
    ...(v['--edition'] !== undefined ? { edition: v['--edition'] } : {}),
    ...(v['--glossary'] !== undefined ? { glossary: v['--glossary'] } : {}),
    ...(flags.has('--dry-run') ? { dryRun: true } : {}),
    ...(flags.has('--force') ? { force: true } : {}),
    ...(flags.has('--allow-removals') ? { allowRemovals: true } : {}),
    ...(flags.has('--allow-older') ? { allowOlder: true } : {}),
    ...(flags.has('--verbose') ? { verbose: true } : {}),
    ...(today !== undefined ? { today } : {}),
  };
  const files = args.positionals;
  if (!game) {
    const first = files.shift();
    if (first === undefined) return `give the game (${GAMES.join(', ')}) and the English file`;
    if (!GAMES.includes(first as GameId)) return `unknown game "${first}": expected one of ${GAMES.join(', ')}`;
    game = first as GameId;
  }
  if (files.length === 0 && !options.ja) return 'give the English file (or the Japanese one alone with --ja)';
  if (files.length > 2 || (files.length === 2 && options.ja)) return `too many files: ${[...files, ...(options.ja ? [options.ja] : [])].join(' ')} (English, then Japanese)`;
  return { game, ...options, ...(files[0] ? { en: files[0] } : {}), ...(files[1] ? { ja: files[1] } : {}) } as ImportOptions;
}

/** Runs the importer; resolves to the exit code (0 done, 1 failed or refused, 2 usage). */
export async function main(argv: string[], print: (line: string) => void = console.log, game?: GameId): Promise<number> {
  const options = parseArgs(argv, game);
  if (typeof options === 'string') {
    if (options) print(`✗ ${options}\n`);
    print(USAGE);
    return options ? 2 : 0;
  }
  const result = await runImport(options);
  for (const line of result.lines) print(line);
  return result.ok ? 0 : 1;
}
