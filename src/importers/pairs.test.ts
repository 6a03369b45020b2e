// A pair is always the same rule (docs/import.md#pairs), on the two invented editions of
// tests/fixtures/mtg-cr/editions/: the second English edition inserts 100.1j (so 100.1j–100.1n become
// 100.1k–100.1p, skipping l and o), rewords 100.1e, 100.1n (was 100.1m) and 101.1, changes the
// cross-reference of 100.1m (was 100.1k), removes 101.2 and 102.1b (101.3–101.4 move up) and gives
// 100.3 to a new rule. ja-e1 is the translation of the first edition, ja-e2 of the second. Every
// shown pair is checked against the rules' identities, written out below by hand from the fixture.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContent } from '../content/load-content';
import type { JaFollows } from '../schemas/content';
import { runImport } from './apply';

const FIX = 'tests/fixtures/mtg-cr';
const ED = `${FIX}/editions`;
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
function content(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-pairs-test-'));
  dirs.push(dir);
  cpSync(join(FIX, 'content'), dir, { recursive: true });
  return dir;
}
const run = (dir: string, en: string | undefined, ja: string | undefined, today: string, extra: { jaFollows?: string; dryRun?: boolean; allowOlder?: boolean } = {}) =>
  runImport({ game: 'mtg', ...(en ? { en: join(ED, en) } : {}), ...(ja ? { ja: join(ED, ja) } : {}), out: join(dir, 'mtg/cr'), today, ...extra });

/** The rule of the second edition each first-edition number became (absent: the same number; null: removed). */
const BECAME: Record<string, string | null> = {
  '100.1j': '100.1k', '100.1k': '100.1m', '100.1m': '100.1n', '100.1n': '100.1p',
  '100.3': null, '101.2': null, '101.3': '101.2', '101.4': '101.3', '102.1b': null,
};
/** Rules of the second edition no rule of the first continues. */
const NEW = ['100.1j', '100.3'];
const firstNumber = (id: string) => Object.entries(BECAME).find(([, to]) => to === id)?.[0] ?? (NEW.includes(id) ? undefined : id);

/** Each edition's texts by number, read from a same-edition import (paired by number: the same rule). */
async function editionTexts(en: string, ja: string) {
  const dir = content();
  expect((await run(dir, en, ja, '2032-01-20')).problems).toEqual([]);
  const out = new Map<string, { en?: string; ja?: string }>();
  for (const e of loadContent(dir).site.entries) for (const r of e.data.rules) if (r.official) out.set(r.id, { ...(r.official.en ? { en: r.official.en } : {}), ...(r.official.ja ? { ja: r.official.ja } : {}) });
  return out;
}

interface Shown { id: string; en?: string | undefined; ja?: string | undefined; follows?: JaFollows | undefined }
/** Every official sub-rule the site shows, as the page pairs it. */
function shown(dir: string): Shown[] {
  const { site } = loadContent(dir);
  return site.entries.flatMap((e) => e.data.rules.filter((r) => r.official).map((r) => ({ id: r.id, en: r.official!.en, ja: r.official!.ja, follows: r.official!.jaFollows })));
}

/** Walks every shown pair: its Japanese is the translation of this very rule, in the edition it says it follows. */
function everyPairIsTheSameRule(rows: Shown[], e1: Map<string, { en?: string; ja?: string }>, e2: Map<string, { en?: string; ja?: string }>) {
  let checked = 0;
  for (const row of rows) {
    expect(row.en, row.id).toBe(e2.get(row.id)?.en);
    if (row.ja === undefined) continue;
    checked++;
    if (row.follows?.edition === '2032-01-10') {
      const then = firstNumber(row.id);
      expect(then, `${row.id} has a Japanese text but no rule of 2032-01-10 continues into it`).toBeDefined();
      expect(row.ja, `${row.id} (was ${then})`).toBe(e1.get(then!)?.ja);
      expect(row.follows.from ?? row.id, row.id).toBe(then);
    } else {
      expect(row.follows, row.id).toBeUndefined();
      expect(row.ja, row.id).toBe(e2.get(row.id)?.ja);
    }
  }
  return checked;
}

/** Where the English changed since the first edition: worked out from the two editions' texts alone. */
const changedSince = (e1: Map<string, { en?: string }>, e2: Map<string, { en?: string }>) =>
  [...e2.keys()].filter((id) => { const then = firstNumber(id); return then !== undefined && e1.get(then)?.en !== undefined && e1.get(then)?.en !== e2.get(id)?.en; }).sort();

function expectMarks(rows: Shown[], e1: Map<string, { en?: string }>, e2: Map<string, { en?: string }>) {
  expect(rows.filter((r) => r.follows?.english === 'changed').map((r) => r.id).sort()).toEqual(changedSince(e1, e2));
  expect(changedSince(e1, e2)).toEqual(['100.1e', '100.1m', '100.1n', '101.1']);
  const added = rows.filter((r) => r.follows?.english === 'added');
  expect(added.map((r) => r.id)).toEqual(NEW);
  for (const r of added) expect(r.ja).toBeUndefined();
}

describe('the Japanese of the previous edition with a new English edition', () => {
  it('imported together: every pair is the same rule, moved translations land on their rules, changed-since marks where the English changed', async () => {
    const e1 = await editionTexts('en-e1.txt', 'ja-e1.txt');
    const e2 = await editionTexts('en-e2.txt', 'ja-e2.txt');
    const dir = content();
    expect((await run(dir, 'en-e1.txt', 'ja-e1.txt', '2032-01-20')).problems).toEqual([]);
    const result = await run(dir, 'en-e2.txt', 'ja-e1.txt', '2032-04-05');
    expect(result.problems).toEqual([]);
    const rows = shown(dir);
    expect(everyPairIsTheSameRule(rows, e1, e2)).toBe(20);
    expectMarks(rows, e1, e2);
    // The moved translations, one by one: the old 100.1j's Japanese stands beside the new 100.1k.
    for (const [from, to] of Object.entries(BECAME)) if (to) expect(rows.find((r) => r.id === to)?.ja, to).toBe(e1.get(from)?.ja);
    // What number-only pairing showed: the Japanese of the first edition's number beside the second's rule.
    const wrong = rows.filter((r) => e1.get(r.id)?.ja !== undefined && firstNumber(r.id) !== r.id).map((r) => r.id);
    expect(wrong).toEqual(['100.1j', '100.1k', '100.1m', '100.1n', '100.3', '101.2', '101.3']);
    // The report, with counts that reconcile.
    expect(result.lines).toContain('Pairs (English 2032-04-02 · Japanese 20320115.0, a translation of the English 2032-01-10, reached through the previous import)');
    expect(result.lines).toContain('  carried to the rule\'s number now (moves found by text): 20: 100.1j–100.1n → 100.1k–100.1p, 101.3–101.4 → 101.2–101.3 (14 at the same number)');
    expect(result.lines).toContain('  English changed since the edition the translation follows (marked on the pages): 4: 100.1e, 100.1m, 100.1n, 101.1');
    expect(result.lines).toContain('  English with no Japanese: 2 · added since 2032-01-10 (the pages say there is no translation yet): 100.1j, 100.3');
    expect(result.lines).toContain('  Japanese left unpaired (not shown): 3: 100.3 (its rule was removed after 2032-01-10), 101.2 (its rule was removed after 2032-01-10), 102.1b (its rule was removed after 2032-01-10)');
    expect(result.lines).toContain('  English rules 22 = by number 0 + carried 20 + kept 0 + added since 2 + not in the translation 0');
    expect(result.lines).toContain('  Japanese 27 = paired 20 + on headings 4 + unpaired 3');
    const edition = parse(readFileSync(join(dir, 'mtg/cr/official/_edition.yaml'), 'utf8'));
    expect(edition).toMatchObject({ edition: { en: '2032-04-02', ja: '20320115.0' }, jaFollows: '2032-01-10', version: '2032-04-02 · 日本語訳 20320115.0' });
  });

  it('one after the other, English-only then Japanese-only: the translation is kept through the moves, then the newer one replaces it', async () => {
    const e1 = await editionTexts('en-e1.txt', 'ja-e1.txt');
    const e2 = await editionTexts('en-e2.txt', 'ja-e2.txt');
    const dir = content();
    expect((await run(dir, 'en-e1.txt', 'ja-e1.txt', '2032-01-20')).problems).toEqual([]);
    const english = await run(dir, 'en-e2.txt', undefined, '2032-04-05');
    expect(english.problems).toEqual([]);
    const kept = shown(dir);
    expect(everyPairIsTheSameRule(kept, e1, e2)).toBe(20);
    expectMarks(kept, e1, e2);
    expect(english.lines).toContain('  kept from the earlier translation: 20 (100.1j–100.1n → 100.1k–100.1p, 101.3–101.4 → 101.2–101.3 moved with their rules)');
    expect(english.lines).toContain('  English rules 22 = by number 0 + carried 0 + kept 20 + added since 2 + not in the translation 0');
    // The Japanese alone: it follows the English on disk, so it is paired by number, and every mark goes.
    const japanese = await run(dir, undefined, 'ja-e2.txt', '2032-04-20');
    expect(japanese.problems).toEqual([]);
    expect(japanese.lines).toContain('  en  (no English file: the English of the previous import is kept)');
    const now = shown(dir);
    expect(everyPairIsTheSameRule(now, e1, e2)).toBe(22);
    expect(now.filter((r) => r.follows)).toEqual([]);
    expect(japanese.lines).toContain('  English rules 22 = by number 22 + carried 0 + kept 0 + added since 0 + not in the translation 0');
    expect(parse(readFileSync(join(dir, 'mtg/cr/official/_edition.yaml'), 'utf8'))).toMatchObject({ edition: { en: '2032-04-02', ja: '20320405.0' }, version: '2032-04-02 · 日本語訳 20320405.0' });
    // The English and the glossary's English are the second edition's still.
    expect(readFileSync(join(dir, 'mtg/cr/official/_glossary.yaml'), 'utf8')).toContain('en: Active Player');
    // An older translation imported alone afterwards is carried back through the kept history, never by number.
    // Going back to an older translation is refused unless the deployer says so (docs/import.md#re-import-guards).
    const refused = await run(dir, undefined, 'ja-e1.txt', '2032-04-25');
    expect(refused.ok).toBe(false);
    expect(refused.lines.join('\n')).toContain('--allow-older');
    expect(everyPairIsTheSameRule(shown(dir), e1, e2)).toBe(22);
    const older = await run(dir, undefined, 'ja-e1.txt', '2032-04-25', { allowOlder: true });
    expect(older.problems).toEqual([]);
    const back = shown(dir);
    expect(everyPairIsTheSameRule(back, e1, e2)).toBe(20);
    expectMarks(back, e1, e2);
    expect(older.lines).toContain('Pairs (English 2032-04-02 · Japanese 20320115.0, a translation of the English 2032-01-10, reached through the kept edition 2032-01-10)');
  });

  it('a first import of the new English with the previous Japanese keeps the Japanese aside: no kept edition reaches it', async () => {
    const dir = content();
    const result = await run(dir, 'en-e2.txt', 'ja-e1.txt', '2032-04-05');
    expect(result.problems).toEqual([]);
    expect(result.lines.find((l) => l.startsWith('  ✗ the Japanese file cannot be placed'))).toContain('it follows the English 2032-01-10, which is neither the English imported now (2032-04-02) nor a kept edition');
    expect(shown(dir).filter((r) => r.ja !== undefined)).toEqual([]);
    expect(parse(readFileSync(join(dir, 'mtg/cr/official/_edition.yaml'), 'utf8')).edition).toEqual({ en: '2032-04-02' });
  });

  it('a translation whose parts follow different editions is placed part by part (--ja-follows 100=…,…)', async () => {
    const e1 = await editionTexts('en-e1.txt', 'ja-e1.txt');
    const e2 = await editionTexts('en-e2.txt', 'ja-e2.txt');
    // The first edition's Japanese with its rule 100 from the second edition's (the real Lorcana pair is like this).
    const lines = (f: string) => readFileSync(join(ED, f), 'utf8').split('\n');
    const block = (ls: string[]) => { const body = ls.lastIndexOf('1. ゲームの基本'); const from = ls.indexOf('100. 総則', body); const to = ls.indexOf('101. ターン', body); return [from, to] as const; };
    const [a1, b1] = block(lines('ja-e1.txt'));
    const [a2, b2] = block(lines('ja-e2.txt'));
    const hybrid = [...lines('ja-e1.txt').slice(0, a1), ...lines('ja-e2.txt').slice(a2, b2), ...lines('ja-e1.txt').slice(b1)].join('\n');
    const dir = content();
    const scratch = mkdtempSync(join(tmpdir(), 'taiyaku-pairs-hybrid-'));
    dirs.push(scratch);
    const file = join(scratch, 'ja-hybrid.txt');
    writeFileSync(file, hybrid);
    expect((await run(dir, 'en-e1.txt', 'ja-e1.txt', '2032-01-20')).problems).toEqual([]);
    const result = await runImport({ game: 'mtg', en: join(ED, 'en-e2.txt'), ja: file, jaFollows: '100=2032-04-02,2032-01-10', out: join(dir, 'mtg/cr'), today: '2032-04-05' });
    expect(result.problems).toEqual([]);
    const rows = shown(dir);
    expect(everyPairIsTheSameRule(rows, e1, e2)).toBe(22);
    expect(rows.filter((r) => r.follows?.english === 'changed').map((r) => r.id)).toEqual(['101.1']); // 100's Japanese is of the English now
    expect(rows.filter((r) => r.follows?.english === 'added').map((r) => r.id)).toEqual([]);
    expect(parse(readFileSync(join(dir, 'mtg/cr/official/_edition.yaml'), 'utf8')).jaFollows).toBe('2032-01-10 (100: 2032-04-02)');
  });

  it('--ja-follows overrides the file\'s own line', async () => {
    const dir = content();
    const result = await run(dir, 'en-e2.txt', 'ja-e2.txt', '2032-04-05', { jaFollows: '2032-01-10', dryRun: true });
    expect(result.lines).toContain('  the Japanese follows 2032-01-10: read from the --ja-follows flag');
  });

  it('a Japanese file alone needs the English imported before it', async () => {
    const result = await run(content(), undefined, 'ja-e1.txt', '2032-04-05');
    expect(result.ok).toBe(false);
    expect(result.lines.at(-1)).toMatch(/a Japanese file alone needs the English imported before it/);
  });
});

describe('explanations move with their rules', () => {
  it('proposes the re-keying and the redirects of an explanation written against the previous edition, and names what it cannot place', async () => {
    const dir = content();
    writeFileSync(join(dir, 'mtg/cr/101.yaml'), [
      'title: { ja: ターン, en: Turns }', 'checked: 2032-01-20', 'source: { version: "2032-01-10" }', 'rules:',
      '  - { id: "101.2", ja: 見送りの説明。, en: About passing. }',
      '  - { id: "101.3", ja: メインの説明。, en: About the main step. }',
      '  - { id: "101.4", ja: 終了の説明。, en: About the end step. }', '',
    ].join('\n'));
    expect((await run(dir, 'en-e1.txt', 'ja-e1.txt', '2032-01-20')).problems).toEqual([]);
    const result = await run(dir, 'en-e2.txt', 'ja-e2.txt', '2032-04-05');
    const at = result.lines.indexOf('Explanations whose rules moved (hand-written: never edited by the importer; accept by renaming the ids and setting source.version)');
    expect(at).toBeGreaterThan(0);
    expect(result.lines.slice(at + 1, at + 5)).toEqual([
      '  cr/101.yaml (follows 2032-01-10): 101.3–101.4 → 101.2–101.3; could not place 101.2 (its rule was removed after 2032-01-10)',
      '    redirects (for ids no rule has now):',
      '      "/en/mtg/cr/101/#101.4": "/en/mtg/cr/101/#101.3"',
      '      "/ja/mtg/cr/101/#101.4": "/ja/mtg/cr/101/#101.3"',
    ]);
    // The explanation itself is untouched.
    expect(readFileSync(join(dir, 'mtg/cr/101.yaml'), 'utf8')).toContain('id: "101.4"');
  });
});

describe('the editions record reaches a translation\'s numbering (Lorcana\'s Japanese v2.2.0 against 2.3.0)', () => {
  it('carries the Japanese 8.7 (Resist in 2.2.0) to 8.8, never beside 2.3.0\'s 8.7 (Reckless), and says the English since is not known', async () => {
    const { carryJapanese } = await import('./pairs');
    const final = new Map([['8.6', { en: 'Evasive…' }], ['8.7', { en: 'Reckless…' }], ['8.8', { en: 'Resist…' }], ['8.4', { en: 'Boost…' }]]);
    const record = { current: '2.3.0', earlier: [{ id: 'ja-2.2.0', moved: [{ from: '8.5', to: '8.6' }, { from: '8.6', to: '8.7' }, { from: '8.7', to: '8.8' }] }] };
    const out = carryJapanese(new Map([['8.5', { ja: '回避…' }], ['8.6', { ja: '暴勇…' }], ['8.7', { ja: '耐久…' }]]), '2.2.0', { style: 'dotted', now: '2.3.0', final, kept: [], record }, '2.2.0');
    expect(out.via).toBe('the editions record (ja-2.2.0)');
    expect([...out.placed.values()].map((p) => [p.from, p.to, p.ja.ja, p.follows?.english])).toEqual([
      ['8.5', '8.6', '回避…', 'unknown'], ['8.6', '8.7', '暴勇…', 'unknown'], ['8.7', '8.8', '耐久…', 'unknown'],
    ]);
    // 8.4 is no number the record moved anything to, so 2.2.0's 8.4 would stay 8.4; none was given here, and none is invented.
    expect(out.placed.has('8.4')).toBe(false);
  });

  it('the bundled Lorcana pages name the Japanese edition their Japanese terms follow (from the record\'s ja-2.2.0)', () => {
    const doc = loadContent('content').site.games.find((g) => g.id === 'lorcana')!.docs.find((d) => d.id === 'cr')!;
    expect(doc.japanese).toEqual({ id: 'ja-2.2.0', title: { ja: '日本語版総合ルール v2.2.0', en: 'the Japanese Comprehensive Rules v2.2.0' } });
    const magic = loadContent('content').site.games.find((g) => g.id === 'mtg')!.docs.find((d) => d.id === 'cr')!;
    expect(magic.japanese).toBeUndefined();
  });
});
