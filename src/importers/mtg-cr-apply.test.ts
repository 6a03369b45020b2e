// The whole import into a temporary content folder: the result passes every content check, hand-
// written entries are untouched, a re-run on a newer file updates in place and reports the changes.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContent } from '../load-content';
import { formatDiagnostics, runImport, type ImportOptions } from './mtg-cr-apply';

const FIX = 'tests/fixtures/mtg-cr';
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

/** A fresh copy of the fixture content folder (game mtg, document cr, one hand-written entry). */
function content(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-import-test-'));
  dirs.push(dir);
  cpSync(join(FIX, 'content'), dir, { recursive: true });
  return dir;
}
const run = (dir: string, en: string, ja?: string, more: Partial<ImportOptions> = {}) =>
  runImport({ en: join(FIX, en), ...(ja ? { ja: join(FIX, ja) } : {}), out: join(dir, 'mtg/cr'), today: '2031-03-10', ...more });
const text = (dir: string, file: string) => readFileSync(join(dir, 'mtg', file), 'utf8');
const yaml = (dir: string, file: string) => parse(text(dir, file)) as Record<string, any>;
const snapshot = (dir: string) => Object.fromEntries(
  readdirSync(join(dir, 'mtg'), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => { const p = join(d.parentPath, d.name); return [p.slice(dir.length), readFileSync(p, 'utf8')]; }),
);

describe('first import', () => {
  it('writes entries that pass every content check, and reports counts', () => {
    const dir = content();
    const hand = text(dir, 'cr/702.2.yaml');
    const result = run(dir, 'en.txt', 'ja.txt');
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);

    const { site } = loadContent(dir);
    const cr = site.games[0]!.docs[0]!;
    expect(cr.entries.map((e) => e.id)).toEqual(['1', '7', '100', '100.1', '100.2', '100.3', '101', '101.1', '101.2', '101.3', '702', '702.1', '702.2', '702.4']);
    expect(site.resolve('mtg', '100.3a')?.kind).toBe('rule');

    // The hand-written entry is byte for byte what it was; the imported ones carry the marker.
    expect(text(dir, 'cr/702.2.yaml')).toBe(hand);
    expect(yaml(dir, 'cr/702.2.yaml')).not.toHaveProperty('imported');
    expect(yaml(dir, 'cr/100.1.yaml')).toMatchObject({
      title: { ja: '総則', en: 'General' },
      checked: '2031-03-10',
      imported: { from: 'en.txt (2031-03-07) + ja.txt (20310301.0)' },
      status: { ja: 'official', en: 'official' },
    });
    expect(yaml(dir, 'cr/702.yaml')).toMatchObject({ see: ['702.1', '702.2', '702.4'] });
    expect(yaml(dir, 'cr/100.2.yaml').seeAlso).toEqual(['101.3', '702.4b', '702.4c', '702.4d']);

    expect(result.lines.slice(result.lines.indexOf('Counts (English / Japanese)'))).toEqual([
      'Counts (English / Japanese)',
      '  sections 2 / 2 · rules 3 / 3 · numbered rules 9 / 9 · sub-rules 12 / 12 · examples 1 / 1',
      '  glossary terms 4 / 5 (obsolete 1 / 1) · paired 4 · cross-references 12',
      '  paired rule numbers 25 · English only 1 (100.3a) · Japanese only 1 (702.2c)',
      '  glossary English only 0 · Japanese only 1 (日本語だけの用語/Japanese Only Term)',
      '  malformed lines (reported, skipped) 2 / 0 · unnumbered lines attached as paragraphs 0 / 0 · errors 2 / 0',
      '  not rules (counted, not imported): header 4 / 5 · contents 8 / 8 · credits 2 / 2 lines',
      '  entries: 2 sections, 3 rules, 9 numbered rules → 13 written, 1 skipped (hand-written), 0 skipped (edited), 0 empty',
      '',
      '✓ written',
    ]);
    expect(result.lines).toContain('  skipped 1 entry, hand-written entries hold their ids: cr/702.2.yaml (702.2)');
    expect(result.lines).toContain('Changes: first import (no imported entries were there before): 23 ids added');
    expect(result.lines).toContain('  en:47   error   malformed line (starts like a rule number but is not one): line skipped: 1O1.3 This line has a capital O where a zero belongs.');
  });

  it('updates only effective and version in document.yaml, and takes written ids out of planned.yaml', () => {
    const dir = content();
    const result = run(dir, 'en.txt', 'ja.txt');
    expect(text(dir, 'cr/document.yaml')).toBe([
      '# The test document; the importer updates only effective and version.',
      'title: { ja: 総合ルール, en: Comprehensive Rules }',
      'publisher: Test Publisher',
      'version: "日本語訳 20310301.0"',
      'effective: 2031-03-07',
      'about: { ja: テスト用の文書。, en: A document for tests. }',
      'order: 1',
      '',
    ].join('\n'));
    expect(result.lines).toContain('  cr/document.yaml: effective 2030-01-01 → 2031-03-07; version 日本語訳 20300101.0 → 日本語訳 20310301.0; '
      + '⚠ 1 hand-written entry follows the document\'s version and will now show "日本語訳 20310301.0": cr/702.2.yaml. '
      + 'Re-check against the new text, or keep the old version with `source: { version: "日本語訳 20300101.0" }`');
    expect(text(dir, 'planned.yaml')).toBe([
      '# Known but not written yet (the import writes 702 and removes it from here).',
      'planned:',
      '  - id: "999"',
      '    title: { ja: 未来のルール, en: A future rule }',
      '',
    ].join('\n'));
    expect(result.lines).toContain('  planned.yaml: 702 is now written: removed from the plan');
  });

  it('writes the glossary beside the game, where the site does not read it, and leaves terms.yaml alone', () => {
    const dir = content();
    const terms = text(dir, 'terms.yaml');
    const result = run(dir, 'en.txt', 'ja.txt');
    expect(text(dir, 'terms.yaml')).toBe(terms);
    const glossary = yaml(dir, 'cr-glossary.yaml');
    expect(glossary.terms.map((t: { id: string }) => t.id)).toEqual(['active-player', 'echoing', 'swiftness', 'tapping-dance', 'japanese-only-term']);
    expect(glossary.terms[0]).toEqual({
      id: 'active-player', en: 'Active Player', enAliases: ['Nonactive Player'], ja: 'アクティブ・プレイヤー', jaAliases: ['非アクティブ・プレイヤー'],
      def: {
        en: 'The active player is the player whose turn it is. Everyone else is a nonactive player. See rule 101.1.',
        ja: 'アクティブ・プレイヤーとは、そのターンを進めているプレイヤーである。それ以外のプレイヤーは非アクティブ・プレイヤーである。ルール101.1参照。',
      },
      entries: ['101.1'],
    });
    expect(glossary.terms[3]).toMatchObject({ id: 'tapping-dance', obsolete: true });
    expect(result.lines).toContain('    already in terms.yaml (hand-written, not touched): swiftness');
  });

  it.each([
    ['UTF-8 with BOM and CRLF + UTF-16LE', 'en-crlf-bom.txt', 'ja-utf16le.txt'],
    ['Windows-1252 + UTF-16LE', 'en-cp1252.txt', 'ja-utf16le.txt'],
    ['UTF-16BE + UTF-8', 'en-utf16be.txt', 'ja.txt'],
  ])('writes the same content from %s', (_, enFile, jaFile) => {
    const a = content();
    const b = content();
    run(a, 'en.txt', 'ja.txt');
    run(b, enFile, jaFile);
    const noSource = (s: Record<string, string>) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.replace(/^(imported: \{from|from): .*$/gm, '')]));
    expect(noSource(snapshot(b))).toEqual(noSource(snapshot(a)));
  });

  it('imports English alone, marking the Japanese of every entry missing', () => {
    const dir = content();
    const result = run(dir, 'en.txt');
    expect(result.ok).toBe(true);
    const { site } = loadContent(dir);
    expect(site.entries.filter((e) => e.file.includes('100.1')).map((e) => [e.status.ja, e.data.missing?.ja])).toEqual([['missing', '日本語訳は取り込まれていない（英語版のみを取り込んだ）。']]);
    expect(text(dir, 'cr/document.yaml')).toContain('version: "日本語訳 20300101.0"');
  });

  it('writes nothing on a dry run', () => {
    const dir = content();
    const before = snapshot(dir);
    const result = run(dir, 'en.txt', 'ja.txt', { dryRun: true });
    expect(snapshot(dir)).toEqual(before);
    expect(result.lines.at(-1)).toBe('(dry run: nothing written)');
    expect(result.lines).toContain('  ✓ mtg loads with every check passing');
  });

  it('writes nothing when the result would not pass the content checks (unless --force)', () => {
    const dir = content();
    writeFileSync(join(dir, 'mtg/terms.yaml'), text(dir, 'terms.yaml').replace('entries: ["702.2a"]', 'entries: ["702.2z"]'));
    const before = snapshot(dir);
    const result = run(dir, 'en.txt', 'ja.txt');
    expect(result.ok).toBe(false);
    expect(snapshot(dir)).toEqual(before);
    expect(result.problems).toEqual([expect.stringMatching(/terms\.yaml › terms\[0\]\.entries\[0\]: "702\.2z" is not an id in mtg$/)]);
    expect(result.lines.at(-1)).toBe('✗ not written: fix the problems above (or pass --force)');
    expect(run(dir, 'en.txt', 'ja.txt', { force: true }).lines.at(-1)).toBe('✓ written with problems');
    expect(existsSync(join(dir, 'mtg/cr/100.1.yaml'))).toBe(true);
  });

  it.each([
    ['a folder that is not a game document', (dir: string) => ({ out: join(dir, 'nowhere/cr') }), /game\.yaml not found/],
    ['a glossary path the site would read', (dir: string) => ({ glossary: join(dir, 'mtg/terms.yaml') }), /the site would read that file/],
    ['a glossary inside a document folder', (dir: string) => ({ glossary: join(dir, 'mtg/cr/glossary.yaml') }), /the site would read that file/],
    ['a missing rules file', () => ({ en: 'no-such-file.txt' }), /no-such-file\.txt not found/],
  ])('refuses %s', (_, opts, message) => {
    const dir = content();
    const result = runImport({ en: join(FIX, 'en.txt'), out: join(dir, 'mtg/cr'), ...opts(dir) });
    expect(result.ok).toBe(false);
    expect(result.lines.at(-1)).toMatch(message);
  });
});

describe('re-running the import', () => {
  it('changes nothing when the rules did not change', () => {
    const dir = content();
    run(dir, 'en.txt', 'ja.txt');
    const before = snapshot(dir);
    const again = run(dir, 'en.txt', 'ja.txt', { today: '2031-04-01' });
    expect(again.changes).toEqual([]);
    expect(snapshot(dir)).toEqual(before);
    expect(again.lines).toContain('Changes since the last import: none');
    expect(again.lines).toContain('  entries: 0 new, 0 updated, 13 unchanged, 0 deleted');
  });

  it('updates in place on a newer file and prints added, removed and reworded ids', () => {
    const dir = content();
    run(dir, 'en.txt', 'ja.txt');
    writeFileSync(join(dir, 'permalinks.json'), JSON.stringify({
      '/en/mtg/cr/100.3/': ['100.3', '100.3a'],
      '/ja/mtg/cr/100.3/': ['100.3', '100.3a'],
    }));
    writeFileSync(join(dir, 'redirects.yaml'), 'redirects:\n  "/ja/mtg/cr/100.3/": "/ja/mtg/cr/100.2/"\n');
    const result = run(dir, 'en-v2.txt', 'ja-v2.txt', { today: '2031-06-21' });
    expect(result.ok).toBe(true);
    expect(result.plan?.diff).toEqual({ firstImport: false, added: ['101.4'], removed: ['100.3', '100.3a'], reworded: [{ id: '100.1a', what: ['en', 'ja'] }] });
    const from = result.lines.indexOf('Changes since the last import');
    expect(result.lines.slice(from, from + 10)).toEqual([
      'Changes since the last import',
      '  added (1): 101.4',
      '  reworded (1): 100.1a (en, ja)',
      '  removed (2): 100.3, 100.3a',
      '  ⚠ 2 ids left the rules: 100.3, 100.3a.',
      '    Ids are permanent links: a published page or anchor that disappears fails the build unless',
      expect.stringMatching(/^    \S*redirects\.yaml sends it somewhere \(see docs\/import\.md#removed-ids\)\.$/),
      '    Published and not yet redirected — add to redirects.yaml:',
      '    redirects:',
      '      "/en/mtg/cr/100.3/": "…"', // the Japanese page is already redirected; anchors go with their page
    ]);
    expect(result.lines).toContain('  entries: 1 new, 3 updated, 9 unchanged, 1 deleted (cr/100.3.yaml)');
    expect(existsSync(join(dir, 'mtg/cr/100.3.yaml'))).toBe(false);
    expect(yaml(dir, 'cr/101.4.yaml').checked).toBe('2031-06-21');
    expect(yaml(dir, 'cr/101.1.yaml').checked).toBe('2031-03-10'); // unchanged entries keep their date
    expect(yaml(dir, 'cr/100.yaml').see).toEqual(['100.1', '100.2']);
    expect(yaml(dir, 'cr/document.yaml')).toMatchObject({ effective: '2031-06-20', version: '日本語訳 20310615.0' });
    expect(result.lines).toContain('  glossary: mtg/cr-glossary.yaml (the site does not read it): 5 terms; 1 added, 1 reworded, 1 removed');
    expect(result.lines).toEqual(expect.arrayContaining(['    added: draw', '    reworded: echoing', '    removed: japanese-only-term']));
    loadContent(dir);
  });

  it('asks for a redirect for each published anchor removed from a page that stays', () => {
    const dir = content();
    run(dir, 'en.txt', 'ja.txt');
    writeFileSync(join(dir, 'permalinks.json'), JSON.stringify({ '/en/mtg/cr/100.1/': ['100.1', '100.1a', '100.1b'], '/ja/mtg/cr/100.1/': ['100.1', '100.1a', '100.1b'] }));
    const enFile = join(dir, 'en-without-100.1b.txt');
    writeFileSync(enFile, readFileSync(join(FIX, 'en.txt'), 'utf8').replace(/^100\.1b .*\n/m, ''));
    const result = runImport({ en: enFile, ja: join(FIX, 'ja.txt'), out: join(dir, 'mtg/cr'), today: '2031-03-11' });
    expect(result.plan?.diff.removed).toEqual([]); // the Japanese file still has 100.1b
    const jaFile = join(dir, 'ja-without-100.1b.txt');
    writeFileSync(jaFile, readFileSync(join(FIX, 'ja.txt'), 'utf8').replace(/^100\.1b .*\n/m, ''));
    const both = runImport({ en: enFile, ja: jaFile, out: join(dir, 'mtg/cr'), today: '2031-03-11' });
    expect(both.plan?.diff.removed).toEqual(['100.1b']);
    expect(both.lines).toEqual(expect.arrayContaining(['      "/en/mtg/cr/100.1/#100.1b": "…"', '      "/ja/mtg/cr/100.1/#100.1b": "…"']));
    expect(existsSync(join(dir, 'mtg/cr/100.1.yaml'))).toBe(true);
  });

  it('keeps notes added to an imported entry, and leaves an entry edited by hand alone', () => {
    const dir = content();
    run(dir, 'en.txt', 'ja.txt');
    // Notes are the maintainers' to add: the entry still updates.
    const noted = yaml(dir, 'cr/100.1.yaml');
    noted.rules[1].notes = [{ kind: 'tl', ja: '訳注。', en: 'A note.' }];
    writeFileSync(join(dir, 'mtg/cr/100.1.yaml'), JSON.stringify(noted));
    // Editing imported text by hand stops updates to that file.
    const edited = text(dir, 'cr/101.2.yaml').replace('It’s allowed at any time', 'Conceding is allowed at any moment');
    writeFileSync(join(dir, 'mtg/cr/101.2.yaml'), edited);

    const result = run(dir, 'en-v2.txt', 'ja-v2.txt', { today: '2031-06-21' });
    expect(result.ok).toBe(true);
    const updated = yaml(dir, 'cr/100.1.yaml');
    expect(updated.rules[1]).toEqual({ id: '100.1a', en: 'A duel is a game that begins with exactly two players, no more and no fewer.', ja: '対戦とは、過不足なくちょうど2人のプレイヤーで始まるゲームである。', notes: [{ kind: 'tl', ja: '訳注。', en: 'A note.' }] });
    expect(updated.checked).toBe('2031-06-21');
    expect(text(dir, 'cr/101.2.yaml')).toBe(edited);
    expect(result.lines).toContain('  skipped 1 entry, edited by hand since imported (delete the file or its "imported" field to decide): cr/101.2.yaml (101.2)');
    loadContent(dir);
  });

  it('does not drop notes on a sub-rule that left the rules: the file is kept and reported', () => {
    const dir = content();
    run(dir, 'en.txt', 'ja.txt');
    const noted = yaml(dir, 'cr/100.3.yaml');
    noted.rules[1].notes = [{ kind: 'question', en: 'Why only in English?' }];
    writeFileSync(join(dir, 'mtg/cr/100.3.yaml'), JSON.stringify(noted));
    const edited = text(dir, 'cr/100.3.yaml');
    // v1 English without 100.3a: the sub-rule with the note is gone.
    const en = readFileSync(join(FIX, 'en.txt'), 'utf8').replace('100.3a This sub-rule is only in the English file.\n', '');
    const enFile = join(dir, 'en-without-100.3a.txt');
    writeFileSync(enFile, en);
    const result = runImport({ en: enFile, ja: join(FIX, 'ja.txt'), out: join(dir, 'mtg/cr'), today: '2031-03-11' });
    expect(text(dir, 'cr/100.3.yaml')).toBe(edited);
    expect(result.lines).toContain('          warning 100.3: sub-rule 100.3a left the rules but carries notes: cr/100.3.yaml is not updated; move the notes, then import again');
    expect(result.plan?.diff.removed).toEqual([]);
  });
});

describe('formatDiagnostics', () => {
  it('lists every error, and the first warnings and info lines with a count of the rest', () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ level: 'warning' as const, lang: 'en' as const, line: i + 1, message: `w${i}` }));
    const lines = formatDiagnostics([...many, { level: 'error', lang: 'ja', line: 9, message: 'bad' }, { level: 'info', message: 'fyi' }], 2);
    expect(lines).toEqual([
      'Diagnostics: 1 error, 5 warnings, 1 info',
      '  ja:9    error   bad',
      '  en:1    warning w0',
      '  en:2    warning w1',
      '  … 3 more warnings (--verbose lists them all)',
      '          info    fyi',
    ]);
  });
});
