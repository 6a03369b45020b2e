import { describe, expect, it } from 'vitest';
import { correctable, correction, editDistance, type SpellingRow } from '../../src/search/spelling';
import { spellingFiles, vocabulary } from '../../src/integrations/search-spelling';

describe('editDistance (one edit: a letter added, dropped, changed, or two neighbours swapped)', () => {
  it.each<[string, string, number]>([
    ['bodyguard', 'bodyguard', 0],
    ['bodygaurd', 'bodyguard', 1], // swapped
    ['bodygard', 'bodyguard', 1], // dropped
    ['bodyguardd', 'bodyguard', 1], // doubled
    ['bodyguarf', 'bodyguard', 1], // changed
    ['bdoygaurd', 'bodyguard', 2],
    ['ca', 'abc', 3], // optimal string alignment: not 2
    ['', 'abc', 3],
  ])('%s ↔ %s: %i', (a, b, d) => {
    expect(editDistance(a, b, 3)).toBe(d);
    expect(editDistance(b, a, 3)).toBe(d);
  });
  it('stops above its limit', () => {
    expect(editDistance('abcdefgh', 'zyxwvuts', 1)).toBe(2);
    expect(editDistance('abc', 'abcdefg', 1)).toBe(2);
  });
});

describe('correction', () => {
  const rows: SpellingRow[] = [['body', 9], ['bodyguard', 5], ['bodyguards', 2], ['challenge', 7], ['challenger', 1], ['banish', 3], ['banished', 3], ['vanish', 4]];
  it.each<[string, string | undefined]>([
    ['bodygaurd', 'bodyguard'],
    ['Bodygard', 'bodyguard'],
    ['chalenge', 'challenge'],
    ['challnge', 'challenge'],
    ['bodygau', 'bodyguard'], // still being typed: the start of bodyguard is one edit away
    ['banihs', 'banish'], // banish and banished both near: the shorter of equally common words
    ['bodyguard', undefined], // a word of the pages: nothing to correct
    ['zzzzzz', undefined],
    ['bdy', undefined], // too short to guess
    ['body guard', undefined], // one word only
    ['ボディガード', undefined],
  ])('%s → %s', (q, meant) => {
    expect(correction(q, rows)).toBe(meant);
  });
  it('tries only one English word of five letters or more', () => {
    expect([correctable('kicker'), correctable('kick'), correctable('kick er'), correctable('キッカー')]).toEqual([true, false, false, false]);
  });
});

describe('spelling files', () => {
  it('count each word once per text, keep words of four letters or more, split by first letter, most pages first', () => {
    const words = vocabulary(['The Bodyguard may be chosen. Bodyguard!', 'A bodyguard and a banish', 'Banish 702.33 ward']);
    expect([...words].sort()).toEqual([['banish', 2], ['bodyguard', 2], ['chosen', 1], ['ward', 1]]);
    expect(Object.fromEntries(spellingFiles(words))).toEqual({ b: [['banish', 2], ['bodyguard', 2]], c: [['chosen', 1]], w: [['ward', 1]] });
  });
});
