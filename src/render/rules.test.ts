import { describe, expect, it } from 'vitest';
import { noteHtml, pairNoteHtml, renumberHtml, ruleRowHtml, textHtml } from './rules';
import type { Renumbering } from '../model/site-model';

describe('rule rows as strings', () => {
  const rule = { id: '702.33d', ja: 'キッカーされた呪文', en: 'A "kicked" spell & more', notes: [{ kind: 'tl' as const, ja: '訳注です', en: "Translator's note" }] };
  const row = (ui: 'ja' | 'en') => ruleRowHtml({ rule, ui, depth: 1, links: () => undefined as never, entryId: '702.33', numbered: true, searchTitle: '702.33d "Kicker"', aliases: ['Kicker', 'キッカー'] });

  it('puts the page language first and leaves the other half to the other search bundle', () => {
    const ja = row('ja');
    expect(ja).toContain('<div class="txt t-ja t-first" lang="ja"><p>');
    expect(ja).toContain('<div class="txt t-en t-second" lang="en" data-pagefind-ignore="all"><p>');
    const en = row('en');
    expect(en).toContain('<div class="txt t-en t-first" lang="en"><p>');
    expect(en).toContain('<div class="txt t-ja t-second" lang="ja" data-pagefind-ignore="all"><p>');
  });

  it('keeps the permanent anchor, the search title and the aliases, escaped', () => {
    const html = row('en');
    expect(html).toMatch(/^<div class="rule" id="702\.33d" data-anchor data-depth="1" data-pagefind-title="702\.33d &quot;Kicker&quot;">/);
    expect(html).toContain('<a class="rid" href="#702.33d"');
    expect(html).toContain('<span class="aliases" hidden>Kicker / キッカー</span>');
    expect(html).toContain('A "kicked" spell &#x26; more'); // text escaped by the Markdown renderer
  });

  it('marks a missing translation in the reader\'s language, and renders notes with their label', () => {
    expect(textHtml({ lang: 'ja', ui: 'en', md: undefined })).toMatch(/^<div class="txt missing t-ja t-second" lang="en"><p>[^<]+<\/p><\/div>$/);
    const note = noteHtml(rule.notes[0]!, 'en');
    expect(note).toContain('aria-label="Translator\'s note"');
    expect(note).toContain('<span> — Translator&#39;s note</span>');
    expect(note.indexOf('txt t-en t-first')).toBeGreaterThan(0);
    expect(note.indexOf('txt t-en t-first')).toBeLessThan(note.indexOf('txt t-ja t-second'));
  });
});

describe('renumbering notices', () => {
  const edition = { id: 'rules-class-09', title: { ja: 'ルールクラス09の番号', en: 'the Rules Class 09 numbering' } };
  const resist: Renumbering = { game: 'lorcana', doc: 'cr', edition, from: '8.7', to: '8.8', title: { ja: '耐久', en: 'Resist <b>' } };
  // Links resolve like [[8.8]] would from the entry page; 9.9 is planned (no page yet).
  const links = (() => ({ resolve: (id: string) => (id === '8.8' ? { href: '../8.8/', label: id } : { label: id }) })) as never;

  it('says, in both languages, what a reused number held and links to where that rule is now', () => {
    const html = renumberHtml({ reused: [resist], formerly: [] }, 'en', links);
    expect(html).toMatch(/^<div class="note renumber" role="note" aria-label="Renumbered" data-pagefind-ignore="all">/);
    expect(html).toContain('<div class="txt t-en t-first" lang="en"><p>In the Rules Class 09 numbering, 8.7 was Resist &lt;b&gt;; that rule is now <a href="../8.8/">8.8</a>.</p></div>');
    expect(html).toContain('<div class="txt t-ja t-second" lang="ja"><p>ルールクラス09の番号では、8.7 は「耐久」でした。その条文は現在 <a href="../8.8/">8.8</a> です。</p></div>');
    expect(html.indexOf('t-en t-first')).toBeLessThan(html.indexOf('t-ja t-second'));
    expect(renumberHtml({ reused: [resist], formerly: [] }, 'ja', links).indexOf('t-ja t-first')).toBeGreaterThan(0);
  });

  it('names a rule\'s own earlier number, and leaves a planned target unlinked', () => {
    const html = renumberHtml({ reused: [{ ...resist, to: '9.9' }], formerly: [resist] }, 'en', links);
    expect(html).toContain('that rule is now 9.9.</p><p>In the Rules Class 09 numbering, this rule was numbered 8.7.</p>');
    expect(html).not.toContain('href="../9.9');
  });

  it('appears in the row above the text only when the record has something for that id', () => {
    const base = { rule: { id: '8.7', ja: '暴勇', en: 'Reckless', notes: [] }, ui: 'en' as const, depth: 0, links: (() => undefined) as never, entryId: '8.7', numbered: true, searchTitle: '8.7' };
    const row = ruleRowHtml({ ...base, renumbered: { reused: [resist], formerly: [] } });
    expect(row.indexOf('class="note renumber"')).toBeGreaterThan(row.indexOf('class="gutter"'));
    expect(row.indexOf('class="note renumber"')).toBeLessThan(row.indexOf('class="txt t-ja'));
    expect(ruleRowHtml({ ...base, renumbered: { reused: [], formerly: [] } })).not.toContain('renumber');
    expect(ruleRowHtml(base)).not.toContain('renumber');
  });
});

describe('a sub-rule whose Japanese follows another English edition (docs/import.md#pairs)', () => {
  const official = (english: 'changed' | 'unchanged' | 'added' | 'unknown', from?: string) => ({
    id: '100.1m', en: 'The English now.', ja: english === 'added' ? undefined : '当時の英語の訳。', notes: [], from: { official: { file: 'x', index: 0 } },
    official: { en: 'The English now.', ...(english === 'added' ? {} : { ja: '当時の英語の訳。' }), edition: { en: '2032-04-02', ja: '20320115.0' }, jaFollows: { edition: '2032-01-10', ...(from ? { from } : {}), english } },
  });
  const row = (english: 'changed' | 'unchanged' | 'added' | 'unknown', ui: 'ja' | 'en', from?: string) => ruleRowHtml({
    rule: official(english, from) as never, ui, depth: 1, links: () => undefined as never, entryId: '100.1', numbered: true, searchTitle: '100.1m',
    layered: { source: { ja: '総合ルール', en: 'Comprehensive Rules' }, history: '/en/mtg/cr/100.1/history/' },
  });

  it('marks a changed English in both languages, linking the rule\'s history, out of search', () => {
    for (const ui of ['ja', 'en'] as const) {
      const html = row('changed', ui, '100.1k');
      expect(html).toContain('data-pair="changed" data-pagefind-ignore="all"');
      expect(html).toContain('<a href="/en/mtg/cr/100.1/history/#100.1m">履歴で変更を見る</a>');
      expect(html).toContain('<a href="/en/mtg/cr/100.1/history/#100.1m">see the change in the history</a>');
      expect(html).toContain('英語版 2032-01-10（当時の番号は 100.1k）の訳');
      expect(html).toContain('translates the English of 2032-01-10, where this rule was 100.1k; the English has changed since');
      // Copy as quote names the English edition the Japanese translates.
      expect(html).toContain('data-edition="総合ルール 20320115.0（英語版 2032-01-10 の訳）"');
    }
  });

  it('says a newer rule has no Japanese yet; says nothing where the English is unchanged', () => {
    expect(row('added', 'en')).toContain('Added after the English 2032-01-10, the edition the Japanese translation follows: no Japanese yet.');
    expect(row('unknown', 'ja')).toContain('その後に英語の条文が変わったかどうかはわからない');
    expect(row('unchanged', 'en')).not.toContain('pair-edition');
  });

  it('escapes what it is given', () => {
    const html = pairNoteHtml({ edition: '<b>x</b>', from: '"a"&', english: 'changed' }, 'en', '1"2', '/h/?a=<');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).toContain('href="/h/?a=<#1&quot;2"'); // Astro's attribute escaping: quotes and ampersands
  });
});
