import { describe, expect, it } from 'vitest';
import { cachedMatches, queryFor, queryTerms, scriptRuns, splitRun, type Matches } from './search-query';

// Words as Pagefind's Japanese index holds them, copied from the bundled site's fragments (the
// index separates words with U+200B): 状況​起因​処理, 第​2​種​常在​能力, 関連​し​てい​る​能力,
// 最後​に​知​ら​れた​情報, 加速​トークン, ヴィランフェイズ, plus a page of this kind's other words.
const INDEX = ['状況', '起因', '処理', '第', '2', '種', '種類', '常在', '型', '能力', '関連', 'し', 'てい', 'る', '最後', 'に', '知', 'ら', 'れた',
  '情報', '加速', 'トークン', 'ヴィランフェイズ', 'プレインズウォーカー', '忠誠', '度', 'の', '呪文', 'を', '唱える', 'キッカー', 'さ', 'カード', 'コスト', 'ズ', 'kicker', '70233d'];
const index: Matches = async (term) => INDEX.some((w) => w.startsWith(term));

describe('query terms for the Japanese index', () => {
  it.each([
    // Kanji compounds split where the index splits them (the browser's segmenter is not asked).
    ['状況起因処理', '状況 起因 処理'],
    ['第2種常在能力', '第 2 種 常在 能力'],
    ['常在能力', '常在 能力'],
    // Long katakana words stay whole: Chromium would send プレイン ズ ウ ォ ー カー, and ズ and カー
    // (カード) would then have to be on the page too.
    ['プレインズウォーカー', 'プレインズウォーカー'],
    ['加速トークン', '加速 トークン'],
    ['ヴィランフェイズ', 'ヴィランフェイズ'],
    // As typed: a word cut short still finds the words it begins.
    ['プレインズウォー', 'プレインズウォー'],
    ['状況起', '状況 起'],
    // Particles and verb endings are left out when there is anything else to search for.
    ['関連している能力', '関連 能力'],
    ['最後に知られた情報', '最後 知 情報'],
    ['呪文を唱える', '呪文 唱'],
    ['プレインズウォーカーの忠誠度', 'プレインズウォーカー 忠誠 度'],
    // Latin words and rule numbers pass through; Japanese punctuation and full-width forms are
    // separators or their ASCII selves.
    ['kicker キッカー', 'kicker キッカー'],
    ['キッカー（kicker）', 'キッカー (kicker)'],
    ['７０２.３３ｄ', '702.33d'],
    ['キッカー・コスト', 'キッカー コスト'],
    // Only hiragana: searched as typed.
    ['される', 'される'],
  ])('%s → %s', async (q, terms) => {
    expect(await queryTerms(q, index)).toBe(terms);
  });

  it('drops characters no indexed word starts with, and keeps an unknown run whole', async () => {
    expect(await splitRun('状況ゑ処理', index)).toEqual(['状況', '処理']);
    expect(await splitRun('ゑゐ', index)).toEqual(['ゑゐ']);
  });

  it('stops asking the index after its budget and keeps the rest whole', async () => {
    let asked = 0;
    const counting: Matches = async (t) => { asked++; return index(t); };
    const long = '状況起因処理'.repeat(20);
    const terms = await splitRun(long, counting, { probes: 15 }); // 5 questions a word here
    expect(asked).toBe(15);
    expect(terms.slice(0, 3)).toEqual(['状況', '起因', '処理']);
    expect(terms.length).toBe(4);
    expect(terms.join('')).toBe(long); // nothing dropped: the rest is one term
  });

  it('splits a query into runs of one script', () => {
    expect(scriptRuns('第2種常在能力 と kicker、プレインズウォーカー')).toEqual([
      { text: '第', kind: 'han' }, { text: '2', kind: 'other' }, { text: '種常在能力', kind: 'han' }, { text: 'と', kind: 'hira' },
      { text: 'kicker', kind: 'other' }, { text: 'プレインズウォーカー', kind: 'kata' },
    ]);
  });

  it('asks the index once per term when memoised', async () => {
    const asked: string[] = [];
    const m = cachedMatches(async (t) => { asked.push(t); return index(t); });
    await queryTerms('状況起因処理', m);
    const first = asked.length;
    await queryTerms('状況起因処理', m);
    expect(asked.length).toBe(first);
  });
});

describe('which bundle answers which part of a query', () => {
  it.each([
    ['置換効果', '置換効果', ''], ['kicker', '', 'kicker'], ['linked abilities', '', 'linked abilities'], ['第2種常在能力', '第 2 種常在能力', ''],
    ['キッカー kicker', 'キッカー', 'kicker'], ['702.33d キッカー', 'キッカー', '702.33d'], ['607', '607', '607'], ['6.4.2.1', '6.4.2.1', '6.4.2.1'],
    ['ｋｉｃｋｅｒ・キッカー', 'キッカー', 'kicker'], ["don't", '', "don't"],
  ])('%s → ja "%s", en "%s"', (q, ja, en) => {
    expect([queryFor(q, 'ja'), queryFor(q, 'en')]).toEqual([ja, en]);
  });
});
