// The whole Magic import into a temporary content folder: official text goes to cr/official/ and
// passes every content check, hand-written files are untouched, a re-run on a newer file updates in
// place and reports the changes.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContent } from '../content/load-content';
import { runImport, type ImportOptions } from './apply';
import { formatDiagnostics } from './report';

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
  runImport({ game: 'mtg', en: join(FIX, en), ...(ja ? { ja: join(FIX, ja) } : {}), out: join(dir, 'mtg/cr'), today: '2031-03-10', ...more });
const text = (dir: string, file: string) => readFileSync(join(dir, 'mtg', file), 'utf8');
const yaml = (dir: string, file: string) => parse(text(dir, file)) as Record<string, any>;
const snapshot = (dir: string) => Object.fromEntries(
  readdirSync(join(dir, 'mtg'), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => { const p = join(d.parentPath, d.name); return [p.slice(dir.length), readFileSync(p, 'utf8')]; }),
);

describe('first import', () => {
  it('writes official files that pass every content check, and reports counts that reconcile', async () => {
    const dir = content();
    const hand = snapshot(dir);
    const result = await run(dir, 'en.txt', 'ja.txt');
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);

    // Hand-written files (the explanation 702.2, document.yaml, planned.yaml, terms.yaml) are byte for byte what they were.
    for (const [file, before] of Object.entries(hand)) expect(snapshot(dir)[file]).toBe(before);
    const { site } = loadContent(dir);
    const cr = site.games[0]!.docs[0]!;
    expect(cr.entries.map((e) => e.id)).toEqual(['1', '7', '100', '100.1', '100.2', '100.3', '101', '101.1', '101.2', '101.3', '702', '702.1', '702.2', '702.4']);
    // The explanation keeps its page, and the official 702.2 stands on it, sub-rule by sub-rule.
    const swiftness = cr.entries.find((e) => e.id === '702.2')!;
    expect(swiftness.file).toContain('mtg/cr/702.2.yaml');
    expect(swiftness.official?.files).toEqual([expect.stringContaining('mtg/cr/official/702.2.yaml')]);
    expect(swiftness.data.rules.map((r) => [r.id, !!r.official, !!r.explanation])).toEqual([['702.2a', true, true], ['702.2b', true, true], ['702.2c', true, false]]);
    expect(swiftness.data.rules[0]!.explanation).toEqual({ ja: '手書きの説明。', en: 'A hand-written explanation.' });
    expect(site.resolve('mtg', '100.3a')?.kind).toBe('rule');
    const entry = cr.entries.find((e) => e.id === '100.1')!;
    expect(entry.status).toEqual({ ja: 'official', en: 'official' });
    expect(entry.data.source?.version).toBe('2031-03-07 · 日本語訳 20310301.0');
    expect(entry.official?.effective?.toISOString().slice(0, 10)).toBe('2031-03-07');
    expect(cr.official?.version).toBe('2031-03-07 · 日本語訳 20310301.0');

    expect(yaml(dir, 'cr/official/100.1.yaml')).toMatchObject({
      title: { ja: '総則', en: 'General' },
      edition: { en: '2031-03-07', ja: '20310301.0' },
      checked: '2031-03-10',
      status: { ja: 'official', en: 'official' },
    });
    expect(yaml(dir, 'cr/official/702.yaml')).toMatchObject({ see: ['702.1', '702.2', '702.4'] });
    expect(yaml(dir, 'cr/official/100.2.yaml').seeAlso).toEqual(['101.3', '702.4b', '702.4c', '702.4d']);
    expect(yaml(dir, 'cr/official/_edition.yaml')).toEqual({ edition: { en: '2031-03-07', ja: '20310301.0' }, version: '2031-03-07 · 日本語訳 20310301.0', effective: '2031-03-07', from: 'en.txt + ja.txt', imported: '2031-03-10' });

    expect(result.lines.slice(result.lines.indexOf('Counts (English / Japanese)'))).toEqual([
      'Counts (English / Japanese)',
      '  sections 2 / 2 · rules 3 / 3 · numbered rules 9 / 9 · sub-rules 12 / 12 · examples 1 / 1',
      '  glossary terms 4 / 5 (obsolete 1 / 1) · paired 4 · cross-references 12',
      '  paired rule numbers 25 · English only 1 (100.3a) · Japanese only 1 (702.2c)',
      '  glossary English only 0 · Japanese only 1 (日本語だけの用語/Japanese Only Term)',
      '  malformed lines (reported, skipped) 2 / 0 · unnumbered lines attached as paragraphs 0 / 0 · errors 2 / 0',
      '  not rules (counted, not imported): header 4 / 5 · contents 8 / 8 · credits 2 / 2 lines',
      '  entries: 2 sections, 3 rules, 9 numbered rules',
      '  en.txt: lines read 53 = rules 26 + examples 1 + glossary 10 + contents 8 + headers/footers 0 + front matter 4 + back matter 2 + malformed 2',
      '  ja.txt: lines read 53 = rules 26 + examples 1 + glossary 11 + contents 8 + headers/footers 0 + front matter 5 + back matter 2 + malformed 0',
      '  entries → 14 written (13 pages of their own, 1 with an explanation), 0 empty',
      '',
      '✓ written',
    ]);
    // Every non-blank line of each file is in the tally.
    for (const f of ['en.txt', 'ja.txt']) expect(readFileSync(join(FIX, f), 'utf8').split('\n').filter((l) => l.trim()).length).toBe(53);
    expect(result.lines).toContain("  shown with Taiyaku's explanation on one page (a hand-written entry holds their ids): 1 entry: cr/702.2.yaml (702.2)");
    expect(result.lines).toContain('Changes: first import (no official text was there before): 27 ids added');
    expect(result.lines).toContain('  en.txt:47 error   malformed line (starts like a rule number but is not one): line skipped: 1O1.3 This line has a capital O where a zero belongs.');
  });

  it('writes the glossary into official/, where the site shows it as the document\'s glossary, and leaves terms.yaml alone', async () => {
    const dir = content();
    const terms = text(dir, 'terms.yaml');
    const result = await run(dir, 'en.txt', 'ja.txt');
    expect(text(dir, 'terms.yaml')).toBe(terms);
    const glossary = yaml(dir, 'cr/official/_glossary.yaml');
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
    expect(result.lines).toContain('    also in terms.yaml (hand-written, not touched; joined on the glossary page): swiftness');
    // The site reads it: the document's glossary, joined with the dictionary.
    const cr = loadContent(dir).site.games[0]!.docs[0]!;
    expect(cr.glossary?.terms.map((t) => [t.id, t.term ?? null])).toEqual([['active-player', null], ['echoing', null], ['swiftness', 'swiftness'], ['tapping-dance', null], ['japanese-only-term', null]]);
  });

  it.each([
    ['UTF-8 with BOM and CRLF + UTF-16LE', 'en-crlf-bom.txt', 'ja-utf16le.txt'],
    ['Windows-1252 + UTF-16LE', 'en-cp1252.txt', 'ja-utf16le.txt'],
    ['UTF-16BE + UTF-8', 'en-utf16be.txt', 'ja.txt'],
  ])('writes the same content from %s', async (_, enFile, jaFile) => {
    const a = content();
    const b = content();
    await run(a, 'en.txt', 'ja.txt');
    await run(b, enFile, jaFile);
    // Only the file names differ (in `from` and in the reasons that name the source).
    const noSource = (s: Record<string, string>) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.replace(/^from: .*$/gm, '').replace(/[\w-]+\.txt/g, 'FILE')]));
    expect(noSource(snapshot(b))).toEqual(noSource(snapshot(a)));
  });

  it('imports English alone at a first import: the Japanese of every entry is missing, and the version names English only', async () => {
    const dir = content();
    const result = await run(dir, 'en.txt');
    expect(result.problems).toEqual([]); expect(result.ok).toBe(true);
    const { site } = loadContent(dir);
    expect(site.entries.filter((e) => e.file.includes('100.1')).map((e) => [e.status.ja, e.data.missing?.ja])).toEqual([['missing', '日本語訳は取り込まれていない（英語版のみを取り込んだ）。']]);
    expect(yaml(dir, 'cr/official/_edition.yaml')).toMatchObject({ edition: { en: '2031-03-07' }, version: '2031-03-07' });
    expect(site.entries.find((e) => e.id === '100.1')?.data.source?.version).toBe('2031-03-07');
  });

  it('imports English alone after both: the translation it had is kept (docs/import.md#pairs)', async () => {
    const dir = content();
    await run(dir, 'en.txt', 'ja.txt');
    const before = snapshot(dir);
    const result = await run(dir, 'en.txt');
    expect(result.problems).toEqual([]); expect(result.ok).toBe(true);
    const { site } = loadContent(dir);
    expect(site.entries.filter((e) => e.file.includes('100.1')).map((e) => e.status.ja)).toEqual(['official']);
    // The same English edition again: nothing to change, the Japanese version stays named.
    expect(yaml(dir, 'cr/official/_edition.yaml')).toMatchObject({ edition: { en: '2031-03-07', ja: '20310301.0' } });
    // Every file as it was but the edition's (which names the files read) and 702.2, whose 702.2c only
    // the Japanese had: with no English rule to stand beside, it is left unpaired and reported.
    const same = (x: Record<string, string>) => Object.fromEntries(Object.entries(x).filter(([k]) => !/_edition|_history|702\.2\.yaml|_glossary/.test(k)));
    expect(same(snapshot(dir))).toEqual(same(before));
    expect(result.lines).toContain('  Japanese left unpaired (not shown): 1: 702.2c (its rule was removed in 2031-03-07)');
    expect(text(dir, 'cr/document.yaml')).toContain('version: "日本語訳 20300101.0"'); // the explanations' own version is untouched
  });

  it('writes nothing on a dry run', async () => {
    const dir = content();
    const before = snapshot(dir);
    const result = await run(dir, 'en.txt', 'ja.txt', { dryRun: true });
    expect(snapshot(dir)).toEqual(before);
    expect(result.lines.at(-1)).toBe('(dry run: nothing written)');
    expect(result.lines).toContain('  ✓ mtg loads with every check passing');
  });

  it('writes nothing when the result would not pass the content checks (unless --force)', async () => {
    const dir = content();
    writeFileSync(join(dir, 'mtg/terms.yaml'), text(dir, 'terms.yaml').replace('entries: ["702.2a"]', 'entries: ["702.2z"]'));
    const before = snapshot(dir);
    const result = await run(dir, 'en.txt', 'ja.txt');
    expect(result.ok).toBe(false);
    expect(snapshot(dir)).toEqual(before);
    expect(result.problems).toEqual([expect.stringMatching(/terms\.yaml › terms\[0\]\.entries\[0\]: "702\.2z" is not an id in mtg$/)]);
    expect(result.lines.at(-1)).toBe('✗ not written: fix the problems above (or pass --force)');
    expect((await run(dir, 'en.txt', 'ja.txt', { force: true })).lines.at(-1)).toBe('✓ written with problems');
    expect(existsSync(join(dir, 'mtg/cr/official/100.1.yaml'))).toBe(true);
  });

  it('moves entries of the earlier layout (imported beside the explanations) into official/, and keeps edited ones', async () => {
    const dir = content();
    const legacy = { title: { ja: '総則', en: 'General' }, checked: '2030-01-01', status: { ja: 'official', en: 'official' }, rules: [{ id: '100.1', en: 'Old.', ja: '古い。' }] };
    const { importedHash } = await import('./legacy');
    writeFileSync(join(dir, 'mtg/cr/100.1.yaml'), JSON.stringify({ ...legacy, imported: { from: 'old.txt', hash: importedHash(legacy) } }));
    writeFileSync(join(dir, 'mtg/cr/101.1.yaml'), JSON.stringify({ ...legacy, status: { en: 'official' }, missing: { ja: 'English only.' }, rules: [{ id: '101.1', en: 'Edited.' }], imported: { from: 'old.txt', hash: 'not-the-hash' } }));
    const result = await run(dir, 'en.txt', 'ja.txt');
    expect(result.problems).toEqual([]); expect(result.ok).toBe(true);
    expect(existsSync(join(dir, 'mtg/cr/100.1.yaml'))).toBe(false);
    expect(existsSync(join(dir, 'mtg/cr/official/100.1.yaml'))).toBe(true);
    expect(existsSync(join(dir, 'mtg/cr/101.1.yaml'))).toBe(true);
    expect(result.lines).toContain('  ⚠ earlier imported entries edited by hand, kept and treated as hand-written: cr/101.1.yaml (delete them to let the official text take over)');
    loadContent(dir);
  });

  it.each([
    ['a folder that is not a game document', (dir: string) => ({ out: join(dir, 'nowhere/cr') }), /game\.yaml not found/],
    ['a glossary path the site would read', (dir: string) => ({ glossary: join(dir, 'mtg/terms.yaml') }), /the site would read that file/],
    ['a glossary inside a document folder', (dir: string) => ({ glossary: join(dir, 'mtg/cr/glossary.yaml') }), /the site would read that file/],
    ['a glossary read as official text', (dir: string) => ({ glossary: join(dir, 'mtg/cr/official/glossary.yaml') }), /the site would read that file/],
    ['a missing rules file', () => ({ en: 'no-such-file.txt' }), /no-such-file\.txt not found/],
  ])('refuses %s', async (_, opts, message) => {
    const dir = content();
    const result = await runImport({ game: 'mtg', en: join(FIX, 'en.txt'), out: join(dir, 'mtg/cr'), ...opts(dir) });
    expect(result.ok).toBe(false);
    expect(result.lines.at(-1)).toMatch(message);
  });
});

describe('re-running the import', () => {
  it('changes nothing when the rules did not change', async () => {
    const dir = content();
    await run(dir, 'en.txt', 'ja.txt');
    const before = snapshot(dir);
    const again = await run(dir, 'en.txt', 'ja.txt', { today: '2031-04-01' });
    expect(again.changes).toEqual([]);
    expect(snapshot(dir)).toEqual(before);
    expect(again.lines).toContain('Changes since the last import (2031-03-07 + ja 20310301.0 → 2031-03-07 + ja 20310301.0): none');
    expect(existsSync(join(dir, 'mtg/cr/official/_history'))).toBe(false); // nothing changed, so no step
    expect(again.lines).toContain('  official entries: 0 new, 0 updated, 14 unchanged, 0 deleted');
  });

  it('changes nothing when the same files come under other names (the reasons name editions, not files)', async () => {
    const dir = content();
    const first = await run(dir, 'en.txt', 'ja.txt');
    expect(first.ok).toBe(true);
    // The fixture pair has rules in one language only, whose reasons name where the other is missing.
    expect(text(dir, 'cr/official/702.2.yaml')).toContain('en: "Not in the English rules (effective 2031-03-07): 702.2c."');
    const before = snapshot(dir);
    const renamed = mkdtempSync(join(tmpdir(), 'taiyaku-import-renamed-'));
    dirs.push(renamed);
    writeFileSync(join(renamed, 'MagicCompRules 20310307.txt'), readFileSync(join(FIX, 'en.txt')));
    writeFileSync(join(renamed, 'mtg-ja-latest.txt'), readFileSync(join(FIX, 'ja.txt')));
    const again = await runImport({ game: 'mtg', en: join(renamed, 'MagicCompRules 20310307.txt'), ja: join(renamed, 'mtg-ja-latest.txt'), out: join(dir, 'mtg/cr'), today: '2031-03-10' });
    expect(again.ok).toBe(true);
    expect(again.lines).toContain('  official entries: 0 new, 0 updated, 14 unchanged, 0 deleted');
    // Only the edition record and the glossary say which files they came from (`from:`).
    const entries = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).filter(([p]) => !/\/_(edition|glossary)\.yaml$/.test(p)));
    expect(entries(snapshot(dir))).toEqual(entries(before));
    expect(Object.keys(entries(before)).length).toBeGreaterThan(14);
  });

  it('updates in place on a newer file and prints added, removed and reworded ids', async () => {
    const dir = content();
    await run(dir, 'en.txt', 'ja.txt');
    writeFileSync(join(dir, 'permalinks.json'), JSON.stringify({
      '/en/mtg/cr/100.3/': ['100.3', '100.3a'],
      '/ja/mtg/cr/100.3/': ['100.3', '100.3a'],
    }));
    writeFileSync(join(dir, 'redirects.yaml'), 'redirects:\n  "/ja/mtg/cr/100.3/": "/ja/mtg/cr/100.2/"\n');
    const result = await run(dir, 'en-v2.txt', 'ja-v2.txt', { today: '2031-06-21' });
    expect(result.ok).toBe(true);
    expect(result.plan?.diff).toEqual({ firstImport: false, added: ['101.4'], removed: ['100.3', '100.3a'], reworded: [{ id: '100.1a', what: ['en', 'ja'] }], moved: [], gone: ['100.3', '100.3a'] });
    const from = result.lines.findIndex((l) => l.startsWith('Changes since the last import'));
    expect(result.lines.slice(from, from + 13)).toEqual([
      'Changes since the last import (2031-03-07 + ja 20310301.0 → 2031-06-20 + ja 20310615.0): 1 added, 2 removed, 1 reworded, 0 moved',
      '  added (1): 101.4',
      '  removed (2): 100.3, 100.3a',
      '  reworded (1): 100.1a (en, ja)',
      '  ⚠ 2 ids no longer exist: 100.3 (removed), 100.3a (removed).',
      '    Ids are permanent links: a published page or anchor that disappears lands where the history says its',
      expect.stringMatching(/^    rule went, unless \S*redirects\.yaml sends it elsewhere \(see docs\/import\.md#removed-ids\)\.$/),
      '    Published and not yet redirected: the build forwards each by default, a moved rule to where it is now, a removed one ("…") to its last text on its history page (docs/import.md#removed-ids). To send one elsewhere, write its line in redirects.yaml:',
      '    redirects:',
      '      "/en/mtg/cr/100.3/": "…"',
      '      "/en/mtg/cr/100.3/#100.3": "…"',
      '      "/en/mtg/cr/100.3/#100.3a": "…"',
      // The Japanese page is redirected to a page that lacks its anchors: the build asks for a line for each.
      '      "/ja/mtg/cr/100.3/#100.3": "…"',
    ]);
    expect(result.lines[from + 13]).toBe('      "/ja/mtg/cr/100.3/#100.3a": "…"');
    expect(result.lines).toContain('  official entries: 1 new, 4 updated, 9 unchanged, 1 deleted (cr/official/100.3.yaml)');
    expect(existsSync(join(dir, 'mtg/cr/official/100.3.yaml'))).toBe(false);
    expect(yaml(dir, 'cr/official/101.4.yaml')).toMatchObject({ checked: '2031-06-21', edition: { en: '2031-06-20', ja: '20310615.0' } });
    // Unchanged entries keep their date and the edition their text was last changed in.
    expect(yaml(dir, 'cr/official/101.1.yaml')).toMatchObject({ checked: '2031-03-10', edition: { en: '2031-03-07', ja: '20310301.0' } });
    expect(yaml(dir, 'cr/official/100.yaml').see).toEqual(['100.1', '100.2']);
    expect(yaml(dir, 'cr/official/_edition.yaml')).toMatchObject({ effective: '2031-06-20', version: '2031-06-20 · 日本語訳 20310615.0' });
    expect(result.lines).toContain('  glossary: mtg/cr/official/_glossary.yaml (shown as the document\'s glossary): 5 terms; 1 added, 1 reworded, 1 removed');
    expect(result.lines).toEqual(expect.arrayContaining(['    added: draw', '    reworded: echoing', '    removed: japanese-only-term']));
    loadContent(dir);
  });

  it('asks for a redirect for each published anchor removed from a page that stays', async () => {
    const dir = content();
    await run(dir, 'en.txt', 'ja.txt');
    writeFileSync(join(dir, 'permalinks.json'), JSON.stringify({ '/en/mtg/cr/100.1/': ['100.1', '100.1a', '100.1b'], '/ja/mtg/cr/100.1/': ['100.1', '100.1a', '100.1b'] }));
    const enFile = join(dir, 'en-without-100.1b.txt');
    writeFileSync(enFile, readFileSync(join(FIX, 'en.txt'), 'utf8').replace(/^100\.1b .*\n/m, ''));
    const result = await runImport({ game: 'mtg', en: enFile, ja: join(FIX, 'ja.txt'), out: join(dir, 'mtg/cr'), today: '2031-03-11' });
    expect(result.plan?.diff.removed).toEqual([]); // the Japanese file still has 100.1b
    const jaFile = join(dir, 'ja-without-100.1b.txt');
    writeFileSync(jaFile, readFileSync(join(FIX, 'ja.txt'), 'utf8').replace(/^100\.1b .*\n/m, ''));
    const both = await runImport({ game: 'mtg', en: enFile, ja: jaFile, out: join(dir, 'mtg/cr'), today: '2031-03-11' });
    expect(both.plan?.diff.removed).toEqual(['100.1b']);
    expect(both.lines).toEqual(expect.arrayContaining(['      "/en/mtg/cr/100.1/#100.1b": "…"', '      "/ja/mtg/cr/100.1/#100.1b": "…"']));
    expect(existsSync(join(dir, 'mtg/cr/official/100.1.yaml'))).toBe(true);
  });
});

describe('formatDiagnostics', () => {
  it('lists every error, and the first warnings and info lines with a count of the rest, located by file:line or file:page:line', () => {
    const many = Array.from({ length: 5 }, (_, i) => ({ level: 'warning' as const, lang: 'en' as const, line: i + 1, message: `w${i}` }));
    const lines = formatDiagnostics([...many, { level: 'error', lang: 'ja', page: 3, line: 9, message: 'bad' }, { level: 'info', message: 'fyi' }], { en: 'en.txt', ja: 'ja.pdf' }, 2);
    expect(lines).toEqual([
      'Diagnostics: 1 error, 5 warnings, 1 info',
      '  ja.pdf:3:9 error   bad',
      '  en.txt:1   warning w0',
      '  en.txt:2   warning w1',
      '  … 3 more warnings (--verbose lists them all)',
      '             info    fyi',
    ]);
  });
});
