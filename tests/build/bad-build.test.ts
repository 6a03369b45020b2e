// The same bad-content cases through the real `astro build`: the build must stop, and its output
// must name the file, the field and what was wrong. (The loader tests cover every case quickly;
// these prove the messages reach an author who only runs the build.)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const work = mkdtempSync(join(tmpdir(), 'taiyaku-build-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function build(name: string, files: Record<string, string>) {
  const content = join(work, name);
  cpSync('tests/fixtures/content/base', content, { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(content, path), text);
  const run = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    encoding: 'utf8',
    // outDir inside the project keeps Astro's prerender chunks per build (see scripts/bench.mjs).
    env: { ...process.env, TAIYAKU_CONTENT: content, TAIYAKU_OUT: join('.out', `fixture-${name}`), TAIYAKU_CACHE: join(work, `${name}-cache`), FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

describe('astro build on bad content', () => {
  it('builds the valid fixture, highlighting an MDX code block like the API page (classes, no inline style)', () => {
    const mdx = '---\ntitle: { ja: 規則, en: Rule }\nchecked: 2026-11-30\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n---\n\n```ts\nconst kicked: boolean = true; // 702.33\n```\n';
    const r = build('good', { 'demo/cr/100.3.mdx': mdx });
    expect(r.output).toMatch(/Complete!/);
    expect(r.status).toBe(0);
    const html = readFileSync(join('.out', 'fixture-good', 'en', 'demo', 'cr', '100.3', 'index.html'), 'utf8');
    const pre = html.match(/<pre class="code"[^>]*>[\s\S]*?<\/pre>/)?.[0] ?? '';
    expect(pre).toContain('kicked');
    expect(pre).toMatch(/<span class="sl-[0-9a-f]{6} sd-[0-9a-f]{6}">const<\/span>/);
    expect(html).not.toMatch(/\sstyle=/);
  });

  it.each([
    ['missing required field', { 'demo/cr/100.3.yaml': 'title: { ja: 規則 }\nchecked: 2026-11-30\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n' },
      [/demo\/cr\/100\.3\.yaml/, /title\.en/, /Required/]],
    ['malformed MDX', { 'demo/cr/100.3.mdx': '---\ntitle: { ja: 規則, en: Rule }\nchecked: 2026-11-30\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n---\n\n<Pair id="x">\n<div lang="ja">unclosed\n</Pair>\n' },
      [/demo\/cr\/100\.3\.mdx:9:1/, /Expected a closing tag for `<div>`/]],
    ['see-also to an unknown id', { 'demo/cr/100.3.yaml': 'title: { ja: 規則, en: Rule }\nchecked: 2026-11-30\nseeAlso: ["1.1"]\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n' },
      [/demo\/cr\/100\.3\.yaml › seeAlso\[0\]: "1\.1" is not an id in demo/]],
    ['duplicate id', { 'demo/cr/100.3.yaml': 'title: { ja: 規則, en: Rule }\nchecked: 2026-11-30\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n  - { id: 100.3a, ja: あ, en: a }\n' },
      [/100\.3\.yaml › rules\[1\]\.id: duplicate id "100\.3a"/]],
  ])('%s stops the build with a clear message', (name, files, patterns) => {
    const r = build(name.replace(/\W+/g, '-'), files as Record<string, string>);
    expect(r.status).not.toBe(0);
    for (const p of patterns as RegExp[]) expect(r.output).toMatch(p);
  });
});
