// The command line, and the real `npm run import` entry (scripts/import.ts on Node 24).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, parseArgs, USAGE } from './cli';

describe('parseArgs', () => {
  it.each([
    [['mtg', 'en.txt'], { game: 'mtg', en: 'en.txt' }],
    [['lorcana', 'en.pdf', 'ja.pdf', '--out', 'x/lorcana/cr', '--dry-run'], { game: 'lorcana', en: 'en.pdf', ja: 'ja.pdf', out: 'x/lorcana/cr', dryRun: true }],
    [['--force', 'marvel-champions', 'rr.pdf', '--today', '2031-01-02'], { game: 'marvel-champions', en: 'rr.pdf', force: true, today: '2031-01-02' }],
    [[], 'give the game (mtg, lorcana, marvel-champions) and the English file'],
    [['chess', 'en.txt'], 'unknown game "chess": expected one of mtg, lorcana, marvel-champions'],
    [['mtg'], 'give the English file (or the Japanese one alone with --ja)'],
    [['mtg', 'a', 'b', 'c'], 'too many files: a b c (English, then Japanese)'],
    [['mtg', 'en.txt', '--out'], '--out needs a value'],
    [['mtg', 'en.txt', '--today', 'tomorrow'], '--today takes a date like 2026-11-30, not "tomorrow"'],
    [['mtg', 'en.txt', '--quiet'], 'unknown option --quiet'],
    [['--help'], ''],
  ])('%j', (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it('takes the game from npm run import:mtg-cr', () => {
    expect(parseArgs(['en.txt', 'ja.txt', '--glossary', 'g.yaml'], 'mtg')).toEqual({ game: 'mtg', en: 'en.txt', ja: 'ja.txt', glossary: 'g.yaml' });
  });

  it('prints the usage with exit code 2 on a usage error, 0 for --help', async () => {
    const out: string[] = [];
    expect(await main(['--nope'], (l) => out.push(l))).toBe(2);
    expect(out).toEqual(['✗ unknown option --nope\n', USAGE]);
    expect(await main(['-h'], () => {})).toBe(0);
  });
});

describe('npm run import / import:mtg-cr', () => {
  it.each([
    ['import', ['mtg']],
    ['import:mtg-cr', ['--game=mtg']],
  ])('npm run %s runs through scripts/import.ts on Node 24 (type stripping + Vite module runner)', (_, prefix) => {
    const dir = mkdtempSync(join(tmpdir(), 'taiyaku-import-cli-'));
    try {
      cpSync('tests/fixtures/mtg-cr/content', dir, { recursive: true });
      const node = existsSync('node_modules/.bin/node') ? 'node_modules/.bin/node' : process.execPath;
      const run = spawnSync(node, ['scripts/import.ts', ...prefix, 'tests/fixtures/mtg-cr/en.txt', 'tests/fixtures/mtg-cr/ja-utf16le.txt', '--out', join(dir, 'mtg/cr'), '--dry-run'], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('ja  tests/fixtures/mtg-cr/ja-utf16le.txt: text, utf-16le with BOM, CRLF line ends · edition 20310301.0');
      expect(run.stdout).toContain('  ✓ mtg loads with every check passing');
      expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('(dry run: nothing written)');
      expect(existsSync(join(dir, 'mtg/cr/official/100.1.yaml'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
