// The command line, and the real `npm run import:mtg-cr` entry (scripts/import-mtg-cr.ts on Node 24).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, parseArgs, USAGE } from './cli';

describe('parseArgs', () => {
  it.each([
    [['en.txt'], { en: 'en.txt', out: 'content/mtg/cr' }],
    [['en.txt', 'ja.txt', '--out', 'x/mtg/cr', '--dry-run'], { en: 'en.txt', ja: 'ja.txt', out: 'x/mtg/cr', dryRun: true }],
    [['--force', 'en.txt', '--glossary', 'g.yaml', '--today', '2031-01-02'], { en: 'en.txt', out: 'content/mtg/cr', force: true, glossary: 'g.yaml', today: '2031-01-02' }],
    [[], 'give the English rules file'],
    [['a', 'b', 'c'], 'too many files: a b c (English, then Japanese)'],
    [['en.txt', '--out'], '--out needs a value'],
    [['en.txt', '--today', 'tomorrow'], '--today takes a date like 2026-11-30, not "tomorrow"'],
    [['en.txt', '--verbose'], { en: 'en.txt', out: 'content/mtg/cr', verbose: true }],
    [['en.txt', '--quiet'], 'unknown option --quiet'],
    [['--help'], ''],
  ])('%j', (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });

  it('prints the usage with exit code 2 on a usage error, 0 for --help', () => {
    const out: string[] = [];
    expect(main(['--nope'], (l) => out.push(l))).toBe(2);
    expect(out).toEqual(['✗ unknown option --nope\n', USAGE]);
    expect(main(['-h'], () => {})).toBe(0);
  });
});

describe('npm run import:mtg-cr', () => {
  it('runs through scripts/import-mtg-cr.ts on Node 24 (type stripping + Vite module runner)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'taiyaku-import-cli-'));
    try {
      cpSync('tests/fixtures/mtg-cr/content', dir, { recursive: true });
      const node = existsSync('node_modules/.bin/node') ? 'node_modules/.bin/node' : process.execPath;
      const run = spawnSync(node, ['scripts/import-mtg-cr.ts', 'tests/fixtures/mtg-cr/en.txt', 'tests/fixtures/mtg-cr/ja-utf16le.txt', '--out', join(dir, 'mtg/cr'), '--dry-run'], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('ja  tests/fixtures/mtg-cr/ja-utf16le.txt: utf-16le with BOM, CRLF line ends · effective 2031-03-07 · version 20310301.0');
      expect(run.stdout).toContain('  ✓ mtg loads with every check passing');
      expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('(dry run: nothing written)');
      expect(existsSync(join(dir, 'mtg/cr/100.1.yaml'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
