import { describe, expect, it } from 'vitest';
import { documentsPass } from './documents';
import { markdownPass } from './markdown';
import { pagesPass } from './pages';
import { doc, entry, game, run } from './testing';

describe('the Markdown pass', () => {
  it.each([
    ['plain Markdown', 'a **b** [c](https://example.org/)', 0],
    ['a script link', '[x](javascript:alert(1))', 1],
    ['raw HTML that shows nothing (checked as written)', '<b></b>', 1],
  ])('%s', (_, text, count) => {
    const ctx = run({ games: [game('g')], documents: [doc('g/rr', { notes: [{ kind: 'tl', ja: text, en: 'n' }] })], entries: [entry('g/rr/1', { rules: [{ id: '1.1', ja: 'あ', en: text }] })] }, documentsPass, pagesPass, markdownPass);
    const found = ctx.problems.list.filter((p) => p.field === 'rules[0].en' || p.field === 'notes[0].ja');
    expect(found.map((p) => p.field)).toEqual(count ? ['rules[0].en', 'notes[0].ja'] : []);
    for (const p of found) expect(p.file).toBe(p.field === 'rules[0].en' ? 'content/g/rr/1.yaml' : 'content/g/rr/document.yaml');
  });
});
