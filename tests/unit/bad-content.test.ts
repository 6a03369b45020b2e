// Bad input: each case starts from a valid fixture (tests/fixtures/content/base), breaks one file,
// and checks that loading reports the file, the field and what was expected.
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContent, estimatePageBytes, folderNameProblem, MAX_PAGE_BYTES } from '~/content/check-content';
import { LANGS } from '~/schemas/content';
import { RESERVED_NAMES } from '~/schemas/layout';
import { loadContent } from '~/content/load-content';
import { z } from 'astro/zod';
import { ContentError, formatProblem, schemaProblems } from '~/model/problems';

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

/** schemaProblems for a value that should have been a number. */
const schemaProblemsOf = (value: unknown) => {
  const schema = z.strictObject({ n: z.number() });
  const data = { n: value };
  return schemaProblems('f.yaml', schema.safeParse(data).error!.issues, schema, data);
};

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
      /nogame\/ › game\.yaml: is missing: unknown game "nogame" \(the folder has 2 content files\)\. Expected content\/nogame\/game\.yaml, or the files moved into a game folder \(known games: demo\)/],
    ['unknown document', { 'demo/xx/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      /demo\/xx\/ › document\.yaml: is missing: unknown document "xx" in demo \(the folder has 1 content file\)\. Expected content\/demo\/xx\/document\.yaml, or the entries moved into a document of demo \(one of: cr\)/],
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

// Issue 26 (reliability): names, YAML, dates, MDX bodies, images; one problem for one cause.
describe('names, YAML, dates, MDX bodies and images', () => {
  const mdx = (id: string, body: string) => `---\n${entry(`rules:\n  - { id: ${id}a, ja: あ, en: a }`)}\n---\n\n${body}\n`;
  const doc = 'title: { ja: 文書, en: Document }\npublisher: x\nversion: "1"\nabout: { ja: x, en: x }\n';
  const game = 'name: { ja: 遊戯, en: Game }\ndescription: { ja: x, en: x }\nidStyle: slug\n';
  /** Problems as `file › field: message` with the temporary folder cut off. */
  const lines = (dir: string) => checkContent(dir).problems.map((p) => formatProblem(p).replace(/^.*?taiyaku-content-[^/]+\//, ''));

  it.each([
    ['a game folder named like a site page (search)', { 'search/game.yaml': game },
      /^search\/ › \(folder\): the game folder name "search" is a name the site's own pages use\. Expected a name of lowercase letters, digits and hyphens, starting with a letter .*none of: 404, api, /],
    ['a game folder named api', { 'api/game.yaml': game }, /^api\/ › \(folder\): the game folder name "api" is a name/],
    ['a game folder with capitals', { 'Demo2/game.yaml': game }, /^Demo2\/ › \(folder\): the game folder name "Demo2" is not a folder name the site takes/],
    ['a document folder with a space', { 'demo/my doc/document.yaml': doc, 'demo/my doc/100.5.yaml': entry('rules:\n  - { id: 100.5a, ja: あ, en: a }\n') },
      /^demo\/my doc\/ › \(folder\): the document folder name "my doc" is not a folder name the site takes/],
    ['a document folder with markup', { 'demo/q"<i>/document.yaml': doc }, /^demo\/q"<i>\/ › \(folder\): the document folder name "q\\"<i>" is not a folder name/],
    ['a document folder named like a per-game page (terms)', { 'demo/terms/document.yaml': doc }, /^demo\/terms\/ › \(folder\): the document folder name "terms" is a name the site's own pages use/],
    ['a document folder named history', { 'demo/history/document.yaml': doc }, /^demo\/history\/ › \(folder\): the document folder name "history" is a name/],
  ])('refuses %s, once, naming the folder', (_, files, message) => {
    const found = lines(fixture(files as Record<string, string>));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    ['a number', 'checked: 12345', /100\.3\.yaml › checked: is 12345, not a date written YYYY-MM-DD\. Expected a calendar date written YYYY-MM-DD, e\.g\. 2026-11-30\./],
    ['a day the calendar lacks', 'checked: 2026-02-30', /100\.3\.yaml › checked: is "2026-02-30", a day the calendar does not have\./],
    ['a month the calendar lacks', 'checked: "2026-13-01"', /100\.3\.yaml › checked: is "2026-13-01", a day the calendar does not have\./],
    ['a time of day', 'checked: 2026-11-30T10:00:00Z', /100\.3\.yaml › checked: is "2026-11-30T10:00:00Z", not a date written YYYY-MM-DD/],
    ['another spelling', 'checked: 30/11/2026', /100\.3\.yaml › checked: is "30\/11\/2026", not a date written YYYY-MM-DD/],
    ['nothing', 'checked:', /100\.3\.yaml › checked: is required\. Expected a calendar date/],
  ])('refuses a date that is %s, with the file and field', (_, line, message) => {
    const found = lines(fixture({ 'demo/cr/100.3.yaml': `title: { ja: 規則, en: Rule }\n${line}\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n` }));
    expect(found).toEqual([expect.stringMatching(message)]);
  });

  it('refuses a bad date in any file that has one (a document\'s effective date)', () => {
    expect(lines(fixture({ 'demo/cr/document.yaml': `${doc}effective: 2025-02-29\n` }))).toEqual([expect.stringMatching(/demo\/cr\/document\.yaml › effective: is "2025-02-29", a day the calendar does not have/)]);
  });

  it('reads a calendar date quoted or not, as that day (UTC), and a leap day', () => {
    const dir = fixture({ 'demo/cr/100.3.yaml': 'title: { ja: 規則, en: Rule }\nchecked: "2024-02-29"\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n' });
    const { site } = loadContent(dir);
    expect(site.entries.find((e) => e.id === '100.3')?.data.checked.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(site.entries.find((e) => e.id === '100.1')?.data.checked.toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('refuses YAML anchors and aliases at the anchor, quickly, even when they nest to gigabytes', () => {
    // 9 levels of 9 aliases each: 9^9 copies of "lol" once expanded (the probe's 6 KB file took 1 GB and crashed).
    let bomb = 'title: { ja: 規則, en: Rule }\nchecked: 2026-11-30\nlols:\n  a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n';
    for (let i = 1; i < 9; i++) bomb += `  a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]\n`;
    bomb += 'rules: *a8\n';
    const started = performance.now();
    const found = lines(fixture({ 'demo/cr/100.3.yaml': bomb }));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(found).toEqual([expect.stringMatching(/^demo\/cr\/100\.3\.yaml:4:7 › \(file\): uses the YAML anchor &a0 \(anchors and aliases are not read in content files\)\. Expected each value written out where it is used/)]);
  });

  it('refuses an alias in MDX frontmatter and in redirects.yaml too', () => {
    const found = lines(fixture({
      'demo/cr/100.3.mdx': `---\ntitle: &t { ja: 規則, en: Rule }\nchecked: 2026-11-30\nsourceTitle: *t\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n---\n\nBody.\n`,
      'redirects.yaml': 'redirects:\n  /{lang}/demo/cr/100.8/: &to /{lang}/demo/cr/100.1/\n  /{lang}/demo/cr/100.9/: *to\n',
    }));
    expect(found).toEqual([
      expect.stringMatching(/^demo\/cr\/100\.3\.mdx:2:8 › \(file\): uses the YAML anchor &t/),
      expect.stringMatching(/^redirects\.yaml:2:27 › \(file\): uses the YAML anchor &to/),
    ]);
  });

  it('reads an MDX file that starts with a byte-order mark like any other', () => {
    const dir = fixture({ 'demo/cr/100.3.mdx': `\uFEFF${mdx('100.3', 'Body.')}` });
    const { site } = loadContent(dir);
    expect(site.entries.find((e) => e.id === '100.3')).toMatchObject({ hasBody: true, data: { title: { en: 'Rule' } } });
  });

  it('reports every MDX body that would stop the render, each with its line, before anything renders', () => {
    const found = lines(fixture({
      'demo/cr/100.3.mdx': mdx('100.3', 'Body.\n\n<Nope />\n\n<Pair id="100.3.x"><div lang="ja">あ</div><div lang="en">a</div></Pair>\n\n<Nope.Part />'),
      'demo/cr/100.4.mdx': mdx('100.4', "import Card from './card.astro'\nimport { Pair as P } from '~/components/nothing-here'\n\nBody with {undefinedThing.x} and {Math.max(1, 2)}.\n\n<Card />"),
      'demo/cr/100.5.mdx': mdx('100.5', "export const items = ['a', 'b']\n\n{items.map((item) => item.toUpperCase()).join(', ')}\n\n<Simulator engine=\"mc-attack\" preset=\"hero-defends\" />"),
    }));
    expect(found).toEqual([
      'demo/cr/100.3.mdx:10:1 › body: uses the component <Nope> (2 times), which is neither imported nor one the page provides. Expected one of <Pair>, <TlNote>, <Question>, <Simulator>, or an import of it at the top of the body.',
      expect.stringMatching(/^demo\/cr\/100\.4\.mdx:8:1 › body: imports "\.\/card\.astro", which is not there\. Expected a path that exists, relative to this file/),
      expect.stringMatching(/^demo\/cr\/100\.4\.mdx:9:1 › body: imports "~\/components\/nothing-here", which is not there/),
      'demo/cr/100.4.mdx:11:12 › body: reads the name undefinedThing, which the body does not declare or import. Expected a name the body imports or exports, or one of JavaScript\'s own (an .mdx body runs as code: docs/content.md).',
    ]);
  });

  it.each([
    ['a Markdown image', 'rules:\n  - { id: 100.3a, ja: "![図](https://images.example/a.png)", en: a }\n', /100\.3\.yaml › rules\[0\]\.ja: the image "https:\/\/images\.example\/a\.png" is on another site\. Expected an image from this site/],
    ['a scheme-less image', 'rules:\n  - { id: 100.3a, ja: あ, en: "![x](//images.example/a.png)" }\n', /100\.3\.yaml › rules\[0\]\.en: the image URL "\/\/images\.example\/a\.png" is not allowed/],
    ['a reference-style image', 'rules:\n  - id: 100.3a\n    ja: あ\n    en: |\n      ![logo][l]\n\n      [l]: http://images.example/l.png\n', /100\.3\.yaml › rules\[0\]\.en: the image "http:\/\/images\.example\/l\.png" \(reference \[l\]\) is on another site/],
    ['an image in a note', 'rules:\n  - { id: 100.3a, ja: あ, en: a }\nnotes:\n  - { kind: tl, ja: "![x](https://images.example/n.png)" }\n', /100\.3\.yaml › notes\[0\]\.ja: the image "https:\/\/images\.example\/n\.png" is on another site/],
  ])('refuses an off-site image in a YAML text (%s)', (_, rest, message) => {
    expect(lines(fixture({ 'demo/cr/100.3.yaml': entry(rest) }))).toEqual([expect.stringMatching(message)]);
  });

  it('refuses off-site images in an MDX body (Markdown and literal src), with the line, and keeps images of the site', () => {
    const found = lines(fixture({ 'demo/cr/100.3.mdx': mdx('100.3', '![ok](/images/fine.png)\n\n![away](https://images.example/a.png)\n\n<img src="https://images.example/b.png" alt="" />\n\n<img srcset="/x.png 1x, https://images.example/c.png 2x" alt="" />') }));
    expect(found).toEqual([
      expect.stringMatching(/^demo\/cr\/100\.3\.mdx:10:1 › body: the image "https:\/\/images\.example\/a\.png" is on another site/),
      expect.stringMatching(/^demo\/cr\/100\.3\.mdx:12:1 › body: the src "https:\/\/images\.example\/b\.png" of <img> is on another site/),
      expect.stringMatching(/^demo\/cr\/100\.3\.mdx:14:1 › body: the srcset "https:\/\/images\.example\/c\.png" of <img> is on another site/),
    ]);
  });

  it('refuses a script URL in an MDX body up front, with the line (it was caught only while rendering)', () => {
    expect(lines(fixture({ 'demo/cr/100.3.mdx': mdx('100.3', 'Body.\n\n[x](javascript:alert(1))') }))).toEqual([
      expect.stringMatching(/^demo\/cr\/100\.3\.mdx:10:1 › body: the link URL "javascript:alert\(1\)" is not allowed\. Expected an http\(s\) URL/),
    ]);
  });

  it('keeps links to other sites (only what a page loads by itself must be the site\'s)', () => {
    expect(lines(fixture({ 'demo/cr/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: "[公式](https://example.com/rules)", en: "<https://example.com/>" }\n') }))).toEqual([]);
  });

  it.each([
    ['a document.yaml with a schema error', { 'demo/cr/document.yaml': 'title: { ja: x }\npublisher: x\nversion: "1"\nabout: { ja: x, en: x }\n' }, ['demo/cr/document.yaml › title.en']],
    ['a document.yaml that does not parse', { 'demo/cr/document.yaml': 'title: { ja: x\n' }, ['demo/cr/document.yaml:2:1 › (file)']],
    ['a game.yaml with a schema error', { 'demo/game.yaml': 'name: { ja: デモ }\ndescription: { ja: x, en: x }\nidStyle: mtg\n' }, ['demo/game.yaml › name.en']],
    ['an entry others link to, with a schema error', { 'demo/cr/100.2.mdx': '---\ntitle: { ja: 二番目の規則 }\nchecked: 2026-11-30\nrules:\n  - { id: 100.2a, ja: あ, en: a }\n---\n\nBody.\n' }, ['demo/cr/100.2.mdx › title.en']],
    ['an entry others link to, that does not parse', { 'demo/cr/100.2.mdx': '---\ntitle: { ja: 二番目の規則, en: Second rule }\nchecked: 2026-11-30\nrules:\n  - id: 100.2a\n    ja: あ\n   en: a\n---\n\nBody.\n' }, ['demo/cr/100.2.mdx:7:4 › (file)']],
    ['a document.yaml that is missing, under many entries', Object.fromEntries([...Array(30).keys()].map((i) => [`demo/xx/200.${i}.yaml`, entry(`rules:\n  - { id: 200.${i}a, ja: あ, en: a }\n`)])), ['demo/xx/ › document.yaml']],
    ['a planned.yaml with a schema error', { 'demo/planned.yaml': 'planned:\n  - id: "999.1"\n    title: { ja: 予定 }\n' }, ['demo/planned.yaml › planned[0].title.en']],
  ])('reports %s once, not once per file that depends on it', (_, files, expected) => {
    // Before: a document.yaml with one schema error also gave "unknown document" for every entry
    // of the document and "is not an id" for every reference to them (about 250 lines on Magic).
    expect(checkContent(fixture(files as Record<string, string>)).problems.map((p) => `${p.file.replace(/.*taiyaku-content-[^/]+\//, '')} › ${p.field}`)).toEqual(expected);
  });

  it('still reports a real second problem beside a broken document.yaml', () => {
    const dir = fixture({ 'demo/cr/document.yaml': 'title: { ja: x }\npublisher: x\nversion: "1"\nabout: { ja: x, en: x }\n', 'demo/cr/100.3.yml': 'x: 1\n', 'demo/terms.yaml': 'terms:\n  - { id: rule, en: rule, ja: 規則, def: { ja: あ, en: a }, entries: ["404.4"] }\n' });
    expect(checkContent(dir).problems.map((p) => `${p.file.replace(/.*taiyaku-content-[^/]+\//, '')} › ${p.field}`)).toEqual(['demo/cr/100.3.yml › (file)', 'demo/cr/document.yaml › title.en', 'demo/terms.yaml › terms[0].entries[0]']);
  });
});

describe('problem reports are bounded', () => {
  it('lists the first 100 problems and counts the rest, with how many files they are in', () => {
    const problems = Array.from({ length: 250 }, (_, i) => ({ file: `content/demo/cr/${100 + (i % 5)}.yaml`, field: `seeAlso[${i}]`, message: 'is wrong', expected: 'right' }));
    const text = new ContentError(problems).message;
    expect(text.split('\n')).toHaveLength(1 + 100 + 1);
    expect(text).toMatch(/^Taiyaku found 250 content problems:\n/);
    expect(text.split('\n').at(-1)).toBe('  … and 150 more in 5 files (fix the ones above and build again to see them)');
  });

  it('cuts a long message and a long quoted value', () => {
    const huge = 'x'.repeat(100_000);
    const dir = fixture({ 'demo/cr/100.3.yaml': entry(`order: "${huge}"\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n`) });
    const [line] = checkContent(dir).problems.map(formatProblem);
    expect(line).toMatch(/100\.3\.yaml › order: is "x{50,}…\. Expected a number/);
    expect(line!.length).toBeLessThan(500);
    expect(formatProblem({ file: 'f', field: 'g', message: 'm'.repeat(5000), expected: 'e' }).length).toBeLessThan(400);
  });

  it('quotes a value that refers to itself without running away', () => {
    const loop: Record<string, unknown> = { a: 1 };
    loop['self'] = loop;
    const [p] = schemaProblemsOf(loop);
    expect(p?.message).toMatch(/^is \{"a":1,"self":…\}$/);
  });
});

describe('a content problem stops the build with its message alone', () => {
  it('throws an error without a stack trace, whose text Astro does not take for a browser-API error', () => {
    const error = new ContentError([{ file: 'content/demo/cr/document.yaml', field: 'title.en', message: 'is required', expected: 'a string' }]);
    expect(error.stack).toBe('');
    // Astro's CLI (astro/dist/core/errors/dev/utils.js) adds its browser-API hint when the error's
    // text contains "document" or "window".
    expect(String(error)).not.toMatch(/document|window/);
    expect(error.message).toContain('document.yaml › title.en: is required');
  });
});

describe('the names a game or document folder may not take', () => {
  /** Every static path segment of src/pages/ (`[lang]/search/index.astro` → search; `editions.json.ts` → editions; an index.astro is its folder's page). */
  const routeSegments = (dir = 'src/pages'): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const own = d.name.includes('[') || (d.isFile() && d.name === 'index.astro') ? [] : [d.name.split('.')[0]!];
    return [...own, ...(d.isDirectory() ? routeSegments(join(dir, d.name)) : [])];
  });

  it('are exactly the site\'s own path segments (from src/pages/), the languages and the folders the build adds', () => {
    // Folders the build writes beside the pages (tests/build/bad-build.test.ts checks a real build's output against this list).
    const written = ['pagefind'];
    expect([...RESERVED_NAMES].sort()).toEqual([...new Set([...routeSegments(), ...LANGS, ...written])].sort());
    expect(routeSegments()).toEqual(expect.arrayContaining(['search', 'api', 'r', 'offline', 'terms', 'graph', 'glossary', 'history', 'changes']));
  });

  it.each([...RESERVED_NAMES])('refuses %s as a game and as a document folder', (name) => {
    expect(folderNameProblem(name)).toBe(`"${name}" is a name the site's own pages use`);
  });

  it.each([['mtg'], ['marvel-champions'], ['cr'], ['rr'], ['guide'], ['lorcana2']])('accepts %s', (name) => {
    expect(folderNameProblem(name)).toBeUndefined();
  });

  it.each([['my doc'], ['q"<i>'], ['MTG'], ['-x'], ['x-'], ['a--b'], ['2x'], ['ゲーム'], ['a_b'], ['a.b']])('refuses %s', (name) => {
    expect(folderNameProblem(name)).toMatch(/is not a folder name the site takes/);
  });

  it('accepts every folder of the bundled content and of the fixtures', () => {
    for (const base of ['content', ...readdirSync('tests/fixtures/content').map((f) => join('tests/fixtures/content', f))]) {
      expect(checkContent(base).problems.filter((p) => p.field === '(folder)')).toEqual([]);
    }
  });
});

describe('one cause, one problem, with imported official text', () => {
  const official = (files: Record<string, string>) => {
    const dir = fixture({});
    cpSync('tests/fixtures/content/official', dir, { recursive: true });
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
    return checkContent(dir).problems.map((p) => `${p.file.replace(/.*taiyaku-content-[^/]+\//, '')} › ${p.field}`);
  };

  it('accepts the official fixture', () => {
    expect(official({})).toEqual([]);
  });

  it('reports a broken official _edition.yaml once, not once per official file', () => {
    // Before: every file of the import said "official text without …/_edition.yaml", and explanations citing them "is not an id".
    expect(official({ 'demo/cr/official/_edition.yaml': 'edition: { en: 2031-03-07, ja: "20310301.0" }\nversion: "2031-03-07 · 日本語版 20310301.0"\neffective: 2031-03-07\nimported: 2031-03-10\n' }))
      .toEqual(['demo/cr/official/_edition.yaml › from']);
  });
});
