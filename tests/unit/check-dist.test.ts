// The output checker must catch what it claims to: broken links and anchors, links that ignore the
// deploy base, pages without lang/title/description, and requests to other origins.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDist } from '../../scripts/check-dist.mjs';

const dist = mkdtempSync(join(tmpdir(), 'taiyaku-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const page = (path: string, body: string, head = '<title>T</title><meta name="description" content="D">', lang = 'ja') => {
  const file = join(dist, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `<!doctype html><html lang="${lang}"><head>${head}</head><body><main>${body}</main></body></html>`);
};

page('index.html', '<a href="/sub/ja/x/#702.33d">ok</a><a href="/sub/ja/x/#702.33z">bad anchor</a><a href="/sub/ja/nope/">broken</a><a href="/ja/x/">no base</a><a href="https://example.com/">external link is fine</a><a href="#top">self</a><p id="top"></p>');
page('ja/x/index.html', '<div id="702.33d"></div><script src="https://cdn.example.com/x.js"></script><img src="/sub/ja/x/pic.png" alt="">');
page('ja/y/index.html', '', '<title>T</title>', 'xx');
page('en/z/index.html', '', '<meta name="description" content="D">', 'en');

describe('check-dist', () => {
  const { problems } = checkDist(dist, '/sub/') as { problems: string[] };
  it.each([
    ['index.html: broken anchor: /sub/ja/x/#702.33z'],
    ['index.html: broken link: /sub/ja/nope/'],
    ['index.html: link outside the site base /sub/: /ja/x/'],
    ['ja/x/index.html: requests another origin: <script> https://cdn.example.com/x.js'],
    ['ja/x/index.html: broken link: /sub/ja/x/pic.png'],
    ['ja/y/index.html: <html> has no lang="ja|en"'],
    ['ja/y/index.html: no meta description'],
    ['en/z/index.html: no <title>'],
  ])('reports %s', (line) => {
    expect(problems).toContain(line);
  });
  it('reports nothing else (valid links, external links and same-page anchors pass)', () => {
    expect(problems).toHaveLength(8);
  });
});
