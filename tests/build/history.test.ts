// Every entry's history, what changed in each edition and the JSON API's editions, through the real
// `astro build` under a sub-path: the fixture site base + moved + official + history (one imported
// step, 2030-09-01 → 2031-03-07: 100.1a five → seven counters, 101.1a reworded in Japanese only,
// 101.1b added, 102.1c removed, 104.3 → 104.2b and 104.4 → 104.3), with markup in a removed rule's
// text to show the pages keep content as text.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../../scripts/build-fixture.mjs';
import { checkDist, validateHtml } from '../../scripts/check-dist.mjs';
import { fragmentsIn } from '../../src/integrations/pagefind-fragments';
import { all, attrOf, hasClass, parseHtml, text, type Node } from './html-tree';

const BASE = '/taiyaku/';
// Inline code, so the Markdown's text keeps it (raw HTML in a text is dropped from plain text, as in the JSON API's text).
const PAYLOAD = '</p><script>alert(1)</script><img src=x onerror=alert(2)>';
let build: { status: number | null; output: string; content: string; out: string };
const file = (path: string) => readFileSync(join(build.out, path), 'utf8');
const page = (path: string) => file(join(path, 'index.html'));

/** A text with its marks spelled out: [-deleted-] and {+inserted+}, without the hidden alternatives. */
const marked = (n: Node): string => {
  if (n.nodeName === '#text') return n.value ?? '';
  if (hasClass(n, 'visually-hidden')) return '';
  const inner = (n.childNodes ?? []).map(marked).join('');
  return n.nodeName === 'del' ? `[-${inner}-]` : n.nodeName === 'ins' ? `{+${inner}+}` : inner;
};
/** Each rule section of an entry's history page: its id, its facts, and per version row the edition label and each language's marked text. */
function history(entry: string) {
  const doc = parseHtml(page(`${entry}/history`));
  return all(doc, (n) => hasClass(n, 'h-rule')).map((s) => ({
    id: attrOf(s, 'id'),
    facts: all(s, (n) => n.nodeName === 'li').map(text),
    rows: all(s, (n) => hasClass(n, 'h-version')).map((row) => [
      text(all(row, (n) => hasClass(n, 'gutter'))[0]!),
      ...all(row, (n) => hasClass(n, 'txt')).map((t) => `${attrOf(t, 'lang')}: ${marked(t)}`),
    ]),
  }));
}
const hrefs = (path: string) => all(parseHtml(page(path)), (n) => n.nodeName === 'a').map((a) => attrOf(a, 'href'));

beforeAll(() => {
  const step = readFileSync('tests/fixtures/content/history/demo/cr/official/_history/2031-03-07.yaml', 'utf8')
    .replace('en: A die that lands on its edge counts as a one.', `en: ${JSON.stringify(`A die that lands on its edge counts as a one. \`${PAYLOAD}\``)}`);
  build = buildFixture('history-pages', { overlays: ['moved', 'official', 'history'], files: { 'demo/cr/official/_history/2031-03-07.yaml': step }, env: { SITE_BASE: BASE, SITE_URL: 'https://example.github.io' } });
});

describe('a site with an imported history', () => {
  it('builds, and the new pages pass the site\'s own output checks', async () => {
    expect(build.status, build.output).toBe(0);
    expect(checkDist(build.out, BASE).problems).toEqual([]);
    expect(await validateHtml(build.out)).toEqual([]);
    const pages = (dir: string) => readdirSync(join(build.out, dir), { recursive: true }).filter((f) => String(f).endsWith('index.html')).map((f) => `${dir}/${String(f).replace(/\/?index\.html$/, '')}`);
    // One history page per entry with official text that changed in some kept edition (103, which
    // shows 103.1, reads the same in both: none), one changes page per step, in both languages.
    for (const lang of ['en', 'ja']) {
      expect(pages(`${lang}/demo/cr`).filter((p) => p.includes('history') || p.includes('changes')).sort()).toEqual([
        '100.1/history', '101.1/history', '102.1/history', '104.2/history', '104/history', 'changes/2031-03-07',
      ].map((p) => `${lang}/demo/cr/${p}`));
    }
    expect(readdirSync(join(build.out, 'ja/demo/cr/changes'))).toEqual(['2031-03-07']);
  });

  it('shows 100.1a edition by edition, five → seven marked by word and by character', () => {
    expect(history('en/demo/cr/100.1').find((s) => s.id === '100.1a')).toEqual({
      id: '100.1a',
      facts: ['In every imported edition since 2030-09-01.'],
      rows: [
        ['2031-03-07', 'ja: 各プレイヤーは、[-5-]{+7+}個のカウンターからなるゼフィリン置き場を持って始める。101.1a参照。', 'en: Every player begins with a zephyrine pool of [-five-]{+seven+} counters. See rule 101.1a.'],
        ['2030-09-01', 'ja: 各プレイヤーは、5個のカウンターからなるゼフィリン置き場を持って始める。101.1a参照。', 'en: Every player begins with a zephyrine pool of five counters. See rule 101.1a.'],
      ],
    });
    // The marks read right to a screen reader: a hidden start and end in the text's language.
    const en = page('en/demo/cr/100.1/history');
    expect(en).toContain('<del><span class="visually-hidden">[deleted: </span>five<span class="visually-hidden">]</span></del><ins><span class="visually-hidden">[inserted: </span>seven<span class="visually-hidden">]</span></ins>');
    expect(page('ja/demo/cr/100.1/history')).toContain('<del><span class="visually-hidden">［削除：</span>5<span class="visually-hidden">］</span></del>');
  });

  it('a rule reworded in Japanese only shows its English unchanged; an added rule says when', () => {
    const [a, b] = history('en/demo/cr/101.1').filter((s) => s.id !== '101.1');
    expect(a!.rows[0]).toEqual(['2031-03-07', 'ja: 手番は左{+隣+}のプレイヤーへ順[-番-]に移[-っていく-]{+る+}。', 'en: Turns pass to the left, one player after another.Unchanged']);
    expect(b).toEqual({ id: '101.1b', facts: ['Added in 2031-03-07.'], rows: [['2031-03-07', 'ja: プレイヤーは、そう宣言することで手番を早く終えてよい。', 'en: A player may end a turn early by saying so.']] });
  });

  it('104\'s history: 104.3 was 104.4, and the number 104.3 held the rule that is 104.2b now; 104.2\'s: 104.2b was 104.3', () => {
    const s = history('en/demo/cr/104').find((x) => x.id === '104.3')!;
    expect(s.facts).toEqual(['In every imported edition since 2030-09-01.', 'Earlier numbers: 104.4 in 2030-09-01', 'In 2030-09-01, 104.3 was another rule; that rule is now 104.2b.']);
    expect(s.rows).toEqual([
      ['2031-03-07', 'ja: 得点が最も多いプレイヤーが勝つ。', 'en: The player with the most points wins.'],
      ['2030-09-01then 104.4', 'en: Same text as 104.3 in 2031-03-07 above; only the number differs.'],
    ]);
    expect(hrefs('en/demo/cr/104/history')).toContain('/taiyaku/en/demo/cr/104.2/#104.2b');
    expect(history('ja/demo/cr/104.2').find((x) => x.id === '104.2b')!.facts).toEqual(['2030-09-01 以降、取り込んだすべての版にあります。', '以前の番号：2030-09-01 では 104.3']);
  });

  it('lists a removed rule with its last text on the page of the rule it was under, as text', () => {
    const removed = history('en/demo/cr/102.1').find((s) => s.id === 'removed-102.1c-2031-03-07')!;
    expect(removed.facts).toEqual(['Removed in 2031-03-07; its last text is that of 2030-09-01.']);
    // Its heading names the removal, so it never has the name of a rule that took the number later.
    const heading = (path: string) => text(all(parseHtml(page(path)), (n) => attrOf(n, 'id') === 'h-removed-102.1c-2031-03-07')[0]!);
    expect(heading('en/demo/cr/102.1/history')).toBe('102.1c (removed in 2031-03-07)');
    expect(heading('ja/demo/cr/102.1/history')).toBe('102.1c（2031-03-07 で削除）');
    // The Japanese column says, in the page's language, that the edition had no Japanese text.
    expect(removed.rows).toEqual([['2030-09-01', 'en: No text in this language in this edition.', `en: A die that lands on its edge counts as a one. ${PAYLOAD}`]]);
    // The markup stayed text on both pages that show it.
    for (const path of ['en/demo/cr/102.1/history', 'ja/demo/cr/changes/2031-03-07']) {
      const doc = parseHtml(page(path));
      expect(all(doc, (n) => n.nodeName === 'img' || (n.nodeName === 'script' && text(n).includes('alert')))).toEqual([]);
      expect(page(path)).toContain('&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
    }
  });

  it('the changes page lists what 2031-03-07 added, removed, reworded and moved, each linked to the rule now and its history', () => {
    const doc = parseHtml(page('en/demo/cr/changes/2031-03-07'));
    const section = (id: string) => all(doc, (n) => n.nodeName === 'section' && attrOf(n, 'aria-labelledby') === id)[0]!;
    const gutters = (id: string) => all(section(id), (n) => hasClass(n, 'gutter')).map(text);
    expect(text(all(doc, (n) => n.nodeName === 'h1')[0]!)).toBe('What changed in Comprehensive Rules 2031-03-07');
    expect(gutters('c-added')).toEqual(['101.1b History']);
    expect(gutters('c-removed')).toEqual(['102.1c History']);
    expect(gutters('c-reworded')).toEqual(['100.1a History', '101.1a History']);
    expect(all(section('c-moved'), (n) => n.nodeName === 'li').map(text)).toEqual(['104.3 → 104.2b History', '104.4 → 104.3 History']);
    expect(all(section('c-reworded'), (n) => hasClass(n, 'txt')).map(marked)[1]).toBe('Every player begins with a zephyrine pool of [-five-]{+seven+} counters. See rule 101.1a.');
    const links = hrefs('en/demo/cr/changes/2031-03-07');
    for (const href of ['/taiyaku/en/demo/cr/101.1/#101.1b', '/taiyaku/en/demo/cr/101.1/history/#101.1b', '/taiyaku/en/demo/cr/102.1/history/#removed-102.1c-2031-03-07',
      '/taiyaku/en/demo/cr/104.2/#104.2b', '/taiyaku/en/demo/cr/104.2/history/#104.2b', '/taiyaku/en/demo/cr/104/#104.3']) expect(links).toContain(href);
  });

  it('is linked from the entry (only where it has history), the document page (every edition, newest first) and the home page', () => {
    expect(page('ja/demo/cr/100.1')).toContain('<li><a href="/taiyaku/ja/demo/cr/100.1/history/">履歴</a></li>');
    expect(hrefs('en/demo/cr/104.2')).toContain('/taiyaku/en/demo/cr/104.2/history/');
    // An explanation-only page has no history.
    expect(hrefs('en/demo/cr/100.2').some((h) => h?.includes('/history/'))).toBe(false);
    const docPage = parseHtml(page('en/demo/cr'));
    const editions = all(docPage, (n) => hasClass(n, 'h-editions'))[0]!;
    expect(all(editions, (n) => n.nodeName === 'li').map(text)).toEqual(['What changed in 2031-03-07current1 added, 1 removed, 2 reworded, 2 moved', '2030-09-01the first imported edition']);
    expect(hrefs('en/demo/cr')).toContain('/taiyaku/en/demo/cr/changes/2031-03-07/');
    expect(page('ja')).toContain('<a href="/taiyaku/ja/demo/cr/changes/2031-03-07/">デモ・総合ルール：2031-03-07 の変更点</a>');
  });

  it('leaves the history and changes pages and their JSON out of a saved game (they are cached when read)', () => {
    const saved = (JSON.parse(file('offline/demo.json')) as { files: { url: string }[] }).files.map((f) => f.url);
    expect(saved).toContain('/taiyaku/en/demo/cr/100.1/index.html');
    expect(saved).toContain('/taiyaku/api/demo/cr/100.1.json');
    expect(saved.filter((u) => /history|changes|editions/.test(u))).toEqual([]);
  });

  it('leaves the history and changes pages out of search', () => {
    for (const lang of ['ja', 'en']) {
      const dir = join(build.out, 'pagefind', lang, 'fragment');
      const urls = readdirSync(dir).flatMap((f) => fragmentsIn(f, readFileSync(join(dir, f)))).map((d) => d.url);
      expect(urls.filter((u) => u.includes('/history/') || u.includes('/changes/'))).toEqual([]);
      expect(urls).toContain(`/${lang}/demo/cr/100.1/`);
    }
  });

  it('answers "what did 104.4 say in 2030-09-01" in two fetches of the JSON API', () => {
    const editions = JSON.parse(file('api/demo/cr/editions.json'));
    expect(editions.editions.map((e: { id: string }) => e.id)).toEqual(['2031-03-07', '2030-09-01']);
    const numbering = editions.numberings.find((n: { edition: string }) => n.edition === '2030-09-01');
    expect(numbering.moved).toEqual({ '104.3': '104.2b', '104.4': '104.3' });
    expect(numbering.retired).toEqual({ '102.1c': { in: '2031-03-07', entry: '102.1' } });
    const now = numbering.moved['104.4'] ?? '104.4';
    const url = new URL(editions.history.replace('{entry}', editions.ids[now]));
    expect(url.pathname).toBe('/taiyaku/api/demo/cr/104/history.json');
    const h = JSON.parse(file(url.pathname.replace(BASE, '')));
    const version = h.rules.find((r: { id: string }) => r.id === now).versions.find((v: { editions: string[] }) => v.editions.includes('2030-09-01'));
    expect(version).toMatchObject({ id: '104.4', en: 'The player with the most points wins.', text: { ja: '得点が最も多いプレイヤーが勝つ。' } });
    // The entry file keeps its shape, with a link to the history file.
    const entry = JSON.parse(file('api/demo/cr/104.json'));
    expect(entry.history).toBe('https://example.github.io/taiyaku/api/demo/cr/104/history.json');
    expect(entry.unchangedSince).toBeNull();
    expect(JSON.parse(file('api/demo/cr/100.2.json')).history).toBeNull();
  });

  it('an entry whose official text never changed: no history page or file, and its page says since when, in both languages', () => {
    expect(existsSync(join(build.out, 'en/demo/cr/103/history'))).toBe(false);
    expect(existsSync(join(build.out, 'ja/demo/cr/103/history'))).toBe(false);
    expect(existsSync(join(build.out, 'api/demo/cr/103/history.json'))).toBe(false);
    const said = (lang: string) => all(parseHtml(page(`${lang}/demo/cr/103`)), (n) => hasClass(n, 'unchanged')).map(text);
    expect(said('en')).toEqual(['Official text unchanged in every kept edition since 2030-09-01']);
    expect(said('ja')).toEqual(['公式テキストは 2030-09-01 以降、保存しているどの版でも変更なし']);
    for (const lang of ['en', 'ja']) expect(hrefs(`${lang}/demo/cr/103`).filter((h) => h?.includes('/history/'))).toEqual([]);
    // A page with a history says nothing of the kind, and links it.
    expect(all(parseHtml(page('en/demo/cr/104.2')), (n) => hasClass(n, 'unchanged'))).toEqual([]);
    // The JSON API says the same: no history file, unchanged since the oldest kept edition; editions.json names no file for its ids.
    const entry = JSON.parse(file('api/demo/cr/103.json'));
    expect([entry.history, entry.unchangedSince]).toEqual([null, '2030-09-01']);
    expect(JSON.parse(file('api/demo/cr/100.2.json')).unchangedSince).toBeNull(); // an explanation only: no history at all
    const ids = JSON.parse(file('api/demo/cr/editions.json')).ids as Record<string, string>;
    expect(Object.keys(ids).filter((id) => id.startsWith('103'))).toEqual([]);
    expect(ids['104.2b']).toBe('104.2');
  });
});
