// The same bad-content cases through the real `astro build`: the build runs the content check the
// tests run (src/content/check-content.ts) before Astro reads a file, so it stops with every problem at
// once, in the loader's form (`file › field: what. Expected …`), and writes no output folder.
// (The loader tests cover every case quickly; these prove the messages reach an author who only
// runs the build.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFixture } from '../../scripts/build-fixture.mjs';
import { FOLDER_NAME, RESERVED_NAMES } from '../../src/schemas/layout';

const entry = (extra: string) => `title: { ja: 規則, en: Rule }\nchecked: 2026-11-30\n${extra}`;
const build = (name: string, files: Record<string, string>) => buildFixture(`bad-${name}`, { files });

describe('astro build on bad content', () => {
  it('builds the valid fixture, highlighting an MDX code block like the API page (classes, no inline style)', () => {
    const mdx = `---\n${entry('rules:\n  - { id: 100.3a, ja: あ, en: a }')}\n---\n\n\`\`\`ts\nconst kicked: boolean = true; // 702.33\n\`\`\`\n`;
    // An MDX file saved with a byte-order mark reads like any other (it was "has no frontmatter").
    const bom = `\uFEFF---\n${entry('rules:\n  - { id: 100.4a, ja: あ, en: a }')}\n---\n\nA body saved with a byte-order mark.\n`;
    // An expression that runs fine renders as before (each runs through the render guard: src/content/mdx-render-guard.ts).
    const code = `---\n${entry('rules:\n  - { id: 100.5a, ja: あ, en: a }')}\n---\n\nTwo is {1 + 1}, <span title={'t' + 1}>{['a', 'b'].join('+')}</span>.\n`;
    const r = build('good', { 'demo/cr/100.3.mdx': mdx, 'demo/cr/100.4.mdx': bom, 'demo/cr/100.5.mdx': code });
    expect(r.output).toMatch(/Complete!/);
    expect(r.status).toBe(0);
    const html = readFileSync(join(r.out, 'en', 'demo', 'cr', '100.3', 'index.html'), 'utf8');
    const pre = html.match(/<pre class="code"[^>]*>[\s\S]*?<\/pre>/)?.[0] ?? '';
    expect(pre).toContain('kicked');
    expect(pre).toMatch(/<span class="sl-[0-9a-f]{6} sd-[0-9a-f]{6}">const<\/span>/);
    expect(html).not.toMatch(/\sstyle=/);
    const withBom = readFileSync(join(r.out, 'en', 'demo', 'cr', '100.4', 'index.html'), 'utf8');
    expect(withBom).toContain('<p>A body saved with a byte-order mark.</p>');
    expect(withBom).not.toContain('\uFEFF');
    expect(readFileSync(join(r.out, 'en', 'demo', 'cr', '100.5', 'index.html'), 'utf8')).toContain('<p>Two is 2, <span title="t1">a+b</span>.</p>');
    // What the build writes at the top of the output is no name a game or document could take.
    const top = readdirSync(r.out, { withFileTypes: true }).filter((d) => d.isDirectory() && FOLDER_NAME.test(d.name)).map((d) => d.name);
    expect(top.filter((n) => !(RESERVED_NAMES as readonly string[]).includes(n))).toEqual([]);
    expect(top).toEqual(expect.arrayContaining(['api', 'en', 'ja', 'pagefind', 'r', 'search']));
  });

  it.each([
    ['missing required field', { 'demo/cr/100.3.yaml': 'title: { ja: 規則 }\nchecked: 2026-11-30\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n' },
      [/demo\/cr\/100\.3\.yaml › title\.en: is required\. Expected a string/]],
    ['malformed MDX', { 'demo/cr/100.3.mdx': '---\ntitle: { ja: 規則, en: Rule }\nchecked: 2026-11-30\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n---\n\n<Pair id="x">\n<div lang="ja">unclosed\n</Pair>\n' },
      [/demo\/cr\/100\.3\.mdx:9:1 › body: Expected a closing tag for `<div>`/]],
    ['see-also to an unknown id', { 'demo/cr/100.3.yaml': entry('seeAlso: ["1.1"]\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      [/demo\/cr\/100\.3\.yaml › seeAlso\[0\]: "1\.1" is not an id in demo/]],
    ['duplicate id', { 'demo/cr/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: あ, en: a }\n  - { id: 100.3a, ja: あ, en: a }\n') },
      [/100\.3\.yaml › rules\[1\]\.id: duplicate id "100\.3a"/]],
    ['100.1.yaml beside 100.1.mdx', { 'demo/cr/100.1.mdx': `---\n${entry('rules:\n  - { id: 100.1a, ja: あ, en: a }')}\n---\n\nBody.\n` },
      [/demo\/cr\/100\.1\.yaml › \(file\): is the same entry as .*100\.1\.mdx/]],
    ['every problem at once (schema, file, cross-entry)', {
      'demo/cr/100.3.yaml': entry('seeAlso: ["1.1"]\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n'),
      'demo/cr/100.4.yaml': 'title: { ja: 規則 }\nchecked: 2026-11-30\nrules:\n  - { id: 100.4a, ja: あ, en: a }\n',
      'demo/cr/100.5.yml': entry('rules:\n  - { id: 100.5a, ja: あ, en: a }\n'),
    }, [/found 3 content problems/, /100\.3\.yaml › seeAlso\[0\]/, /100\.4\.yaml › title\.en: is required/, /100\.5\.yml › \(file\): has the extension \.yml/]],
    // Issue 26: each of these built (or stopped late, at one page) before.
    ['a game folder named like a site page', { 'search/game.yaml': 'name: { ja: 検索, en: Search }\ndescription: { ja: x, en: x }\nidStyle: slug\n', 'search/guide/document.yaml': 'title: { ja: 手引き, en: Guide }\npublisher: x\nversion: "1"\nabout: { ja: x, en: x }\n', 'search/guide/intro.yaml': entry('rules:\n  - { id: intro, ja: あ, en: a }\n') },
      [/found 1 content problem:/, /search\/ › \(folder\): the game folder name "search" is a name the site's own pages use/]],
    ['a date the calendar lacks', { 'demo/cr/100.3.yaml': 'title: { ja: 規則, en: Rule }\nchecked: 2026-02-30\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n' },
      [/demo\/cr\/100\.3\.yaml › checked: is "2026-02-30", a day the calendar does not have/]],
    ['an off-site image', { 'demo/cr/100.3.yaml': entry('rules:\n  - { id: 100.3a, ja: あ, en: "![x](https://images.example/x.png)" }\n') },
      [/100\.3\.yaml › rules\[0\]\.en: the image "https:\/\/images\.example\/x\.png" is on another site/]],
    ['MDX bodies that would fail to render (every one, with its line)', {
      'demo/cr/100.3.mdx': `---\n${entry('rules:\n  - { id: 100.3a, ja: あ, en: a }')}\n---\n\nBody.\n\n<Nope />\n`,
      'demo/cr/100.4.mdx': `---\n${entry('rules:\n  - { id: 100.4a, ja: あ, en: a }')}\n---\n\nimport X from './missing.js'\n\n<X />\n`,
      'demo/cr/100.5.mdx': `---\n${entry('rules:\n  - { id: 100.5a, ja: あ, en: a }')}\n---\n\nBody with {undefinedThing.x}.\n`,
    }, [/found 3 content problems/, /100\.3\.mdx:10:1 › body: uses the component <Nope>/, /100\.4\.mdx:8:1 › body: imports "\.\/missing\.js", which is not there/, /100\.5\.mdx:8:12 › body: reads the name undefinedThing/]],
  ])('%s stops the build with a clear message, before any output', (name, files, patterns) => {
    const r = build(name.replace(/\W+/g, '-'), files as Record<string, string>);
    expect(r.status).not.toBe(0);
    for (const p of patterns as RegExp[]) expect(r.output).toMatch(p);
    expect(existsSync(r.out)).toBe(false);
    // Our message alone: no stack trace, no hint about browser APIs.
    expect(r.output).not.toMatch(/Stack trace:|Browser APIs|\bat runContentCheck\b/);
  });

  it('a document.yaml with a schema error stops the build with that one problem and nothing after it', () => {
    // Before: 4 problems (its entries "unknown document", a term's link "is not an id"), then Astro's
    // hint that "document or window is not defined" and a stack trace.
    const r = build('document-schema', { 'demo/cr/document.yaml': 'title: { ja: 総合ルール }\npublisher: Test Publisher\nversion: "1.0"\nabout: { ja: x, en: x }\n' });
    expect(r.status).not.toBe(0);
    const report = r.output.slice(r.output.indexOf('Taiyaku found'));
    expect(report.trim().split('\n')).toEqual(['Taiyaku found 1 content problem:', expect.stringMatching(/demo\/cr\/document\.yaml › title\.en: is required\. Expected a string/)]);
    expect(existsSync(r.out)).toBe(false);
  });

  it('bodies whose code throws while rendering: every one with its file and line, our message alone, no output folder', () => {
    // What the content check cannot see (code that runs). Before: Astro stopped at the first pages,
    // named only the route and a line of the compiled chunk, then its MDX hint and a stack trace.
    const r = build('render-throws', {
      'demo/cr/100.3.mdx': `---\n${entry('rules:\n  - { id: 100.3a, ja: あ, en: a }')}\n---\n\nSome text.\n\n{(() => { throw new Error('boom in 100.3') })()}\n`,
      // A function the body exports, called from an expression in a paragraph; an attribute's value; a spread.
      'demo/cr/100.4.mdx': `---\n${entry('rules:\n  - { id: 100.4a, ja: あ, en: a }')}\n---\n\nexport const f = () => null.x\n\nA line with {f()} in it.\n\n<div title={JSON.parse('{')}>x</div>\n\n<div {...(() => { throw new RangeError('spread') })()}>y</div>\n`,
    });
    expect(r.status).not.toBe(0);
    const report = r.output.slice(r.output.indexOf('Taiyaku found'));
    expect(report.trim().split('\n')).toEqual([
      'Taiyaku found 4 content problems:',
      expect.stringMatching(/^  demo\/cr\/100\.3\.mdx:10:2 › body: throws while its page renders \(Error: boom in 100\.3\)\. Expected code that runs without an error/),
      expect.stringMatching(/^  demo\/cr\/100\.4\.mdx:10:14 › body: throws while its page renders \(TypeError: Cannot read properties of null \(reading 'x'\)\)/),
      expect.stringMatching(/^  demo\/cr\/100\.4\.mdx:12:13 › body: throws while its page renders \(SyntaxError: /),
      expect.stringMatching(/^  demo\/cr\/100\.4\.mdx:14:10 › body: throws while its page renders \(RangeError: spread\)/),
    ]);
    expect(r.output).not.toMatch(/Hint:|Stack trace:|\.prerender\/chunks|Caught error rendering/);
    expect(r.output).toMatch(/fixture-bad-render-throws\/ was removed: the build did not pass its checks/);
    expect(existsSync(r.out)).toBe(false);
  });

  it('a component that fails in its own render (outside the body\'s expressions) stops with Astro\'s message and leaves no output folder', () => {
    // Not one of the body's expressions: Astro reports it (here "Unable to render `F`") and the output guard removes the folder.
    const r = build('component-throws', { 'demo/cr/100.3.mdx': `---\n${entry('rules:\n  - { id: 100.3a, ja: あ, en: a }')}\n---\n\nexport const F = () => { throw new Error('boom in F') }\n\n<F />\n` });
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/Unable to render `F`/);
    expect(r.output).toMatch(/fixture-bad-component-throws\/ was removed: the build stopped before every page was written/);
    expect(existsSync(r.out)).toBe(false);
  });
});
