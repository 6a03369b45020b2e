import { describe, expect, it } from 'vitest';
import { withoutFunctionWords } from '../../src/search/engine';

describe('English function words in a query of several words', () => {
  it.each<[string, string]>([
    ['the bag', 'bag'],
    ['The Bag', 'Bag'],
    ['state of the game', 'state game'],
    ['attacks against allies', 'attacks against allies'],
    ['the', 'the'],
    ['of the', 'of the'],
    ['kicker', 'kicker'],
    ['theft other', 'theft other'],
    ['  the   bag ', 'bag'],
    ['', ''],
  ])('%j → %j', (q, expected) => expect(withoutFunctionWords(q)).toBe(expected));
});
