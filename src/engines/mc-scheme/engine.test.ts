import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDesc, junk } from '../testing/arbitrary';
import { codes, errorsOf, outline, unwrap } from '../testing/helpers';
import { schemeEngine, schemeSchema, SCHEME_PRESETS, type SchemeScenario } from './engine';

const run = (s: SchemeScenario) => unwrap(schemeEngine.run(s));
const V = 'villain-phase.step-2';
const S = 'scheme-enemy-activation';

describe('enemy scheme (alter-ego form): worked examples', () => {
  it.each([
    // preset, villain's modified SCH, threat after, threat placed per enemy
    ['boost-icons', 3, 3, [3]],
    ['star-boost', 1, 3, [1]],
    ['amplify-and-minions', 4, 10, [4, 1, 2]],
  ] as const)('%s: SCH %i, threat %i', (id, sch, threat, placed) => {
    const { end } = run(SCHEME_PRESETS[id]);
    expect(end).toEqual({ sch, threat, placed });
  });

  it('a ★ boost card resolves its ability and adds no SCH', () => {
    const r = run(SCHEME_PRESETS['star-boost']);
    expect(outline(r)).toEqual([
      // the activation happens in villain phase step 2; SCHEME (ENEMY ACTIVATION) steps 1–3 inside it
      `mc.scheme.start @ ${V}`,
      `mc.scheme.boost-deal @ ${S}.step-1`,
      `mc.boost.flip @ ${S}.step-2a`,
      `mc.boost.star @ ${S}.step-2b`,
      `mc.boost.icons @ ${S}.step-2c`,
      `mc.boost.discard @ ${S}.step-2d`,
      `mc.scheme.threat @ ${S}.step-3`,
      `mc.scheme.end @ ${V}`,
    ]);
    expect(r.steps[4]!.params).toEqual({ card: 1, added: 0, stat: 'sch', value: 1 });
  });

  it('minions scheme one at a time after the villain, without boost cards', () => {
    const r = run(SCHEME_PRESETS['amplify-and-minions']);
    const minions = r.steps.filter((s) => s.key === 'mc.scheme.minion');
    expect(minions.map((s) => s.params)).toEqual([
      { minion: 1, sch: 1, before: 7, threat: 8 },
      { minion: 2, sch: 2, before: 8, threat: 10 },
    ]);
    expect(r.steps.filter((s) => s.key === 'mc.boost.flip')).toHaveLength(1);
  });

  it('needs a boost card for the villain', () => {
    expect(codes(errorsOf(schemeEngine.run({ ...SCHEME_PRESETS['boost-icons'], boostCards: [] })))).toEqual([
      'not-enough-boost-cards boostCards',
    ]);
  });

  it('rejects bad numbers field by field', () => {
    const s = { ...SCHEME_PRESETS['boost-icons'], threat: -1, villain: { sch: 2.5, stunned: 0, confused: 0, steady: false, stalwart: false } };
    expect(codes(errorsOf(schemeEngine.run(s)))).toEqual(['not-an-integer villain.sch', 'negative-number threat']);
  });
});

// Rulings worked out by hand from Rules Reference 1.8.
describe('enemy scheme: rulings (1.8)', () => {
  const P = SCHEME_PRESETS;
  it.each([
    // [ruling, scenario, cite, threat placed per enemy, boost cards dealt]
    ['a villainous minion is dealt a boost card when it schemes', P['villainous-minion'], 'keywords.villainous', [2, 3], 2],
    ['a minion without villainous schemes with its SCH alone', { ...P['villainous-minion'], minions: [{ ...P['villainous-minion'].minions[0]!, villainous: false }] }, V, [2, 1], 1],
    ['a confused villain removes its confused card instead of scheming', P.confused, 'confused', [0, 1], 0],
    ['a confused villainous minion is dealt no boost card either', { ...P['villainous-minion'], minions: [{ ...P['villainous-minion'].minions[0]!, confused: 1 }] }, 'confused', [2, 0], 1],
    ['steady: one confused card is not enough', { ...P.confused, boostCards: [{ icons: 0, star: false }], villain: { ...P.confused.villain, steady: true } }, 'keywords.steady', [3, 1], 1],
  ] as const)('%s', (_, s, cite, placed, dealt) => {
    const r = run(s as SchemeScenario);
    expect(r.steps.map((x) => x.cite.id)).toContain(cite);
    expect(r.end.placed).toEqual(placed);
    expect(r.steps.at(-1)!.state.boostDealt).toBe(dealt);
  });

  // Every status card on a scheming enemy (CONFUSE, STUN, STATUS CARDS, STEADY, 1.8): confused
  // cancels the scheme, stunned cancels an attack and so stays through a scheme; steady needs two.
  const one = { icons: 0, star: false };
  const villain = (extra: Partial<SchemeScenario['villain']>): SchemeScenario => ({ ...P.confused, boostCards: [one], villain: { ...P.confused.villain, confused: 0, ...extra } });
  const minion = (extra: Partial<SchemeScenario['minions'][number]>): SchemeScenario => ({ ...P.confused, boostCards: [one], villain: { ...P.confused.villain, confused: 0 }, minions: [{ ...P.confused.minions[0]!, ...extra }] });
  it.each([
    // [ruling, scenario, threat placed per enemy, step, the enemy's stunned and confused cards after]
    ['a stunned villain schemes: stunned cancels an attack, not a scheme, and stays', villain({ stunned: 1 }), [3, 1], 'mc.scheme.stunned-kept @ stunned', 'villain', [1, 0]],
    ['a stunned minion schemes and keeps its stunned card', minion({ stunned: 1 }), [3, 1], 'mc.scheme.stunned-kept @ stunned', 0, [1, 0]],
    ['a confused and stunned minion: the confused card cancels the scheme, the stunned one stays', minion({ stunned: 1, confused: 1 }), [3, 0], 'mc.scheme.confused @ confused', 0, [1, 0]],
    ['steady with one confused card: not confused, it schemes, the card stays', villain({ confused: 1, steady: true }), [3, 1], 'mc.scheme.steady @ keywords.steady', 'villain', [0, 1]],
    ['steady with one confused and one stunned card: it schemes, both stay', villain({ confused: 1, stunned: 1, steady: true }), [3, 1], 'mc.scheme.stunned-kept @ stunned', 'villain', [1, 1]],
    ['steady with two confused cards: confused, both removed (1.8)', villain({ confused: 2, steady: true }), [0, 1], 'mc.scheme.confused @ confused', 'villain', [0, 0]],
    ['a steady minion with two confused and two stunned cards: the confused pair cancels, the stunned pair stays', minion({ confused: 2, stunned: 2, steady: true }), [3, 0], 'mc.scheme.confused @ confused', 0, [2, 0]],
  ] as const)('%s', (_, s, placed, step, who, left) => {
    const r = run(s);
    expect(outline(r)).toContain(step);
    expect(r.end.placed).toEqual(placed);
    const st = r.steps.at(-1)!.state;
    expect(who === 'villain' ? [st.villainStunned, st.villainConfused] : [st.minions[who]!.stunned, st.minions[who]!.confused]).toEqual(left);
  });

  it.each([
    ['two confused cards on a villain without steady', villain({ confused: 2 }), ['too-large villain.confused']],
    ['two stunned cards on a minion without steady', minion({ stunned: 2 }), ['too-large minions.0.stunned']],
    ['a stalwart villain with a confused card', villain({ confused: 1, stalwart: true }), ['cannot-have-status villain.confused']],
    ['a stalwart minion with a stunned card', minion({ stunned: 1, stalwart: true }), ['cannot-have-status minions.0.stunned']],
  ] as const)('refuses %s', (_, s, expected) => {
    expect(codes(errorsOf(schemeEngine.run(s)))).toEqual(expected);
  });

  it('preset stunned-schemes: the stunned villain places 2 + 1, the steady minion with two confused cards none', () => {
    const r = run(P['stunned-schemes']);
    expect(r.end.placed).toEqual([3, 0]);
    const st = r.steps.at(-1)!.state;
    expect([st.villainStunned, st.minions[0]!.confused]).toEqual([1, 0]);
  });

  it('counts the boost cards a villainous minion needs', () => {
    expect(codes(errorsOf(schemeEngine.run({ ...P['villainous-minion'], boostCards: [{ icons: 1, star: false }] })))).toEqual(['not-enough-boost-cards boostCards']);
    expect(schemeEngine.run({ ...P.confused, boostCards: [] }).ok).toBe(true);
  });
});

describe('enemy scheme: properties', () => {
  const scenarios = (fromDesc(schemeSchema) as fc.Arbitrary<SchemeScenario>).filter((s) => schemeEngine.validate(s).ok);

  it('threat only grows, by exactly what each enemy places', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        const { end } = run(s);
        expect(end.threat - s.threat).toBe(end.placed.reduce((a, b) => a + b, 0));
        expect(end.placed.every((n) => n >= 0)).toBe(true);
        // a villain that is not confused places its modified SCH; a confused one places nothing
        expect(end.placed[0]).toBe(s.villain.confused >= (s.villain.steady ? 2 : 1) ? 0 : end.sch);
      }),
    );
  });

  it('links round-trip exactly; junk is refused with codes', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        expect(unwrap(schemeEngine.scenarioFromQuery(schemeEngine.scenarioToQuery(s)))).toEqual(s);
      }),
    );
    fc.assert(
      fc.property(junk, (input) => {
        const r = schemeEngine.run(input);
        expect(r.ok).toBe(false);
      }),
    );
  });
});
