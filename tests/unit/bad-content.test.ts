// Bad input: each case starts from a valid fixture (tests/fixtures/content/base), breaks one file,
// and checks that loading reports the file, the field and what was expected.
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '~/lib/load-content';
import { ContentError } from '~/lib/problems';

const BASE = 'tests/fixtures/content/base';
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

/** A copy of the valid fixture with `files` written over it (null deletes nothing, just adds). */
export function fixture(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'taiyaku-content-'));
  dirs.push(dir);
  cpSync(BASE, dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function problemsOf(dir: string): string {
  try {
    loadContent(dir);
  } catch (e) {
    if (e instanceof ContentError) return e.message;
    throw e;
  }
  return '';
}

const entry = (extra: string) => `title: { ja: 規則, en: Rule }\nchecked: 2026-11-30\n${extra}`;

describe('bad content is reported with file, field and expectation', () => {
  it('accepts the valid fixture', () => {
    expect(problemsOf(fixture({}))).toBe('');
  });

  it.each([
    ['duplicate id', { 'demo/cr/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: あ, en: a }\n'), 'demo/cr/100.4.yaml': entry('rules:\n  - { id: 100.4a, ja: あ, en: a }\n  - { id: 100.4a, ja: い, en: b }\n') },
      /demo\/cr\/100\.4\.yaml › rules\[1\]\.id: duplicate id "100\.4a" \(already defined in .*100\.4\.yaml › rules\[0\]\.id\)\. Expected an id that is unique/],
    ['see-also to an unknown id', { 'demo/cr/100.3.yaml': entry('seeAlso: ["100.9z"]\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /100\.3\.yaml › seeAlso\[0\]: "100\.9z" is not an id in demo\. Expected an entry or sub-rule id of demo, or an id declared in content\/demo\/planned\.yaml/],
    ['[[link]] to an unknown id', { 'demo/cr/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: "[[nowhere]]", en: a }\n') },
      /100\.3\.yaml › rules\[0\]\.ja: the link \[\[nowhere\]\] points to no id in demo/],
    ['missing required field', { 'demo/cr/100.3.yaml': 'title: { ja: 規則 }\nchecked: 2026-11-30\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n' },
      /100\.3\.yaml › title\.en: .*Expected a value that matches the schema/],
    ['unknown field (typo)', { 'demo/cr/100.3.yaml': entry('seeAlsoo: []\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /100\.3\.yaml › \(root\): .*seeAlsoo/],
    ['unknown game', { 'nogame/cr/document.yaml': 'title: { ja: x, en: x }\npublisher: x\nabout: { ja: x, en: x }\n', 'nogame/cr/1.yaml': entry('rules:\n  - { id: "1", ja: あ, en: a }\n') },
      /nogame\/cr\/document\.yaml › game: unknown game "nogame"\. Expected a folder with content\/nogame\/game\.yaml/],
    ['unknown document', { 'demo/xx/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /demo\/xx\/100\.3\.yaml › document: unknown document "xx" in demo\. Expected one of: cr/],
    ['sub-rule outside its entry', { 'demo/cr/100.3.yaml': entry('rules:\n  - { id: 100.4a, ja: あ, en: a }\n') },
      /100\.3\.yaml › rules\[0\]\.id: "100\.4a" is not a sub-rule id of entry "100\.3"/],
    ['missing without a reason', { 'demo/cr/100.3.yaml': entry('status: { en: missing }\nrules:\n  - { id: 100.3a, ja: あ }\n') },
      /100\.3\.yaml › missing\.en: the en text is marked missing without a reason/],
    ['malformed YAML', { 'demo/cr/100.3.yaml': 'title: { ja: 規則, en: Rule\nchecked: [\n' },
      /100\.3\.yaml › \(file\): cannot be parsed/],
  ])('%s', (_, files, message) => {
    expect(problemsOf(fixture(files as Record<string, string>))).toMatch(message);
  });

  it('lists every problem at once, not just the first', () => {
    const dir = fixture({
      'demo/cr/100.3.yaml': entry('seeAlso: ["1.1", "1.2"]\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n'),
    });
    expect(problemsOf(dir)).toMatch(/found 2 content problems/);
  });

  it('does not stop on a missing translation: it is counted', () => {
    const dir = fixture({ 'demo/cr/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: あ }\n  - { id: 100.3b, ja: い, en: b }\n') });
    const { site } = loadContent(dir);
    const e = site.entries.find((x) => x.id === '100.3');
    expect(e?.status).toEqual({ ja: 'community', en: 'draft' });
    expect(site.coverage.find((c) => c.game === 'demo' && c.lang === 'en')).toMatchObject({ rules: 4, missing: 1, entriesMissing: ['cr/100.3'] });
  });
});

// content/{game}/editions.yaml: which numbers of earlier editions moved (docs/content.md#editions).
describe('the editions record', () => {
  const versioned = 'title: { ja: 総合ルール, en: Comprehensive Rules }\npublisher: Test Publisher\nabout: { ja: テスト用の文書。, en: A document for tests. }\nversion: "2"\n';
  const editions = (moved: string, extra = '') => `documents:\n  cr:\n    current: "2"\n    earlier:\n      - id: "1"\n        title: { ja: 第1版, en: Edition 1 }\n        moved:\n${moved}${extra}`;
  const move = (from: string, to: string) => `          - { from: "${from}", to: "${to}", title: { ja: 規則, en: Rule } }\n`;

  it.each([
    ['an unknown document', { 'demo/editions.yaml': 'documents:\n  xx:\n    current: "2"\n' },
      /demo\/editions\.yaml › documents\.xx: unknown document "xx" in demo\. Expected one of: cr/],
    ['a current edition the document does not name', { 'demo/cr/document.yaml': versioned, 'demo/editions.yaml': editions(move('100.1b', '100.1a')).replace('current: "2"', 'current: "3"') },
      /demo\/editions\.yaml › documents\.cr\.current: "3" is not the version named in .*document\.yaml \("2"\)\. Expected the same edition in both files/],
    ['a document without a version', { 'demo/editions.yaml': editions(move('100.1b', '100.1a')) },
      /documents\.cr\.current: .*document\.yaml names no version string for "2" to match\. Expected version: "2"/],
    ['a target that is no id', { 'demo/cr/document.yaml': versioned, 'demo/editions.yaml': editions(move('100.1b', '100.9z')) },
      /documents\.cr\.earlier\[0\]\.moved\[0\]\.to: "100\.9z" is not an id in demo\. Expected an entry or sub-rule id of demo, or an id in content\/demo\/planned\.yaml/],
    ['an old number that is no rule number', { 'demo/cr/document.yaml': versioned, 'demo/editions.yaml': editions(move('one', '100.1a')) },
      /documents\.cr\.earlier\[0\]\.moved\[0\]\.from: "one" is not a rule number of demo\/cr\. Expected an id like "702\.33d"/],
    ['a rule that did not move', { 'demo/cr/document.yaml': versioned, 'demo/editions.yaml': editions(move('100.1a', '100.1a')) },
      /moved\[0\]\.to: "100\.1a" is the same number as before/],
    ['the same old number twice', { 'demo/cr/document.yaml': versioned, 'demo/editions.yaml': editions(move('100.1b', '100.1a') + move('100.1b', '100.2a')) },
      /moved\[1\]\.from: "100\.1b" is listed twice for edition "1"/],
    ['an earlier edition equal to the current one', { 'demo/cr/document.yaml': versioned, 'demo/editions.yaml': editions(move('100.1b', '100.1a')).replace('id: "1"', 'id: "2"') },
      /documents\.cr\.earlier\[0\]\.id: edition "2" is listed twice \(or is the current one\)/],
    ['an edition with nothing moved', { 'demo/cr/document.yaml': versioned, 'demo/editions.yaml': editions('          []\n').replace('moved:\n          []', 'moved: []') },
      /demo\/editions\.yaml › documents\.cr\.earlier\.0\.moved: must list at least one moved rule/],
    ['a typo in a field name', { 'demo/cr/document.yaml': versioned, 'demo/editions.yaml': editions(move('100.1b', '100.1a')).replace('current:', 'currnet:') },
      /demo\/editions\.yaml › documents\.cr: .*currnet/],
  ])('reports %s', (_, files, message) => {
    expect(problemsOf(fixture(files as Record<string, string>))).toMatch(message);
  });

  it('tells a reused number (it now holds another rule) from a retired one and from the destination', () => {
    // In edition 1, 100.1a was what is now 100.2a (100.1a itself now holds another rule), and
    // 100.1b (no such id now) is today's 100.1a.
    const dir = fixture({
      'demo/cr/document.yaml': versioned,
      'demo/editions.yaml': editions(move('100.1a', '100.2a') + move('100.1b', '100.1a')),
    });
    const { site } = loadContent(dir);
    const ids = (list: { from: string; to: string }[]) => list.map((m) => `${m.from}→${m.to}`);
    expect(ids(site.renumbering('demo', '100.1a').reused)).toEqual(['100.1a→100.2a']);
    expect(ids(site.renumbering('demo', '100.1a').formerly)).toEqual(['100.1b→100.1a']);
    expect(ids(site.renumbering('demo', '100.2a').formerly)).toEqual(['100.1a→100.2a']);
    expect(site.renumbering('demo', '100.2a').reused).toEqual([]);
    // A retired number is nowhere on the site: no notice, only a redirect.
    expect(site.renumbering('demo', '100.1b')).toEqual({ reused: [], formerly: [] });
    expect(site.moves('demo').map((m) => [m.from, m.retired])).toEqual([['100.1a', false], ['100.1b', true]]);
    expect(site.moves('demo')[0]?.edition).toEqual({ id: '1', title: { ja: '第1版', en: 'Edition 1' } });
  });
});
