// Moves found by text: worked examples of the ways editions renumber (most taken from how the Magic
// Comprehensive Rules changed between 2017 and 2022, retold with invented text).
import { describe, expect, it } from 'vitest';
import { isNext, letterAt, letterIndex, matchRules, moveRuns, ratio, similarity, tokens, type Unit } from './moves';

const en = (pairs: [string, string][]): Unit[] => pairs.map(([id, text]) => ({ id, en: text }));
/** The pairs that are not "same number, same text", as from → to. */
const changes = (before: Unit[], after: Unit[], style: 'mtg' | 'dotted' | 'slug' = 'mtg') => {
  const m = matchRules(before, after, style);
  const text = new Map(before.map((u) => [u.id, u.en ?? u.ja]));
  const now = new Map(after.map((u) => [u.id, u.en ?? u.ja]));
  return {
    moved: m.pairs.filter((p) => p.from !== p.to).map((p) => `${p.from} → ${p.to}`),
    reworded: m.pairs.filter((p) => p.from === p.to && text.get(p.from) !== now.get(p.to)).map((p) => p.from),
    added: m.added,
    removed: m.removed,
  };
};

describe('the words compared', () => {
  it.each([
    ['rule numbers are one token, so a renumbered cross-reference still matches', 'See rule 702.19c and rules 601.2f–h.', ['see', 'rule', '#', 'and', 'rules', '#', 'h']],
    ['Markdown escapes and quotes are dropped, case folded', 'Equip \\[cost\\] means “Attach”.', ['equip', 'cost', 'means', 'attach']],
    ['Japanese is read a character at a time', '（100.1n参照）捨て札', ['#', '参', '照', '捨', 'て', '札']],
  ])('%s', (_, text, words) => expect(tokens(text)).toEqual(words));

  it.each([
    [['a', 'b', 'c'], ['a', 'b', 'c'], 1],
    [['a', 'b', 'c', 'd'], ['a', 'c', 'd', 'e'], 0.75],
    [['a', 'b'], ['c', 'd'], 0],
    [[], [], 1],
  ])('ratio(%j, %j) = %d (2 × common subsequence / total words)', (a, b, r) => expect(ratio(a, b)).toBeCloseTo(r));

  it('counts word order: the same words shuffled are less similar than the same sentence', () => {
    expect(similarity('a player may look at their hand', 'a player may look at their hand')).toBe(1);
    expect(similarity('a player may look at their hand', 'their hand a player may look at')).toBeLessThan(0.75);
  });
});

describe('Magic sub-rule letters (no l, no o)', () => {
  it.each([['a', 0], ['j', 9], ['k', 10], ['m', 11], ['n', 12], ['p', 13], ['z', 23], ['aa', 24], ['ab', 25], ['ba', 48]])('%s is at %d', (letters, at) => {
    expect(letterIndex(letters)).toBe(at);
    expect(letterAt(at)).toBe(letters);
  });
  it.each([['l'], ['o'], ['al'], ['abc']])('%s is no sub-rule letter', (letters) => expect(letterIndex(letters)).toBeUndefined());
  it.each([
    ['mtg', '100.1k', '100.1m', true], ['mtg', '100.1n', '100.1p', true], ['mtg', '704.5z', '704.5aa', true],
    ['mtg', '100.1k', '100.1l', false], ['mtg', '702.9', '702.10', true], ['mtg', '702', '703', true],
    ['dotted', '6.4.2', '6.4.3', true], ['dotted', '6.4.2', '6.5.1', false], ['slug', 'a.step-1', 'a.step-2', false],
  ] as const)('%s: %s then %s is %s', (style, a, b, next) => expect(isNext(style, a, b)).toBe(next));

  it('writes consecutive moves as runs, skipping l and o', () => {
    expect(moveRuns('mtg', [
      { from: '100.1n', to: '100.1p' }, { from: '100.1j', to: '100.1k' }, { from: '100.1k', to: '100.1m' }, { from: '100.1m', to: '100.1n' },
      { from: '201.3', to: '201.4' }, { from: '702.4c', to: '702.4e' },
    ])).toEqual(['100.1j–100.1n → 100.1k–100.1p', '201.3 → 201.4', '702.4c → 702.4e']);
  });
});

describe('matchRules', () => {
  it('an inserted sub-rule is one addition and the moves after it, not rewordings', () => {
    const before = en([['100.1i', 'Points never drop below zero.'], ['100.1j', 'A player with no cards to draw skips the draw.'], ['100.1k', 'A player may look at their discard pile (see rule 100.1n).'], ['100.1m', 'Any player may count the cards in a deck.'], ['100.1n', 'Discard piles are face up.']]);
    const after = en([['100.1i', 'Points never drop below zero.'], ['100.1j', 'A player who would gain points beyond twenty gains up to twenty.'], ['100.1k', 'A player with no cards to draw skips the draw.'], ['100.1m', 'A player may look at their discard pile (see rule 100.1p).'], ['100.1n', 'Any player may count the cards in a deck.'], ['100.1p', 'Discard piles are face up.']]);
    expect(changes(before, after)).toEqual({ moved: ['100.1j → 100.1k', '100.1k → 100.1m', '100.1m → 100.1n', '100.1n → 100.1p'], reworded: [], added: ['100.1j'], removed: [] });
  });

  it('a rule that keeps its number and part of its words is reworded; one that keeps only its number is removed, and its number reused', () => {
    const before = en([['100.3', 'Players may agree at any time to end the game as a draw.'], ['101.1', 'Each turn has three steps: ready, main and end.']]);
    const after = en([['100.3', 'A game that lasts more than two hours ends with the current turn.'], ['101.1', 'Each turn has three steps: ready, main and end. Nothing happens between them.']]);
    expect(changes(before, after)).toEqual({ moved: [], reworded: ['101.1'], added: ['100.3'], removed: ['100.3'] });
  });

  it('a removed rule and the moves that close the gap', () => {
    const before = en([['101.2', 'During the ready step, the active player may pass on the first play.'], ['101.3', 'During the main step, the active player may play any number of cards.'], ['101.4', 'During the end step, the active player discards down to seven cards.']]);
    const after = en([['101.2', 'During the main step, the active player may play any number of cards.'], ['101.3', 'During the end step, the active player discards down to seven cards.']]);
    // The old 101.2 reads much like the new 101.2, but that text is the old 101.3, word for word.
    expect(changes(before, after)).toEqual({ moved: ['101.3 → 101.2', '101.4 → 101.3'], reworded: [], added: [], removed: ['101.2'] });
  });

  it('keyword sub-rules follow their heading when a keyword is inserted before them, even where another keyword reads the same', () => {
    // Embalm and Eternalize read alike but for their names: without the heading to follow, Eternalize's
    // old sub-rule would "keep its number" as Embalm's new one.
    const keyword = (name: string, tail: string) => `${name} is an activated ability that functions while the card is in a graveyard. "${name} [cost]" means "[Cost], Exile this card from your graveyard: Create a token that is a copy of this card, except it has no mana cost and it is a Zombie in addition to its other types. ${tail}"`;
    const [then, now] = ['Activate this ability only any time you could cast a sorcery.', 'Activate only as a sorcery.'];
    const before = en([['702.127', 'Embalm'], ['702.127a', keyword('Embalm', then)], ['702.128', 'Eternalize'], ['702.128a', keyword('Eternalize', then)]]);
    const after = en([['702.127', 'Aftermath'], ['702.127a', 'Aftermath is an ability of some split cards that lets one half be cast from a graveyard.'], ['702.128', 'Embalm'], ['702.128a', keyword('Embalm', now)], ['702.129', 'Eternalize'], ['702.129a', keyword('Eternalize', now)]]);
    expect(changes(before, after).moved).toEqual(['702.127 → 702.128', '702.127a → 702.128a', '702.128 → 702.129', '702.128a → 702.129a']);
  });

  it('a rule split in two keeps its number with the first half, though the second half reads a little closer', () => {
    const before = en([['610.3a', 'If the specified event has already happened when the first effect would move the object, the object does not move.']]);
    const after = en([
      ['610.3a', 'If a resolving spell or activated ability creates the first effect that would move the object, and the specified event has already happened before that effect but after the spell was cast, the object does not move.'],
      ['610.3b', 'If a resolving triggered ability creates the first effect that would move the object and the specified event has already happened after the ability triggered, the object does not move.'],
    ]);
    expect(changes(before, after)).toEqual({ moved: [], reworded: ['610.3a'], added: ['610.3b'], removed: [] });
  });

  it('a definition cut short in place, its details given to a new rule elsewhere, keeps its number', () => {
    // Retold from 2021-06-18, where investigate's token went to a new rule among the predefined tokens:
    // the old definition reads closer to the new token rule (0.79) than to its own shortened self (0.48),
    // but it stays under its heading, and a move out of place must beat staying by more than that.
    const token = 'a colorless Lantern artifact token with "{1}, Sacrifice this artifact: Gain 2 life."';
    const before = en([['111.10', 'Some effects create a predefined token.'], ['111.10a', 'A Spark token is a red Spark artifact token with "Sacrifice this artifact: It deals 1 damage to any target."'], ['701.40', 'Scout'], ['701.40a', `"Scout" means "Create ${token}"`]]);
    const after = en([['111.10', 'Some effects create a predefined token.'], ['111.10a', 'A Spark token is a red Spark artifact token with "Sacrifice this artifact: It deals 1 damage to any target."'], ['111.10b', `A Lantern token is ${token}`], ['701.40', 'Scout'], ['701.40a', '"Scout" means "Create a Lantern token." See rule 111.10b.']]);
    expect(similarity(before[3]!.en!, after[2]!.en!)).toBeGreaterThan(similarity(before[3]!.en!, after[4]!.en!) + 0.25);
    expect(changes(before, after)).toEqual({ moved: [], reworded: ['701.40a'], added: ['111.10b'], removed: [] });
  });

  it('a rule that becomes the first sub-rule of its own number, under a new summary line', () => {
    const before = en([['208.3', 'A noncreature permanent has no power or toughness.'], ['208.4', 'Effects that set power and toughness to specific values may refer to base power and toughness. Other effects may modify them further.']]);
    const after = en([['208.3', 'A noncreature permanent has no power or toughness.'], ['208.4', 'Some effects refer to base power or base toughness.'], ['208.4a', 'Effects that set power and toughness to specific values may refer to base power and/or toughness. Other effects may modify them further.'], ['208.4b', 'Some effects check base power and toughness after characteristic-defining abilities.']]);
    expect(changes(before, after)).toEqual({ moved: ['208.4 → 208.4a'], reworded: [], added: ['208.4', '208.4b'], removed: [] });
  });

  it('sentences printed twice (ending the turn, ending combat) each follow their own parent', () => {
    const steps = (n: string): [string, string][] => [[`${n}.1`, 'Some cards end the turn.'], [`${n}.1a`, 'Exile every object on the stack.'], [`${n}.1b`, 'Check state-based actions.'], [`${n}.2`, 'One card ends the combat phase.'], [`${n}.2a`, 'Exile every object on the stack.'], [`${n}.2b`, 'Check state-based actions.']];
    const before = en([['717', 'Ending Turns and Phases'], ...steps('717')]);
    const after = en([['718', 'Merging with Permanents'], ['719', 'Ending Turns and Phases'], ...steps('719')]);
    expect(changes(before, after).moved).toEqual(['717 → 719', '717.1 → 719.1', '717.1a → 719.1a', '717.1b → 719.1b', '717.2 → 719.2', '717.2a → 719.2a', '717.2b → 719.2b']);
  });

  it('a heading is the number its sub-rules went on under, however its own words changed', () => {
    const before = en([['716', 'Ending the Turn'], ['716.1', 'Some cards end the turn; follow these steps.'], ['716.2', 'No player gets priority during this process.'], ['716.3', 'End step abilities do not trigger.']]);
    const after = en([['716', 'Ending Turns and Phases'], ['716.1', 'Some cards end the turn; follow these steps.'], ['716.1e', 'End step abilities do not trigger.'], ['716.1f', 'No player gets priority during this process.'], ['716.2', 'One card ends the combat phase.']]);
    expect(changes(before, after)).toEqual({ moved: ['716.3 → 716.1e', '716.2 → 716.1f'], reworded: ['716'], added: ['716.2'], removed: [] });
  });

  it('compares in Japanese when one side has no English', () => {
    const before: Unit[] = [{ id: '100.1b', en: 'A group game starts with three players.', ja: '多人数戦は3人以上で始まる。' }];
    const after: Unit[] = [{ id: '100.1b', ja: '多人数戦は3人以上で始まる。' }];
    expect(matchRules(before, after, 'mtg').pairs).toEqual([{ from: '100.1b', to: '100.1b', similarity: 1 }]);
  });

  it('works on dotted numbers (Lorcana) and slugs (the Rules Reference)', () => {
    expect(changes(en([['6.7.6', 'Last known information is used.'], ['6.7.7', 'Playing a card while an effect resolves.']]), en([['6.7.6', 'Effects that several players carry out.'], ['6.7.7', 'Last known information is used.'], ['6.7.8', 'Playing a card while an effect resolves.']]), 'dotted'))
      .toEqual({ moved: ['6.7.6 → 6.7.7', '6.7.7 → 6.7.8'], reworded: [], added: ['6.7.6'], removed: [] });
    expect(changes(en([['attack.step-3', 'Deal damage to the defender.']]), en([['attack.step-4', 'Deal damage to the defender.'], ['attack.step-3', 'Apply boosts.']]), 'slug').moved).toEqual(['attack.step-3 → attack.step-4']);
  });
});
