import { describe, expect, it } from 'vitest';
import { noteHtml, ruleRowHtml, textHtml } from './rules';

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
