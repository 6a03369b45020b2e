// Content is untrusted: the base fixture, rebuilt with script payloads in every field a reader
// sees, through the real `astro build`. Every built page, the JSON API, the search page's data,
// the short links and the previews must keep the payload as text (parsed as a browser parses it:
// no element or attribute it could create, every data block parses back to the exact text), the
// output checks must pass, and in Chromium the search and a preview must work. The same file
// sends javascript:/data: URLs and raw HTML through the build, which must stop with file and field.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseHtml } from './html-tree';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDist } from '../../scripts/check-dist.mjs';
import { serveDist } from '../../scripts/serve-dist.mjs';
import { INLINE_SCRIPTS } from '~/render/inline-scripts';
import { searchTerms, wordingShard, wordingTables } from '~/model/search-merge';
import config from '../../playwright.config';

const work = mkdtempSync(join(tmpdir(), 'taiyaku-payloads-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function build(name: string, files: Record<string, string>) {
  const content = join(work, name);
  cpSync('tests/fixtures/content/base', content, { recursive: true });
  for (const [path, text] of Object.entries(files)) writeFileSync(join(content, path), text);
  const out = join('.out', `fixture-${name}`);
  rmSync(out, { recursive: true, force: true });
  const run = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    encoding: 'utf8',
    // outDir inside the project keeps Astro's prerender chunks per build (see scripts/bench.mjs).
    env: { ...process.env, SITE_BASE: '/', TAIYAKU_CONTENT: content, TAIYAKU_OUT: out, TAIYAKU_CACHE: join(work, `${name}-cache`), FORCE_COLOR: '0', NO_COLOR: '1' },
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}`, out };
}

// Each payload tries a different way out: end a script element, break out of an attribute, open a
// comment, or start an element in text.
const P = '</script><img src=x onerror=alert(1)>';
const Q = '"><svg onload=alert(2)>';
const C = "'--><script>alert(3)</script><!--";
const y = (s: string) => JSON.stringify(s); // a JSON string is a YAML scalar that keeps every character

const PAYLOAD_FILES: Record<string, string> = {
  'demo/game.yaml': `name: { ja: ${y(`デモ${P}`)}, en: ${y(`Demo${P}`)} }\ndescription: { ja: ${y(`説明${Q}`)}, en: ${y(`About${C}`)} }\nidStyle: mtg\n`,
  'demo/cr/document.yaml': `title: { ja: ${y(`総合ルール${P}`)}, en: ${y(`Rules${Q}`)} }\npublisher: ${y(`Publisher${C}`)}\nversion: ${y(`v1${P}`)}\n`
    + `about: { ja: ${y(`テスト${Q}`)}, en: ${y(`Tests${P}`)} }\nnotes:\n  - { kind: question, ja: ${y(`\`${P}\``)}, en: ${y(P.replace(/</g, '\\<'))} }\n`,
  'demo/cr/100.1.yaml': `title: { ja: ${y(`最初${P}`)}, en: ${y(`First${P}`)} }\nsourceTitle: ${y(`SOURCE${Q}`)}\nchecked: 2026-11-30\nseeAlso: ["100.2a", "999.1"]\n`
    + 'rules:\n  - id: 100.1a\n'
    + `    title: { ja: ${y(`見出し${Q}`)}, en: ${y(`Heading${C}`)} }\n`
    + `    ja: ${y(`規則 100.2a を参照。\`${P}\` [[100.2]]`)}\n`
    + `    en: ${y(`See rule 100.2a. ${P.replace(/</g, '\\<')} [[100.2]] and [[100.2|${Q.replace(/[<>]/g, '')}]].`)}\n`
    + `    notes:\n      - { kind: tl, ja: ${y(`訳注 \`${C}\``)}, en: ${y(`note \`${Q}\``)} }\n`,
  'demo/cr/100.2.mdx': `---\ntitle: { ja: ${y(`二番目${P}`)}, en: ${y(`Second${P}`)} }\nchecked: 2026-11-30\nrules:\n  - { id: 100.2a, ja: ${y(`日本語の文。\`${P}\``)}, en: ${y(`English \`${P}\`.`)} }\n---\n\nBody with \`${P}\` in code.\n`,
  'demo/planned.yaml': `planned:\n  - id: "999.1"\n    title: { ja: ${y(`予定${P}`)}, en: ${y(`Planned${Q}`)} }\n`,
  'demo/terms.yaml': 'terms:\n'
    + `  - id: rule\n    en: rule\n    ja: 規則\n    def: { ja: ${y(`定義${P}`)}, en: ${y(`Definition${Q}`)} }\n    entries: ["100.1"]\n`
    + `    variants:\n      - { term: ${y(P)}, lang: en, source: community, note: ${y(`why${C}`)} }\n      - { term: ${y(`きまり${Q}`)}, lang: ja, source: machine, avoid: true }\n`
    + '  - id: proto\n    en: constructor\n    ja: __proto__\n    def: { ja: 組み立て, en: builds }\n    entries: ["100.2"]\n'
    + '    variants:\n      - { term: toString, lang: en, source: community }\n      - { term: hasOwnProperty, lang: en, source: community }\n',
};

type El = { nodeName: string; tagName?: string; attrs?: { name: string; value: string }[]; childNodes?: El[]; content?: El; value?: string };
const all = (n: El, out: El[] = []): El[] => {
  for (const c of n.childNodes ?? []) { if (c.tagName) out.push(c); all(c, out); }
  if (n.content) all(n.content, out);
  return out;
};
const attr = (el: El, name: string) => el.attrs?.find((a) => a.name === name)?.value;
const text = (el: El): string => (el.childNodes ?? []).map((c) => (c.nodeName === '#text' ? c.value ?? '' : text(c))).join('');
const walkFiles = (dir: string, out: string[] = []): string[] => {
  for (const name of readdirSync(dir)) { const p = join(dir, name); if (statSync(p).isDirectory()) walkFiles(p, out); else out.push(p); }
  return out;
};

describe('script payloads in every field stay text', () => {
  let out = '';
  let pages: { file: string; doc: El; els: El[] }[] = [];
  beforeAll(() => {
    const r = build('payloads', PAYLOAD_FILES);
    expect(r.output).toMatch(/Complete!/);
    expect(r.status).toBe(0);
    out = r.out;
    pages = walkFiles(out).filter((f) => f.endsWith('.html')).map((file) => {
      const doc = parseHtml(readFileSync(file, 'utf8')) as unknown as El;
      return { file: relative(out, file), doc, els: all(doc) };
    });
  }, 180_000);
  const page = (path: string) => pages.find((p) => p.file === path)!;

  it('builds every page, short link and API file', () => {
    expect(pages.map((p) => p.file)).toEqual(expect.arrayContaining([
      'index.html', 'ja/index.html', 'ja/demo/index.html', 'en/demo/cr/index.html', 'ja/demo/cr/100.1/index.html', 'en/demo/cr/100.2/index.html',
      'ja/demo/terms/index.html', 'en/demo/graph/index.html', 'ja/search/index.html', 'r/demo/100.1a/index.html', '404.html',
    ]));
  });

  it('creates no element and no attribute from a payload, on any page', () => {
    for (const { file, els } of pages) {
      for (const el of els) {
        for (const a of el.attrs ?? []) expect(a.name, `${file}: <${el.tagName} ${a.name}>`).not.toMatch(/^on/i);
        expect(el.tagName === 'img' && attr(el, 'src') === 'x', `${file}: <img src=x>`).toBe(false);
        expect(el.tagName === 'svg' && el.childNodes?.length === 0, `${file}: an empty <svg> (the payload's)`).toBe(false);
      }
      // Scripts are files of the site, JSON data, or one of the two inline scripts the policy lists.
      for (const s of els.filter((el) => el.tagName === 'script')) {
        const src = attr(s, 'src');
        const type = attr(s, 'type');
        if (src) expect(src, file).toMatch(/^\/_astro\/[\w.-]+\.js$/);
        else if (type === 'application/json') expect(() => JSON.parse(text(s)), `${file}: JSON data block`).not.toThrow();
        else expect(INLINE_SCRIPTS as readonly string[], `${file}: inline script`).toContain(text(s));
      }
    }
  });

  it('shows the payloads as text where they belong', () => {
    const rule = page('ja/demo/cr/100.1/index.html');
    const h1 = rule.els.find((e) => e.tagName === 'h1')!;
    expect(text(h1)).toContain(`最初${P}`);
    expect(attr(rule.els.find((e) => attr(e, 'property') === 'og:title')!, 'content')).toContain(`最初${P}`);
    const ruleText = rule.els.find((e) => attr(e, 'id') === '100.1a')!;
    expect(text(ruleText)).toContain(P); // inline code in ja, backslash escapes in en
    expect(text(ruleText)).toContain(`見出し${Q}`);
    expect(text(ruleText)).toContain(`訳注 ${C}`);
    const terms = page('en/demo/terms/index.html');
    expect(text(terms.els.find((e) => e.tagName === 'table')!)).toContain(P);
    const home = page('ja/index.html');
    expect(text(home.els.find((e) => e.tagName === 'main')!)).toContain(`デモ${P}`);
  });

  it('keeps the search data whole: names, titles and every wording, including Object.prototype\'s', () => {
    // The search page and the header panel fetch it (/search/{lang}.json, and the wordings' file a
    // query hashes to, /search/{lang}/words/{k}.json) as JSON, never as markup.
    const data = JSON.parse(readFileSync(join(out, 'search/en.json'), 'utf8')) as {
      games: Record<string, { name: string; docs: Record<string, string> }>;
    };
    expect(data.games['demo']).toEqual({ name: `Demo${P}`, docs: { 'demo/cr': `Rules${Q}` } });
    const words = (w: string) => wordingTables(JSON.parse(readFileSync(join(out, `search/en/words/${wordingShard(w.toLowerCase())}.json`), 'utf8')));
    expect(searchTerms(words(P).aliases, P)).toEqual(['rule']);
    for (const w of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(searchTerms(words(w).aliases, w), w).toEqual(['constructor']);
    // The page's own config holds only its strings, still as data.
    const search = page('en/search/index.html');
    const config = JSON.parse(text(search.els.find((e) => attr(e, 'id') === 'search-config')!)) as { lang: string; strings: Record<string, string> };
    expect(config.lang).toBe('en');
  });

  it('keeps the short link\'s meta and the JSON API as data', () => {
    const short = page('r/demo/100.1a/index.html');
    // A sub-rule's short link is titled by the sub-rule's heading.
    expect(text(short.els.find((e) => e.tagName === 'title')!)).toBe(`100.1a 見出し${Q} / Heading${C}`);
    expect(attr(short.els.find((e) => attr(e, 'property') === 'og:title')!, 'content')).toBe(`100.1a 見出し${Q} / Heading${C}`);
    const entryShort = page('r/demo/100.1/index.html');
    expect(attr(entryShort.els.find((e) => attr(e, 'property') === 'og:title')!, 'content')).toBe(`100.1 最初${P} / First${P}`);
    expect(attr(short.els.find((e) => attr(e, 'property') === 'og:description')!, 'content')).toContain(P);
    // The description is said once, as og:description (docs/architecture.md#pinned-short-links).
    expect(short.els.map((e) => e.tagName)).toEqual(['html', 'head', 'meta', 'meta', 'meta', 'title', 'meta', 'link', 'meta', 'meta', 'meta', 'meta', 'meta', 'meta', 'meta', 'script', 'noscript', 'meta', 'body', 'p', 'a', 'a']);
    const index = JSON.parse(readFileSync(join(out, 'api/demo/index.json'), 'utf8')) as { name: { en: string }; documents: { title: { ja: string } }[] };
    expect(index.name.en).toBe(`Demo${P}`);
    expect(index.documents[0]?.title.ja).toBe(`総合ルール${P}`);
    const entry = JSON.parse(readFileSync(join(out, 'api/demo/cr/100.1.json'), 'utf8')) as { title: { en: string }; rules: { text: { ja: string } }[] };
    expect(entry.title.en).toBe(`First${P}`);
    expect(entry.rules[0]?.text.ja).toContain(P);
  });

  it('passes the output checks (links, origins, script URLs, the Content-Security-Policy)', () => {
    expect((checkDist(out, '/') as { problems: string[] }).problems).toEqual([]);
  });

  describe('in Chromium, under the site\'s policy', () => {
    let browser: Browser;
    let server: { url: string; close: () => Promise<unknown> };
    beforeAll(async () => {
      server = await serveDist({ dist: out, base: '/' });
      browser = await chromium.launch(config.use?.launchOptions);
    }, 60_000);
    afterAll(async () => { await browser?.close(); await server?.close(); });

    const open = async (path: string) => {
      const page = await browser.newPage();
      const trouble: string[] = [];
      page.on('dialog', (d) => { trouble.push(`dialog: ${d.message()}`); void d.dismiss(); });
      page.on('pageerror', (e) => trouble.push(`script error: ${e.message}`));
      page.on('console', (m) => { if (/Content Security Policy|Refused to/.test(m.text())) trouble.push(`csp: ${m.text()}`); });
      await page.goto(`${server.url}${path}`);
      return { page, trouble };
    };

    it('search finds the payload term and words like constructor, and shows them as text', async () => {
      const { page, trouble } = await open(`/en/search/?q=${encodeURIComponent(P)}`);
      await page.locator('#search-status').filter({ hasText: /results|Nothing matches/ }).waitFor();
      expect(await page.locator('#search-results img, #search-results svg, #search-results script').count()).toBe(0);
      for (const q of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        await page.locator('#search-q').fill(q);
        await page.locator('#search-status').filter({ hasText: /results|Nothing matches/ }).waitFor();
        expect(await page.locator('#search-status').textContent()).not.toMatch(/could not/);
      }
      await page.locator('#search-q').fill('constructor');
      await page.locator('#search-results a.r-title').first().waitFor();
      expect(await page.locator('#search-results a.r-title').first().getAttribute('href')).toMatch(/^\/en\/demo\//);
      expect(trouble).toEqual([]);
      await page.close();
    }, 60_000);

    it('a preview shows the cited entry\'s payload title as text', async () => {
      const { page, trouble } = await open('/en/demo/cr/100.1/');
      await page.locator('[id="100.1a"] .txt[lang="en"] a.ref[data-ref]').first().hover();
      const card = page.locator('#ref-card');
      await card.locator('.ref-card-title').waitFor();
      expect(await card.locator('.ref-card-title').textContent()).toContain(`Second${P}`);
      expect(await card.locator('img, svg, script').count()).toBe(0);
      expect(trouble).toEqual([]);
      await page.close();
    }, 60_000);
  });
});

describe('the build refuses script URLs and raw HTML, with file and field', () => {
  const entry = (extra: string) => `title: { ja: 規則, en: Rule }\nchecked: 2026-11-30\n${extra}`;
  it.each([
    ['schema URL fields', { 'demo/cr/100.3.yaml': entry('source: { url: "javascript:alert(1)" }\nrules:\n  - { id: 100.3a, ja: あ, en: a }\n') },
      [/demo\/cr\/100\.3\.yaml/, /source\.url/, /must be an http\(s\) URL/]],
    ['Markdown links, autolinks and raw HTML in YAML texts and notes', {
      'demo/cr/100.3.yaml': entry('rules:\n  - id: 100.3a\n    ja: "[x](javascript:alert(1))"\n    en: "<data:text/html,hi>"\n    notes:\n      - { kind: tl, en: "a <img src=x onerror=alert(1)> b" }\n'),
    }, [
      /demo\/cr\/100\.3\.yaml › rules\[0\]\.ja: the link URL "javascript:alert\(1\)" is not allowed\. Expected an http\(s\) URL/,
      /demo\/cr\/100\.3\.yaml › rules\[0\]\.en: the link URL "data:text\/html,hi" is not allowed/,
      /demo\/cr\/100\.3\.yaml › rules\[0\]\.notes\[0\]\.en: raw HTML "<img src=x onerror=alert\(1\)>" is not shown on the page/,
    ]],
    ['links in an MDX body', { 'demo/cr/100.2.mdx': '---\ntitle: { ja: 規則, en: Rule }\nchecked: 2026-11-30\nrules:\n  - { id: 100.2a, ja: あ, en: a }\n---\n\nText.\n\nSee [x](vbscript:msgbox), [y][d] and <a href="data:text/html,x">z</a>.\n\n[d]: javascript:alert(1)\n' },
      // Found by the content check before anything renders (src/content/mdx-body.ts): file:line:column › body.
      [/demo\/cr\/100\.2\.mdx:10:5 › body: the link URL "vbscript:msgbox" is not allowed/, /100\.2\.mdx:12:1 › body: the link URL "javascript:alert\(1\)" is not allowed/,
        /100\.2\.mdx:10:\d+ › body: the href URL "data:text\/html,x" of <a> is not allowed/]],
  ])('%s stop the build', (name, files, patterns) => {
    const r = build(`refused-${name.replace(/\W+/g, '-')}`, files as Record<string, string>);
    expect(r.status).not.toBe(0);
    for (const p of patterns as RegExp[]) expect(r.output).toMatch(p);
  }, 120_000);
});
