import { describe, expect, it } from 'vitest';
import { loadContent } from '../content/load-content';
import { firstMentions, termFinder } from './term-mentions';
import type { Term } from '../schemas/content';

const term = (id: string, en: string, ja: string, variants: Term['variants'] = [], entries: string[] = []): Term => ({ id, en, ja, variants, def: { ja: '定義。', en: 'A definition.' }, entries });
const terms = [
  term('kicker', 'kicker', 'キッカー', [], ['702.33']),
  term('multikicker', 'multikicker', '多重キッカー', [], ['702.33c']),
  term('villain', 'villain', 'ヴィラン', [{ term: '悪役', lang: 'ja', source: 'machine', avoid: true }]),
  term('stack', 'stack', 'スタック'),
];

describe('dictionary terms in running text', () => {
  it('matches the longest wording first (多重キッカー is not キッカー)', () => {
    const find = termFinder(terms, 'ja');
    expect(find('多重キッカーとキッカー').map((m) => m.termId)).toEqual(['multikicker', 'kicker']);
  });

  it('matches English on word boundaries, any case, and not avoided variants', () => {
    expect(termFinder(terms, 'en')('The Villain casts a kicker spell; stacked, kickers').map((m) => m.termId)).toEqual(['villain', 'kicker']);
    expect(termFinder(terms, 'ja')('悪役がスタックに置く').map((m) => m.termId)).toEqual(['stack']);
  });

  it('links only the first mention per entry, skipping terms the entry defines', () => {
    const dir = 'tests/fixtures/content/base';
    const { site } = loadContent(dir);
    const entry = site.entries.find((e) => e.id === '100.1')!;
    const withTerms = { ...entry, data: { ...entry.data, notes: [{ kind: 'tl' as const, en: 'A stack note.' }], rules: [
      { id: '100.1a', en: 'Put it on the stack. The stack again. A villain.', notes: [], from: {} },
      { id: '100.1b', en: 'Villain and stack once more.', notes: [], from: {} },
    ] } };
    const m = firstMentions(withTerms, terms, 'en', termFinder(terms, 'en'));
    expect(Object.fromEntries([...m].map(([k, v]) => [k, [...v]]))).toEqual({ 'note:0': ['stack'], 'rule:100.1a': ['villain'] });
  });
});
