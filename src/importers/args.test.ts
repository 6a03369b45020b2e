import { describe, expect, it } from 'vitest';
import { readArgs, type ArgSpec } from './args';

const spec: ArgSpec = { values: ['--out', '--today'], lists: ['--ja-follows'], flags: ['--force', '-h'], positionals: true };

describe('readArgs', () => {
  it('splits values, repeated values, switches and bare words', () => {
    const a = readArgs(['mtg', '--out', 'd', 'en.txt', '--ja-follows', 'a:1', '--force', '--ja-follows', 'b:2', '--out', 'e', 'ja.txt', '-h'], spec);
    expect(a.values).toEqual({ '--out': 'e' });
    expect(a.lists).toEqual({ '--ja-follows': ['a:1', 'b:2'] });
    expect([...a.flags]).toEqual(['--force', '-h']);
    expect(a.positionals).toEqual(['mtg', 'en.txt', 'ja.txt']);
  });

  it.each<[string[], ArgSpec, string]>([
    [['--out'], spec, '--out needs a value'],
    [['--out', '--force'], spec, '--out needs a value'],
    [['--ja-follows'], spec, '--ja-follows needs a value'],
    [['--quiet'], spec, 'unknown option --quiet'],
    [['-x'], spec, 'unknown option -x'],
    [['stray'], { flags: ['--force'] }, 'unexpected argument stray'],
  ])('refuses %j', (argv, s, message) => {
    expect(() => readArgs(argv, s)).toThrow(message);
  });

  it('takes a value that starts with a single dash (a negative number, a file named -)', () => {
    expect(readArgs(['--out', '-'], spec).values).toEqual({ '--out': '-' });
  });
});
