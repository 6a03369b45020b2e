// The marked change between two editions of a text: worked cases from the fixtures, and the cost on
// texts as long as the longest real rules.
import { describe, expect, it } from 'vitest';
import { diffText, MAX_EDITS, tokens, type DiffOp } from './text-diff';

const show = (ops: DiffOp[]) => ops.map((o) => (o.op === 'eq' ? o.text : o.op === 'del' ? `[-${o.text}-]` : `{+${o.text}+}`)).join('');
const sides = (ops: DiffOp[]) => ({ before: ops.filter((o) => o.op !== 'ins').map((o) => o.text).join(''), after: ops.filter((o) => o.op !== 'del').map((o) => o.text).join('') });

describe('tokens', () => {
  it.each([
    ['words', 'See rule 104.2b, and don\'t.', ['See', ' ', 'rule', ' ', '104.2b', ',', ' ', 'and', ' ', 'don\'t', '.']],
    ['chars', '7個のカウンター。101.1a参照', ['7', '個', 'の', 'カ', 'ウ', 'ン', 'タ', 'ー', '。', '101.1a', '参', '照']],
    ['chars', '𠮷野 A set', ['𠮷', '野', ' ', 'A', ' ', 'set']],
  ] as const)('%s: %s', (mode, text, expected) => {
    expect(tokens(text, mode)).toEqual(expected);
  });
});

describe('the marked change', () => {
  it.each([
    // The fixture's 100.1a, five → seven counters, in both languages.
    ['words', 'Every player begins with a zephyrine pool of five counters. See rule 101.1a.', 'Every player begins with a zephyrine pool of seven counters. See rule 101.1a.',
      'Every player begins with a zephyrine pool of [-five-]{+seven+} counters. See rule 101.1a.'],
    ['chars', '各プレイヤーは、5個のカウンターからなるゼフィリン置き場を持って始める。101.1a参照。', '各プレイヤーは、7個のカウンターからなるゼフィリン置き場を持って始める。101.1a参照。',
      '各プレイヤーは、[-5-]{+7+}個のカウンターからなるゼフィリン置き場を持って始める。101.1a参照。'],
    // 101.1a, reworded in Japanese only.
    ['chars', '手番は左のプレイヤーへ順番に移っていく。', '手番は左隣のプレイヤーへ順に移る。', '手番は左{+隣+}のプレイヤーへ順[-番-]に移[-っていく-]{+る+}。'],
    // A rule number is one word: 104.3 → 104.2b is one replacement, not a changed letter.
    ['words', 'As rule 104.3 says.', 'As rule 104.2b says.', 'As rule [-104.3-]{+104.2b+} says.'],
    // Words replaced side by side read as one replacement (the spaces between them join it).
    ['words', 'The player with the fewest cards loses.', 'The player with the most points wins.', 'The player with the [-fewest cards loses-]{+most points wins+}.'],
    ['words', 'Roll one die.', 'Roll one die. Then roll again.', 'Roll one die.{+ Then roll again.+}'],
    ['words', 'Roll one die. Then roll again.', 'Roll one die.', 'Roll one die.[- Then roll again.-]'],
    ['words', '', 'New.', '{+New.+}'],
    ['words', 'Same.', 'Same.', 'Same.'],
    // Inserted at the start, and a Japanese change kept to the characters that changed.
    ['chars', '札を出す。', 'まず札を出す。', '{+まず+}札を出す。'],
  ] as const)('%s: %s → %s', (mode, before, after, expected) => {
    const ops = diffText(before, after, mode);
    expect(show(ops)).toBe(expected);
    expect(sides(ops)).toEqual({ before, after });
  });

  it('gives back both texts exactly on random edits, by words and by characters', () => {
    let seed = 7;
    const rand = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
    const words = ['the', 'a', 'card', 'player', 'counter', '104.2b', ',', '.', 'をする', '札', '手番'];
    for (let round = 0; round < 200; round++) {
      const make = () => Array.from({ length: rand(30) }, () => words[rand(words.length)]).join(rand(2) ? ' ' : '');
      const a = make();
      const b = rand(3) ? a.slice(0, rand(a.length + 1)) + make() + a.slice(rand(a.length + 1)) : make();
      for (const mode of ['words', 'chars'] as const) expect(sides(diffText(a, b, mode))).toEqual({ before: a, after: b });
    }
  });
});

describe('cost on long texts (no quadratic blowup)', () => {
  // A 702.x-sized rule: 2,000 characters of English, and a Japanese text as long.
  const sentence = (i: number) => `Rule part ${i} says that a permanent with ward ${i % 7} counters is dealt with as stated in rule 702.${i}c. `;
  const en = Array.from({ length: 20 }, (_, i) => sentence(i)).join('').slice(0, 2000);
  const ja = Array.from({ length: 2000 }, (_, i) => '札手番置き場のカウンターを取り除く。'[i % 17]).join('');

  it('a few scattered changes in 2,000 characters take well under a frame', () => {
    const changedEn = en.replace('part 3 ', 'portion 3 ').replace('ward 5', 'hexproof 5').replace('702.19c', '702.19d');
    const changedJa = ja.slice(0, 500) + '新' + ja.slice(501, 1500) + ja.slice(1510);
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) { diffText(en, changedEn, 'words'); diffText(ja, changedJa, 'chars'); }
    const each = (performance.now() - t0) / 40;
    expect(each).toBeLessThan(5);
    expect(show(diffText(en, changedEn, 'words'))).toContain('Rule [-part-]{+portion+} 3 says');
    expect(sides(diffText(ja, changedJa, 'chars'))).toEqual({ before: ja, after: changedJa });
  });

  it('two unrelated 2,000-character texts are capped, not searched through, and still give back both', () => {
    const other = Array.from({ length: 2000 }, (_, i) => 'あいうえおかきくけこさしすせそ'[(i * 7) % 15]).join('');
    const t0 = performance.now();
    const ops = diffText(ja, other, 'chars');
    const ms = performance.now() - t0;
    expect(sides(ops)).toEqual({ before: ja, after: other });
    // At most (N+M)·MAX_EDITS steps: about 4·10⁶ here; a table would be 4·10⁶ cells per pair too, but the cap keeps memory at MAX_EDITS².
    expect(ms).toBeLessThan(1000);
    expect(MAX_EDITS).toBe(1000);
  });
});
