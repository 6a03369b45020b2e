// Bad input: each case starts from a valid fixture (tests/fixtures/content/base), breaks one file,
// and checks that loading reports the file, the field and what was expected.
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent, estimatePageBytes, MAX_PAGE_BYTES } from '~/lib/check-content';
import { loadContent } from '~/lib/load-content';
import { ContentError, formatProblem } from '~/lib/problems';

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
    ['a zero-width space', '"\\u200b"'],
    ['empty HTML', '"<b></b>"'],
    ['a comment', '"<!-- todo -->"'],
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
