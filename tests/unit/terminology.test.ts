import { describe, expect, it } from 'vitest';
import { loadContent } from '~/content/load-content';
import { checkTerminology, formatFinding } from '~/model/terminology';
import type { Term } from '~/schemas/content';

const villain: Term = {
  id: 'villain', en: 'villain', ja: 'ヴィラン', def: { ja: '敵役。', en: 'The main enemy.' }, entries: [],
  variants: [
    { term: '悪役', lang: 'ja', source: 'machine', avoid: true },
    { term: 'ヴィラン', lang: 'ja', source: 'community', avoid: false },
    { term: 'Villain', lang: 'en', source: 'official', avoid: true },
  ],
};

describe('terminology check', () => {
  it('reports an avoided Japanese variant with file and line', () => {
    const findings = checkTerminology([{ file: 'content/x/rr/a.yaml', text: 'title: x\n  ja: 悪役が攻撃する。\n' }], [villain]);
    expect(findings.map(formatFinding)).toEqual([
      'content/x/rr/a.yaml:2: uses 「悪役」, which the dictionary marks avoid (term "villain"); write 「ヴィラン」, or `悪役` when mentioning the variant itself',
    ]);
  });

  it('allows the preferred term, mentions in inline code, and English variants', () => {
    const text = 'ja: ヴィランが攻撃する。\nja: 機械翻訳では `悪役` と訳されている。\nen: The Villain attacks.\n';
    expect(checkTerminology([{ file: 'a.yaml', text }], [villain])).toEqual([]);
  });

  it('finds nothing to avoid in the bundled content', () => {
    const { site, raw } = loadContent('content');
    const findings = site.games.flatMap((g) =>
      checkTerminology(raw.filter((r) => r.file.startsWith(`content/${g.id}/`) && !r.file.endsWith('terms.yaml')), g.terms));
    expect(findings.map(formatFinding)).toEqual([]);
  });
});
