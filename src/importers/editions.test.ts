// Two editions of a small document (tests/fixtures/mtg-cr/editions/, invented text in both languages):
// the second inserts 100.1j (so 100.1j–100.1n become 100.1k–100.1p, skipping l and o), rewords 100.1e
// and 101.1, removes 101.2 (101.3 and 101.4 move up) and 102.1b, and gives 100.3 to a different
// rule. The import finds the moves, keeps the first edition, and prints the redirects the build asks for.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkContent } from '../content/check-content';
import { loadContent } from '../content/load-content';
import { orderSteps, replay, unitsOf, type HistoryStep } from '../model/history';
import { lostPermalinks, type Manifest } from '../model/permalinks';
import { resolvePin, reusedNumbers } from '../model/pinned';
import { checkRedirects, planRedirects } from '../model/redirects';
import { officialHistorySchema } from '../schemas/content';
import { type ImportOptions, runImport } from './apply';

const FIX = 'tests/fixtures/mtg-cr';
const ED = `${FIX}/editions`;
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

function content(): string {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-editions-test-'));
  dirs.push(dir);
  cpSync(join(FIX, 'content'), dir, { recursive: true });
  return dir;
}
const run = (dir: string, en: string, ja: string | undefined, today: string, more: Partial<ImportOptions> = {}) =>
  runImport({ game: 'mtg', en: join(ED, en), ...(ja ? { ja: join(ED, ja) } : {}), out: join(dir, 'mtg/cr'), today, ...more });
const historyDir = (dir: string) => join(dir, 'mtg/cr/official/_history');
const steps = (dir: string): HistoryStep[] => readdirSync(historyDir(dir)).sort().map((f) => ({
  id: f.replace(/\.yaml$/, ''), file: f, data: officialHistorySchema.parse(parse(readFileSync(join(historyDir(dir), f), 'utf8'))),
}));
const officialUnits = (dir: string) => {
  const o = join(dir, 'mtg/cr/official');
  return unitsOf(readdirSync(o).filter((f) => /^[^_].*\.yaml$/.test(f)).map((f) => ({ id: f.replace(/\.yaml$/, ''), data: parse(readFileSync(join(o, f), 'utf8')) })));
};
/** What the build would record for the site in `dir`: each page of the document and its sub-rule anchors. */
const manifestOf = (dir: string): Manifest => {
  const { site } = loadContent(dir);
  const out: Manifest = {};
  for (const lang of ['en', 'ja']) for (const e of site.entries) out[`/${lang}/mtg/${e.doc}/${e.id}/`] = e.data.rules.map((r) => r.id);
  return out;
};
/** The lines the report asks to add to redirects.yaml, as a map. */
const askedRedirects = (lines: string[]): Record<string, string> => {
  const start = lines.indexOf('    redirects:');
  if (start < 0) return {};
  const asked: string[] = [];
  for (const l of lines.slice(start + 1)) { if (!l.startsWith('      "')) break; asked.push(l.trim()); }
  return parse(asked.join('\n')) as Record<string, string>;
};

async function twoEditions() {
  const dir = content();
  const first = await run(dir, 'en-e1.txt', 'ja-e1.txt', '2032-01-20');
  expect(first.problems).toEqual([]);
  const published = manifestOf(dir);
  writeFileSync(join(dir, 'permalinks.json'), JSON.stringify(published));
  const firstUnits = officialUnits(dir);
  const second = await run(dir, 'en-e2.txt', 'ja-e2.txt', '2032-04-05');
  expect(second.problems).toEqual([]);
  return { dir, first, second, published, firstUnits };
}

describe('a new edition with an insertion, rewordings, removals and a reused number', () => {
  it('reports what was added, removed, reworded and moved, found by the text', async () => {
    const { second } = await twoEditions();
    expect(second.plan?.diff).toMatchObject({
      added: ['100.1j', '100.3'],
      removed: ['100.3', '101.2', '102.1b'],
      reworded: [
        { id: '100.1e', what: ['en', 'ja'] },
        { id: '100.1m', from: '100.1k', what: ['en', 'ja'] }, // only its cross-reference: 100.1n is now 100.1p
        { id: '100.1n', from: '100.1m', what: ['en', 'ja'] },
        { id: '101.1', what: ['en', 'ja'] },
      ],
      gone: ['101.4', '102.1b'],
    });
    const from = second.lines.findIndex((l) => l.startsWith('Changes since the last import'));
    expect(second.lines.slice(from, from + 8)).toEqual([
      'Changes since the last import (2032-01-10 + ja 20320115.0 → 2032-04-02 + ja 20320405.0): 2 added, 3 removed, 4 reworded, 6 moved',
      '  added (2): 100.1j, 100.3',
      '  removed (3): 100.3, 101.2, 102.1b',
      '  reworded (4): 100.1e (en, ja), 100.1k → 100.1m (en, ja), 100.1m → 100.1n (en, ja), 101.1 (en, ja)',
      '  moved (6), found by their text: 100.1j–100.1n → 100.1k–100.1p, 101.3–101.4 → 101.2–101.3',
      '    not word for word (similarity): 100.1m → 100.1n (0.93)',
      '  numbers that now hold another rule (7): 100.1j (its rule is now 100.1k), 100.1k (its rule is now 100.1m), 100.1m (its rule is now 100.1n), 100.1n (its rule is now 100.1p), 100.3 (its rule was removed), 101.2 (its rule was removed), 101.3 (its rule is now 101.2)',
      '  ⚠ 2 ids no longer exist: 101.4 (now 101.3), 102.1b (removed).',
    ]);
  });

  it('keeps the first edition in one step file: walking it back gives the first edition exactly, in both languages', async () => {
    const { dir, firstUnits, second } = await twoEditions();
    expect(readdirSync(historyDir(dir))).toEqual(['2032-04-02.yaml']);
    const [step] = steps(dir);
    expect(step!.data).toMatchObject({
      follows: '2032-01-10', edition: { en: '2032-04-02', ja: '20320405.0' }, previous: { en: '2032-01-10', ja: '20320115.0' },
      added: ['100.1j', '100.3'], removed: ['100.3', '101.2', '102.1b'],
      moved: [{ from: '100.1j', to: '100.1k' }, { from: '100.1k', to: '100.1m' }, { from: '100.1m', to: '100.1n' }, { from: '100.1n', to: '100.1p' }, { from: '101.3', to: '101.2' }, { from: '101.4', to: '101.3' }],
    });
    // Only what changed: the earlier texts of the 7 rules reworded or removed, nothing of the 19 others.
    expect(step!.data.before.map((b) => b.id)).toEqual(['100.1e', '100.1k', '100.1m', '100.3', '101.1', '101.2', '102.1b']);
    expect(step!.data.before[0]).toEqual({ id: '100.1e', en: 'Each player draws five cards as the game starts.', ja: 'ゲームの開始時に、各プレイヤーはカードを5枚引く。' });
    expect(second.lines).toContain('  cr/official/_history/2032-04-02.yaml: the previous edition kept (follows 2032-01-10; 7 earlier texts, 6 moves, 2 added, 3 removed)');

    const { ordered } = orderSteps(steps(dir));
    const [now, then] = replay(officialUnits(dir), ordered, '2032-04-02');
    expect(now!.id).toBe('2032-04-02');
    expect(then!.id).toBe('2032-01-10');
    const sorted = (u: typeof firstUnits) => JSON.stringify([...u].sort(([a], [b]) => a.localeCompare(b)).map(([id, x]) => [id, Object.fromEntries(Object.entries(x).sort())]));
    expect(sorted(then!.units)).toBe(sorted(firstUnits));
    expect(checkContent(dir).problems).toEqual([]);
  });

  it('prints the redirect lines the build asks for; filled in, the permanent-link manifest loses nothing', async () => {
    const { dir, second, published } = await twoEditions();
    const asked = askedRedirects(second.lines);
    expect(asked).toEqual({
      // 101.4 moved to 101.3: its page and its own anchor go there.
      '/en/mtg/cr/101.4/': '/en/mtg/cr/101.3/',
      '/en/mtg/cr/101.4/#101.4': '/en/mtg/cr/101.3/#101.3',
      // 102.1b was removed: where it goes is for an editor to decide.
      '/en/mtg/cr/102.1/#102.1b': '…',
      '/ja/mtg/cr/101.4/': '/ja/mtg/cr/101.3/',
      '/ja/mtg/cr/101.4/#101.4': '/ja/mtg/cr/101.3/#101.3',
      '/ja/mtg/cr/102.1/#102.1b': '…',
    });
    // 100.1j–100.1n and 100.3 are still ids (of other rules now): their anchors need no redirect.
    const filled = Object.fromEntries(Object.entries(asked).map(([from, to]) => [from, to === '…' ? from.replace(/#.*$/, '') : to]));
    const lines = Object.entries(filled).map(([from, to]) => ({ from, to, file: 'content/redirects.yaml', field: `redirects["${from}"]` }));
    const rules = planRedirects(lines);
    const built = manifestOf(dir);
    expect(rules.problems).toEqual([]);
    expect(checkRedirects(rules, built, published).problems).toEqual([]);
    expect(lostPermalinks(published, built, filled)).toEqual([]);
    // With the page's line alone, the build finds the page's own anchor homeless (/101.3/ has no #101.4).
    const pageOnly = planRedirects(lines.filter((l) => !l.from.endsWith('#101.4')));
    expect(checkRedirects(pageOnly, built, published).problems.map((p) => p.message)).toEqual([
      '1 published anchor of /en/mtg/cr/101.4/ would land on /en/mtg/cr/101.3/ where it does not exist: #101.4',
      '1 published anchor of /ja/mtg/cr/101.4/ would land on /ja/mtg/cr/101.3/ where it does not exist: #101.4',
    ]);
  });
});

describe('the site reads the kept editions', () => {
  it('lists the editions newest first with what each import changed, and keeps every earlier text', async () => {
    const { dir } = await twoEditions();
    const { site } = loadContent(dir);
    const doc = site.games.find((g) => g.id === 'mtg')!.docs.find((d) => d.id === 'cr')!;
    const history = doc.history!;
    expect(history.editions.map((e) => [e.id, e.edition])).toEqual([
      ['2032-04-02', { en: '2032-04-02', ja: '20320405.0' }],
      ['2032-01-10', { en: '2032-01-10', ja: '20320115.0' }],
    ]);
    expect(history.editions[1]!.step).toBeUndefined();
    expect(history.editions[0]!.step).toMatchObject({
      added: ['100.1j', '100.3'], removed: ['100.3', '101.2', '102.1b'],
      reworded: [
        { from: '100.1e', to: '100.1e', fields: ['en', 'ja'] },
        { from: '100.1k', to: '100.1m', fields: ['en', 'ja'] },
        { from: '100.1m', to: '100.1n', fields: ['en', 'ja'] },
        { from: '101.1', to: '101.1', fields: ['en', 'ja'] },
      ],
    });
    // A removed rule's last words, in both languages, from the edition before.
    const then = history.states[1]!.units;
    expect(then.get('101.2')?.en).toBeTruthy();
    expect(then.get('101.2')?.ja).toBeTruthy();
    expect(history.states[0]!.units.has('101.2')).toBe(true); // the number now holds what was 101.3
    expect(history.numberings).toEqual([expect.objectContaining({ id: '2032-01-10', retired: [{ from: '100.3', in: '2032-04-02' }, { from: '101.2', in: '2032-04-02' }, { from: '102.1b', in: '2032-04-02' }] })]);
  });

  it('turns the found moves into the renumbering notices: a number that holds another rule now, and where a retired number went', async () => {
    const { dir } = await twoEditions();
    const { site } = loadContent(dir);
    const pair = (m: { from: string; to: string; edition: { id: string } }) => `${m.edition.id}: ${m.from} → ${m.to}`;
    const at = site.renumbering('mtg', '100.1k');
    expect(at.reused.map(pair)).toEqual(['2032-01-10: 100.1k → 100.1m']);
    expect(at.formerly.map(pair)).toEqual(['2032-01-10: 100.1j → 100.1k']);
    expect(at.reused[0]!.edition.title.en).toContain('2032-01-10');
    expect(site.moves('mtg').filter((m) => m.retired).map(pair)).toEqual(['2032-01-10: 101.4 → 101.3']);
    expect(site.moves('mtg').map(pair)).toEqual([
      '2032-01-10: 100.1j → 100.1k', '2032-01-10: 100.1k → 100.1m', '2032-01-10: 100.1m → 100.1n', '2032-01-10: 100.1n → 100.1p',
      '2032-01-10: 101.3 → 101.2', '2032-01-10: 101.4 → 101.3',
    ]);
  });
});

describe('pinned links across the two imported editions', () => {
  // Where each rule of the first edition is in the second (read from the fixture's texts, not the step).
  const now: Record<string, string> = {
    '100.1j': '100.1k', '100.1k': '100.1m', '100.1m': '100.1n', '100.1n': '100.1p', '101.3': '101.2', '101.4': '101.3',
    '100.3': 'removed in 2032-04-02', '101.2': 'removed in 2032-04-02', '102.1b': 'removed in 2032-04-02',
  };
  const reworded = new Set(['100.1e', '100.1k', '100.1m', '101.1']);
  it('lands every id of the first edition on the right rule of the second', async () => {
    const { dir, firstUnits } = await twoEditions();
    const { site } = loadContent(dir);
    const table = site.pins('mtg');
    const units = site.games.find((g) => g.id === 'mtg')!.docs.find((d) => d.id === 'cr')!.history!.states[0]!.units;
    const exists = (_doc: string, id: string) => site.resolve('mtg', id) !== undefined;
    expect(table.docs[0]!.editions.map((e) => e.id)).toEqual(['2032-04-02', '2032-01-10']);
    expect(firstUnits.size).toBe(27);
    for (const [id, then] of firstUnits) {
      const r = resolvePin(table, id, '2032-01-10', exists);
      const got = r.kind === 'rule' ? r.to : r.kind === 'removed' ? `removed in ${r.in}` : r.kind;
      expect(`${id} → ${got}`).toBe(`${id} → ${now[id] ?? id}`);
      if (r.kind !== 'rule') continue;
      const text = units.get(r.to)!;
      if (reworded.has(id)) expect(text.en).not.toBe(then.en);
      else expect([text.en, text.ja]).toEqual([then.en, then.ja]);
    }
    // Pinned to the second edition, 100.1j is the inserted rule; 100.1p was no number of the first.
    expect(resolvePin(table, '100.1j', '2032-04-02', exists)).toMatchObject({ kind: 'rule', to: '100.1j', current: true });
    expect(resolvePin(table, '100.1p', '2032-01-10', exists)).toMatchObject({ kind: 'none' });
    // 100.3 was removed and the number given to another rule in the same step: not a move, still a number that means another rule.
    expect(reusedNumbers(table.docs[0]!, ['100.3', '100.1j', '100.2']).map((x) => [x.id, x.to ?? `removed in ${x.removedIn}`]))
      .toEqual([['100.3', 'removed in 2032-04-02'], ['100.1j', '100.1k']]);
  });
});

describe('more imports of the same document', () => {
  it('a newer Japanese translation of the same edition is a step of its own, named ja-{version}', async () => {
    const { dir } = await twoEditions();
    const third = await run(dir, 'en-e2.txt', 'ja-e2b.txt', '2032-04-21');
    expect(third.problems).toEqual([]);
    expect(readdirSync(historyDir(dir))).toEqual(['2032-04-02.yaml', 'ja-20320420.0.yaml']);
    expect(steps(dir)[1]!.data).toMatchObject({ follows: '2032-04-02', edition: { en: '2032-04-02', ja: '20320420.0' }, added: [], removed: [], moved: [], before: [{ id: '100.2', ja: '最も年少のプレイヤーが最初のターンを行う。' }] });
    expect(third.plan?.diff.reworded).toEqual([{ id: '100.2', what: ['ja'] }]);
    expect(checkContent(dir).problems).toEqual([]);
  });

  it('going back to the first edition (a newer file imported by mistake, then the right one) is a step of its own, -2', async () => {
    const { dir } = await twoEditions();
    // Unasked, going back is refused: a stale download looks like this.
    const refused = await run(dir, 'en-e1.txt', 'ja-e1.txt', '2032-04-09');
    expect(refused.ok).toBe(false);
    expect(refused.lines.slice(-2)).toEqual([
      '✗ the files are an older edition (2032-01-10 + ja 20320115.0) than the one imported last (2032-04-02 + ja 20320405.0): the English edition goes back. A stale download looks like this. To go back on purpose (the newer file was imported by mistake), run again with --allow-older',
      '✗ not written',
    ]);
    expect(readdirSync(historyDir(dir))).toEqual(['2032-04-02.yaml']);
    const back = await run(dir, 'en-e1.txt', 'ja-e1.txt', '2032-04-09', { allowOlder: true });
    expect(back.problems).toEqual([]);
    expect(back.lines).toContain('  ⚠ the files are an older edition (2032-01-10 + ja 20320115.0) than the one imported last (2032-04-02 + ja 20320405.0): the English edition goes back — imported anyway (--allow-older): the history keeps it as a step back');
    expect(readdirSync(historyDir(dir))).toEqual(['2032-01-10-2.yaml', '2032-04-02.yaml']);
    expect(steps(dir)[0]!.data).toMatchObject({ follows: '2032-04-02', edition: { en: '2032-01-10' }, imported: new Date('2032-04-09') });
    const { site } = loadContent(dir);
    const doc = site.games.find((g) => g.id === 'mtg')!.docs.find((d) => d.id === 'cr')!;
    expect(doc.history!.editions.map((e) => e.id)).toEqual(['2032-01-10-2', '2032-04-02', '2032-01-10']);
  });

  it('the same files again write no step; the content check catches a history that does not fit', async () => {
    const { dir } = await twoEditions();
    const again = await run(dir, 'en-e2.txt', 'ja-e2.txt', '2032-04-06');
    expect(again.changes).toEqual([]);
    const file = join(historyDir(dir), '2032-04-02.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('{from: "101.4", to: "101.3"}', '{from: "101.4", to: "101.9"}'));
    expect(checkContent(dir).problems.map((p) => `${p.field}: ${p.message}`)).toEqual(expect.arrayContaining([
      'moved[5].to: "101.9" is not an id of edition 2032-04-02',
    ]));
    rmSync(file);
    writeFileSync(join(historyDir(dir), 'notes.yml'), 'x: 1\n');
    expect(checkContent(dir).problems.map((p) => `${p.file.replace(dir, '')} › ${p.message}`)).toEqual([expect.stringMatching(/_history\/notes\.yml › has the extension \.yml/)]);
  });

  it('checks the new glossary with the new edition: the old one may cite a number the new edition gives up', async () => {
    // Found on the real 2019-07-12 edition, which renumbered rules the previous glossary cited.
    const dir = content();
    const files = mkdtempSync(join(tmpdir(), 'taiyaku-editions-glossary-'));
    dirs.push(files);
    const cite = (name: string, rule: string) => {
      const text = readFileSync(join(ED, name), 'utf8').replace('The player whose turn it is. See rule 101.1.', `The player whose turn it is. See rule ${rule}.`);
      writeFileSync(join(files, name), text);
      return join(files, name);
    };
    const at = (en: string, today: string) => runImport({ game: 'mtg', en, out: join(dir, 'mtg/cr'), today });
    expect((await at(cite('en-e1.txt', '101.4'), '2032-01-20')).problems).toEqual([]);
    const glossary = join(dir, 'mtg/cr/official/_glossary.yaml');
    expect(readFileSync(glossary, 'utf8')).toMatch(/entries:\n\s+- "101.4"/);
    const second = await at(cite('en-e2.txt', '101.3'), '2032-04-05'); // 101.4 is 101.3 now
    expect(second.problems).toEqual([]);
    expect(second.lines.at(-1)).toBe('✓ written');
    expect(readFileSync(glossary, 'utf8')).toMatch(/entries:\n\s+- "101.3"/);
    expect(checkContent(dir).problems).toEqual([]);
  });

  it('importing the same English edition alone after both languages changes nothing: the translation is kept', async () => {
    const { dir } = await twoEditions();
    const english = await run(dir, 'en-e2.txt', undefined, '2032-04-07');
    expect(english.problems).toEqual([]);
    const last = orderSteps(steps(dir)).ordered.at(-1);
    expect(last!.id).toBe('2032-04-02'); // no step: neither an edition nor a text changed
    expect(existsSync(join(historyDir(dir), '2032-04-02-2.yaml'))).toBe(false);
    expect(english.lines).toContain('  kept from the earlier translation: 22');
    expect(english.lines).toContain('  English rules 22 = by number 0 + carried 0 + kept 22 + added since 0 + not in the translation 0');
    expect(checkContent(dir).problems).toEqual([]);
  });
});
