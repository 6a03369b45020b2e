// Magic: priority passing and the stack between two players (117, 405, 608), with targets chosen as a
// spell is cast (601.2c) and checked again as it resolves (608.2b), kicker deciding what a spell
// does and which targets it has (702.33), responses that make a target illegal (a sacrificed, moved
// or protected permanent) and copies that keep the original's decisions (707.10). The scenario is
// the list of actions in the order they are taken; an action by a player who does not hold
// priority, or a target that is not legal when chosen, is refused with its position.
// Not modelled: mana, timing restrictions (sorcery speed), triggered abilities, choosing new
// targets for a copy (707.10c), protection from anything but a colour, hexproof and ward.
import { defineEngine, Trace, type Emit } from '../engine';
import { error, ok, type EngineError } from '../result';
import { STACK_LINK } from './formats';
import { STACK_PRESETS } from './presets';
import {
  stackSchema,
  type ActivateAction,
  type CastAction,
  type Color,
  type Does,
  type Effect,
  type Kind,
  type StackScenario,
  type TargetKind,
} from './schema';

export { STACK_PRESETS, stackSchema, type StackScenario };

export interface BoardObject {
  /** Its number in the scenario's board. */
  readonly index: number;
  readonly kind: Kind;
  readonly controller: number;
  /** A new object id once it has left the battlefield and come back (400.7). */
  oid: number;
  onBattlefield: boolean;
  protection: Color[];
}

export type StackTarget =
  | { readonly kind: 'board'; readonly index: number; readonly oid: number }
  | { readonly kind: 'spell'; readonly oid: number; readonly name: string };

export interface StackPart {
  readonly does: Does;
  /** Kicker already counted in. */
  readonly amount: number;
  readonly kickedOnly: boolean;
  readonly color?: Color;
  readonly target?: StackTarget;
}

export interface StackObject {
  readonly oid: number;
  readonly name: string;
  readonly controller: number;
  readonly kind: 'spell' | 'ability' | 'copy';
  readonly color?: Color;
  readonly permanent: boolean;
  readonly kicked: boolean;
  readonly kickCount: number;
  /** The parts it has as cast: a kicked-only part is left out of an unkicked spell (702.33g). */
  readonly parts: readonly StackPart[];
}

export interface Resolved {
  readonly name: string;
  readonly controller: number;
  readonly kind: StackObject['kind'];
  readonly kicked: boolean;
  /** `fizzled`: every target was illegal, so it did not resolve (608.2b). */
  readonly outcome: 'resolved' | 'fizzled';
}

export interface StackState {
  board: BoardObject[];
  /** Bottom first: the last element is the top of the stack. */
  stack: StackObject[];
  priority: number;
  /** Passes in a row since the last action or resolution. */
  passes: number;
  stepEnded: boolean;
  resolved: Resolved[];
}
export type StackEnd = StackState;

export const STACK_KEYS = [
  'mtg.stack.start',
  'mtg.stack.cast',
  'mtg.stack.kicker-declare',
  'mtg.stack.targets',
  'mtg.stack.kicked-only-skipped',
  'mtg.stack.kicker-cost',
  'mtg.stack.kicked',
  'mtg.stack.sacrifice',
  'mtg.stack.activate',
  'mtg.stack.priority',
  'mtg.stack.pass',
  'mtg.stack.resolve',
  'mtg.stack.target-illegal',
  'mtg.stack.fizzle',
  'mtg.stack.effect',
  'mtg.stack.new-object',
  'mtg.stack.copy',
  'mtg.stack.step-ends',
] as const;
export type StackKey = (typeof STACK_KEYS)[number];

/** Which targets each effect may have. */
const ALLOWED: Readonly<Record<Does, readonly TargetKind[]>> = {
  damage: ['none', 'any', 'creature', 'player'],
  counters: ['none', 'creature', 'permanent'],
  cards: ['none', 'player'],
  life: ['none', 'player'],
  destroy: ['creature', 'permanent'],
  bounce: ['creature', 'permanent'],
  blink: ['creature', 'permanent'],
  protection: ['creature', 'permanent'],
  copy: ['spell'],
};
const NUMBER_EFFECTS: readonly Does[] = ['damage', 'counters', 'cards', 'life'];

/** Checks that need one action at a time: kicker, and what each part may target. */
function checkStatic(s: StackScenario): EngineError[] {
  const errs: EngineError[] = [];
  const checkEffects = (effects: readonly Effect[], p: string, kicker: 'none' | 'kicker' | 'multikicker') =>
    effects.forEach((e, j) => {
      const ep = `${p}.effects.${j}`;
      if (!ALLOWED[e.does].includes(e.target)) errs.push(error('target-kind', `${ep}.target`, { does: e.does }));
      if (e.does === 'protection' && e.color === undefined) errs.push(error('missing-field', `${ep}.color`));
      if (e.does !== 'protection' && e.color !== undefined) errs.push(error('not-allowed', `${ep}.color`));
      if (kicker === 'none' && e.kickedOnly) errs.push(error('not-allowed', `${ep}.kickedOnly`));
      if (kicker === 'none' && e.kickedAmount !== undefined) errs.push(error('not-allowed', `${ep}.kickedAmount`));
      if (!NUMBER_EFFECTS.includes(e.does) && (e.amount !== 0 || e.kickedAmount !== undefined)) {
        errs.push(error('not-allowed', `${ep}.${e.amount !== 0 ? 'amount' : 'kickedAmount'}`));
      }
    });
  s.actions.forEach((a, i) => {
    const p = `actions.${i}`;
    if (a.type === 'activate') checkEffects(a.effects, p, 'none');
    if (a.type !== 'cast') return;
    checkEffects(a.spell.effects, `${p}.spell`, a.spell.kicker);
    if (a.kicked && a.spell.kicker === 'none') errs.push(error('cannot-kick', `${p}.kicked`));
    if (a.kickCount === undefined) return;
    if (!a.kicked) errs.push(error('kick-count-without-kick', `${p}.kickCount`));
    else if (a.spell.kicker === 'kicker' && a.kickCount > 1) errs.push(error('too-large', `${p}.kickCount`, { max: 1 }));
  });
  return errs;
}

const fresh = (s: StackScenario): StackState => ({
  board: s.board.map((b, index) => ({ index, kind: b.kind, controller: b.controller, oid: index, onBattlefield: true, protection: [] })),
  stack: [],
  priority: 0,
  passes: 0,
  stepEnded: false,
  resolved: [],
});

const fits = (kind: TargetKind, k: Kind): boolean =>
  kind === 'any' ? k === 'creature' || k === 'planeswalker' || k === 'player'
  : kind === 'creature' ? k === 'creature'
  : kind === 'player' ? k === 'player'
  : kind === 'permanent' ? k !== 'player'
  : false;

type Add = Emit<StackKey>['add'];

/**
 * Plays the actions out on `st`, reporting the first action that breaks a rule. Validation runs it
 * with a silent `add`, so checking and resolving share one reading of the rules.
 */
function play(s: StackScenario, st: StackState, add: Add): EngineError[] {
  let nextOid = s.board.length;
  /** The stack object each cast action put on the stack, for effects that target a spell. */
  const castOid = new Map<number, number>();
  add('mtg.stack.start', '117.3a', { player: 0 });

  const takesPriorityAgain = (p: number) => {
    st.passes = 0;
    add('mtg.stack.priority', '117.3c', { player: p });
  };

  /** 601.2c: the targets as chosen, or the error that makes the action illegal. */
  const chooseTargets = (
    at: number,
    effects: readonly Effect[],
    chosen: readonly number[],
    kicked: boolean,
    color: Color | undefined,
  ): { targets: (StackTarget | undefined)[] } | { errors: EngineError[] } => {
    const p = `actions.${at}.targets`;
    const targeted = effects.filter((e) => e.target !== 'none' && (kicked || !e.kickedOnly));
    if (chosen.length !== targeted.length) return { errors: [error('wrong-target-count', p, { needed: targeted.length, given: chosen.length })] };
    let k = 0;
    const targets: (StackTarget | undefined)[] = [];
    for (const e of effects) {
      if (e.target === 'none' || (!kicked && e.kickedOnly)) {
        targets.push(undefined);
        continue;
      }
      const tp = `${p}.${k}`;
      const n = chosen[k++]!;
      if (e.target === 'spell') {
        const oid = castOid.get(n);
        const onStack = oid === undefined ? undefined : st.stack.find((o) => o.oid === oid);
        if (n >= at || s.actions[n]?.type !== 'cast') return { errors: [error('unknown-target', tp, { max: at - 1 })] };
        if (onStack === undefined) return { errors: [error('illegal-target', tp, { reason: 'not-on-stack' })] };
        if (e.another && targets.some((t) => t?.kind === 'spell' && t.oid === onStack.oid)) return { errors: [error('illegal-target', tp, { reason: 'not-another' })] };
        targets.push({ kind: 'spell', oid: onStack.oid, name: onStack.name });
        continue;
      }
      const b = st.board[n];
      if (b === undefined) return { errors: [error('unknown-target', tp, { max: st.board.length - 1 })] };
      if (!b.onBattlefield) return { errors: [error('illegal-target', tp, { reason: 'gone' })] };
      if (!fits(e.target, b.kind)) return { errors: [error('illegal-target', tp, { reason: 'kind' })] };
      if (color !== undefined && b.protection.includes(color)) return { errors: [error('illegal-target', tp, { reason: 'protection' })] };
      // "Another target" is another object than the earlier parts' targets; without the word, each
      // use of "target" may choose what another one chose (115.3, 601.2c).
      if (e.another && targets.some((t) => t?.kind === 'board' && t.oid === b.oid)) return { errors: [error('illegal-target', tp, { reason: 'not-another' })] };
      targets.push({ kind: 'board', index: n, oid: b.oid });
    }
    return { targets };
  };

  const parts = (effects: readonly Effect[], targets: readonly (StackTarget | undefined)[], kicker: string, kickCount: number): StackPart[] =>
    effects.flatMap((e, j) => {
      if (e.kickedOnly && kickCount === 0) return [];
      const amount =
        kickCount === 0 ? e.amount
        : kicker === 'multikicker' ? e.amount + (e.kickedAmount ?? 0) * kickCount
        : (e.kickedAmount ?? e.amount);
      const t = targets[j];
      return [{ does: e.does, amount, kickedOnly: e.kickedOnly, ...(e.color === undefined ? {} : { color: e.color }), ...(t === undefined ? {} : { target: t }) }];
    });

  /** How a step names a target: its board number, kind, controller and name, or the spell's name. */
  const boardParams = (index: number): Record<string, string | number> => {
    const b = s.board[index]!;
    return { target: index, targetKind: b.kind, targetController: b.controller, ...(b.name === undefined ? {} : { targetName: b.name }) };
  };
  const targetParams = (t: StackTarget): Record<string, string | number> => (t.kind === 'board' ? boardParams(t.index) : { spell: t.name });

  const cast = (i: number, a: CastAction): EngineError[] => {
    const { spell } = a;
    const kickCount = a.kicked ? (a.kickCount ?? 1) : 0;
    const chosen = chooseTargets(i, spell.effects, a.targets, a.kicked, spell.color);
    if ('errors' in chosen) return chosen.errors;
    const obj: StackObject = {
      oid: nextOid++, name: spell.name, controller: a.player, kind: 'spell',
      ...(spell.color === undefined ? {} : { color: spell.color }),
      permanent: spell.permanent, kicked: kickCount > 0, kickCount,
      parts: parts(spell.effects, chosen.targets, spell.kicker, kickCount),
    };
    castOid.set(i, obj.oid);
    st.stack.push(obj);
    add('mtg.stack.cast', '601.2a', { player: a.player, name: spell.name });
    if (spell.kicker !== 'none') {
      add('mtg.stack.kicker-declare', '601.2b', { name: spell.name, kicker: spell.kicker, kicked: a.kicked, kickCount });
    }
    for (const part of obj.parts) {
      if (part.target === undefined) continue;
      // a kicked-only part's target exists because the spell was kicked
      add('mtg.stack.targets', part.kickedOnly ? '702.33g' : '601.2c', { name: spell.name, ...targetParams(part.target), kickedOnly: part.kickedOnly });
    }
    const skipped = spell.effects.filter((e) => e.kickedOnly && e.target !== 'none').length;
    if (!a.kicked && skipped > 0) add('mtg.stack.kicked-only-skipped', '702.33g', { name: spell.name, count: skipped });
    if (a.kicked) {
      add('mtg.stack.kicker-cost', '601.2f', { name: spell.name, kickCount });
      add('mtg.stack.kicked', spell.kicker === 'multikicker' ? '702.33c' : '702.33d', { name: spell.name, kickCount });
    }
    takesPriorityAgain(a.player);
    return [];
  };

  const activate = (i: number, a: ActivateAction): EngineError[] => {
    if (a.sacrifice !== undefined) {
      const p = `actions.${i}.sacrifice`;
      const b = st.board[a.sacrifice];
      if (b === undefined) return [error('unknown-target', p, { max: st.board.length - 1 })];
      if (b.kind === 'player') return [error('cannot-sacrifice', p, { reason: 'player' })];
      if (!b.onBattlefield) return [error('cannot-sacrifice', p, { reason: 'gone' })];
      if (b.controller !== a.player) return [error('cannot-sacrifice', p, { reason: 'not-yours' })];
    }
    const chosen = chooseTargets(i, a.effects, a.targets, false, undefined);
    if ('errors' in chosen) return chosen.errors;
    const obj: StackObject = {
      oid: nextOid++, name: a.name, controller: a.player, kind: 'ability',
      permanent: false, kicked: false, kickCount: 0, parts: parts(a.effects, chosen.targets, 'none', 0),
    };
    st.stack.push(obj);
    add('mtg.stack.activate', '602.2', { player: a.player, name: a.name });
    for (const part of obj.parts) {
      if (part.target !== undefined) add('mtg.stack.targets', '601.2c', { name: a.name, ...targetParams(part.target), kickedOnly: false });
    }
    if (a.sacrifice !== undefined) {
      st.board[a.sacrifice]!.onBattlefield = false;
      add('mtg.stack.sacrifice', '602.2', { name: a.name, ...boardParams(a.sacrifice), player: a.player });
    }
    takesPriorityAgain(a.player);
    return [];
  };

  /** 608.2b: why a target chosen earlier is no longer legal, if it is not. */
  const illegal = (o: StackObject, t: StackTarget): 'gone' | 'protection' | 'left-stack' | undefined => {
    if (t.kind === 'spell') return st.stack.some((x) => x.oid === t.oid) ? undefined : 'left-stack';
    const b = st.board[t.index]!;
    if (!b.onBattlefield || b.oid !== t.oid) return 'gone';
    if (o.color !== undefined && b.protection.includes(o.color)) return 'protection';
    return undefined;
  };

  const resolveTop = () => {
    const top = st.stack.pop();
    if (top === undefined) {
      st.stepEnded = true;
      add('mtg.stack.step-ends', '117.4');
      return;
    }
    add('mtg.stack.resolve', '405.5', { name: top.name, controller: top.controller, left: st.stack.length });
    const targeted = top.parts.filter((x) => x.target !== undefined);
    const bad = new Set<StackPart>();
    for (const part of targeted) {
      const why = illegal(top, part.target!);
      if (why === undefined) continue;
      bad.add(part);
      add('mtg.stack.target-illegal', '608.2b', { name: top.name, ...targetParams(part.target!), reason: why });
    }
    const base = { name: top.name, controller: top.controller, kind: top.kind, kicked: top.kicked };
    if (targeted.length > 0 && bad.size === targeted.length) {
      st.resolved.push({ ...base, outcome: 'fizzled' });
      add('mtg.stack.fizzle', '608.2b', { name: top.name, count: targeted.length });
    } else {
      st.resolved.push({ ...base, outcome: 'resolved' });
      const cite = top.kicked ? '702.33e' : top.permanent ? '608.3' : '608.2';
      for (const part of top.parts) {
        if (bad.has(part)) continue;
        const t = part.target;
        const params = {
          name: top.name, does: part.does, amount: part.amount, permanent: top.permanent,
          kicked: top.kicked, kickCount: top.kickCount, kickedOnly: part.kickedOnly,
          ...(part.color === undefined ? {} : { color: part.color }),
          ...(t === undefined ? {} : targetParams(t)),
        };
        const b = t?.kind === 'board' ? st.board[t.index] : undefined;
        if (part.does === 'copy' && t?.kind === 'spell') {
          const original = st.stack.find((x) => x.oid === t.oid)!;
          const copy: StackObject = { ...original, oid: nextOid++, controller: top.controller, kind: 'copy' };
          st.stack.push(copy);
          add('mtg.stack.copy', '707.10', { name: original.name, player: top.controller, kicked: copy.kicked, kickCount: copy.kickCount });
          continue;
        }
        if ((part.does === 'destroy' || part.does === 'bounce') && b !== undefined) b.onBattlefield = false;
        if (part.does === 'protection' && b !== undefined && part.color !== undefined && !b.protection.includes(part.color)) b.protection.push(part.color);
        add('mtg.stack.effect', cite, params);
        if (part.does === 'blink' && b !== undefined) {
          b.oid = nextOid++;
          b.protection = [];
          add('mtg.stack.new-object', '400.7', boardParams(b.index));
        }
      }
    }
    st.priority = 0;
    add('mtg.stack.priority', '117.3b', { player: 0 });
  };

  for (const [i, a] of s.actions.entries()) {
    if (st.stepEnded) return [error('step-ended', `actions.${i}`)];
    if (a.player !== st.priority) return [error('not-your-priority', `actions.${i}.player`, { priority: st.priority })];
    if (a.type === 'cast') {
      const errs = cast(i, a);
      if (errs.length > 0) return errs;
    } else if (a.type === 'activate') {
      const errs = activate(i, a);
      if (errs.length > 0) return errs;
    } else {
      st.passes++;
      st.priority = 1 - a.player;
      add('mtg.stack.pass', '117.3d', { player: a.player, next: st.priority, passes: st.passes });
      if (st.passes < 2) continue;
      st.passes = 0;
      resolveTop();
    }
  }
  return [];
}

const check = (s: StackScenario): EngineError[] => {
  const errs = checkStatic(s);
  return errs.length > 0 ? errs : play(s, fresh(s), () => {});
};

function simulate(s: StackScenario) {
  const st = fresh(s);
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
