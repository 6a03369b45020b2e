// Magic: priority passing and the stack between two players (117, 405, 608), with kicker (702.33)
// deciding what a spell does when it resolves. The scenario is the list of actions in the order
// they are taken; an action by a player who does not hold priority is refused with its position.
// Not modelled: mana, targets, timing restrictions (sorcery speed), triggered abilities.
import { defineEngine, Trace, type Emit } from '../engine';
import { error, ok, type EngineError } from '../result';

import { stackSchema, UNITS, type StackScenario } from './schema';
import { STACK_PRESETS } from './presets';
import { STACK_LINK } from './formats';

export { STACK_PRESETS };

export { stackSchema, type StackScenario };

export interface StackObject {
  name: string;
  controller: number;
  kind: 'spell' | 'ability';
  unit: (typeof UNITS)[number];
  /** What it will do on resolution, kicker already taken into account. */
  amount: number;
  permanent: boolean;
  kicked: boolean;
  kickCount: number;
}
export interface StackState {
  /** Bottom first: the last element is the top of the stack. */
  stack: StackObject[];
  priority: number;
  /** Passes in a row since the last action or resolution. */
  passes: number;
  stepEnded: boolean;
  resolved: StackObject[];
}
export type StackEnd = StackState;

export const STACK_KEYS = [
  'mtg.stack.start',
  'mtg.stack.cast',
  'mtg.stack.kicker-declare',
  'mtg.stack.kicker-cost',
  'mtg.stack.kicked',
  'mtg.stack.activate',
  'mtg.stack.priority',
  'mtg.stack.pass',
  'mtg.stack.resolve',
  'mtg.stack.effect',
  'mtg.stack.step-ends',
] as const;
export type StackKey = (typeof STACK_KEYS)[number];

/** Static kicker rules, one action at a time. */
function checkKicker(s: StackScenario): EngineError[] {
  const errs: EngineError[] = [];
  s.actions.forEach((a, i) => {
    if (a.type !== 'cast') return;
    const p = `actions.${i}`;
    if (a.kicked && a.spell.kicker === 'none') errs.push(error('cannot-kick', `${p}.kicked`));
    if (a.kickCount === undefined) return;
    if (!a.kicked) errs.push(error('kick-count-without-kick', `${p}.kickCount`));
    else if (a.spell.kicker === 'kicker' && a.kickCount > 1) errs.push(error('too-large', `${p}.kickCount`, { max: 1 }));
  });
  return errs;
}

const fresh = (): StackState => ({ stack: [], priority: 0, passes: 0, stepEnded: false, resolved: [] });

/**
 * Plays the actions out on `st`, reporting the first action taken out of turn. Validation runs it
 * with a silent `add`, so checking and resolving share one reading of the priority rules.
 */
function play(s: StackScenario, st: StackState, add: Emit<StackKey>['add']): EngineError[] {
  add('mtg.stack.start', '117.3a', { player: 0 });
  const takesPriorityAgain = (p: number) => {
    st.passes = 0;
    add('mtg.stack.priority', '117.3c', { player: p });
  };
  for (const [i, a] of s.actions.entries()) {
    if (st.stepEnded) return [error('step-ended', `actions.${i}`)];
    if (a.player !== st.priority) return [error('not-your-priority', `actions.${i}.player`, { priority: st.priority })];
    if (a.type === 'cast') {
      const { spell } = a;
      const kickCount = a.kicked ? (a.kickCount ?? 1) : 0;
      const amount =
        kickCount === 0 ? spell.amount
        : spell.kicker === 'multikicker' ? spell.amount + spell.kickerAmount * kickCount
        : spell.kickerAmount;
      const obj: StackObject = {
        name: spell.name, controller: a.player, kind: 'spell', unit: spell.unit, amount,
        permanent: spell.permanent, kicked: kickCount > 0, kickCount,
      };
      st.stack.push(obj);
      add('mtg.stack.cast', '601.2a', { player: a.player, name: spell.name });
      if (spell.kicker !== 'none') {
        add('mtg.stack.kicker-declare', '601.2b', { name: spell.name, kicker: spell.kicker, kicked: a.kicked, kickCount });
        if (a.kicked) {
          add('mtg.stack.kicker-cost', '601.2f', { name: spell.name, kickCount });
          add('mtg.stack.kicked', spell.kicker === 'multikicker' ? '702.33c' : '702.33d', { name: spell.name, kickCount });
        }
      }
      takesPriorityAgain(a.player);
    } else if (a.type === 'activate') {
      st.stack.push({
        name: a.name, controller: a.player, kind: 'ability', unit: a.unit, amount: a.amount,
        permanent: false, kicked: false, kickCount: 0,
      });
      add('mtg.stack.activate', '602.2', { player: a.player, name: a.name });
      takesPriorityAgain(a.player);
    } else {
      st.passes++;
      st.priority = 1 - a.player;
      add('mtg.stack.pass', '117.3d', { player: a.player, next: st.priority, passes: st.passes });
      if (st.passes < 2) continue;
      st.passes = 0;
      const top = st.stack.pop();
      if (top === undefined) {
        st.stepEnded = true;
        add('mtg.stack.step-ends', '117.4');
        continue;
      }
      st.resolved.push(top);
      add('mtg.stack.resolve', '405.5', { name: top.name, controller: top.controller, left: st.stack.length });
      const cite = top.kicked ? '702.33e' : top.permanent ? '608.3' : '608.2';
      add('mtg.stack.effect', cite, {
        name: top.name, unit: top.unit, amount: top.amount, permanent: top.permanent,
        kicked: top.kicked, kickCount: top.kickCount,
      });
      st.priority = 0;
      add('mtg.stack.priority', '117.3b', { player: 0 });
    }
  }
  return [];
}

const check = (s: StackScenario): EngineError[] => {
  const kicker = checkKicker(s);
  return kicker.length > 0 ? kicker : play(s, fresh(), () => {});
};

function simulate(s: StackScenario) {
  const st = fresh();
  const trace = new Trace<StackState, StackKey>('mtg', () => st);
  play(s, st, (key, cite, params) => trace.add(key, cite, params));
  const end: StackEnd = st;
  return ok({ steps: trace.steps, end });
}


export const stackEngine = defineEngine({
  id: 'mtg-stack',
  link: STACK_LINK,
  stepKeys: STACK_KEYS,
  schema: stackSchema,
  check,
  simulate,
  presets: STACK_PRESETS,
});

export const { validate, run, scenarioToQuery, scenarioFromQuery, presets, preset } = stackEngine;
