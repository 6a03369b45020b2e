// The plan takes the moves the pairing found instead of matching the whole document again
// (planOfficial's `matching`, onUnits): the same result as a new match of everything, for what the
// pairing could judge and what it could not (units without English on one side).
import { describe, expect, it } from 'vitest';
import { matchTexts, type UnitState, type Units } from '../model/history';
import { matchRules, type Matching } from './moves';
import { onUnits } from './official';

const units = (o: Record<string, UnitState>): Units => new Map(Object.entries(o));
const english = (u: Units): Units => new Map([...u].map(([id, s]) => [id, { ...(s.en !== undefined ? { en: s.en } : {}) }]).filter(([, s]) => (s as UnitState).en !== undefined) as [string, UnitState][]);
const asUnits = (u: Units) => [...u].map(([id, state]) => ({ id, ...matchTexts(state) }));
/** What the pairing computes: the old files against the new English alone. */
const pairing = (before: Units, now: Units): Matching => matchRules(asUnits(before), asUnits(english(now)), 'mtg');
const fresh = (before: Units, now: Units): Matching => matchRules(asUnits(before), asUnits(now), 'mtg');

const T1 = 'Kicker is a static ability that functions while the spell is on the stack';
const T2 = 'A player may pay an additional cost as they cast the spell';
const T3 = 'Flashback lets a player cast the card from their graveyard';

describe('the moves found once: the pairing\'s, held to what the plan writes', () => {
  it.each<[string, Units, Units]>([
    ['English on both sides, one rule inserted (the later letters move)',
      units({ '702.33a': { en: T1, ja: 'キッカー' }, '702.33b': { en: T2, ja: '追加コスト' } }),
      units({ '702.33a': { en: T1, ja: 'キッカー' }, '702.33b': { en: 'A new rule in between, not like any other', ja: '新' }, '702.33c': { en: T2, ja: '追加コスト' } })],
    ['a rule only in the Japanese, on both sides (702.2c, its English not out yet)',
      units({ '702.2b': { en: T1, ja: 'キッカー' }, '702.2c': { ja: '日本語だけの規則' } }),
      units({ '702.2b': { en: T1, ja: 'キッカー' }, '702.2c': { ja: '日本語だけの規則' } })],
    ['a rule only in the Japanese before, with its English now',
      units({ '702.2b': { en: T1, ja: 'キッカー' }, '702.2c': { ja: '日本語だけの規則' } }),
      units({ '702.2b': { en: T1, ja: 'キッカー' }, '702.2c': { en: T3, ja: '日本語だけの規則' } })],
    ['a rule removed, another added (nothing alike)',
      units({ '100.1': { en: T1 }, '100.2': { en: T2 } }),
      units({ '100.1': { en: T1 }, '100.3': { en: T3 } })],
  ])('%s: the same as a new match of everything', (_, before, now) => {
    expect(onUnits(pairing(before, now), before, now, 'mtg')).toEqual(fresh(before, now));
  });

  it('drops a pair into a heading the plan does not write, and counts its old id as removed', () => {
    const before = units({ '100': { title: { en: 'General', ja: '総則' } }, '100.1': { en: T1 } });
    const now = units({ '100.1': { en: T1 } }); // the heading had nothing left to show
    const m: Matching = { pairs: [{ from: '100', to: '100', similarity: 1 }, { from: '100.1', to: '100.1', similarity: 1 }], added: [], removed: [] };
    expect(onUnits(m, before, now, 'mtg')).toEqual({ pairs: [{ from: '100.1', to: '100.1', similarity: 1 }], added: [], removed: ['100'] });
  });

  it('does not judge two English texts again: what the pairing left apart stays apart', () => {
    // The pairing's verdict (say, too unlike to be one rule) stands even where a new match would pair them.
    const before = units({ '100.1': { en: T1 } });
    const now = units({ '100.2': { en: T1 } });
    const apart: Matching = { pairs: [], added: ['100.2'], removed: ['100.1'] };
    expect(onUnits(apart, before, now, 'mtg')).toEqual(apart);
  });
});
