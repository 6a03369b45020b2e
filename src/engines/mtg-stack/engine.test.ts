import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { junk } from '../testing/arbitrary';
import { codes, errorsOf, outline, unwrap } from '../testing/helpers';
import { stackEngine, STACK_PRESETS, type StackScenario } from './engine';
import { v1ToV2 } from './formats';
import type { Action, CastAction } from './schema';

const run = (s: StackScenario) => unwrap(stackEngine.run(s));
const pass = (player: number): Action => ({ type: 'pass', player });
const effects = (s: StackScenario) =>
  run(s).steps.filter((x) => x.key === 'mtg.stack.effect').map((x) => [x.params['name'], x.params['amount'], x.params['target'] ?? '-']);
const keysOf = (s: StackScenario) => run(s).steps.map((x) => x.key);

describe('stack and priority: worked examples', () => {
  it('kicked Burst Lightning answered by Shock: last in, first out; kicked deals 4', () => {
    const r = run(STACK_PRESETS['kicked-response']);
    expect(outline(r)).toEqual([
      'mtg.stack.start @ 117.3a',
      'mtg.stack.cast @ 601.2a',
      'mtg.stack.kicker-declare @ 601.2b',
      'mtg.stack.targets @ 601.2c',
      'mtg.stack.kicker-cost @ 601.2f',
      'mtg.stack.kicked @ 702.33d',
      'mtg.stack.priority @ 117.3c',
      'mtg.stack.pass @ 117.3d',
      'mtg.stack.cast @ 601.2a',
      'mtg.stack.targets @ 601.2c',
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
    expect(effects(STACK_PRESETS['kicked-response'])).toEqual([['Shock', 2, 0], ['Burst Lightning', 4, 1]]);
    expect(r.end.stepEnded).toBe(true);
    // with both spells on the stack, Shock is on top
    expect(r.steps[10]!.state.stack.map((o) => o.name)).toEqual(['Burst Lightning', 'Shock']);
  });

  it('multikicker twice: two counters, kicked count recorded (702.33c); an unkicked permanent spell resolves under 608.3', () => {
    const r = run(STACK_PRESETS.multikicker);
    expect(r.steps.find((s) => s.key === 'mtg.stack.kicked')!.cite.id).toBe('702.33c');
    expect(r.steps.find((s) => s.key === 'mtg.stack.effect')!.params).toMatchObject({ name: 'Everflowing Chalice', does: 'counters', amount: 2, kickCount: 2, permanent: true });
    const chalice = STACK_PRESETS.multikicker.actions[0] as CastAction;
    const { kickCount: _, ...unkicked } = { ...chalice, kicked: false };
    const plain = run({ board: [], actions: [unkicked, ...STACK_PRESETS.multikicker.actions.slice(1)] });
    expect(plain.steps.find((s) => s.key === 'mtg.stack.effect')).toMatchObject({ cite: { id: '608.3' }, params: { amount: 0 } });
  });

  it('an activated ability in response resolves first', () => {
    const r = run(STACK_PRESETS['ability-response']);
    expect(r.end.resolved.map((o) => o.name)).toEqual(['Prodigal Pyromancer', 'Burst Lightning']);
    expect(r.end.stepEnded).toBe(false);
    expect(r.end.priority).toBe(0);
  });
});

// Rulings worked out by hand, one row each: what happens, the rule that says so.
describe('targets: rulings (601.2c, 608.2b, 702.33g, 707.10)', () => {
  const BL = (target: number, kicked = false, player = 0): Action => ({
    type: 'cast', player, kicked, targets: [target],
    spell: { name: 'Burst Lightning', color: 'red', permanent: false, kicker: 'kicker', effects: [{ does: 'damage', amount: 2, kickedAmount: 4, target: 'any', kickedOnly: false, another: false }] },
  });
  const creature = { kind: 'creature', controller: 1, name: 'Mogg Fanatic' } as const;
  const other = { kind: 'player', controller: 1 } as const;
  const barrage = STACK_PRESETS['one-target-left'].actions[0] as CastAction;

  it.each([
    // [ruling, rule, scenario, step keys that must appear, step keys that must not, effects [name, amount, target]]
    ['targets are chosen as the spell is cast', '601.2c', STACK_PRESETS.unkicked, ['mtg.stack.targets'], [], [['Burst Lightning', 2, 1]]],
    ['the only target was sacrificed in response: the spell does not resolve ("fizzles")', '608.2b', STACK_PRESETS['sacrifice-fizzles'], ['mtg.stack.sacrifice', 'mtg.stack.target-illegal', 'mtg.stack.fizzle'], [], [['Mogg Fanatic', 1, 0]]],
    ['one of two targets left the battlefield: the spell does what it can', '608.2b', STACK_PRESETS['one-target-left'], ['mtg.stack.target-illegal'], ['mtg.stack.fizzle'], [['Unsummon', 0, 1], ['Goblin Barrage', 4, 0]]],
    ['kicked: the kicked-only part has its own target', '702.33g', { board: [other, creature], actions: [{ ...barrage, targets: [1, 0] }, pass(0), pass(1)] }, [], ['mtg.stack.kicked-only-skipped'], [['Goblin Barrage', 4, 1], ['Goblin Barrage', 4, 0]]],
    ['unkicked: cast as if the kicked-only target did not exist', '702.33g', STACK_PRESETS['unkicked-one-target'], ['mtg.stack.kicked-only-skipped'], [], [['Goblin Barrage', 4, 1]]],
    ['protection from red given in response makes the red spell’s only target illegal', '608.2b', STACK_PRESETS.protection, ['mtg.stack.target-illegal', 'mtg.stack.fizzle'], [], [['Gods Willing', 0, 0]]],
    ['a copy of a kicked spell is kicked', '707.10', STACK_PRESETS['copy-kicked'], ['mtg.stack.copy'], [], [['Burst Lightning', 4, 1], ['Burst Lightning', 4, 1]]],
    ['a copy of an unkicked spell is not kicked', '707.10', { ...STACK_PRESETS['copy-kicked'], actions: [BL(1), ...STACK_PRESETS['copy-kicked'].actions.slice(1)] }, ['mtg.stack.copy'], [], [['Burst Lightning', 2, 1], ['Burst Lightning', 2, 1]]],
    [
      'exiled and returned in response, the creature is a new object: the spell’s target is illegal',
      '608.2b',
      {
        board: [creature],
        actions: [BL(0), pass(0), { type: 'activate', player: 1, name: 'Blink', effects: [{ does: 'blink', amount: 0, target: 'creature', kickedOnly: false, another: false }], targets: [0] }, pass(1), pass(0), pass(0), pass(1)],
      },
      ['mtg.stack.new-object', 'mtg.stack.target-illegal', 'mtg.stack.fizzle'],
      [],
      [['Blink', 0, 0]],
    ],
  ] as const)('%s (%s)', (_, rule, scenario, present, absent, expected) => {
    const r = run(scenario as StackScenario);
    const keys = r.steps.map((s) => s.key);
    for (const k of present) expect(keys).toContain(k);
    for (const k of absent) expect(keys).not.toContain(k);
    expect(r.steps.map((s) => s.cite.id)).toContain(rule);
    expect(effects(scenario as StackScenario)).toEqual(expected);
  });

  // A made-up kicker instant: 2 damage to target creature; if kicked, 2 damage to another target
  // creature. "Another" asks for an object other than the first target; a part without the word may
  // choose what an earlier part chose (115.3, 601.2c).
  const twin = (targets: number[], another: boolean, kicked = true): Action => ({
    type: 'cast', player: 0, kicked, targets,
    spell: {
      name: 'Twin Sparks', color: 'red', permanent: false, kicker: 'kicker',
      effects: [
        { does: 'damage', amount: 2, target: 'creature', kickedOnly: false, another: false },
        { does: 'damage', amount: 2, target: 'creature', kickedOnly: true, another },
      ],
    },
  });
  const bears = [other, creature, { kind: 'creature', controller: 1, name: 'Bear' }] as const;
  it.each([
    ['kicked, "another target" on the creature already chosen: refused at the second target', [1, 1], true, ['illegal-target actions.0.targets.1'], undefined],
    ['kicked, "another target" on a different creature: both are dealt 2', [1, 2], true, [], [['Twin Sparks', 2, 1], ['Twin Sparks', 2, 2]]],
    ['without "another", two uses of "target" may choose the same creature: it is dealt 2 twice', [1, 1], false, [], [['Twin Sparks', 2, 1], ['Twin Sparks', 2, 1]]],
  ] as const)('%s', (_, targets, another, errs, dealt) => {
    const s: StackScenario = { board: [...bears], actions: [twin([...targets], another), pass(0), pass(1)] };
    if (dealt === undefined) {
      const e = errorsOf(stackEngine.run(s));
      expect(codes(e)).toEqual(errs);
      expect(e[0]!.detail).toEqual({ reason: 'not-another' });
    } else expect(effects(s)).toEqual(dealt);
  });

  it('unkicked, the kicked-only "another target" does not exist: one target, nothing to compare', () => {
    expect(effects({ board: [...bears], actions: [twin([1], true, false), pass(0), pass(1)] })).toEqual([['Twin Sparks', 2, 1]]);
  });

  it('"another target" for a copy effect is another spell than the first part\'s', () => {
    const copyTwice = (targets: number[]): Action => ({
      type: 'activate', player: 1, name: 'Echo', targets,
      effects: [
        { does: 'copy', amount: 0, target: 'spell', kickedOnly: false, another: false },
        { does: 'copy', amount: 0, target: 'spell', kickedOnly: false, another: true },
      ],
    });
    const shock = (player: number, target: number): Action => ({
      type: 'cast', player, kicked: false, targets: [target],
      spell: { name: 'Shock', color: 'red', permanent: false, kicker: 'none', effects: [{ does: 'damage', amount: 2, target: 'any', kickedOnly: false, another: false }] },
    });
    const e = errorsOf(stackEngine.run({ board: [...bears], actions: [shock(0, 1), shock(0, 2), pass(0), copyTwice([1, 1])] }));
    expect(codes(e)).toEqual(['illegal-target actions.3.targets.1']);
    expect(e[0]!.detail).toEqual({ reason: 'not-another' });
    expect(stackEngine.run({ board: [...bears], actions: [shock(0, 1), shock(0, 2), pass(0), copyTwice([0, 1])] }).ok).toBe(true);
  });

  it('reports why a target became illegal and counts the targets a fizzled spell had', () => {
    const r = run(STACK_PRESETS.protection);
    expect(r.steps.find((s) => s.key === 'mtg.stack.target-illegal')!.params).toEqual({ name: 'Burst Lightning', target: 0, targetKind: 'creature', targetController: 1, targetName: 'Mogg Fanatic', reason: 'protection' });
    expect(r.end.resolved.map((o) => [o.name, o.outcome])).toEqual([['Gods Willing', 'resolved'], ['Burst Lightning', 'fizzled']]);
    const copy = run(STACK_PRESETS['copy-kicked']);
    expect(copy.steps.find((s) => s.key === 'mtg.stack.copy')!.params).toEqual({ name: 'Burst Lightning', player: 0, kicked: true, kickCount: 1 });
    expect(copy.end.resolved.map((o) => [o.kind, o.kicked])).toEqual([['spell', false], ['copy', true], ['spell', true]]);
  });

  it.each([
    ['kicked Barrage given only one target', { board: [other, creature], actions: [{ ...barrage, targets: [1] }] }, ['wrong-target-count actions.0.targets']],
    ['unkicked Barrage given a target for its kicked-only part', { board: [other, creature], actions: [{ ...barrage, kicked: false, targets: [1, 0] }] }, ['wrong-target-count actions.0.targets']],
    ['a creature-only spell aimed at a player', { board: [other, creature], actions: [{ ...barrage, targets: [0, 0] }] }, ['illegal-target actions.0.targets.0']],
    ['a target that is not on the board', { board: [other], actions: [BL(3)] }, ['unknown-target actions.0.targets.0']],
    ['a red spell aimed at a creature that already has protection from red', { board: [creature], actions: [...STACK_PRESETS.protection.actions.slice(0, 5), BL(0)] }, ['illegal-target actions.5.targets.0']],
    ['a spell aimed at a permanent that has already left', { board: [{ ...creature, controller: 0 }], actions: [{ type: 'activate', player: 0, name: 'Mogg Fanatic', sacrifice: 0, effects: [{ does: 'damage', amount: 1, target: 'none', kickedOnly: false, another: false }], targets: [] }, BL(0)] }, ['illegal-target actions.1.targets.0']],
    ['sacrificing an opponent’s creature', { board: [creature], actions: [{ type: 'activate', player: 0, name: 'X', sacrifice: 0, effects: [{ does: 'cards', amount: 1, target: 'none', kickedOnly: false, another: false }], targets: [] }] }, ['cannot-sacrifice actions.0.sacrifice']],
    ['copying something that is not a spell on the stack', { board: [], actions: [{ type: 'cast', player: 0, kicked: false, targets: [0], spell: { name: 'Twincast', permanent: false, kicker: 'none', effects: [{ does: 'copy', amount: 0, target: 'spell', kickedOnly: false, another: false }] } }] }, ['unknown-target actions.0.targets.0']],
    ['destroying with no target', { board: [], actions: [{ type: 'cast', player: 0, kicked: false, targets: [], spell: { name: 'X', permanent: false, kicker: 'none', effects: [{ does: 'destroy', amount: 0, target: 'none', kickedOnly: false, another: false }] } }] }, ['target-kind actions.0.spell.effects.0.target']],
    ['protection without a colour', { board: [], actions: [{ type: 'cast', player: 0, kicked: false, targets: [], spell: { name: 'X', permanent: false, kicker: 'none', effects: [{ does: 'protection', amount: 0, target: 'creature', kickedOnly: false, another: false }] } }] }, ['missing-field actions.0.spell.effects.0.color']],
    ['a kicked-only part on a spell without kicker', { board: [], actions: [{ type: 'cast', player: 0, kicked: false, targets: [], spell: { name: 'X', permanent: false, kicker: 'none', effects: [{ does: 'cards', amount: 1, target: 'none', kickedOnly: true, another: false }] } }] }, ['not-allowed actions.0.spell.effects.0.kickedOnly']],
  ] as const)('refuses %s', (_, input, expected) => {
    expect(codes(errorsOf(stackEngine.run(input)))).toEqual(expected);
  });

  it.each([
    ['the other player acting first', { board: [], actions: [pass(1)] }, ['not-your-priority actions.0.player']],
    ['acting after passing', { board: [], actions: [pass(0), pass(0)] }, ['not-your-priority actions.1.player']],
    ['acting after the step ended', { board: [], actions: [pass(0), pass(1), pass(0)] }, ['step-ended actions.2']],
    ['kicking a spell without kicker', { board: [other], actions: [{ ...(STACK_PRESETS['kicked-response'].actions[2] as CastAction), player: 0, kicked: true, targets: [0] }] }, ['cannot-kick actions.0.kicked']],
    ['a kick count while not kicked', { board: [], actions: [{ ...(STACK_PRESETS.multikicker.actions[0] as CastAction), kicked: false }] }, ['kick-count-without-kick actions.0.kickCount']],
    ['kicker paid twice', { board: [other], actions: [{ ...(STACK_PRESETS['kicked-response'].actions[0] as CastAction), kickCount: 2, targets: [0] }] }, ['too-large actions.0.kickCount']],
    ['a third player', { board: [], actions: [pass(2)] }, ['too-large actions.0.player']],
    ['an unknown action', { board: [], actions: [{ type: 'scry', player: 0 }] }, ['unknown-value actions.0.type']],
  ])('refuses %s', (_, input, expected) => {
    expect(codes(errorsOf(stackEngine.run(input)))).toEqual(expected);
  });
});

describe('format 1 links', () => {
  it.each([
    ['kicked-response', [['Shock', 2, '-'], ['Burst Lightning', 4, '-']]],
    ['unkicked', [['Burst Lightning', 2, '-']]],
    ['multikicker', [['Everflowing Chalice', 2, '-']]],
    ['ability-response', [['Prodigal Pyromancer', 1, '-'], ['Burst Lightning', 2, '-']]],
  ])('%s: format 1 had no targets; migrated, it resolves as it did', (name, expected) => {
    const v1 = {
      'kicked-response': 'ms1.9.0.0.Burst-Lightning.0.2.0.1.4.1._.2.0.0.1.Shock.0.2.0.0.0.0._.2.1.2.0.2.0.2.1.2.0.2.1',
      unkicked: 'ms1.5.0.0.Burst-Lightning.0.2.0.1.4.0._.2.0.2.1.2.0.2.1',
      multikicker: 'ms1.5.0.0.Everflowing-Chalice.1.0.1.2.1.1.*.2.2.0.2.1.2.0.2.1',
      'ability-response': 'ms1.7.0.0.Burst-Lightning.0.2.0.1.4.0._.2.0.1.1.Prodigal-Pyromancer.0.1.2.1.2.0.2.0.2.1',
    }[name]!;
    expect(effects(unwrap(stackEngine.scenarioFromQuery(v1)))).toEqual(expected);
  });

  it('maps each format-1 action to its format-2 shape', () => {
    expect(
      v1ToV2({
        actions: [
          { type: 'cast', player: 0, kicked: true, kickCount: 2, spell: { name: 'C', unit: 'counters', amount: 0, permanent: true, kicker: 'multikicker', kickerAmount: 1 } },
          { type: 'cast', player: 0, kicked: false, spell: { name: 'S', unit: 'damage', amount: 2, permanent: false, kicker: 'none', kickerAmount: 7 } },
          { type: 'activate', player: 1, name: 'P', unit: 'damage', amount: 1 },
          { type: 'pass', player: 1 },
        ],
      }),
    ).toEqual({
      board: [],
      actions: [
        { type: 'cast', player: 0, kicked: true, kickCount: 2, targets: [], spell: { name: 'C', permanent: true, kicker: 'multikicker', effects: [{ does: 'counters', amount: 0, kickedAmount: 1, target: 'none', kickedOnly: false }] } },
        { type: 'cast', player: 0, kicked: false, targets: [], spell: { name: 'S', permanent: false, kicker: 'none', effects: [{ does: 'damage', amount: 2, target: 'none', kickedOnly: false }] } },
        { type: 'activate', player: 1, name: 'P', targets: [], effects: [{ does: 'damage', amount: 1, target: 'none', kickedOnly: false }] },
        { type: 'pass', player: 1 },
      ],
    });
  });
});

// Random legal games: each intent is taken by whoever holds priority at that point, aimed at the
// board's one creature or one player.
const BOARD: StackScenario['board'] = [{ kind: 'player', controller: 1 }, { kind: 'creature', controller: 1, name: 'Bear' }];
const intent = fc.oneof(
  fc.constant<'pass'>('pass'),
  fc.record({ kind: fc.constant<'cast'>('cast'), kicked: fc.boolean(), n: fc.integer({ min: 0, max: 9 }), t: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant<'activate'>('activate'), n: fc.integer({ min: 0, max: 9 }) }),
);
const games = fc.array(intent, { maxLength: 24 }).map((intents) => {
  const actions: Action[] = [];
  for (const it of intents) {
    const r = stackEngine.run({ board: BOARD, actions });
    if (!r.ok || r.value.end.stepEnded) break;
    const player = r.value.end.priority;
    if (it === 'pass') actions.push({ type: 'pass', player });
    else if (it.kind === 'activate') actions.push({ type: 'activate', player, name: `ab${it.n}`, effects: [{ does: 'damage', amount: it.n, target: 'none', kickedOnly: false, another: false }], targets: [] });
    else {
      const alive = r.value.end.board[1]!.onBattlefield;
      actions.push({
        type: 'cast', player, kicked: it.kicked, targets: [alive ? it.t : 0],
        spell: { name: `sp${it.n}`, permanent: false, kicker: 'kicker', effects: [{ does: it.n % 3 === 0 ? 'bounce' : 'damage', amount: 0, target: it.n % 3 === 0 ? 'permanent' : 'any', kickedOnly: false, another: false, ...(it.n % 3 === 0 ? {} : { kickedAmount: it.n }) }] },
      });
      if (it.n % 3 === 0 && !alive) actions.pop();
    }
  }
  return { board: BOARD, actions };
});

describe('stack: properties', () => {
  it('always resolves the object on top (last in, first out)', () => {
    fc.assert(
      fc.property(games, (s) => {
        const r = stackEngine.run(s);
        if (!r.ok) return;
        const steps = r.value.steps;
        steps.forEach((step, i) => {
          if (step.key !== 'mtg.stack.resolve') return;
          const before = steps[i - 1]!.state.stack;
          expect(step.state.stack).toEqual(before.slice(0, -1));
          expect(step.params['name']).toBe(before.at(-1)!.name);
        });
        const pushed = s.actions.filter((a) => a.type !== 'pass').length;
        expect(r.value.end.resolved.length + r.value.end.stack.length).toBe(pushed);
      }),
    );
  });

  it('a spell resolves with its kicked amount when kicked, its base when not, and never acts on an illegal target', () => {
    fc.assert(
      fc.property(games, (s) => {
        const r = stackEngine.run(s);
        if (!r.ok) return;
        for (const step of r.value.steps) {
          if (step.key !== 'mtg.stack.effect' || step.params['does'] !== 'damage' || !String(step.params['name']).startsWith('sp')) continue;
          expect(step.params['amount']).toBe(step.params['kicked'] ? Number(String(step.params['name']).slice(2)) : 0);
        }
        const illegal = r.value.steps.filter((x) => x.key === 'mtg.stack.fizzle').length;
        expect(r.value.end.resolved.filter((o) => o.outcome === 'fizzled').length).toBe(illegal);
      }),
    );
  });

  it('junk is refused with codes', () => {
    fc.assert(
      fc.property(junk, (input) => {
        expect(stackEngine.run(input).ok).toBe(false);
      }),
    );
  });
});

it('keeps the worked examples in the order the step keys say', () => {
  expect(keysOf(STACK_PRESETS['sacrifice-fizzles']).filter((k) => k.startsWith('mtg.stack.') && !/priority|pass|start/.test(k))).toEqual([
    'mtg.stack.cast', 'mtg.stack.kicker-declare', 'mtg.stack.targets',
    'mtg.stack.activate', 'mtg.stack.targets', 'mtg.stack.sacrifice',
    'mtg.stack.resolve', 'mtg.stack.effect',
    'mtg.stack.resolve', 'mtg.stack.target-illegal', 'mtg.stack.fizzle',
  ]);
});
