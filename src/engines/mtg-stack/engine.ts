// Magic: priority passing and the stack between two players (117, 405, 608), with kicker (702.33)
// deciding what a spell does when it resolves. The scenario is the list of actions in the order
// they are taken; an action by a player who does not hold priority is refused with its position.
// Not modelled: mana, targets, timing restrictions (sorcery speed), triggered abilities.
import { defineEngine, Trace, type Emit } from '../engine';
import { error, ok, type EngineError } from '../result';
import { bool, int, list, obj, oneOf, opt, str, union, type Infer } from '../validate';

const player = int(0, 1); // 0: the active player, 1: the other player
const UNITS = ['damage', 'counters', 'cards', 'life'] as const;
const effect = {
  unit: oneOf(UNITS),
  /** What the object does unkicked: deal 2 damage, draw 1 card… */
  amount: int(0, 99),
};

export const stackSchema = obj({
  actions: list(
    union('type', {
      cast: {
        player,
        spell: obj({
          name: str(60),
          ...effect,
          /** A permanent spell resolves onto the battlefield (608.3) instead of doing its effect (608.2). */
          permanent: bool(),
          kicker: oneOf(['none', 'kicker', 'multikicker']),
          /** Kicker: the amount instead when kicked. Multikicker: added for each time it was kicked. */
          kickerAmount: int(0, 99),
        }),
        kicked: bool(),
        /** Multikicker only: how many times the kicker cost is paid (1 when absent). */
        kickCount: opt(int(1, 9)),
      },
      activate: { player, name: str(60), ...effect },
      pass: { player },
    }),
    40,
  ),
});
export type StackScenario = Infer<typeof stackSchema>;
type Action = StackScenario['actions'][number];

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

// Card facts used (certain): Burst Lightning deals 2 damage, or 4 if kicked; Shock deals 2 damage;
// Everflowing Chalice has multikicker and enters with a charge counter for each time it was kicked;
// Prodigal Pyromancer taps to deal 1 damage.
const burstLightning = (kicked: boolean): Action => ({
  type: 'cast', player: 0, kicked,
  spell: { name: 'Burst Lightning', unit: 'damage', amount: 2, permanent: false, kicker: 'kicker', kickerAmount: 4 },
});
const pass = (p: number): Action => ({ type: 'pass', player: p });

export const STACK_PRESETS = {
  /** Kicked Burst Lightning, answered by Shock: Shock resolves first, then 4 damage. */
  'kicked-response': {
    actions: [
      burstLightning(true),
      pass(0),
      {
        type: 'cast', player: 1, kicked: false,
        spell: { name: 'Shock', unit: 'damage', amount: 2, permanent: false, kicker: 'none', kickerAmount: 0 },
      },
      pass(1), pass(0), pass(0), pass(1), pass(0), pass(1),
    ],
  },
  /** The same spell unkicked deals its base 2. */
  unkicked: { actions: [burstLightning(false), pass(0), pass(1), pass(0), pass(1)] },
  /** Multikicker paid twice: two charge counters. */
  multikicker: {
    actions: [
      {
        type: 'cast', player: 0, kicked: true, kickCount: 2,
        spell: { name: 'Everflowing Chalice', unit: 'counters', amount: 0, permanent: true, kicker: 'multikicker', kickerAmount: 1 },
      },
      pass(0), pass(1), pass(0), pass(1),
    ],
  },
  /** An activated ability in response also goes on top and resolves first. */
  'ability-response': {
    actions: [
      burstLightning(false),
      pass(0),
      { type: 'activate', player: 1, name: 'Prodigal Pyromancer', unit: 'damage', amount: 1 },
      pass(1), pass(0), pass(0), pass(1),
    ],
  },
} satisfies Record<string, StackScenario>;

export const stackEngine = defineEngine({
  id: 'mtg-stack',
  queryPrefix: 'ms1',
  stepKeys: STACK_KEYS,
  schema: stackSchema,
  check,
  simulate,
  presets: STACK_PRESETS,
});

export const { validate, run, scenarioToQuery, scenarioFromQuery, presets, preset } = stackEngine;
