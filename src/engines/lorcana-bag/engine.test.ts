import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDesc, junk } from '../testing/arbitrary';
import { codes, errorsOf, unwrap } from '../testing/helpers';
import { isVisible } from '../../schemas/visible';
import { bagEngine, bagSchema, BAG_PRESETS, type BagScenario } from './engine';

const run = (s: BagScenario) => unwrap(bagEngine.run(s));
const names = (s: BagScenario, order: readonly number[]) => order.map((i) => s.abilities[i]!.name);

describe('the bag: worked examples', () => {
  it.each([
    ['active-first', ['A2', 'A1', 'B1'], []],
    ['choice-returns', ['B1', 'B2', 'A1'], []],
    ['marshmallow-cheshire', ['Cheshire Cat', 'Marshmallow'], []],
    ['three-players', ['B1', 'C1', 'C2'], [1]],
  ] as const)('%s resolves %j', (id, order, defaulted) => {
    const s = BAG_PRESETS[id];
    const r = run(s);
    expect(names(s, r.end.order)).toEqual(order);
    expect(r.end.defaulted).toEqual(defaulted);
    // going in cites 7.7.3.1 (7.7.6 while it waits for another player); every pick, pass and the end 7.7.4
    for (const x of r.steps) {
      expect(x.cite.id, x.key).toBe(x.key !== 'lorcana.bag.added' ? '7.7.4' : x.params['waits'] === true ? '7.7.6' : '7.7.3.1');
    }
  });

  it('an ability triggered for the active player while the opponent resolves waits until the opponent is done (7.7.4.3, 7.7.6)', () => {
    const r = run(BAG_PRESETS['choice-returns']);
    expect(r.steps.map((x) => [x.key, x.params['ability'] ?? x.params['player']])).toEqual([
      ['lorcana.bag.added', 'B1'],
      ['lorcana.bag.added', 'B2'],
      ['lorcana.bag.chosen', 'B1'],
      ['lorcana.bag.added', 'A1'],
      ['lorcana.bag.chosen', 'B2'],
      ['lorcana.bag.passes', 0],
      ['lorcana.bag.chosen', 'A1'],
      ['lorcana.bag.done', undefined],
    ]);
    expect(r.steps[2]!.params).toEqual({ index: 0, ability: 'B1', player: 1, options: 2, chosen: true });
    expect(r.steps[3]!.params).toMatchObject({ ability: 'A1', waits: true });
    expect(r.steps[3]!.cite.id).toBe('7.7.6');
    // once the bag has passed, the step's state shows the player now resolving
    expect(r.steps[5]!.state.chooser).toBe(0);
    expect(r.steps[4]!.state.chooser).toBe(1);
    // the pick format 1 allowed (A1 straight after B1) is refused now, saying who chooses
    expect(codes(errorsOf(bagEngine.run({ ...BAG_PRESETS['choice-returns'], choices: [0, 2, 1] })))).toEqual(['not-your-choice choices.1']);
  });

  it.each([
    // [ruling, abilities, order]
    ['the active player resolves all theirs before the bag passes (7.7.4.2–7.7.4.4)', [['A1', 0], ['B1', 1], ['A2', 0]], ['A1', 'A2', 'B1']],
    ['one added for the resolving player can be chosen next (7.7.5)', [['A1', 0], ['B1', 1], ['A2', 0, 0]], ['A1', 'A2', 'B1']],
    ['one added for the active player while the opponent resolves waits for the bag to come back (7.7.6)', [['B1', 1], ['B2', 1], ['A1', 0, 0]], ['B1', 'B2', 'A1']],
    ['with three players the bag goes round in turn order, back to the active player (7.7.4.5)', [['C1', 2], ['A1', 0, 0]], ['C1', 'A1']],
    ['the bag skips a player with nothing in it', [['C1', 2], ['B1', 1, 0]], ['C1', 'B1']],
  ] as const)('%s', (_, abilities, order) => {
    const s: BagScenario = {
      players: 3,
      abilities: abilities.map(([name, player, parent]) => ({ name, player, ...(parent === undefined ? {} : { parent }) })),
      choices: [],
    };
    expect(names(s, run(s).end.order)).toEqual(order);
  });

  const base = BAG_PRESETS['active-first'];
  it.each([
    ['the opponent’s ability while the active player still has some', { ...base, choices: [1] }, ['not-your-choice choices.0']],
    ['an ability already resolved', { ...base, choices: [2, 2] }, ['not-in-bag choices.1']],
    ['an ability not triggered yet', { ...BAG_PRESETS['choice-returns'], choices: [2] }, ['not-in-bag choices.0']],
    ['more picks than resolutions', { ...base, choices: [2, 0, 1, 0] }, ['too-many choices']],
    ['a parent listed later', { ...base, abilities: [{ name: 'X', player: 0, parent: 1 }, { name: 'Y', player: 1 }] }, ['bad-parent abilities.0.parent']],
    ['a player beyond the table', { ...base, abilities: [{ name: 'X', player: 2 }] }, ['unknown-player abilities.0.player']],
    ['one player', { ...base, players: 1 }, ['too-small players']],
  ])('refuses %s', (_, input, expected) => {
    expect(codes(errorsOf(bagEngine.run(input)))).toEqual(expected);
  });

  it('says whose turn it is to choose', () => {
    expect(errorsOf(bagEngine.run({ ...base, choices: [1] }))[0]!.detail).toEqual({ chooser: 0 });
  });
});

describe('the bag: properties', () => {
  const scenarios = (fromDesc(bagSchema) as fc.Arbitrary<BagScenario>)
    .map((s) => ({
      ...s,
      choices: [],
      abilities: s.abilities.map((a, i) => {
        const { parent, ...rest } = a;
        return { ...rest, player: a.player % s.players, ...(parent === undefined || i === 0 ? {} : { parent: parent % i }) };
      }),
    }))
    // A name with nothing visible (U+2800, say) is refused by the check, which its own table tests.
    .filter((s) => s.abilities.every((a) => isVisible(a.name)));

  it('every ability resolves once; a chooser keeps the bag while they have any, then it passes to the next in turn order', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        const r = run(s);
        expect([...r.end.order].sort((a, b) => a - b)).toEqual(s.abilities.map((_, i) => i));
        let prev: number | undefined;
        r.steps.forEach((step, i) => {
          if (step.key !== 'lorcana.bag.chosen') return;
          const bag = r.steps[i - 1]!.state.bag.map((k) => s.abilities[k]!.player);
          const player = Number(step.params['player']);
          if (prev !== undefined && bag.includes(prev)) expect(player).toBe(prev);
          else {
            const start = prev === undefined ? 0 : prev + 1;
            const next = Array.from({ length: s.players }, (_, k) => (start + k) % s.players).find((p) => bag.includes(p));
            expect(player).toBe(next);
          }
          prev = player;
        });
      }),
    );
  });

  it('links round-trip exactly; junk is refused with codes', () => {
    fc.assert(
      fc.property(scenarios, (s) => {
        expect(unwrap(bagEngine.scenarioFromQuery(bagEngine.scenarioToQuery(s)))).toEqual(s);
      }),
    );
    fc.assert(
      fc.property(junk, (input) => {
        expect(bagEngine.run(input).ok).toBe(false);
      }),
    );
  });
});
