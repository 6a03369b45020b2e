import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { renderMarkdown, renderFull, type RenderContext } from './pipeline';
import { isPlainParagraph, markdownProblems, paragraphTexts, parseMarkdown, plainText, rendersEmpty, textOf } from '../../model/markdown-text';
import { markdownIssues } from '../../model/markdown-check';
import { WIKI_LINK } from '../../model/wiki-links';
import { termFinder } from '../../model/term-mentions';
import type { Term } from '../../schemas/content';
import { relativeHref } from '../render-context';

describe('renderMarkdown', () => {
  it.each([
    ['キッカーは常在型能力である。', '<p>キッカーは常在型能力である。</p>'],
    ['A "kicked" spell (see rule 601.2b).\n', '<p>A "kicked" spell (see rule 601.2b).</p>'],
    ['**bold** text', '<p><strong>bold</strong> text</p>'],
    ['- one\n- two', '<ul>\n<li>one</li>\n<li>two</li>\n</ul>'],
    ['1. first', '<ol>\n<li>first</li>\n</ol>'],
    ['a < b & c', '<p>a &#x3C; b &#x26; c</p>'],
    ['first\n\nsecond', '<p>first</p>\n<p>second</p>'],
  ])('renders %j the same as the full pipeline would', (md, html) => {
    expect(renderMarkdown(md)).toBe(html);
  });

  it('turns [[id|label]] into a link through the resolver and leaves unknown ids unlinked', () => {
    const ctx = { key: 't', style: 'slug' as const, resolveRef: () => ({ kind: 'missing' as const }), resolve: (id: string) => (id === 'ally' ? { href: '../ally/', label: '味方' } : undefined) };
    expect(renderMarkdown('See [[ally]] and [[foe|the foe]].', ctx)).toBe('<p>See <a href="../ally/">味方</a> and <em class="planned">the foe</em>.</p>');
  });

  it('gives plain text for descriptions', () => {
    expect(plainText('**Kicker** is [[kicker|a keyword]].\n\nSecond.')).toBe('Kicker is a keyword. Second.');
  });
});

describe('relativeHref', () => {
  it.each([
    [{ doc: 'cr', entry: '702.33' }, { doc: 'cr', entry: '702.33', id: '702.33d' }, '#702.33d'],
    [{ doc: 'cr', entry: '702.33' }, { doc: 'cr', entry: '601.2', id: '601.2b' }, '../601.2/#601.2b'],
    [{ doc: 'cr', entry: '702.33' }, { doc: 'cr', entry: '607', id: '607' }, '../607/'],
    [{ doc: 'guide', entry: 'villain-phase' }, { doc: 'rr', entry: 'boost' }, '../../rr/boost/'],
  ])('%o → %o = %s', (from, to, href) => {
    expect(relativeHref(from, to)).toBe(href);
  });
});

describe('inline rule references', () => {
  const ctx = {
    key: 'refs', style: 'mtg' as const, resolve: () => undefined,
    resolveRef: (id: string) => (id === '601.2b' ? { kind: 'link' as const, href: '../601.2/#601.2b', ref: 'cr/601.2#601.2b' } : id === '614' ? { kind: 'planned' as const } : { kind: 'missing' as const }),
  };
  it('links a written rule, marks a planned one, never makes a dead link', () => {
    expect(renderMarkdown('See rule 601.2b, rule 614 and 999.9z.', ctx)).toBe(
      '<p>See rule <a href="../601.2/#601.2b" class="ref" data-ref="cr/601.2#601.2b">601.2b</a>, <span class="ref planned">rule 614</span> and <span class="ref missing">999.9z</span>.</p>');
  });
  it('leaves references inside code and existing links alone', () => {
    expect(renderMarkdown('`601.2b` and [x 601.2b](https://example.com)', ctx)).toBe('<p><code>601.2b</code> and <a href="https://example.com">x 601.2b</a></p>');
  });
});

describe('the plain-paragraph fast path', () => {
  const terms = [
    { id: 'kicker', en: 'kicker', ja: 'キッカー', variants: [], def: { ja: 'x', en: 'x' }, entries: [] },
    { id: 'spell', en: 'spell', ja: '呪文', variants: [{ term: 'spells', lang: 'en' as const, source: 'taiyaku' as const, avoid: false }], def: { ja: 'x', en: 'x' }, entries: [] },
    { id: 'additional-cost', en: 'additional cost', ja: '追加コスト', variants: [], def: { ja: 'x', en: 'x' }, entries: [] },
  ] as unknown as Term[];
  const ctxFor = (lang: 'ja' | 'en'): RenderContext => ({
    key: `fast-${lang}`, style: 'mtg', resolve: () => undefined,
    resolveRef: (id) => (id.startsWith('601') ? { kind: 'link', href: `../601.2/#${id}`, ref: `cr/601.2#${id}` } : id.startsWith('7') ? { kind: 'planned' } : { kind: 'missing' }),
    terms: { find: termFinder(terms, lang), href: (id) => (id === 'spell' ? { href: '../../terms/#spell' } : { href: `../702.33/#${id}`, ref: `cr/702.33#${id}` }) },
  });
  const pieces = [
    'キッカー', '呪文', '追加コスト', 'を', '唱える', '。', '、', '（', '）', '「', '」', 'kicker', 'Kicker', 'spell', 'spells', 'additional cost',
    'rule 601.2b', 'rules 601.2f–h', '601.2c', 'ルール601.2b', '601.2b参照', 'rule 702', '702.33a', '999.9z', 'section 6',
    ' ', ' ', '  ', '\t', '\u3000', '\u00a0', '\r', '-', '--', '+', '=', '1.', '2)', '.', ',', '"', "'", '(', ')', ':', '/', '@', 'www.', 'http:', 'a', 'the', '2026', '3',
  ];
  const gen = fc.tuple(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 14 }), fc.boolean(), fc.subarray(['kicker', 'spell', 'additional-cost']));

  it('gives byte-for-byte what the full pipeline gives, with references and term links', () => {
    let plain = 0;
    fc.assert(fc.property(gen, ([words, newline, ids]) => {
      const md = words.join('') + (newline ? '\n' : '');
      if (!isPlainParagraph(md)) return;
      plain++;
      for (const lang of ['ja', 'en'] as const) {
        const ctx = ctxFor(lang);
        expect(renderMarkdown(md, ctx, new Set(ids))).toBe(renderFull(md, ctx, new Set(ids)));
        expect(renderMarkdown(md)).toBe(renderFull(md));
      }
    }), { numRuns: 3000 });
    expect(plain).toBeGreaterThan(1000); // the generator must exercise the fast path, not skip it
  });

  it.each([
    ['- item'], ['1. item'], ['2) item'], ['---'], ['- - -'], ['    code'], ['\tcode'], ['see https://example.com'], ['www.example.com'], ['a@b.co'], ['='],
  ])('sends %j, which Markdown would turn into markup, down the full path', (md) => {
    expect(isPlainParagraph(md)).toBe(false);
  });
});

describe('the paragraphs fast path (escapes, brackets, [[id]] links, blank lines; no parser)', () => {
  const terms = [
    { id: 'kicker', en: 'kicker', ja: 'キッカー', variants: [], def: { ja: 'x', en: 'x' }, entries: [] },
    { id: 'cost', en: 'cost', ja: 'コスト', variants: [], def: { ja: 'x', en: 'x' }, entries: [] },
  ] as unknown as Term[];
  const ctxFor = (lang: 'ja' | 'en'): RenderContext => ({
    key: `para-${lang}`, style: 'mtg',
    resolve: (id) => (id === 'kicker' ? { href: '../702.33/', label: 'kicker', ref: 'cr/702.33' } : id === '601.2b' ? { href: '../601.2/#601.2b', label: '601.2b' } : undefined),
    resolveRef: (id) => (id.startsWith('601') ? { kind: 'link', href: `../601.2/#${id}`, ref: `cr/601.2#${id}` } : id.startsWith('7') ? { kind: 'planned' } : { kind: 'missing' }),
    terms: { find: termFinder(terms, lang), href: (id) => ({ href: `../../terms/#${id}` }) },
  });
  // Official text escapes its brackets (\[cost\]); explanations link with [[id|label]]. Around them,
  // the shapes that would make Markdown read something else: links, emphasis, code, lists, HTML.
  const pieces = [
    '[[kicker]]', '[[601.2b|the rule]]', '[[702.9|飛行]]', '[[nothing]]', '[[kicker|キッカー]]', '[[ 601.2b ]]',
    '\\[', '\\]', '\\*', '\\\\', '\\_', '\\#', '\\-', '\\(', '\\&', '\\<', '\\|',
    'kicker', 'キッカー', 'cost', 'コスト', 'rule 601.2b', '601.2c', 'rule 702', '999.9z', 'a', 'the', '。', ' ', '(', ')', ':',
    '[Cost]', '[A]', '［コスト］', ' — ', '\n\n', '\n \n\n',
  ];
  const hostile = [
    '[[a|b|c]]', '\\a', '\\', '\\\n', '[[', ']]', '[', ']', '|', '(b)', '*', '_', '`', '&', 'amp;', '<b>', '!', '#', '- ', '1. ',
    '\n', '  ', '\u3000', 'www.', '@', '](', '][', ']:', '[^', '\n    ', '\n\t', '\n\n- ', '\n\n1. ', '\n\n#', '\n===',
  ];
  const piece = fc.oneof({ arbitrary: fc.constantFrom(...pieces), weight: 5 }, { arbitrary: fc.constantFrom(...hostile), weight: 1 });
  const gen = fc.tuple(fc.array(piece, { minLength: 1, maxLength: 12 }), fc.boolean(), fc.subarray(['kicker', 'cost']));

  it('renders, reads and checks every text as the parser would', () => {
    let fast = 0;
    fc.assert(fc.property(gen, ([words, newline, ids]) => {
      const md = words.join('') + (newline ? '\n' : '');
      if (paragraphTexts(md) && !isPlainParagraph(md)) fast++;
      // Text the renderer refuses (an unsafe autolink, say) must be refused by both, with one message.
      const outcome = (render: () => string) => { try { return render(); } catch (error) { return `refused: ${(error as Error).message}`; } };
      for (const lang of ['ja', 'en'] as const) {
        const ctx = ctxFor(lang);
        expect(outcome(() => renderMarkdown(md, ctx, new Set(ids)))).toBe(outcome(() => renderFull(md, ctx, new Set(ids))));
      }
      expect(outcome(() => renderMarkdown(md))).toBe(outcome(() => renderFull(md)));
      expect(plainText(md)).toBe(textOf(parseMarkdown(md.replace(WIKI_LINK, (_, id: string, label?: string) => label ?? id))));
      expect(markdownProblems(md)).toEqual(markdownIssues(parseMarkdown(md)));
    }), { numRuns: 2000 });
    expect(fast).toBeGreaterThan(500); // the generator must exercise the new path, not skip it
  });

  it.each([
    ['Kicker \\[cost\\] means \\[cost\\].', ['Kicker [cost] means [cost].']],
    ['See [[702.33|kicker]] and rule 601.2b.\n', ['See [[702.33|kicker]] and rule 601.2b.']],
    ['Written [Cost]: [Effect].', ['Written [Cost]: [Effect].']],
    ['  \\* lead  ', ['* lead']], ['\\[a\\](b)', ['[a](b)']], ['\\- item', ['- item']],
    ['First.\n\nSecond [[a]].\n \n\nThird.\n', ['First.', 'Second [[a]].', 'Third.']],
    ['[[a]](b)', undefined], ['[x](y)', undefined], ['[x][y]', undefined], ['[x]: y', undefined], ['[^1]', undefined], ['a\\\nb', undefined],
    ['one\ntwo', undefined], ['**[[a]]**', undefined], ['- [[a]]', undefined], ['mail \\@ x@y.co', undefined],
    ['First.\n\n    code', undefined], ['First.\n\n- item', undefined], ['First.\n\n', undefined],
  ])('reads %j as the paragraphs %j', (md, texts) => {
    expect(paragraphTexts(md)).toEqual(texts);
  });
});

describe('texts that show nothing (they count as missing)', () => {
  it.each([
    ['', true], ['   ', true], ['\u200b', true], ['\u200b\u200d\ufeff', true], ['\u00ad', true], ['\u3000', true],
    ['<b></b>', true], ['<!-- todo -->', true], ['<b> </b>\n<!-- x -->', true], ['&nbsp;', true], ['&#8203;', true],
    ['[](https://example.com/)', true], ['---', true], ['1.', true], ['<b>\n[[a]]', true],
    ['a', false], ['あ', false], ['702.33a', false], ['[[100.1]]', false], ['[[100.1|見出し]]', false],
    ['<b>x</b>', false], ['&amp;', false], ['**', false], ['`x`', false], ['・', false],
    ['[see](https://example.com/)', false], ['x <!-- y -->', false],
    // A line that starts as HTML is an HTML block, which the site drops whole.
    ['<!-- x --> y', true],
  ])('%j → %s', (text, empty) => {
    expect(rendersEmpty(text)).toBe(empty);
  });
});
