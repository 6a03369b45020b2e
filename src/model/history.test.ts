// The history of a document's official text: steps walked back from the current text, their chain,
// and the moves composed into the shape of the editions record.
import { describe, expect, it } from 'vitest';
import { officialHistorySchema } from '../schemas/content';
import { changedFields, checkHistory, composedMoves, disagreements, editionId, freeId, mergedNumberings, orderSteps, replay, stepBack, unitsOf, type HistoryStep, type Units } from './history';

const step = (id: string, data: Record<string, unknown>): HistoryStep => ({ id, file: `cr/official/_history/${id}.yaml`, data: officialHistorySchema.parse({ imported: '2032-01-01', edition: { en: id }, previous: { en: data['follows'] }, ...data }) });
const units = (entries: Record<string, Record<string, unknown>>): Units => new Map(Object.entries(entries)) as Units;
const problems = () => {
  const list: string[] = [];
  return { list, say: (file: string, field: string, message: string) => list.push(`${file} › ${field}: ${message}`) };
};

// Three editions of a small document: B inserts 100.1b and rewords 100.2; C removes 100.3 and moves 100.1c up.
const A = units({ '100.1': { en: 'Rules.', title: { ja: '総則', en: 'General' } }, '100.1a': { en: 'One.' }, '100.1b': { en: 'Two.' }, '100.2': { en: 'Old wording.', title: { ja: '総則', en: 'General' } }, '100.3': { en: 'Gone later.', title: { ja: '総則', en: 'General' } } });
const B = units({ '100.1': { en: 'Rules.', title: { ja: '総則', en: 'General' } }, '100.1a': { en: 'One.' }, '100.1b': { en: 'Inserted.' }, '100.1c': { en: 'Two.' }, '100.2': { en: 'New wording.', title: { ja: '総則', en: 'General' } }, '100.3': { en: 'Gone later.', title: { ja: '総則', en: 'General' } } });
const C = units({ '100.1': { en: 'Rules.', title: { ja: '総則', en: 'General' } }, '100.1a': { en: 'One.' }, '100.1b': { en: 'Two.' }, '100.2': { en: 'New wording.', title: { ja: '総則', en: 'General' } } });
const toB = step('B', { follows: 'A', added: ['100.1b'], moved: [{ from: '100.1b', to: '100.1c' }], before: [{ id: '100.2', en: 'Old wording.' }] });
const toC = step('C', { follows: 'B', removed: ['100.1b', '100.3'], moved: [{ from: '100.1c', to: '100.1b' }], before: [{ id: '100.1b', en: 'Inserted.' }, { id: '100.3', en: 'Gone later.', title: { ja: '総則', en: 'General' } }] });

describe('units of official files', () => {
  it('holds each entry with its title, and each sub-rule with its text and heading', () => {
    const u = unitsOf([{ id: 'attack', data: { title: { ja: '攻撃', en: 'Attack' }, rules: [{ id: 'attack', en: 'An attack.' }, { id: 'attack.step-1', en: 'Declare.', title: { en: 'Step 1' } }] } }]);
    expect([...u]).toEqual([['attack', { title: { ja: '攻撃', en: 'Attack' }, en: 'An attack.' }], ['attack.step-1', { en: 'Declare.', ruleTitle: { en: 'Step 1' } }]]);
  });
  it('a before entry names only what changed, with null for what was not there', () => {
    expect(changedFields({ en: 'Old.', ja: '旧。' }, { en: 'New.', ja: '旧。', ruleTitle: { en: 'Step 1' } })).toEqual({ en: 'Old.', ruleTitle: null });
  });
});

describe('walking back', () => {
  it('gives every earlier edition exactly', () => {
    const states = replay(C, [toB, toC], 'C');
    expect(states.map((s) => s.id)).toEqual(['C', 'B', 'A']);
    expect([...states[1]!.units].sort()).toEqual([...B].sort());
    expect([...states[2]!.units].sort()).toEqual([...A].sort());
  });

  it.each([
    ['a move to an id the edition does not have', { moved: [{ from: '100.1b', to: '100.1z' }] }, 'moved[0].to: "100.1z" is not an id of edition B'],
    ['two rules from one number', { moved: [{ from: '100.1a', to: '100.1c' }] }, 'moved: two rules of edition B (100.1a and 100.1c) come from 100.1a'],
    ['a removed id something continues', { removed: ['100.1a'] }, 'removed[0]: "100.1a" is removed, but a rule of edition B continues it (100.1a)'],
    ['a removed rule without its text', { removed: ['100.9'] }, 'removed: the text of removed "100.9" is not in before'],
    ['an earlier text for no earlier id', { before: [{ id: '100.9', en: 'x' }] }, 'before[0].id: "100.9" is no id of the edition before B'],
    ['an addition the edition lacks', { added: ['100.9'] }, 'added[0]: "100.9" is not an id of edition B'],
  ])('reports %s, with file and field', (_, patch, message) => {
    const p = problems();
    stepBack(B, step('B', { follows: 'A', ...patch }), p.say);
    expect(p.list).toContain(`cr/official/_history/B.yaml › ${message}`);
  });
});

describe('the chain of steps', () => {
  it('orders the steps by what each follows, whatever their file order', () => {
    expect(orderSteps([toC, toB])).toEqual({ ordered: [toB, toC], base: 'A' });
  });
  it.each([
    ['two steps following one edition', [toB, step('B2', { follows: 'A' })], 'cr/official/_history/B2.yaml › follows: both B and B2 follow "A"'],
    ['a step following no step of the history', [toB, step('X', { follows: 'nowhere' })], 'cr/official/_history/X.yaml › follows: "nowhere" is no step of this history, and B already starts it'],
  ])('reports %s', (_, steps, message) => {
    const p = problems();
    orderSteps(steps, p.say);
    expect(p.list).toContain(message);
  });

  it('checks that the newest step leads to the current edition, and each follows the editions of the one before', () => {
    const p = problems();
    checkHistory({ steps: [toB, { ...toC, data: { ...toC.data, previous: { en: 'Z' } } }], current: C, edition: { en: 'D' }, editionFile: 'cr/official/_edition.yaml' }, p.say);
    expect(p.list).toEqual([
      'cr/official/_history/C.yaml › edition: the newest step leads to {"en":"C"}, but cr/official/_edition.yaml names {"en":"D"}',
      'cr/official/_history/C.yaml › previous: {"en":"Z"} is not the edition B leads to ({"en":"B"})',
    ]);
  });
});

describe('composed moves: each earlier edition against the current numbering (the editions record\'s shape)', () => {
  it('follows a rule through every step, and names the ones removed since', () => {
    const states = replay(C, [toB, toC], 'C');
    expect(composedMoves(states, [toB, toC])).toEqual([
      { id: 'B', moved: [{ from: '100.1c', to: '100.1b' }], retired: [{ from: '100.1b', in: 'C' }, { from: '100.3', in: 'C' }] },
      // A's 100.1b went to 100.1c in B and back to 100.1b in C: no move against now.
      { id: 'A', moved: [], retired: [{ from: '100.3', in: 'C' }] },
    ]);
  });

  it('finds where the hand-written record disagrees with the history, for the same current edition', () => {
    const states = replay(C, [toB, toC], 'C');
    const numberings = composedMoves(states, [toB, toC]);
    const record = { current: 'C', earlier: [{ id: 'B', moved: [{ from: '100.1c', to: '100.1b' }, { from: '100.3', to: '100.2' }, { from: '100.2', to: '100.1' }] }] };
    expect(disagreements(record, 'C', numberings)).toEqual([{ edition: 0, move: 1, found: 'removed since' }, { edition: 0, move: 2, found: 'still 100.2' }]);
    expect(disagreements({ ...record, current: 'D' }, 'C', numberings)).toEqual([]); // another current edition: not comparable
  });
});

describe('one list of earlier numberings from the record and the history', () => {
  const numberings = composedMoves(replay(C, [toB, toC], 'C'), [toB, toC]);
  it('adds the imported editions and moves to the hand-written ones, for the same current edition', () => {
    const record = { current: 'C', earlier: [{ id: 'rules-class-09', moved: [{ from: '9.9', to: '100.2' }] }, { id: 'B', moved: [{ from: '100.1c', to: '100.1b' }] }] };
    expect(mergedNumberings(record, 'C', numberings)).toEqual([
      { id: 'rules-class-09', source: 'record', moved: [{ from: '9.9', to: '100.2' }] },
      { id: 'B', source: 'both', moved: [{ from: '100.1c', to: '100.1b' }] },
    ]); // A moved nothing against C: no numbering of its own
  });
  it('keeps the record alone when it follows another edition than the imported text, and the history alone without a record', () => {
    const record = { current: 'Z', earlier: [{ id: 'B', moved: [{ from: '100.1c', to: '100.1d' }] }] };
    expect(mergedNumberings(record, 'C', numberings)).toEqual([{ id: 'B', source: 'record', moved: [{ from: '100.1c', to: '100.1d' }] }]);
    expect(mergedNumberings(undefined, 'C', numberings)).toEqual([{ id: 'B', source: 'history', moved: [{ from: '100.1c', to: '100.1b' }] }]);
    expect(mergedNumberings({ current: 'C', earlier: [] }, 'C', numberings)).toEqual([{ id: 'B', source: 'history', moved: [{ from: '100.1c', to: '100.1b' }] }]);
  });
});

describe('edition ids', () => {
  it.each([
    [{ en: '2032-04-02', ja: '20320405.0' }, { en: '2032-01-10', ja: '20320115.0' }, '2032-04-02'],
    [{ en: '2032-04-02', ja: '20320420.0' }, { en: '2032-04-02', ja: '20320405.0' }, 'ja-20320420.0'],
    [{ en: '1.8' }, undefined, '1.8'],
  ])('%j after %j is %s', (edition, previous, id) => expect(editionId(edition, previous)).toBe(id));
  it('a second step of the same edition (a corrected file) gets a suffix', () => {
    expect(freeId('2032-04-02', ['2032-01-10'])).toBe('2032-04-02');
    expect(freeId('2032-04-02', ['2032-01-10', '2032-04-02', '2032-04-02-2'])).toBe('2032-04-02-3');
  });
});
