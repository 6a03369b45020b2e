// PDFs of any make: headings found by size and position as well as by weight (fonts whose names do
// not tell it: Type 3 fonts of browsers and converters), and the three importers checked on the same
// invented rules made three ways (tests/fixtures/pdf/make-pdfs.mjs): printed by Chromium (named
// fonts), typeset with nameless Type 3 fonts, and through Ghostscript's ps2pdf (named Type 1 fonts).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runImport } from './apply';
import { reflow, standsOut, type LineCues } from './lines';
import { faceName, fontFamily, weightOfFont, type PdfLine, type PdfText, type Weight } from './pdf';
import { numberProblem, parseLorcana } from './lorcana-cr';
import { mcRr } from './mc-rr';
import { formatDiagnostics, quoteLine } from './report';
import { readSource, type Source } from './source';

const PDF = 'tests/fixtures/pdf';
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });
function site(game: string, doc: string, idStyle: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-pdf-makes-'));
  dirs.push(dir);
  mkdirSync(join(dir, game, doc), { recursive: true });
  writeFileSync(join(dir, game, 'game.yaml'), `name: { ja: テスト, en: Test }\ndescription: { ja: テスト用。, en: For tests. }\nidStyle: ${idStyle}\n`);
  writeFileSync(join(dir, game, doc, 'document.yaml'), 'title: { ja: 文書, en: Document }\npublisher: Test\nabout: { ja: テスト用。, en: For tests. }\nversion: "test 1"\n');
  return dir;
}
const read = (dir: string, file: string) => parse(readFileSync(join(dir, file), 'utf8')) as Record<string, any>;

describe('a font\'s weight by its name', () => {
  it.each([
    ['ABCDEF+NotoSansCJKjp-Bold', 'NotoSansCJKjp'], ['Helvetica-Bold', 'Helvetica'], ['Helvetica', 'Helvetica'], ['Arial,Bold', 'Arial'], ['Type3', undefined],
  ])('family of %s: %s', (name, family) => { expect(fontFamily(name)).toBe(family); });

  it.each([
    ['AAAAAA+NotoSansCJKjp-Bold', 'NotoSansCJKjp-Bold', 'bold'],
    ['BAAAAA+NotoSansCJKjp-Regular', 'NotoSansCJKjp-Regular', 'regular'],
    ['Helvetica-Bold', 'Helvetica-Bold', 'bold'],
    ['Helvetica', 'Helvetica', 'regular'],
    ['HiraginoSans-W6', 'HiraginoSans-W6', 'bold'],
    ['HiraginoSans-W3', 'HiraginoSans-W3', 'regular'],
    ['Arial,Bold', 'Arial,Bold', 'bold'],
    ['MinionPro-Semibold', 'MinionPro-Semibold', 'bold'],
    ['Gotham-Black', 'Gotham-Black', 'bold'],
    ['Gotham-Book', 'Gotham-Book', 'regular'],
    // What pdf.js calls a Type 3 font without a descriptor, and the bare ids converters give.
    ['Type3', undefined, 'unknown'],
    ['F1', undefined, 'unknown'],
    ['T3Font_2', undefined, 'unknown'],
    ['CAAAAA+Font12', undefined, 'unknown'],
    ['FontinSans-Bold', 'FontinSans-Bold', 'bold'],
    [undefined, undefined, 'unknown'],
  ] as const)('%s → face %s, %s', (name, face, weight) => {
    expect(faceName(name)).toBe(face);
    expect(weightOfFont(name)).toBe(weight);
  });
});

/** A page of lines: [text, x, end, size, weight, gap (line pitches above it; 1 = the usual spacing), font family]. */
function page(rows: [string, number, number, number, Weight, number?, string?][]): PdfText {
  let y = 700;
  const lines: PdfLine[] = rows.map(([text, x, end, size, weight, gap = 1, family], i) => {
    y -= size * 1.2 * gap;
    return { page: 1, line: i + 1, text, x, y, end, size, bold: weight === 'bold', weight, ...(family ? { family } : {}) };
  });
  return { pages: 1, heights: [792], lines, fonts: { named: [], unnamed: 0 }, info: {} };
}
/** The cues of the last row, as reflow gives them to an importer's block test. */
function cuesOfLast(rows: Parameters<typeof page>[0]): LineCues {
  let cues: LineCues | undefined;
  const last = rows.at(-1)![0];
  reflow(page(rows), { startsBlock: (text, _l, _b, c) => { if (text === last) cues = c; return true; } });
  return cues!;
}

// The body text is 10 pt, its column 54–300 pt; "NEXT HEADING" is 12 characters, about 60 pt at 10 pt.
const FULL = 'a line of running text that reaches the right edge';
describe('heading cues by size and position (lines.ts)', () => {
  it.each([
    ['bold by name, body size, no gap', [[FULL, 54, 300, 10, 'regular'], ['Ends here.', 54, 110, 10, 'regular'], ['NEXT HEADING', 54, 120, 10, 'bold']], { weight: 'bold', larger: false, gapBefore: false }, true],
    ['0.5 pt larger than a 10 pt body (the least step), no name', [[FULL, 54, 300, 10, 'unknown'], [FULL, 54, 300, 10, 'unknown'], ['NEXT HEADING', 54, 126, 10.5, 'unknown']], { larger: true }, true],
    ['after a paragraph gap (1.5 line pitches), regular', [[FULL, 54, 300, 10, 'regular'], [FULL, 54, 300, 10, 'regular'], ['NEXT HEADING', 54, 120, 10, 'regular', 1.5]], { gapBefore: true }, true],
    ['no name, after a sentence end', [[FULL, 54, 300, 10, 'unknown'], [`${FULL}.`, 54, 300, 10, 'unknown'], ['NEXT HEADING', 54, 120, 10, 'unknown']], { afterEnd: true, prevShort: false }, true],
    ['no name, after a line that stopped short (no end punctuation)', [[FULL, 54, 300, 10, 'unknown'], ['See also: Boost', 54, 130, 10, 'unknown'], ['NEXT HEADING', 54, 120, 10, 'unknown']], { afterEnd: true, prevShort: true }, true],
    ['no name, after a full line that runs on', [[FULL, 54, 300, 10, 'unknown'], [FULL, 54, 300, 10, 'unknown'], ['NEXT HEADING', 54, 120, 10, 'unknown']], { afterEnd: false, prevShort: false }, false],
    ['no name, the line before ends only a little short (less than the first word and an em)', [[FULL, 54, 300, 10, 'unknown'], ['a line of running text that nearly reaches it', 54, 280, 10, 'unknown'], ['NEXT HEADING', 54, 120, 10, 'unknown']], { prevShort: false }, false],
    ['regular by name, after a sentence end, no gap: running text', [[FULL, 54, 300, 10, 'regular'], ['Ends here.', 54, 110, 10, 'regular'], ['NEXT HEADING', 54, 120, 10, 'regular']], { weight: 'regular', afterEnd: true }, false],
    ['another family than the body, named regular (a display face), body size, no gap', [[FULL, 54, 300, 10, 'regular', 1, 'MinionPro'], [FULL, 54, 300, 10, 'regular', 1, 'MinionPro'], ['NEXT HEADING', 54, 120, 10, 'regular', 1, 'Bebas']], { weight: 'regular', otherFace: true }, true],
    ['the body family in italics is still the body', [[FULL, 54, 300, 10, 'regular', 1, 'MinionPro'], [`${FULL}.`, 54, 300, 10, 'regular', 1, 'MinionPro'], ['NEXT HEADING', 54, 120, 10, 'regular', 1, 'MinionPro']], { otherFace: false }, false],
    ['the second column has its own right edge', [[FULL, 54, 300, 10, 'unknown'], [FULL, 324, 570, 10, 'unknown'], ['short end of a paragraph', 324, 440, 10, 'unknown'], ['NEXT HEADING', 324, 390, 10, 'unknown']], { prevShort: true }, true],
  ] as const)('%s', (_, rows, cues, heading) => {
    const c = cuesOfLast(rows as unknown as Parameters<typeof page>[0]);
    expect(c).toMatchObject(cues);
    expect(standsOut(c)).toBe(heading);
  });

  it('a Japanese line: the next line\'s first character and an em decide', () => {
    const rows: Parameters<typeof page>[0] = [['ダメージはカウンターとしてキャラクターに置かれる。', 54, 300, 10, 'unknown'], ['ダメージは残る', 54, 124, 10, 'unknown'], ['次の行', 54, 84, 10, 'unknown']];
    expect(cuesOfLast(rows).prevShort).toBe(true);
    rows[1] = ['ダメージはカウンターとしてキャラクターに置かれ', 54, 290, 10, 'unknown'];
    expect(cuesOfLast(rows).prevShort).toBe(false);
  });

  it.each([
    // text, cues of the line, the logical line before → starts a block in the Rules Reference
    ['RETALIATE X', { gapBefore: false, larger: false, otherFace: false, weight: 'unknown', afterEnd: true, prevShort: true }, 'After this character is attacked, deal X damage.', true],
    ['RETALIATE X', { gapBefore: false, larger: false, otherFace: false, weight: 'unknown', afterEnd: false, prevShort: false }, 'See also: Boost, Defend', true],
    ['RETALIATE X', { gapBefore: false, larger: false, otherFace: false, weight: 'unknown', afterEnd: false, prevShort: false }, 'See also: Boost, Defend,', false],
    ['HERO ALLY VILLAIN MINION SCHEME', { gapBefore: false, larger: false, otherFace: false, weight: 'unknown', afterEnd: false, prevShort: false }, 'Some cards list their traits in capitals, and so the line can run on:', false],
    ['HERO ALLY VILLAIN MINION SCHEME', { gapBefore: false, larger: false, otherFace: false, weight: 'regular', afterEnd: true, prevShort: true }, 'Ends here.', false],
    ['An invented icon.', { gapBefore: false, larger: false, otherFace: false, weight: 'unknown', afterEnd: true, prevShort: true }, 'ACCELERATION ICON ()', true],
    ['and more of it', { gapBefore: false, larger: false, otherFace: false, weight: 'unknown', afterEnd: false, prevShort: false }, 'ATTACK (ENEMY', false],
  ] as const)('Rules Reference: "%s" after "%s"… starts a block: %s', (text, cues, before, starts) => {
    expect(mcRr.startsBlock!(text, undefined, before, cues)).toBe(starts);
  });
});

describe('the Rules Reference made three ways', () => {
  it.each([
    ['mc-rr-tight.pdf', 'Chromium, two columns, named fonts (headings bold by name)'],
    ['mc-rr-tight-nameless.pdf', 'the same Chromium print with the fonts\' names taken out (headings by position)'],
    ['mc-rr-type3.pdf', 'typeset, nameless Type 3 fonts (headings by position)'],
    ['mc-rr-gs.pdf', 'Ghostscript ps2pdf, Helvetica (named Type 1)'],
    ['mc-rr-gs-type3.pdf', 'Ghostscript ps2pdf, PostScript Type 3 fonts (pdf.js names them "Type3")'],
  ])('%s (%s): every heading found, the capitals line inside a paragraph kept in it', async (file) => {
    const dir = site('marvel-champions', 'rr', 'slug');
    const result = await runImport({ game: 'marvel-champions', en: join(PDF, file), out: join(dir, 'marvel-champions/rr'), today: '2031-03-10' });
    expect(result.problems).toEqual([]);
    expect(result.lines.filter((l) => / error /.test(l))).toEqual([]);
    expect(result.built?.entries.map((e) => e.id)).toEqual(['acceleration-icon', 'and', 'attack-enemy-activation', 'traits', 'retaliate-x']);
    const attack = read(dir, 'marvel-champions/rr/official/attack-enemy-activation.yaml');
    expect(attack.rules.map((r: { id: string }) => r.id)).toEqual(['attack-enemy-activation', 'attack-enemy-activation.step-1', 'attack-enemy-activation.step-2', 'attack-enemy-activation.step-3']);
    expect(attack.rules[2].en).toBe('Choose who defends.\n\n- A hero may defend.\n   - An exhausted hero may not, because exhausting is how a hero defends in the first place.\n- An ally may defend instead.');
    expect(attack.seeAlso).toEqual(['acceleration-icon', 'and', 'retaliate-x']);
    const traits = read(dir, 'marvel-champions/rr/official/traits.yaml');
    expect(traits.rules).toHaveLength(1);
    expect(traits.rules[0].en).toBe('Some cards list their traits in capitals, and so the line can run on with nothing but them: HERO ALLY VILLAIN MINION SCHEME SIDE QUEST ATTACHMENT UPGRADE SUPPORT EVENT OBLIGATION ENVIRONMENT TREACHERY, none of which is a heading.');
    expect(result.lines.find((l) => l.includes(`${file}: lines read`))).not.toMatch(/does not reconcile/);
  });

  it('says which fonts tell their weight', async () => {
    const type3 = await readSource(join(PDF, 'mc-rr-type3.pdf'));
    const gs = await readSource(join(PDF, 'mc-rr-gs.pdf'));
    if (typeof type3 === 'string' || typeof gs === 'string') throw new Error('unreadable');
    expect(type3.describe).toMatch(/body text 10 pt; no named fonts; 2 fonts without a name that tells the weight \(headings found by size and position\)$/);
    expect(gs.describe).toMatch(/; fonts Helvetica, Helvetica-Bold$/);
  });
});

describe('Lorcana, English and Japanese, as nameless Type 3 fonts with headings at the body size', () => {
  // The Japanese fixture prints only its own date, so it is told which English it follows (docs/import.md#pairs).
  it('imports the same rules as the Chromium-printed pair', async () => {
    const a = site('lorcana', 'cr', 'dotted');
    const b = site('lorcana', 'cr', 'dotted');
    const chromium = await runImport({ game: 'lorcana', en: join(PDF, 'lorcana-en.pdf'), ja: join(PDF, 'lorcana-ja.pdf'), jaFollows: '2031-03-07', out: join(a, 'lorcana/cr'), today: '2031-03-10' });
    const type3 = await runImport({ game: 'lorcana', en: join(PDF, 'lorcana-en-type3.pdf'), ja: join(PDF, 'lorcana-ja-type3.pdf'), jaFollows: '2031-03-07', out: join(b, 'lorcana/cr'), today: '2031-03-10' });
    expect(type3.problems).toEqual([]);
    const named = (r: typeof type3) => JSON.parse(JSON.stringify(r.built?.entries).replace(/-type3\.pdf/g, '.pdf'));
    expect(named(type3)).toEqual(named(chromium));
    expect(read(b, 'lorcana/cr/official/1.2.yaml')).toMatchObject({ title: { en: 'Damage', ja: 'ダメージ' } });
    expect(type3.lines.filter((l) => / error /.test(l))).toEqual([]);
  });
});

describe('the report of a PDF with bad lines', () => {
  it('quotes each line at file:page:line and names a malformed number as such', async () => {
    const dir = site('lorcana', 'cr', 'dotted');
    const result = await runImport({ game: 'lorcana', en: join(PDF, 'lorcana-en-bad-type3.pdf'), out: join(dir, 'lorcana/cr'), dryRun: true, today: '2031-03-10' });
    expect(result.lines.filter((l) => / error /.test(l))).toEqual([
      '  lorcana-en-bad-type3.pdf:3:41 error   malformed rule number "1.x." ("x" where a number belongs): line skipped — “1.x. This rule number was left as a placeholder by the editor of this…”',
      '  lorcana-en-bad-type3.pdf:3:43 error   duplicate rule number 1.2.2 (first at page 3 line 37): line skipped — “1.2.2. The same number again.”',
    ]);
    expect(result.lines).toContain('  lorcana-en-bad-type3.pdf: lines read 65 = rules 44 + examples 1 + glossary 0 + contents 6 + headers/footers 8 + front matter 3 + back matter 0 + malformed 3'); // the placeholder rule wraps over two lines
  });
});

describe('Magic, the Comprehensive Rules as a PDF', () => {
  it.each([
    ['mtg-cr-type3.pdf', 'nameless Type 3 fonts'],
    ['mtg-cr-gs.pdf', 'Ghostscript, Helvetica'],
  ])('%s (%s) imports the same entries and glossary as the text file', async (file) => {
    const a = site('mtg', 'cr', 'mtg');
    const b = site('mtg', 'cr', 'mtg');
    const text = await runImport({ game: 'mtg', en: 'tests/fixtures/mtg-cr/en.txt', out: join(a, 'mtg/cr'), today: '2031-03-10' });
    const pdf = await runImport({ game: 'mtg', en: join(PDF, file), out: join(b, 'mtg/cr'), today: '2031-03-10' });
    // Helvetica in PostScript's Latin-1 has no curly quotes or dashes: compared with them made plain.
    // Where a term is on the page is a page's line, not the text file's; a definition's line breaks are the column's.
    const plain = (v: unknown): unknown => (typeof v === 'string' ? v.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/[—–]/g, '-').replace(/\s+/g, ' ')
      : Array.isArray(v) ? v.map(plain) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'line').map(([k, x]) => [k, plain(x)])) : v);
    expect(plain(pdf.built?.entries)).toEqual(plain(text.built?.entries));
    expect(plain(pdf.built?.glossary)).toEqual(plain(text.built?.glossary));
  });
});

describe('diagnostics quote the line they are about', () => {
  /** A one-file PDF source from lines of text (one page each). */
  const source = (lines: string[]): Source => ({
    path: 'lorcana-en.pdf', name: 'lorcana-en.pdf', format: 'pdf', dropped: [], describe: '', pages: 1,
    lines: lines.map((text, i) => ({ text, page: 3, line: i + 1, lines: 1, level: 0, size: 10, bold: false, weight: 'unknown', larger: false, otherFace: false, gapBefore: false, afterEnd: true })),
  });

  it('names a malformed number as such (not a duplicate of 4), with the line', () => {
    const parsed = parseLorcana(source(['1. CONCEPTS', '1.1. General', '1.1.1. A rule.', '4. PLAY', '4.x. This placeholder number was never filled in by the editor of this invented file, so the line is long.', '4..1. An empty part.', '4.1. Turns']), 'en');
    expect(formatDiagnostics(parsed.diagnostics, { en: 'lorcana-en.pdf' }).filter((l) => l.includes(' error '))).toEqual([
      '  lorcana-en.pdf:3:5 error   malformed rule number "4.x." ("x" where a number belongs): line skipped — “4.x. This placeholder number was never filled in by the editor of this…”',
      '  lorcana-en.pdf:3:6 error   malformed rule number "4..1." (an empty part between two periods): line skipped — “4..1. An empty part.”',
    ]);
    expect(parsed.units.map((u) => u.id)).toEqual(['1', '1.1', '1.1.1', '4', '4.1']);
  });

  it('quotes duplicate numbers and lines with no rule to attach to', () => {
    const parsed = parseLorcana(source(['1. CONCEPTS', '1.1. General', '1.1.1. A rule.', '1.1.1. The same number again.', 'A line after the skipped one.']), 'en');
    expect(formatDiagnostics(parsed.diagnostics, { en: 'lorcana-en.pdf' }).filter((l) => l.includes(' error '))).toEqual([
      '  lorcana-en.pdf:3:4 error   duplicate rule number 1.1.1 (first at page 3 line 3): line skipped — “1.1.1. The same number again.”',
      '  lorcana-en.pdf:3:5 error   line with no rule to attach to (after a skipped line): line skipped — “A line after the skipped one.”',
    ]);
  });

  it.each([
    ['1.2.3. Fine', undefined],
    ['10.11.Singer text', undefined],
    ['1.1.1.1. Four levels', undefined],
    ['4.x. Something', { number: '4.x.', why: '"x" where a number belongs' }],
    ['1.A.2. Letter', { number: '1.A.2.', why: '"A" where a number belongs' }],
    ['1.2.3.4.5. Deep', { number: '1.2.3.4.5.', why: 'more than four levels' }],
    ['1.2.100. Big', { number: '1.2.100.', why: 'a part of three digits or more' }],
  ])('numberProblem(%j)', (text, problem) => {
    expect(numberProblem(text)).toEqual(problem);
  });

  it.each([
    ['short line', '“short line”'],
    ['tab\there  and\u00a0spaces', '“tab here and spaces”'],
    ['escape \u001b[31mred\u001b[0m and \u202eright-to-left', '“escape \\u{1b}[31mred\\u{1b}[0m and \\u{202e}right-to-left”'],
    ['x'.repeat(100), `“${'x'.repeat(71)}…”`],
    ['A long line of rules text that goes on well past the length a report line should quote.', '“A long line of rules text that goes on well past the length a report…”'],
  ])('quoteLine(%j)', (text, quoted) => {
    expect(quoteLine(text)).toBe(quoted);
  });
});
