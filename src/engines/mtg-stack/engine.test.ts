import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { junk } from '../testing/arbitrary';
import { codes, errorsOf, outline, unwrap } from '../testing/helpers';
import { stackEngine, STACK_PRESETS, type StackScenario } from './engine';

const run = (s: StackScenario) => unwrap(stackEngine.run(s));
type Action = StackScenario['actions'][number];

describe('stack and priority: worked examples', () => {
  it('kicked Burst Lightning answered by Shock: last in, first out; kicked deals 4', () => {
    const r = run(STACK_PRESETS['kicked-response']);
    expect(outline(r)).toEqual([
      'mtg.stack.start @ 117.3a',
      'mtg.stack.cast @ 601.2a',
      'mtg.stack.kicker-declare @ 601.2b',
      'mtg.stack.kicker-cost @ 601.2f',
      'mtg.stack.kicked @ 702.33d',
      'mtg.stack.priority @ 117.3c',
      'mtg.stack.pass @ 117.3d',
      'mtg.stack.cast @ 601.2a',
      'mtg.stack.priority @ 117.3c',
      'mtg.stack.pass @ 117.3d',
      'mtg.stack.pass @ 117.3d',
      'mtg.stack.resolve @ 405.5',
      'mtg.stack.effect @ 608.2',
      'mtg.stack.priority @ 117.3b',
      'mtg.stack.pass @ 117.3d',
      'mtg.stack.pass @ 117.3d',
      'mtg.stack.resolve @ 405.5',
      'mtg.stack.effect @ 702.33e',
      'mtg.stack.priority @ 117.3b',
      'mtg.stack.pass @ 117.3d',
      'mtg.stack.pass @ 117.3d',
      'mtg.stack.step-ends @ 117.4',
    ]);
    expect(r.end.resolved.map((o) => [o.name, o.amount, o.kicked])).toEqual([
      ['Shock', 2, false],
      ['Burst Lightning', 4, true],
    ]);
    expect(r.end.stepEnded).toBe(true);
    // with both spells on the stack, Shock is on top
    expect(r.steps[8]!.state.stack.map((o) => o.name)).toEqual(['Burst Lightning', 'Shock']);
  });

  it('unkicked, the same spell deals its base 2', () => {
    const r = run(STACK_PRESETS.unkicked);
    expect(r.steps.find((s) => s.key === 'mtg.stack.kicker-declare')!.params).toEqual({
      name: 'Burst Lightning', kicker: 'kicker', kicked: false, kickCount: 0,
    });
    expect(r.steps.some((s) => s.key === 'mtg.stack.kicked')).toBe(false);
    expect(r.end.resolved[0]).toMatchObject({ amount: 2, kicked: false });
  });

  it('multikicker twice: two counters, kicked count recorded (702.33c)', () => {
    const r = run(STACK_PRESETS.multikicker);
    expect(r.steps.find((s) => s.key === 'mtg.stack.kicked')!.cite.id).toBe('702.33c');
    expect(r.end.resolved[0]).toMatchObject({ name: 'Everflowing Chalice', unit: 'counters', amount: 2, kickCount: 2, permanent: true });
  });

  it('an unkicked permanent spell resolves under 608.3', () => {
    const chalice = STACK_PRESETS.multikicker.actions[0] as Extract<Action, { type: 'cast' }>;
    const { kickCount: _, ...unkicked } = { ...chalice, kicked: false };
    const r = run({ actions: [unkicked, ...STACK_PRESETS.multikicker.actions.slice(1)] });
    expect(r.steps.find((s) => s.key === 'mtg.stack.effect')!.cite.id).toBe('608.3');
    expect(r.end.resolved[0]!.amount).toBe(0);
  });

  it('an activated ability in response resolves first', () => {
    const r = run(STACK_PRESETS['ability-response']);
    expect(r.end.resolved.map((o) => o.name)).toEqual(['Prodigal Pyromancer', 'Burst Lightning']);
    expect(r.end.stepEnded).toBe(false);
    expect(r.end.priority).toBe(0);
  });

  const pass = (player: number): Action => ({ type: 'pass', player });
  it.each([
    ['the other player acting first', { actions: [pass(1)] }, ['not-your-priority actions.0.player']],
    ['acting after passing', { actions: [pass(0), pass(0)] }, ['not-your-priority actions.1.player']],
    ['acting after the step ended', { actions: [pass(0), pass(1), pass(0)] }, ['step-ended actions.2']],
    ['kicking a spell without kicker', { actions: [{ ...STACK_PRESETS['kicked-response'].actions[2]!, player: 0, kicked: true }] }, ['cannot-kick actions.0.kicked']],
    ['a kick count while not kicked', { actions: [{ ...STACK_PRESETS.multikicker.actions[0]!, kicked: false }] }, ['kick-count-without-kick actions.0.kickCount']],
    ['kicker paid twice', { actions: [{ ...STACK_PRESETS['kicked-response'].actions[0]!, kickCount: 2 }] }, ['too-large actions.0.kickCount']],
    ['a third player', { actions: [pass(2)] }, ['too-large actions.0.player']],
    ['an unknown action', { actions: [{ type: 'scry', player: 0 }] }, ['unknown-value actions.0.type']],
  ])('refuses %s', (_, input, expected) => {
    expect(codes(errorsOf(stackEngine.run(input)))).toEqual(expected);
  });
});

// Random legal games: each intent is taken by whoever holds priority at that point.
const intent = fc.oneof(
  fc.constant<'pass'>('pass'),
  fc.record({ kind: fc.constant<'cast'>('cast'), kicked: fc.boolean(), n: fc.integer({ min: 0, max: 9 }) }),
  fc.record({ kind: fc.constant<'activate'>('activate'), n: fc.integer({ min: 0, max: 9 }) }),
);
const games = fc.array(intent, { maxLength: 24 }).map((intents) => {
  const actions: Action[] = [];
  for (const it of intents) {
    const r = stackEngine.run({ actions });
    if (!r.ok || r.value.end.stepEnded) break;
    const player = r.value.end.priority;
    if (it === 'pass') actions.push({ type: 'pass', player });
    else if (it.kind === 'activate') actions.push({ type: 'activate', player, name: `ab${it.n}`, unit: 'damage', amount: it.n });
    else {
      actions.push({
        type: 'cast', player, kicked: it.kicked,
        spell: { name: `sp${it.n}`, unit: 'cards', amount: 1, permanent: false, kicker: 'kicker', kickerAmount: it.n },
      });
    }
  }
  return { actions };
});

describe('stack: properties', () => {
  it('always resolves the object on top (last in, first out)', () => {
    fc.assert(
      fc.property(games, (s) => {
        const r = run(s);
        r.steps.forEach((step, i) => {
          if (step.key !== 'mtg.stack.resolve') return;
          const before = r.steps[i - 1]!.state.stack;
          expect(step.state.resolved.at(-1)).toEqual(before.at(-1));
          expect(step.state.stack).toEqual(before.slice(0, -1));
        });
        const pushed = s.actions.filter((a) => a.type !== 'pass').length;
        expect(r.end.resolved.length + r.end.stack.length).toBe(pushed);
      }),
    );
  });

  it('a kicked spell resolves with its kicked amount, an unkicked one with its base', () => {
    fc.assert(
      fc.property(games, (s) => {
        for (const o of run(s).end.resolved) {
          if (o.kind === 'spell') expect(o.amount).toBe(o.kicked ? Number(o.name.slice(2)) : 1);
        }
      }),
    );
  });

  it('links round-trip exactly; junk is refused with codes', () => {
    fc.assert(
      fc.property(games, (s) => {
        expect(unwrap(stackEngine.scenarioFromQuery(stackEngine.scenarioToQuery(s)))).toEqual(s);
      }),
    );
    fc.assert(
      fc.property(junk, (input) => {
        expect(stackEngine.run(input).ok).toBe(false);
      }),
    );
  });
});
