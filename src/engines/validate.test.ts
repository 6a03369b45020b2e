import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { damageEventEngine } from './lorcana-damage/engine';
import { DAMAGE_EVENT_PRESETS } from './lorcana-damage/presets';
import { stackEngine } from './mtg-stack/engine';
import { codes, errorsOf, unwrap } from './testing/helpers';
import { int, list, normalizeText, obj, parse, str } from './validate';

// Input that JSON, a form or a hand-edited link can carry and that must not make a card vanish or
// two look-alike names count as two cards.
const schema = obj({ names: list(str(20), 5), n: int(-5, 5) });
const ok = (input: unknown) => parse(schema, input);

describe('awkward input, refused or normalised', () => {
  it.each([
    ['a hole in a list is a missing item, not a shorter list', { names: ['a', , 'b'], n: 0 }, ['missing-field names.1']],
    ['two holes, two errors', { names: [, , 'c'], n: 0 }, ['missing-field names.0', 'missing-field names.1']],
    ['only zero-width spaces', { names: ['\u200b\u200b'], n: 0 }, ['empty-field names.0']],
    ['only an ideographic space', { names: ['\u3000'], n: 0 }, ['empty-field names.0']],
    ['only a combining mark and a variation selector', { names: ['\u0301\ufe0f'], n: 0 }, ['invisible-text names.0']],
    ['only a Hangul filler', { names: ['\u3164'], n: 0 }, ['invisible-text names.0']],
    ['a right-to-left override', { names: ['abc\u202edcba'], n: 0 }, ['bad-text names.0']],
    ['a C1 control character', { names: ['a\u0085b'], n: 0 }, ['bad-text names.0']],
  ])('%s', (_, input, expected) => {
    expect(codes(ok(input).errors)).toEqual(expected);
  });

  it.each([
    ['-0 reads as 0', { names: [], n: -0 }, { names: [], n: 0 }],
    ['decomposed and composed accents are one spelling', { names: ['Cafe\u0301'], n: 1 }, { names: ['Café'], n: 1 }],
    ['full-width letters and half-width katakana fold', { names: ['Ｒａｆｉｋｉ', 'ﾗﾌｨｷ'], n: 1 }, { names: ['Rafiki', 'ラフィキ'], n: 1 }],
    ['spaces at the ends go, runs of spaces become one', { names: [' Seven  Dwarfs\u3000Mine '], n: 1 }, { names: ['Seven Dwarfs Mine'], n: 1 }],
    ['a zero-width space inside a name is dropped', { names: ['Ra\u200bfiki'], n: 1 }, { names: ['Rafiki'], n: 1 }],
  ])('%s', (_, input, expected) => {
    const r = ok(input);
    expect(r.errors).toEqual([]);
    expect(r.value).toEqual(expected);
    expect(Object.is(r.value?.n, -0)).toBe(false);
  });

  it('counts look-alike card names as one name, so the second is a duplicate', () => {
    const base = DAMAGE_EVENT_PRESETS['resist-deal'];
    const twin = (name: string) => ({ ...base, cards: [base.cards[0]!, { ...base.cards[0]!, name }] });
    // 'A' in Cyrillic (U+0410) and in Greek (U+0391) looks like the Latin one: the same name.
    for (const name of ['A ', 'Ａ', 'A\u200b', '\u3000A', '\u0410', '\u0391']) {
      expect(codes(errorsOf(damageEventEngine.validate(twin(name)))), JSON.stringify(name)).toEqual(['duplicate-name cards.1.name']);
    }
  });

  it('finds a card named in another spelling (a reference by name still resolves)', () => {
    const s = DAMAGE_EVENT_PRESETS['mine-beast-flounder'];
    const r = unwrap(damageEventEngine.run({ ...s, target: 'Ｆｌｏｕｎｄｅｒ ', replacements: [{ ...s.replacements[1]!, appliesTo: 'Flounder\u200b' }] }));
    expect(r.end.event).toMatchObject({ verb: 'put', target: 'Beast' });
  });

  it.each([
    ['Cyrillic е for Latin e', 'Fl\u043eund\u0435r', 'Flounder'],
    ['Greek capital omicron and Cyrillic р', '\u039f\u0440en', 'Open'],
    ['a Cyrillic name made only of look-alikes', '\u0441\u043e\u0441\u043e', 'coco'],
    ['Cyrillic ё, whose accent stays', 'No\u0451l', 'No\u00ebl'],
  ])('folds %s into the Latin letter it looks like', (_, typed, name) => {
    expect(normalizeText(typed)).toBe(name);
  });

  it.each([
    ['Cyrillic letters with no Latin look-alike', 'Ж\u0434\u0438', 'Ж\u0434\u0438'],
    ['Greek α (not drawn as a in every typeface)', '\u03b1', '\u03b1'],
    ['katakana ロ and the kanji 口, different characters of Japanese names', 'ロ口', 'ロ口'],
  ])('keeps %s', (_, typed, name) => {
    expect(normalizeText(typed)).toBe(name);
  });

  it('a reference spelled with look-alike letters finds its card', () => {
    const s = DAMAGE_EVENT_PRESETS['mine-beast-flounder'];
    const r = unwrap(damageEventEngine.run({ ...s, target: 'Fl\u043eund\u0435r', replacements: [{ ...s.replacements[1]!, appliesTo: 'Fl\u043eunder' }] }));
    expect(r.end.event).toMatchObject({ verb: 'put', target: 'Beast' });
  });

  it('never loses a list item: a sparse list of actions is refused, not shortened', () => {
    const actions = [{ type: 'pass', player: 0 }, , { type: 'pass', player: 1 }];
    expect(codes(errorsOf(stackEngine.validate({ actions })))).toContain('missing-field actions.1');
  });

  it('normalising is idempotent, and a normalised name survives validation unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (s) => {
        const n = normalizeText(s);
        expect(normalizeText(n)).toBe(n);
        const r = parse(str(200), s);
        if (r.value !== undefined) expect(r.value).toBe(n);
      }),
    );
  });
});
