// What a short link shows when pasted in chat (Discord, X): title, description and their length,
// in both languages, checked on the bundled content's own short links.
import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { checkContent } from '~/content/check-content';
import { plainText } from '~/model/markdown-text';
import { shortLinks, UNFURL_MAX, unfurlDescription } from '~/render/short-links';

const site = checkContent('content').site!;
const pages = shortLinks(site, '/taiyaku/', 'https://example.org');

type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[]; value?: string };
function unfurl(html: string) {
  const meta: Record<string, string> = {};
  let title = '';
  let lang = '';
  const walk = (n: Node) => {
    const attr = (k: string) => n.attrs?.find((a) => a.name === k)?.value;
    if (n.nodeName === 'html') lang = attr('lang') ?? '';
    if (n.nodeName === 'meta') { const k = attr('property') ?? attr('name'); if (k) meta[k] = attr('content') ?? ''; }
    if (n.nodeName === 'title') title = n.childNodes?.map((c) => c.value ?? '').join('') ?? '';
    n.childNodes?.forEach(walk);
  };
  walk(parse(html) as unknown as Node);
  return { title, lang, meta };
}
const JA = /[\u3040-\u30ff\u3400-\u9fff]/;

describe('short links unfurl in both languages', () => {
  it.each([
    ['/r/mtg/702.33d/', '702.33d キッカー / Kicker', 'キッカー', 'kicked'],
    ['/r/marvel-champions/attack-enemy-activation/', 'attack-enemy-activation 攻撃（敵の発動） / Attack (enemy activation)', '攻撃', 'attack'],
  ])('%s: title %s, description in Japanese then English', (path, title, jaWord, enWord) => {
    const html = pages.get(path);
    expect(html, path).toBeDefined();
    const u = unfurl(html!);
    expect(u.title).toBe(title);
    expect(u.meta['og:title']).toBe(title);
    expect(u.meta['og:site_name']).toBe('対訳 Taiyaku');
    const d = u.meta['og:description']!;
    // Said once: unfurlers read og:description, and the page is noindex.
    expect(u.meta['description']).toBeUndefined();
    const [ja, en] = d.split(' / ');
    expect(ja).toMatch(JA);
    expect(en).toMatch(/^[\x20-\x7e\u2010-\u2026\u00a0-\u00ff]+$/);
    expect(ja).toContain(jaWord);
    expect(en!.toLowerCase()).toContain(enWord);
  });

  it('every short link: a title that starts with its id, one line of description within the limit, both languages when the rule has both', () => {
    const problems: string[] = [];
    for (const [path, html] of pages) {
      const u = unfurl(html);
      const id = path.split('/').at(-2)!;
      const d = u.meta['og:description'] ?? '';
      if (!u.title.startsWith(`${id} `)) problems.push(`${path}: title "${u.title}"`);
      if (d.length > UNFURL_MAX || d.includes('\n') || !d.trim()) problems.push(`${path}: description of ${d.length} characters`);
      const target = site.resolve(path.split('/')[2]!, id);
      const rule = target?.kind === 'rule' ? target.rule : target?.kind === 'entry' ? target.entry.data.rules[0] : undefined;
      if (rule?.ja && rule.en && !(JA.test(d.split(' / ')[0] ?? '') && d.includes(' / '))) problems.push(`${path}: not bilingual: ${d.slice(0, 60)}`);
    }
    expect(pages.size).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });

  it.each([
    [{ ja: 'あ'.repeat(300), en: 'word '.repeat(100) }, (d: string) => d.length <= UNFURL_MAX && d.startsWith('あ') && d.includes(' / word')],
    [{ en: 'Only English text.' }, (d: string) => d === 'Only English text.'],
    [{ ja: '日本語だけ。' }, (d: string) => d === '日本語だけ。'],
    [{}, (d: string) => d === 'the title'],
    [{ ja: '**太字**と[[702.33|リンク]]', en: 'See rule 601.2b' }, (d: string) => d === `${plainText('**太字**と[[702.33|リンク]]')} / See rule 601.2b`],
  ])('unfurlDescription(%j)', (text, ok) => {
    expect(ok(unfurlDescription(text, 'the title'))).toBe(true);
  });
});
