// The same bad-content cases through the real `astro build`: the build runs the content check the
// tests run (src/content/check-content.ts) before Astro reads a file, so it stops with every problem at
// once, in the loader's form (`file › field: what. Expected …`), and writes no output folder.
// (The loader tests cover every case quickly; these prove the messages reach an author who only
// runs the build.)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFixture } from '../../scripts/build-fixture.mjs';

const entry = (extra: string) => `title: { ja: 規則, en: Rule }\nchecked: 2026-11-30\n${extra}`;
const build = (name: string, files: Record<string, string>) => buildFixture(`bad-${name}`, { files });

describe('astro build on bad content', () => {
  it('builds the valid fixture, highlighting an MDX code block like the API page (classes, no inline style)', () => {
    const mdx = `---\n${entry('rules:\n  - { id: 100.3a, ja: あ, en: a }')}\n---\n\n\`\`\`ts\nconst kicked: boolean = true; // 702.33\n\`\`\`\n`;
    const r = build('good', { 'demo/cr/100.3.mdx': mdx });
    expect(r.output).toMatch(/Complete!/);
    expect(r.status).toBe(0);
    const html = readFileSync(join(r.out, 'en', 'demo', 'cr', '100.3', 'index.html'), 'utf8');
    const pre = html.match(/<pre class="code"[^>]*>[\s\S]*?<\/pre>/)?.[0] ?? '';
    expect(pre).toContain('kicked');
    expect(pre).toMatch(/<span class="sl-[0-9a-f]{6} sd-[0-9a-f]{6}">const<\/span>/);
    expect(html).not.toMatch(/\sstyle=/);
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
  ])('%s stops the build with a clear message, before any output', (name, files, patterns) => {
    const r = build(name.replace(/\W+/g, '-'), files as Record<string, string>);
    expect(r.status).not.toBe(0);
    for (const p of patterns as RegExp[]) expect(r.output).toMatch(p);
    expect(existsSync(r.out)).toBe(false);
  });
});
