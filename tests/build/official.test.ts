// Official text and explanations on one page, through the real `astro build` under a sub-path: the
// fixture overlay tests/fixtures/content/official (invented official text) adds official files beside
// the base fixture's explanations. Rows, labels, badges, the JSON API, search, short links and the
// URLs of official text shown on an explanation's page are read from the built files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFixture } from '../../scripts/build-fixture.mjs';
import { checkDist, validateHtml } from '../../scripts/check-dist.mjs';
import { fragmentsIn } from '../../src/integrations/pagefind-fragments';
import { all, attrOf, hasClass, parseHtml, text } from './html-tree';

const BASE = '/taiyaku/';
let build: { status: number | null; output: string; content: string; out: string };
const file = (path: string) => readFileSync(join(build.out, path), 'utf8');
const page = (path: string) => file(join(path, 'index.html'));

/** Each row of a page: per language column, its official text, its explanation (label apart) and what search skips. */
function rows(path: string) {
  const doc = parseHtml(page(path));
  return all(doc, (n) => hasClass(n, 'rule')).map((row) => ({
    id: attrOf(row, 'id'),
    sides: Object.fromEntries(all(row, (n) => hasClass(n, 'txt')).map((side) => {
      const official = all(side, (n) => hasClass(n, 'official'))[0];
      const explanation = all(side, (n) => hasClass(n, 'explanation'))[0];
      const label = explanation && all(explanation, (n) => hasClass(n, 'layer-label'))[0];
      return [attrOf(side, 'lang'), {
        official: official && text(official),
        edition: official && attrOf(official, 'data-edition'),
        label: label && text(label),
        labelIgnored: label && attrOf(label, 'data-pagefind-ignore') !== undefined,
        explanation: explanation && text(explanation).slice(label ? text(label).length : 0),
        indexed: attrOf(side, 'data-pagefind-ignore') === undefined,
      }];
    })),
  }));
}
/** The texts one language's search bundle holds for a page. */
function indexed(lang: 'ja' | 'en', url: string): string {
  const dir = join(build.out, 'pagefind', lang, 'fragment');
  // A page's fragment is a file of its own or in a group (docs/search.md#fragment-groups).
  for (const f of readdirSync(dir)) {
    const data = fragmentsIn(f, readFileSync(join(dir, f))).find((d) => d.url === url);
    if (data) return data.content;
  }
  throw new Error(`${url} is not in the ${lang} search bundle`);
}

beforeAll(() => {
  build = buildFixture('official', { overlays: ['official'], env: { SITE_BASE: BASE, SITE_URL: 'https://example.github.io' } });
});

describe('a site with official text beside the explanations', () => {
  it('builds, and passes the site\'s own output checks', async () => {
    expect(build.status, build.output).toBe(0);
    expect(checkDist(build.out, BASE).problems).toEqual([]);
    expect(await validateHtml(build.out)).toEqual([]);
  });

  it('shows the official text of a sub-rule with Taiyaku\'s explanation under it, labelled in each column\'s language', () => {
    const [row] = rows('ja/demo/cr/104.2');
    expect(row).toEqual({
      id: '104.2',
      sides: {
        ja: { official: '組とは、同じ色の札3枚のことである。', edition: '総合ルール 20310301.0', label: '解説', labelIgnored: true, explanation: '組は同じ色でそろえる必要がある。数字はそろわなくてよい。', indexed: true },
        en: { official: 'A set is three cards of one colour.', edition: 'Comprehensive Rules 2031-03-07', label: 'Explanation', labelIgnored: true, explanation: 'A set must match in colour; the numbers may differ.', indexed: false },
      },
    });
    // An official sub-rule no explanation covers shows alone; the explanation covering part of the
    // larger official 104 takes 104.2b, which is below it.
    expect(rows('en/demo/cr/104.2').map((r) => [r.id, r.sides.en?.official !== undefined, r.sides.en?.explanation !== undefined])).toEqual([
      ['104.2', true, true], ['104.2a', true, true], ['104.2b', true, false],
    ]);
  });

  it('shows the explanation alone, labelled, in a language the official text lacks, and the badges say which text is which', () => {
    const [a] = rows('ja/demo/cr/102.1');
    expect(a!.sides.ja).toMatchObject({ official: undefined, label: '解説', explanation: expect.stringContaining('ダイスは2個') });
    expect(a!.sides.en).toMatchObject({ official: 'Roll both dice at once; their total is the roll.', label: 'Explanation' });
    const status = (path: string) => text(all(parseHtml(page(path)), (n) => attrOf(n, 'aria-label') === (path.startsWith('ja') ? '翻訳状況' : 'Translation status'))[0]!);
    expect(status('ja/demo/cr/102.1')).toBe('日本語: 公式テキスト なし — 日本語版にこの規則はない（試験用の取り込み）。 · 解説 コミュニティ訳英語: 公式テキスト 公式 · 解説 コミュニティ訳');
    expect(page('en/demo/cr/102.1')).toContain('<li>Official text: 2031-03-07 · 日本語版 20310301.0</li><li>Explanation follows: 2030-11-02</li>');
    // An explanation checked against another edition than the official text: the page says so, and the build warns.
    expect(page('ja/demo/cr/102.1')).toContain('<p>この項目の公式テキストは 2031-03-07 · 日本語版 20310301.0、解説は 2030-11-02 に基づいています。');
    expect(page('en/demo/cr/104.2')).not.toContain('class="note editions"');
    expect(build.output).toMatch(/demo\/cr\/official\/_edition\.yaml › version: the official text \(2031-03-07 · 日本語版 20310301\.0\) is not the edition the explanations follow \(2030-11-02\) on 1 page that shows both \(102\.1\)/);
    // One kind only: as before.
    expect(status('en/demo/cr/101.1')).toBe('Japanese: OfficialEnglish: Official');
    expect(status('en/demo/cr/100.2')).toBe('Japanese: CommunityEnglish: Community');
  });

  it('keeps a page of one kind as it was: official rows unlabelled, explanation-only rows without the official markup', () => {
    expect(rows('en/demo/cr/101.1').map((r) => [r.id, r.sides.en?.official, r.sides.en?.label])).toEqual([
      ['101.1a', 'Turns pass to the left, one player after another.', undefined],
      ['101.1b', 'A player may end a turn early by saying so.', undefined],
    ]);
    // The footer says which text is whose once there is official text on the site.
    expect(page('en/demo/cr/100.2')).toContain('The official text is imported from the publishers&#39; documents');
    const plain = page('en/demo/cr/100.2');
    expect(plain).not.toContain('class="official"');
    expect(plain).not.toContain('layer-label');
  });

  it('indexes both texts in each language\'s search bundle, and not the labels', () => {
    const en = indexed('en', '/en/demo/cr/104.2/');
    expect(en).toContain('tallyquist');
    expect(en).toContain('marigoldish');
    expect(en).not.toContain('Explanation');
    const ja = indexed('ja', '/ja/demo/cr/104.2/');
    expect(ja).toContain('タリクイスト');
    expect(ja).toContain('マリゴールド');
    expect(ja).not.toContain('解説');
  });

  it('gives both kinds in the JSON API, per sub-rule and language', () => {
    const body = JSON.parse(file('api/demo/cr/104.2.json'));
    expect(body.official).toEqual({ status: { ja: 'official', en: 'official' }, version: '2031-03-07 · 日本語版 20310301.0', effective: '2031-03-07', jaFollows: null });
    expect(body.rules.map((r: { id: string; official: unknown; explanation: unknown }) => [r.id, r.official !== null, r.explanation !== null])).toEqual([
      ['104.2', true, true], ['104.2a', true, true], ['104.2b', true, false],
    ]);
    expect(body.rules[1]).toMatchObject({
      en: 'A set scores the sum of its numbers (the tallyquist count).',
      text: { en: 'A set scores the sum of its numbers (the tallyquist count).' },
      official: { en: 'A set scores the sum of its numbers (the tallyquist count).', edition: { ja: '20310301.0', en: '2031-03-07' } },
      explanation: { en: 'For example, a red set of 2, 5 and 9 is worth 16, counted the marigoldish way.', text: { ja: expect.stringContaining('マリゴールド') } },
    });
    const index = JSON.parse(file('api/demo/index.json'));
    expect(index.ids['103.1b']).toBe('cr/103');
    expect(index.ids['104.2b']).toBe('cr/104.2');
  });

  it('shows the official glossary as the document\'s glossary, joined with the dictionary both ways', () => {
    const doc = parseHtml(page('ja/demo/cr/glossary'));
    const terms = all(doc, (n) => hasClass(n, 'g-term')).map((n) => attrOf(n, 'id'));
    expect(terms).toEqual(['rule', 'zephyrine-counter', 'old-dice']);
    const glossary = page('ja/demo/cr/glossary');
    // Rule numbers in a definition are links, like in rule text; the dictionary's term is named and linked.
    expect(glossary).toContain('<p>ゲームの進め方を述べた、番号付きの文。<a href="../100.1/" class="ref" data-ref="cr/100.1#100.1">100.1</a>参照。</p>');
    expect(glossary).toContain('Taiyaku の用語集: <a href="/taiyaku/ja/demo/terms/#rule"><span lang="ja">規則</span></a>');
    expect(glossary).toContain('<span class="badge missing">廃止</span>');
    expect(page('en/demo/terms')).toContain('<a href="/taiyaku/en/demo/cr/glossary/#rule">official glossary</a>');
    expect(page('en/demo/cr')).toContain('<a href="/taiyaku/en/demo/cr/glossary/">Comprehensive Rules glossary (official)</a> — 3 terms');
  });

  it('keeps every URL of official text shown on an explanation\'s page working', () => {
    // The official 103.1 is shown whole on 103: its URL is a redirect page, its short link goes there.
    expect(page('en/demo/cr/103.1')).toContain('<noscript><meta http-equiv="refresh" content="0; url=/taiyaku/en/demo/cr/103/#103.1"></noscript>');
    expect(page('r/demo/103.1')).toContain('"/taiyaku/en/demo/cr/103/#103.1"');
    // The official 104 keeps its page, points to 104.2 and forwards the anchors that went there.
    const scoring = page('ja/demo/cr/104');
    expect(scoring).toContain('href="/taiyaku/ja/demo/cr/104.2/"');
    const moved = /data-moved="([^"]*)"/.exec(scoring)![1]!.replace(/&quot;/g, '"');
    expect(JSON.parse(moved)).toEqual({ '104.2': '/taiyaku/ja/demo/cr/104.2/', '104.2a': '/taiyaku/ja/demo/cr/104.2/#104.2a', '104.2b': '/taiyaku/ja/demo/cr/104.2/#104.2b' });
    const manifest = JSON.parse(readFileSync(join(build.content, 'permalinks.json'), 'utf8'));
    expect(manifest['/en/demo/cr/104.2/']).toEqual(['104.2', '104.2a', '104.2b']);
    expect(manifest['/en/demo/cr/103/']).toEqual(['103.1', '103.1a', '103.1b']);
  });
});
