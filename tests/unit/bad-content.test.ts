// Bad input: each case starts from a valid fixture (tests/fixtures/content/base), breaks one file,
// and checks that loading reports the file, the field and what was expected.
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent, estimatePageBytes, MAX_PAGE_BYTES } from '~/content/check-content';
import { loadContent } from '~/content/load-content';
import { ContentError, formatProblem } from '~/model/problems';

const BASE = 'tests/fixtures/content/base';
const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

/** A copy of the valid fixture with `files` written over it. */
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
      /100\.3\.yaml › title\.en: is required\. Expected a string/],
    ['unknown field (typo)', { 'demo/cr/100.3.yaml': entry('seeAlsoo: []\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /100\.3\.yaml › seeAlsoo: is not a field here \(did you mean "seeAlso"\?\)\. Expected one of: title, sourceTitle, .*seeAlso/],
    ['wrong type, deep in a sub-rule', { 'demo/cr/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: あ, en: a, notes: [{ kind: warning, ja: x }] }\n') },
      /100\.3\.yaml › rules\[0\]\.notes\[0\]\.kind: is "warning"\. Expected one of "tl", "question"/],
    ['a .yml file', { 'demo/cr/100.3.yml': entry('rules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /demo\/cr\/100\.3\.yml › \(file\): has the extension \.yml, which the site does not read\. Expected 100\.3\.yaml/],
    ['a .md file', { 'demo/cr/100.3.md': '# x\n' },
      /demo\/cr\/100\.3\.md › \(file\): is Markdown \(\.md\), which the site does not read\. Expected 100\.3\.mdx/],
    ['a file in a sub-folder', { 'demo/cr/old/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /demo\/cr\/old\/100\.3\.yaml › \(file\): sits in a sub-folder \(old\/\) that the site does not read\. Expected the file directly in content\/demo\/cr\//],
    ['an unknown file beside a game', { 'demo/notes.txt': 'x\n' },
      /demo\/notes\.txt › \(file\): is not a content file the site reads/],
    ['100.1.yaml beside 100.1.mdx', { 'demo/cr/100.1.mdx': `---\n${entry('rules:\n  - { id: 100.1a, ja: あ, en: a }')}\n---\n\nBody.\n` },
      /demo\/cr\/100\.1\.yaml › \(file\): is the same entry as .*demo\/cr\/100\.1\.mdx \(both are demo\/cr\/100\.1\)\. Expected one file per entry/],
    ['malformed MDX, with the line of the file', { 'demo/cr/100.3.mdx': `---\n${entry('rules:\n  - { id: 100.3a, ja: あ, en: a }')}\n---\n\n<Pair id="x">\n<div lang="ja">unclosed\n</Pair>\n` },
      /demo\/cr\/100\.3\.mdx:9:1 › body: Expected a closing tag for `<div>` \(9:1-9:16\) before the end of `paragraph`\. Expected valid MDX/],
    ['a title of invisible characters', { 'demo/cr/100.3.yaml': 'title: { ja: "\\u200b", en: Rule }\nchecked: 2026-11-30\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n' },
      /100\.3\.yaml › title\.ja: shows nothing \(only invisible characters\)/],
    ['a note without text', { 'demo/cr/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: あ, en: a, notes: [{ kind: question, ja: "<!-- later -->" }] }\n') },
      /100\.3\.yaml › rules\[0\]\.notes\[0\]: the note has no text in either language/],
    ['"community" over a sub-rule without text', { 'demo/cr/100.3.yaml': entry('status: { en: community }\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n  - { id: 100.3b, ja: い }\n') },
      /100\.3\.yaml › status\.en: is "community", but 1 sub-rule has no en text \(rules\[1\]\)/],
    ['the same wording under two term ids', { 'demo/terms.yaml': 'terms:\n  - { id: rule, en: rule, ja: 規則, def: { ja: あ, en: a } }\n  - { id: law, en: law, ja: 法, variants: [{ term: Rule, lang: en, source: community }], def: { ja: い, en: b } }\n' },
      /terms\.yaml › terms\[1\]\.variants\[0\]\.term: the wording "Rule" is already term "rule" \(terms\[0\]\.en\)/],
    ['a document without a version', { 'demo/cr/document.yaml': 'title: { ja: x, en: x }\npublisher: x\nabout: { ja: x, en: x }\n' },
      /demo\/cr\/document\.yaml › version: is missing, and 2 of its entries name no source\.version \(100\.1, 100\.2\)/],
    ['an unknown edition without a 要確認 note', { 'demo/cr/document.yaml': 'title: { ja: x, en: x }\npublisher: x\nversion: { ja: 未特定, en: not identified }\nabout: { ja: x, en: x }\n' },
      /demo\/cr\/document\.yaml › notes: the version is described \(not established\) but no 要確認 note explains it/],
    ['a redirect loop', { 'redirects.yaml': 'redirects:\n  /{lang}/demo/cr/100.8/: /{lang}/demo/cr/100.9/\n  /{lang}/demo/cr/100.9/: /{lang}/demo/cr/100.8/\n' },
      /redirects\.yaml › redirects\["\/\{lang\}\/demo\/cr\/100\.8\/"\]: the redirects go round in a loop: \/ja\/demo\/cr\/100\.8\/ → \/ja\/demo\/cr\/100\.9\/ → \/ja\/demo\/cr\/100\.8\//],
    ['unknown game', { 'nogame/cr/document.yaml': 'title: { ja: x, en: x }\npublisher: x\nabout: { ja: x, en: x }\n', 'nogame/cr/1.yaml': entry('rules:\n  - { id: "1", ja: あ, en: a }\n') },
      /nogame\/cr\/document\.yaml › game: unknown game "nogame"\. Expected a folder with content\/nogame\/game\.yaml/],
    ['unknown document', { 'demo/xx/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /demo\/xx\/100\.3\.yaml › document: unknown document "xx" in demo\. Expected one of: cr/],
    ['sub-rule outside its entry', { 'demo/cr/100.3.yaml': entry('rules:\n  - { id: 100.4a, ja: あ, en: a }\n') },
      /100\.3\.yaml › rules\[0\]\.id: "100\.4a" is not a sub-rule id of entry "100\.3"/],
    ['missing without a reason', { 'demo/cr/100.3.yaml': entry('status: { en: missing }\nrules:\n  - { id: 100.3a, ja: あ }\n') },
      /100\.3\.yaml › missing\.en: the en text is marked missing without a reason/],
    ['malformed YAML', { 'demo/cr/100.3.yaml': 'title: { ja: 規則, en: Rule\nchecked: [\n' },
      /100\.3\.yaml:2:1 › \(file\): cannot be parsed: missed comma between flow collection entries\. Expected valid YAML/],
    ['malformed frontmatter, with the line of the file', { 'demo/cr/100.3.mdx': '---\ntitle: { ja: 規則, en: Rule }\nchecked: [\n---\n\nBody.\n' },
      /100\.3\.mdx:4:1 › \(file\): cannot be parsed: /],
  ])('%s', (_, files, message) => {
    expect(problemsOf(fixture(files as Record<string, string>))).toMatch(message);
  });

  it('lists every problem at once, not just the first: schema, files, cross-entry and redirects together', () => {
    const dir = fixture({
      'demo/cr/100.3.yaml': entry('seeAlso: ["1.1", "1.2"]\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n'),
      'demo/cr/100.4.yaml': 'title: { ja: 規則 }\nchecked: 2026-11-30\nrules:\n  - { id: 100.4a, ja: あ, en: a }\n',
      'demo/cr/100.5.yml': 'x: 1\n',
      'redirects.yaml': 'redirects:\n  /en/demo/cr/100.9/: https://example.com/\n',
    });
    const { problems } = checkContent(dir);
    expect(problems.map((p) => `${p.file.replace(/.*\/demo\//, 'demo/').replace(/.*\/redirects/, 'redirects')} › ${p.field}`).sort()).toEqual([
      'demo/cr/100.3.yaml › seeAlso[0]',
      'demo/cr/100.3.yaml › seeAlso[1]',
      'demo/cr/100.4.yaml › title.en',
      'demo/cr/100.5.yml › (file)',
      'redirects.yaml › redirects["/en/demo/cr/100.9/"]',
    ]);
    expect(problemsOf(dir)).toMatch(/found 5 content problems/);
  });

  it.each([
    ['empty HTML', '"<b></b>"', '<b>", "</b>'],
    ['a comment', '"<!-- todo -->"', '<!-- todo -->'],
  ])('text that shows nothing because it is raw HTML (%s) stops the build, naming the HTML', (_, text, html) => {
    const dir = fixture({ 'demo/cr/100.3.yaml': entry(`rules:\n  - { id: 100.3a, ja: あ, en: ${text} }\n  - { id: 100.3b, ja: い, en: b }\n`) });
    const { site, problems } = checkContent(dir);
    expect(site).toBeUndefined();
    expect(problems.map(formatProblem)).toEqual([expect.stringContaining(`100.3.yaml › rules[0].en: raw HTML "${html}" is not shown on the page`)]);
  });

  it.each([
    ['a zero-width space', '"\\u200b"'],
    ['an empty string', '""'],
  ])('text that shows nothing (%s) counts as missing, with a warning', (_, text) => {
    const dir = fixture({ 'demo/cr/100.3.yaml': entry(`rules:\n  - { id: 100.3a, ja: あ, en: ${text} }\n  - { id: 100.3b, ja: い, en: b }\n`) });
    const { site, warnings } = checkContent(dir);
    const e = site?.entries.find((x) => x.id === '100.3');
    expect(e?.status.en).toBe('draft');
    expect(e?.missing.en).toBe(1);
    expect(e?.data.rules[0]).not.toHaveProperty('en');
    expect(warnings.map(formatProblem)).toEqual([
      expect.stringMatching(/100\.3\.yaml › rules\[0\]\.en: shows nothing \(.*\), so it counts as missing\. Expected text a reader can see, or leave the field out\./),
    ]);
  });

  it('reports an entry too large for one page before anything renders, with what to do', () => {
    const rules = Array.from({ length: 3000 }, (_, i) => `  - { id: "100.${i + 3}", ja: "${'呪文を唱えるとき、追加コストを支払ってもよい。'.repeat(6)}", en: "${'A player may pay an additional cost while casting the spell. '.repeat(6)}" }`).join('\n');
    const dir = fixture({ 'demo/cr/100.yaml': entry(`rules:\n${rules}\n`) });
    expect(problemsOf(dir)).toMatch(/demo\/cr\/100\.yaml › rules: the entry would make a page of about \d+\.\d MB \(3000 sub-rules, \d\.\d MB of source\), over the 5\.0 MB a page of the offline copy may be\. Expected smaller entries: split it into several files/);
  });

  it('estimates page sizes from builds measured on this stack (within 20% above the real size)', () => {
    // Built with `astro build` (2026-12-01): [source bytes, sub-rules, largest of page and JSON].
    for (const [source, subRules, actual] of [[1_231_965, 3000, 3_660_034], [1_133_964, 600, 2_393_454]] as const) {
      const estimate = estimatePageBytes(source, subRules);
      expect(estimate).toBeGreaterThanOrEqual(actual * 0.95);
      expect(estimate).toBeLessThanOrEqual(actual * 1.2);
    }
    expect(MAX_PAGE_BYTES).toBe(5 * 1024 * 1024);
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
    ['a document without a version', { 'demo/cr/document.yaml': versioned.replace('version: "2"\n', ''), 'demo/editions.yaml': editions(move('100.1b', '100.1a')) },
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
      /demo\/editions\.yaml › documents\.cr\.earlier\[0\]\.moved: must list at least one moved rule/],
    ['a typo in a field name', { 'demo/cr/document.yaml': versioned, 'demo/editions.yaml': editions(move('100.1b', '100.1a')).replace('current:', 'currnet:') },
      /demo\/editions\.yaml › documents\.cr\.currnet: is not a field here \(did you mean "current"\?\)/],
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
