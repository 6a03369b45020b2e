// A pair is always the same rule (docs/import.md#pairs), through the real `astro build` under a
// sub-path: the fixture site base + moved + official + history + pairs, where 104.1's English was
// reworded in 2031-03-07 while its Japanese is still the translation of the 2030-09-01 English,
// 101.1b was added in 2031-03-07 (no Japanese yet) and 104.2b's Japanese was carried from 104.3
// (English unchanged). The marks, their links, copy as quote, search and the JSON API are read from
// the built files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'parse5';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../../scripts/build-fixture.mjs';
import { checkDist, validateHtml } from '../../scripts/check-dist.mjs';
import { all, attrOf, hasClass, text, type Node } from './html-tree';

const BASE = '/taiyaku/';
let build: { status: number | null; output: string; content: string; out: string };
const file = (path: string) => readFileSync(join(build.out, path), 'utf8');
const page = (path: string) => parse(file(join(path, 'index.html'))) as unknown as Node;
const row = (doc: Node, id: string) => all(doc, (n) => hasClass(n, 'rule') && attrOf(n, 'id') === id)[0]!;
const notes = (r: Node) => all(r, (n) => hasClass(n, 'pair-edition'));

beforeAll(() => {
  build = buildFixture('pairs-pages', { overlays: ['moved', 'official', 'history', 'pairs'], env: { SITE_BASE: BASE, SITE_URL: 'https://example.github.io' } });
});

describe('sub-rules whose Japanese follows another English edition', () => {
  it('builds, and the marked pages pass the site\'s own output checks', async () => {
    expect(build.status, build.output).toBe(0);
    expect(checkDist(build.out, BASE).problems).toEqual([]);
    expect(await validateHtml(build.out)).toEqual([]);
  });

  it('marks the rule whose English changed since, in both languages, linking the change on its history page', () => {
    for (const lang of ['en', 'ja'] as const) {
      const doc = page(`${lang}/demo/cr/104`);
      const [note] = notes(row(doc, '104.1'));
      expect(attrOf(note!, 'data-pair')).toBe('changed');
      expect(attrOf(note!, 'data-pagefind-ignore')).toBe('all'); // search indexes the rule, not the note
      const sides = Object.fromEntries(all(note!, (n) => hasClass(n, 'txt')).map((s) => [attrOf(s, 'lang'), text(s)]));
      expect(sides['en']).toBe('The Japanese translates the English of 2030-09-01; the English has changed since (see the change in the history).');
      expect(sides['ja']).toBe('この日本語訳は英語版 2030-09-01の訳で、英語の条文はその後変わった（履歴で変更を見る）。');
      const links = all(note!, (n) => n.nodeName === 'a').map((a) => attrOf(a, 'href'));
      expect(links).toEqual([`${BASE}${lang}/demo/cr/104/history/#104.1`, `${BASE}${lang}/demo/cr/104/history/#104.1`]);
      // The history page it links shows 104.1's two English versions.
      const history = page(`${lang}/demo/cr/104/history`);
      const section = all(history, (n) => hasClass(n, 'h-rule') && attrOf(n, 'id') === '104.1')[0]!;
      expect(all(section, (n) => hasClass(n, 'h-version'))).toHaveLength(2);
      expect(all(section, (n) => n.nodeName === 'del').length).toBeGreaterThan(0);
      // …and says which English its current Japanese translates.
      expect(all(section, (n) => hasClass(n, 'pair-fact')).map(text)).toEqual([lang === 'en' ? 'The Japanese of the current version translates the English of 2030-09-01.' : '現在の版の日本語訳は、英語版 2030-09-01の訳である。']);
      // Copy as quote names the English edition the Japanese translates.
      const official = all(row(doc, '104.1'), (n) => hasClass(n, 'official'));
      expect(official.map((o) => attrOf(o, 'data-edition'))).toEqual(['総合ルール 20310301.0（英語版 2030-09-01 の訳）', 'Comprehensive Rules 2031-03-07']);
    }
  });

  it('says a rule added since has no Japanese yet; an unchanged carried rule carries no mark', () => {
    const doc = page('en/demo/cr/101.1');
    const [note] = notes(row(doc, '101.1b'));
    expect(attrOf(note!, 'data-pair')).toBe('added');
    expect(text(note!)).toContain('Added after the English 2030-09-01, the edition the Japanese translation follows: no Japanese yet.');
    expect(all(row(doc, '101.1b'), (n) => hasClass(n, 'official') && attrOf(n, 'data-edition')?.startsWith('総合ルール') === true)).toEqual([]);
    expect(notes(row(doc, '101.1a'))).toEqual([]);
    expect(notes(row(page('en/demo/cr/104.2'), '104.2b'))).toEqual([]);
    expect(notes(row(page('en/demo/cr/104'), '104.3'))).toEqual([]);
  });

  it('gives each language\'s edition per sub-rule in the JSON API', () => {
    const entry = JSON.parse(file('api/demo/cr/104.json')) as { rules: { id: string; official: { edition: unknown; jaFollows: unknown } | null }[] };
    const at = (id: string) => entry.rules.find((r) => r.id === id)!.official!;
    expect(at('104.1')).toMatchObject({ edition: { en: '2031-03-07', ja: '20310301.0' }, jaFollows: { edition: '2030-09-01', english: 'changed' } });
    expect(at('104.3').jaFollows).toBeNull();
    const moved = JSON.parse(file('api/demo/cr/104.2.json')) as typeof entry;
    expect(moved.rules.find((r) => r.id === '104.2b')!.official!.jaFollows).toEqual({ edition: '2030-09-01', from: '104.3', english: 'unchanged' });
  });
});
