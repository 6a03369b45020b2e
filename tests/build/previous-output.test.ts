// A build over the previous build's output (docs/benchmarks.md, "The previous output"): the
// integration clears the output itself, keeping /r/ and rewriting only the short links whose bytes
// changed. Built twice into one folder, with a title changed, a short link tampered with and files
// no build of this content writes planted under /r/ and beside it, the output must be the same, file
// for file and byte for byte, as a build of the changed content into an empty folder.
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture, buildPrepared, fixturePaths, writeFiles } from '../../scripts/build-fixture.mjs';

const env = { SITE_BASE: '/taiyaku/', SITE_URL: 'https://example.github.io' };
const CHANGED = {
  'demo/cr/100.1.yaml': 'title: { ja: 最初の規則（改）, en: "First rule, renamed" }\nchecked: 2026-11-30\nseeAlso: ["100.2a", "999.1"]\nrules:\n  - id: 100.1a\n    ja: 日本語の文。[[100.2]]を参照。\n    en: English text. See [[100.2]].\n',
};
type Build = { status: number | null; output: string; out: string };
let first: Build;
let again: Build;
let clean: Build;

function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p); else files.set(relative(dir, p), readFileSync(p).toString('base64'));
    }
  };
  walk(dir);
  return files;
}
const plant = (out: string, rel: string, text: string) => {
  mkdirSync(join(out, rel, '..'), { recursive: true });
  writeFileSync(join(out, rel), text);
  const old = Date.now() / 1000 - 3600;
  utimesSync(join(out, rel), old, old);
};

beforeAll(() => {
  first = buildFixture('reuse', { overlays: ['moved'], env });
  if (first.status !== 0) return;
  plant(first.out, 'r/demo/999.9/index.html', 'a short link of a rule no longer on the site');
  plant(first.out, 'r/demo/100.1a@1999-01-01/index.html', 'a pinned page no longer written');
  plant(first.out, 'r/demo/_pins/cr/1999-01-01.json', '{}');
  plant(first.out, 'ja/demo/cr/999.9/index.html', 'a page no longer written');
  writeFileSync(join(first.out, 'r/demo/100.2/index.html'), 'tampered with');
  writeFiles(fixturePaths('reuse').content, CHANGED);
  again = { ...buildPrepared('reuse', env) };
  rmSync(fixturePaths('reuse-clean').out, { recursive: true, force: true });
  clean = buildFixture('reuse-clean', { overlays: ['moved'], files: CHANGED, env });
}, 600_000);

describe('a build over the previous output', () => {
  it('builds both times, keeping the short links that did not change', () => {
    expect(first.status, first.output.slice(-2000)).toBe(0);
    expect(again.status, again.output.slice(-2000)).toBe(0);
    expect(clean.status, clean.output.slice(-2000)).toBe(0);
    const m = /under \/r\/ (\d+) files kept as they were and (\d+) written/.exec(again.output);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(0);
    expect(Number(m![2])).toBeGreaterThanOrEqual(3); // the renamed entry's short links and the tampered one
    expect(again.output).toMatch(/3 file\(s\) of the previous build under \/r\/ removed/);
  });

  it('writes the same files, byte for byte, as a build into an empty folder', () => {
    const a = tree(again.out);
    const b = tree(clean.out);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    const differ = [...a].filter(([rel, data]) => b.get(rel) !== data).map(([rel]) => rel);
    expect(differ).toEqual([]);
  });
});
