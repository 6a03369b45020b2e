import { describe, expect, it } from 'vitest';
import { markdownProblems, plainText, rendersEmpty } from './markdown-text';

// A text is parsed once and both readings come from that parse when they can (the plain text reads
// [[id|label]] as its label, so a text with a wiki link is parsed apart for it): whichever is asked
// first, each answer is the one a fresh parse gives. Each case runs in both orders, on two copies of
// the text that differ only by a trailing newline (the cache is by text).
describe('plain text and Markdown problems from one parse', () => {
  it.each([
    ['markup and a link', '**Kicker** is [a keyword](https://example.org/).\n\nSecond.', 'Kicker is a keyword. Second.', 0],
    ['a wiki link and raw HTML', 'see <b>this</b> [[701.1|kicker]] rule', 'see this kicker rule', 1],
    ['a wiki link without a label', '*see* [[701.1]]', 'see 701.1', 0],
    ['a script link', '[x](javascript:alert(1))', 'x', 1],
    ['empty HTML', '<b></b>', '', 1],
    ['an escaped bracket', 'a \\[b\\] *c*', 'a [b] c', 0],
  ])('%s', (_, md, text, issues) => {
    for (const [copy, textFirst] of [[md, true], [`${md}\n`, false]] as const) {
      const read = () => ({ text: plainText(copy), issues: markdownProblems(copy).length });
      const first = textFirst ? read() : (() => { const n = markdownProblems(copy).length; return { text: plainText(copy), issues: n }; })();
      expect(first).toEqual({ text, issues });
      expect(read()).toEqual({ text, issues });
      expect(rendersEmpty(copy)).toBe(text === '');
    }
  });
});
