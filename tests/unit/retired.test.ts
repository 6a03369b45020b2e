// Updates run unattended (src/model/retired.ts): after a re-import, every published URL of a rule
// that moved or was removed forwards by default — no redirects.yaml line needed — and a written line
// wins. On the two invented editions of tests/fixtures/mtg-cr/editions/ (101.2 and 102.1b removed,
// 101.3 → 101.2 and 101.4 → 101.3, 100.1j–n → 100.1k–p, 100.3 given to another rule).
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent } from '../../src/content/check-content';
import { loadContent } from '../../src/content/load-content';
import { runImport } from '../../src/importers/apply';
import { lostPermalinks, type Manifest } from '../../src/model/permalinks';

const ED = 'tests/fixtures/mtg-cr/editions';
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

/** What the build records for the document: each page and its anchors (the entry's own id, its sub-rules). */
const manifestOf = (dir: string): Manifest => {
  const { site } = loadContent(dir);
  const out: Manifest = {};
  for (const lang of ['en', 'ja']) for (const e of site.entries) out[`/${lang}/mtg/${e.doc}/${e.id}/`] = e.data.rules.map((r) => r.id);
  return out;
};

async function published(redirects?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-retired-test-'));
  dirs.push(dir);
  cpSync('tests/fixtures/mtg-cr/content', dir, { recursive: true });
  const run = (n: number, today: string) => runImport({ game: 'mtg', en: join(ED, `en-e${n}.txt`), ja: join(ED, `ja-e${n}.txt`), out: join(dir, 'mtg/cr'), today });
  expect((await run(1, '2032-01-20')).ok).toBe(true);
  const first = manifestOf(dir);
  writeFileSync(join(dir, 'permalinks.json'), JSON.stringify(first));
  if (redirects) writeFileSync(join(dir, 'redirects.yaml'), redirects);
  expect((await run(2, '2032-04-05')).ok).toBe(true);
  const check = checkContent(dir);
  expect(check.problems).toEqual([]);
  const lines = Object.fromEntries([...check.redirects.byFrom].filter(([from]) => from.startsWith('/en/')).map(([from, r]) => [from, r.final]));
  return { dir, first, lines, check };
}

describe('default redirects for moved and removed official rules', () => {
  it('forward every gone URL of the first edition: a moved rule to where it is now, a removed one to its last text', async () => {
    const { lines } = await published();
    expect(lines).toEqual({
      // 101.4's page is gone: its rule is 101.3 now.
      '/en/mtg/cr/101.4/': '/en/mtg/cr/101.3/',
      '/en/mtg/cr/101.4/#101.4': '/en/mtg/cr/101.3/#101.3',
      // 102.1b was removed: its last text is kept on 102.1's history page.
      '/en/mtg/cr/102.1/#102.1b': '/en/mtg/cr/102.1/history/#removed-102.1b-2032-04-02',
    });
  });

  it('leaves nothing published without a place to land', async () => {
    const { dir, first, check } = await published();
    const covered = Object.fromEntries([...check.redirects.byFrom.keys()].map((k) => [k, '']));
    expect(lostPermalinks(first, manifestOf(dir), covered)).toEqual([]);
  });

  it('a line of redirects.yaml wins over the default', async () => {
    const { lines, check } = await published('redirects:\n  "/{lang}/mtg/cr/102.1/#102.1b": "/{lang}/mtg/cr/102.1/"\n');
    expect(lines['/en/mtg/cr/102.1/#102.1b']).toBe('/en/mtg/cr/102.1/');
    expect(check.redirects.byFrom.get('/ja/mtg/cr/102.1/#102.1b')?.line.file).toMatch(/redirects\.yaml$/);
    expect(check.redirects.byFrom.get('/ja/mtg/cr/101.4/')?.line).toMatchObject({ to: '/ja/mtg/cr/101.3/', field: '(default for /ja/mtg/cr/101.4/: 101.4 of 2032-01-10 is 101.3 now)' });
  });
});
