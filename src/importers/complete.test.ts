// A file cut short is refused (src/importers/complete.ts), and a re-import that drops many ids or goes
// back in date needs the deployer's word (src/importers/guards.ts). Worked examples on the invented
// editions of tests/fixtures/mtg-cr/editions/.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../content/check-content';
import { runImport } from './apply';
import { missingParts } from './complete';
import { compareEditions, olderRefusal, removalRefusal } from './guards';

const ED = 'tests/fixtures/mtg-cr/editions';
const en = readFileSync(join(ED, 'en-e1.txt'), 'utf8');
const ja = readFileSync(join(ED, 'ja-e1.txt'), 'utf8');
/** The text up to (not including) the last line that starts with `line`. */
const cutAt = (text: string, line: string) => text.slice(0, text.lastIndexOf(`\n${line}`) + 1);
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
function content(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-complete-test-'));
  dirs.push(dir);
  cpSync('tests/fixtures/mtg-cr/content', dir, { recursive: true });
  return dir;
}

describe('a file cut short', () => {
  it.each([
    ['whole', en, []],
    ['cut in the middle of the rules (after 101.3)', cutAt(en, '101.4.'),
      ['en.txt: the table of contents lists a section or rule the text does not have (102); the last the text has is 101: the file looks cut short (its text ends at line 60); download it again',
        'en.txt: the table of contents lists Glossary, but the text ends in the rules without it: the file looks cut short (its text ends at line 60); download it again']],
    ['cut in the last rule (after 102.1a)', cutAt(en, '102.1b'),
      ['en.txt: the table of contents lists Glossary, but the text ends in the rules without it: the file looks cut short (its text ends at line 68); download it again']],
    ['cut inside the glossary (after its first term)', cutAt(en, 'Draw'),
      ['en.txt: the table of contents lists Credits, but the text ends inside the Glossary without it: the file looks cut short (its text ends at line 75); download it again']],
    ['cut inside its table of contents', en.slice(0, en.indexOf('\n102. Cards') + 1),
      ['en.txt: the text has a table of contents (line 9) but not one numbered rule: the file looks cut short; download it again']],
    ['with no contents, Glossary and Credits still close it', cutAt(en.replace(/^Contents\n[\s\S]*?\n(?=1\. Game Basics\n\n100\.)/m, ''), 'Credits'),
      ['en.txt: Credits closes the document, but the text ends inside the Glossary without it: the file looks cut short (its text ends at line 69); download it again']],
  ])('%s', (_, text, expected) => {
    expect(missingParts('mtg', [{ name: 'en.txt', text }])).toEqual(expected);
  });

  it('reads the Japanese layouts too (もくじ, 用語集, クレジット; numbered in the translators\' file)', () => {
    expect(missingParts('mtg', [{ name: 'ja.txt', text: ja }])).toEqual([]);
    expect(missingParts('mtg', [{ name: 'ja.txt', text: cutAt(ja, '引き分け') }])).toEqual([
      'ja.txt: the table of contents lists Credits, but the text ends inside the Glossary without it: the file looks cut short (its text ends at line 77); download it again',
    ]);
    const layout = readFileSync('tests/fixtures/mtg-cr/ja-jpn-layout.txt', 'utf8');
    // The parser fixture's contents list a rule 101 its body never had: that alone is refused.
    expect(missingParts('mtg', [{ name: 'jpn.txt', text: layout }])).toEqual([
      'jpn.txt: the table of contents lists a section or rule the text does not have (101); the last the text has is 702: the file looks cut short (its text ends at line 44); download it again',
    ]);
    const whole = layout.replace('101. 黄金律\n', '');
    expect(missingParts('mtg', [{ name: 'jpn.txt', text: whole }])).toEqual([]);
    expect(missingParts('mtg', [{ name: 'jpn.txt', text: cutAt(whole, '7. その他のルール') }])[0]).toMatch(/^jpn\.txt: the table of contents lists 2 sections or rules the text does not have \(7, 702\); the last the text has is 100/);
  });

  it('Lorcana: sections and headings the contents list, and a glossary they name; back matter in the contents is not a section', () => {
    const doc = (body: string) => `Disney Lorcana Comprehensive Rules\n\nCONTENTS\n1. CONCEPTS 3\n1.1. Golden rules 3\n2. CARDS 5\n9. GLOSSARY 20\n10. CHANGE LOG 22\n\n${body}`;
    const whole = '1. CONCEPTS\n1.1. Golden rules\n1.1.1. A card may say otherwise.\n2. CARDS\n2.1.1. Every card has a name.\n9. GLOSSARY\nReady: not exerted.\n';
    expect(missingParts('lorcana', [{ name: 'en.pdf', text: doc(whole) }])).toEqual([]);
    expect(missingParts('lorcana', [{ name: 'en.pdf', text: doc(whole.slice(0, whole.indexOf('2. CARDS'))) }])).toEqual([
      'en.pdf: the table of contents lists a section or rule the text does not have (2); the last the text has is 1.1: the file looks cut short (its text ends at line 12); download it again',
      'en.pdf: the table of contents lists Glossary, but the text ends in the rules without it: the file looks cut short (its text ends at line 12); download it again',
    ]);
    expect(missingParts('marvel-champions', [{ name: 'rr.pdf', text: 'GLOSSARY\nACTIVATION\nText.' }])).toEqual([]);
  });

  it('is refused by the import, which writes nothing', async () => {
    const dir = content();
    for (const [name, text] of [['en-cut-rules.txt', cutAt(en, '101.4.')], ['en-cut-glossary.txt', cutAt(en, 'Draw')]] as const) {
      const file = join(dir, name);
      writeFileSync(file, text);
      const result = await runImport({ game: 'mtg', en: file, out: join(dir, 'mtg/cr'), today: '2032-01-20' });
      expect(result.ok).toBe(false);
      expect(result.lines).toContain(`    ${name}: ${missingParts('mtg', [{ name, text }])[0]!.slice(name.length + 2)}`);
      expect(result.lines.at(-1)).toBe('✗ not written: fix the problems above (or pass --force)');
      expect(existsSync(join(dir, 'mtg/cr/official'))).toBe(false);
    }
  });
});

describe('a re-import that drops many ids or goes back in date', () => {
  it.each([
    [[], 26, undefined],
    [['a', 'b', 'c', 'd', 'e'], 26, undefined], // at least 5 may go
    [['a', 'b', 'c', 'd', 'e', 'f'], 26, /^this import removes 6 of the 26 ids of the previous edition \(23%; more than 5 needs your word\): a, b, c, d, e, f\. .* --allow-removals$/],
    [Array.from({ length: 20 }, (_, i) => `r${i}`), 3000, undefined], // 5% of 3,000 is 150, but more than 20 is many
    [Array.from({ length: 21 }, (_, i) => `r${i}`), 3000, /^this import removes 21 of the 3000 ids of the previous edition \(1%; more than 20 needs your word\): r0, r1, r2, r3, r4, r5, r6, r7, … \(13 more\)\./],
  ])('removing %j of %i ids', (removed, before, expected) => {
    const r = removalRefusal(removed, before);
    if (expected) expect(r).toMatch(expected);
    else expect(r).toBeUndefined();
  });

  it.each([
    ['2032-01-10', '2032-04-02', -1], ['2.0.1', '2.0', 1], ['1.10', '1.9', 1], ['20320115.0', '20320405.0', -1], ['2.3.0', '2.3.0', 0], ['2032-01-10', '2.0', undefined],
  ])('compares %s with %s', (a, b, expected) => {
    expect(compareEditions(a, b)).toBe(expected);
  });

  it('says which language goes back', () => {
    expect(olderRefusal({ en: '2032-04-02', ja: '20320405.0' }, { en: '2032-04-02', ja: '20320115.0' })).toMatch(/^the files are an older edition \(2032-04-02 \+ ja 20320115\.0\) than the one imported last \(2032-04-02 \+ ja 20320405\.0\): the Japanese edition goes back\./);
    expect(olderRefusal({ en: '2032-04-02', ja: '20320115.0' }, { en: '2032-04-02', ja: '20320405.0' })).toBeUndefined();
    expect(olderRefusal({ en: '2032-04-02' }, { en: '2033-01-01' })).toBeUndefined();
    // Lorcana-like versions, and the effective date when the versions cannot be compared.
    expect(olderRefusal({ en: '2.3.0' }, { en: '2.2.1' })).toMatch(/the English edition goes back/);
    expect(olderRefusal({ en: 'v-b', effective: '2031-05-01' }, { en: 'v-a', effective: '2030-01-01' })).toMatch(/the English edition goes back/);
  });

  it('an import that would remove 13 of 27 ids is refused until --allow-removals, and nothing changes', async () => {
    const dir = content();
    expect((await runImport({ game: 'mtg', en: join(ED, 'en-e1.txt'), out: join(dir, 'mtg/cr'), today: '2032-01-20' })).ok).toBe(true);
    const before = readFileSync(join(dir, 'mtg/cr/official/100.1.yaml'), 'utf8');
    const file = join(mkdtempSync(join(tmpdir(), 'taiyaku-complete-file-')), 'en-fewer.txt');
    dirs.push(join(file, '..'));
    writeFileSync(file, en.replace(/^100\.1[a-n] .*\n\n/gm, ''));
    const refused = await runImport({ game: 'mtg', en: file, out: join(dir, 'mtg/cr'), today: '2032-01-21' });
    expect(refused.ok).toBe(false);
    expect(refused.refusals).toEqual([expect.stringMatching(/^this import removes 13 of the 27 ids of the previous edition \(48%; more than 5 needs your word\): 100\.1a, 100\.1b, .* run again with --allow-removals$/)]);
    expect(refused.lines.at(-1)).toBe('✗ not written');
    expect(readFileSync(join(dir, 'mtg/cr/official/100.1.yaml'), 'utf8')).toBe(before);
    const allowed = await runImport({ game: 'mtg', en: file, out: join(dir, 'mtg/cr'), today: '2032-01-21', allowRemovals: true });
    expect(allowed.ok).toBe(true);
    expect(readFileSync(join(dir, 'mtg/cr/official/100.1.yaml'), 'utf8')).not.toBe(before);
    expect(checkContent(dir).problems).toEqual([]);
  });
});
