// PDF text (Lorcana, Marvel Champions), the Japanese CR's text layout, and bad input, on fixtures we
// make ourselves (tests/fixtures/pdf/make-pdfs.mjs prints them from HTML in Chromium).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContent } from '../content/load-content';
import { runImport } from './apply';
import { decodeText } from './decode';
import { joinWrapped } from './lines';
import { readPdf } from './pdf';
import { readSource } from './source';
import { parseCr } from './mtg-cr-parse';

const PDF = 'tests/fixtures/pdf';
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

/** A content folder with one game and one document (and, optionally, hand-written entries). */
function site(game: string, doc: string, idStyle: string, hand: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-pdf-test-'));
  dirs.push(dir);
  mkdirSync(join(dir, game, doc), { recursive: true });
  writeFileSync(join(dir, game, 'game.yaml'), `name: { ja: テスト, en: Test }\ndescription: { ja: テスト用。, en: For tests. }\nidStyle: ${idStyle}\n`);
  writeFileSync(join(dir, game, doc, 'document.yaml'), 'title: { ja: 文書, en: Document }\npublisher: Test\nabout: { ja: テスト用。, en: For tests. }\nversion: "test 1"\n');
  for (const [name, text] of Object.entries(hand)) writeFileSync(join(dir, game, doc, name), text);
  return dir;
}
const read = (dir: string, file: string) => parse(readFileSync(join(dir, file), 'utf8')) as Record<string, any>;

describe('PDF text', () => {
  it('rebuilds lines from text positions and drops running headers, footers and page numbers', async () => {
    const pdf = await readPdf(new Uint8Array(readFileSync(join(PDF, 'lorcana-en.pdf'))), 'lorcana-en.pdf');
    expect(pdf.pages).toBe(4);
    const source = await readSource(join(PDF, 'lorcana-en.pdf'));
    if (typeof source === 'string') throw new Error(source);
    expect(source.dropped.map((d) => `${d.page} ${d.why}: ${d.text}`)).toEqual(expect.arrayContaining([
      '2 running header: Invented Lorcana Comprehensive Rules',
      '3 running footer: disneylorcana.test 3',
      '4 running footer: disneylorcana.test 4',
    ]));
    expect(source.dropped).toHaveLength(8);
    const texts = source.lines.map((l) => l.text);
    // A rule wrapping over a page break is one line again, after the next page's header is dropped.
    const long = source.lines.find((l) => l.text.startsWith('1.1.29.'))!;
    expect(long.text).toMatch(/^1\.1\.29\. This rule is long on purpose .* where its final words are printed after the running header of that page\.$/);
    expect(long.page).toBe(3);
    // Hyphenation undone, a real compound kept.
    expect(texts).toContain('2.1.2. A well-known face-down card stays face-down until the end of a turn-by-turn counting of every card.');
  });

  it.each([
    ['activa-', 'tion', 'activation'],
    ['face-', 'down', 'face-down'],
    ['ダメージも', '一緒に', 'ダメージも一緒に'],
    ['（1.2.1を', '参照）', '（1.2.1を参照）'],
    ['the rules of', 'the game', 'the rules of the game'],
  ])('joins "%s" + "%s" as "%s"', (a, b, joined) => {
    expect(joinWrapped(a, b, new Set(['face-down']))).toBe(joined);
  });
});

describe('Lorcana Comprehensive Rules (PDF, English and Japanese)', () => {
  it('keeps a Japanese file aside that names no English edition and whose numbers differ: never paired by a guess', async () => {
    const dir = site('lorcana', 'cr', 'dotted', {});
    const result = await runImport({ game: 'lorcana', en: join(PDF, 'lorcana-en.pdf'), ja: join(PDF, 'lorcana-ja.pdf'), out: join(dir, 'lorcana/cr'), today: '2031-03-10', dryRun: true });
    expect(result.lines.some((l) => l.startsWith('  ✗ the Japanese file cannot be placed: it names no English edition it follows'))).toBe(true);
    expect(result.lines).toContain('  Japanese 39 = paired 0 + unpaired 39');
    expect(result.plan!.writes.every((w) => ((w.data['rules'] as { ja?: string }[] | undefined) ?? []).every((r) => r.ja === undefined))).toBe(true);
  });

  it('imports numbered rules to four levels, examples, nested bullets and cross-references, paired by number', async () => {
    const dir = site('lorcana', 'cr', 'dotted', { '1.1.yaml': 'title: { ja: 総則, en: General }\nchecked: 2031-01-01\nrules:\n  - { id: "1.1.1", ja: 説明。, en: An explanation. }\n' });
    // The Japanese PDF prints only its own date, not the English edition it translates, and its numbers
    // are not exactly the English ones (2.1.2 / 2.1.3): the deployer says which edition it follows.
    const result = await runImport({ game: 'lorcana', en: join(PDF, 'lorcana-en.pdf'), ja: join(PDF, 'lorcana-ja.pdf'), jaFollows: '2031-03-07', out: join(dir, 'lorcana/cr'), today: '2031-03-10' });
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.lines).toContain('  the Japanese follows 2031-03-07: read from the --ja-follows flag');
    expect(read(dir, 'lorcana/cr/official/_edition.yaml')).toMatchObject({ edition: { en: '2031-03-07', ja: '2031-03-01' }, effective: '2031-03-07', version: '2031-03-07 · 日本語版 2031-03-01' });
    const damage = read(dir, 'lorcana/cr/official/1.2.yaml');
    expect(damage).toMatchObject({ title: { en: 'Damage', ja: 'ダメージ' }, seeAlso: ['2.1.1'] });
    expect(damage.rules.map((r: { id: string }) => r.id)).toEqual(['1.2.1', '1.2.1.1', '1.2.2']);
    expect(damage.rules[1].en).toBe('A character with damage equal to its endurance is removed.\n\nExample: A character with endurance 3 has 3 damage. It is removed at the next check.');
    expect(damage.rules[1].ja).toBe('耐久と同じ量のダメージを持つキャラクターは取り除かれる。\n\n例：耐久3のキャラクターが3ダメージを持つ。次の確認で取り除かれる。');
    expect(damage.rules[2].ja).toBe('ダメージを動かすときは、数え直す。\n\n- 最初のキャラクターから取り除く。\n- 2体目のキャラクターに置く。\n   - そのキャラクターが取り除かれたら、ダメージも一緒に取り除かれる。');
    expect(read(dir, 'lorcana/cr/official/1.yaml')).toMatchObject({ title: { en: 'Concepts', ja: '概念' }, sourceTitle: 'CONCEPTS', see: ['1.1', '1.2'] });
    // Paired by number; a rule in one language is marked missing in the other.
    expect(read(dir, 'lorcana/cr/official/2.1.yaml')).toMatchObject({ status: { en: 'missing', ja: 'missing' } });
    // Its reasons name the editions, not the files: the same text under another file name rewrites nothing.
    const reasons = JSON.stringify(read(dir, 'lorcana/cr/official/2.1.yaml').missing);
    expect(reasons).toContain('2031-03-07');
    expect(reasons).toContain('2031-03-01');
    expect(reasons).not.toContain('.pdf');
    expect(result.lines).toContain('  lorcana-en.pdf:4:12 warning 2.1.2 is in the English rules only: its Japanese text is marked missing');
    // The hand-written 1.1 keeps its page; the official 1.1 is written beside it and shown on that page.
    const { site: model } = loadContent(dir);
    const doc = model.games[0]!.docs[0]!;
    expect(doc.entries.map((e) => `${e.id}${e.official ? '*' : ''}${e.explanation ? '+' : ''}`)).toEqual(['1*', '1.1*+', '1.2*', '2*', '2.1*']);
    expect(doc.entries[1]!.data.rules.find((r) => r.id === '1.1.1')?.explanation?.en).toBe('An explanation.');
    expect(doc.entries[1]!.data.rules.find((r) => r.id === '1.1.1')?.official?.en).toBeDefined();
    expect(read(dir, 'lorcana/cr/1.1.yaml').rules[0].en).toBe('An explanation.');
    // Every line is accounted for.
    expect(result.lines).toContain('  lorcana-en.pdf: lines read 64 = rules 46 + examples 1 + glossary 0 + contents 6 + headers/footers 8 + front matter 3 + back matter 0 + malformed 0');
    expect(result.lines.find((l) => l.startsWith('  lorcana-ja.pdf: lines read'))).not.toMatch(/does not reconcile/);
  });
});

describe('Marvel Champions Rules Reference (PDF, English only)', () => {
  it('turns capital headings into entries with the site\'s slugs, steps, nested bullets and See also links; appendices are not entries', async () => {
    const dir = site('marvel-champions', 'rr', 'slug', { 'and.yaml': 'title: { ja: そして, en: And }\nchecked: 2031-01-01\nrules:\n  - { id: and, ja: 説明。, en: An explanation. }\n' });
    const result = await runImport({ game: 'marvel-champions', en: join(PDF, 'mc-rr.pdf'), out: join(dir, 'marvel-champions/rr'), today: '2031-03-10' });
    expect(result.problems).toEqual([]);
    expect(result.built?.entries.map((e) => [e.id, e.sourceTitle])).toEqual([
      ['acceleration-icon', 'ACCELERATION ICON ()'],
      ['and', '“AND”'],
      ['attack-enemy-activation', 'ATTACK (ENEMY ACTIVATION)'],
      ['retaliate-x', 'RETALIATE X'],
    ]);
    const attack = read(dir, 'marvel-champions/rr/official/attack-enemy-activation.yaml');
    expect(attack.rules.map((r: { id: string }) => r.id)).toEqual(['attack-enemy-activation', 'attack-enemy-activation.step-1', 'attack-enemy-activation.step-2', 'attack-enemy-activation.step-3']);
    expect(attack.rules[2].en).toBe('Choose who defends.\n\n- A hero may defend.\n   - An exhausted hero may not, because exhausting is how a hero defends in the first place.\n- An ally may defend instead.');
    // The See also list wraps over two lines; names the file lacks are left out (and reported).
    expect(attack.seeAlso).toEqual(['acceleration-icon', 'and', 'retaliate-x']);
    expect(result.built?.entries.find((e) => e.id === 'attack-enemy-activation')?.refs).toContain('encounter-deck');
    expect(attack.status).toEqual({ en: 'official', ja: 'missing' });
    expect(read(dir, 'marvel-champions/rr/official/_edition.yaml')).toMatchObject({ edition: { en: '9.1' }, version: '9.1' });
    expect(result.lines).toContain('  mc-rr.pdf: lines read 29 = rules 0 + examples 0 + glossary 20 + contents 0 + headers/footers 4 + front matter 3 + back matter 2 + malformed 0');
    const { site: model } = loadContent(dir);
    const and = model.games[0]!.docs[0]!.entries.find((e) => e.id === 'and')!;
    expect([and.official?.status, and.explanation?.status]).toEqual([{ en: 'official', ja: 'missing' }, { ja: 'community', en: 'community' }]);
    expect(and.data.rules.map((r) => [r.id, r.official?.en !== undefined, r.explanation?.en])).toEqual([['and', true, 'An explanation.']]);
  });
});

describe('the Japanese Comprehensive Rules as its translators publish them', () => {
  it('reads the version line, the introduction after the contents, the 用語集 heading and 日本語／English term lines', () => {
    const parsed = parseCr(readFileSync('tests/fixtures/mtg-cr/ja-jpn-layout.txt', 'utf8'), 'ja');
    expect(parsed.version).toBe('20310301.0');
    expect(parsed.units.map((u) => u.id)).toEqual(['1', '100', '100.1', '100.1a', '7', '702', '702.2', '702.2a']);
    expect(parsed.glossary).toEqual([expect.objectContaining({ names: ['素早さ'], enNames: ['Swiftness'] })]);
    expect(parsed.counts).toMatchObject({ tocLines: 9, headerLines: 7, malformed: 0, creditsLines: 2 });
    expect(parsed.diagnostics.filter((d) => d.level === 'error')).toEqual([]);
  });

  it('decodes Shift_JIS', () => {
    const bytes = new Uint8Array([0x83, 0x8b, 0x81, 0x5b, 0x83, 0x8b, 0x0a, 0x83, 0x4c, 0x83, 0x62, 0x83, 0x4a, 0x81, 0x5b]);
    expect(decodeText(bytes)).toMatchObject({ encoding: 'shift_jis', text: 'ルール\nキッカー' });
  });
});

describe('bad input', () => {
  it.each([
    ['an encrypted PDF', 'lorcana', join(PDF, 'encrypted.pdf'), '✗ encrypted.pdf is an encrypted PDF (it asks for a password): the importer cannot read it. Use the publisher\'s unencrypted download.'],
    ['a PDF with no text layer', 'lorcana', join(PDF, 'scan.pdf'), '✗ scan.pdf has no text layer (1 page of images, like a scan): the importer reads text, not pictures. Use the publisher\'s text PDF, or run OCR first.'],
    ['the Magic rules given as Lorcana\'s', 'lorcana', 'tests/fixtures/mtg-cr/en.txt', '✗ tests/fixtures/mtg-cr/en.txt: this looks like the Magic Comprehensive Rules, not Disney Lorcana Comprehensive Rules: expected the Disney Lorcana Comprehensive Rules (npm run import -- mtg … imports it)'],
    ['the Lorcana rules given as Magic\'s', 'mtg', join(PDF, 'lorcana-en.pdf'), `✗ ${join(PDF, 'lorcana-en.pdf')}: this looks like the Disney Lorcana Comprehensive Rules, not Magic Comprehensive Rules: expected the Magic Comprehensive Rules (npm run import -- lorcana … imports it)`],
  ] as const)('stops on %s, naming the file', async (_, game, file, message) => {
    const dir = game === 'mtg' ? site('mtg', 'cr', 'mtg') : site('lorcana', 'cr', 'dotted');
    const result = await runImport({ game, en: file, out: join(dir, game, 'cr') });
    expect(result.ok).toBe(false);
    expect(result.lines.at(-1)).toBe(message);
  });
});
