// What every engine shares: the shape of a resolution (steps the UI can walk through), the trace
// that records them, and `defineEngine`, which wires a schema, cross-field checks, a simulation
// and presets into the same public surface for every engine.
import { readLink, writeLink, type LinkSpec } from './links';
import { err, error, ok, type EngineError, type Result } from './result';
import { parse, type Schema } from './validate';

export type Game = 'mtg' | 'marvel-champions' | 'lorcana';

/** The rule a step follows, as the content's ids spell it (`702.33d`, `attack-enemy-activation.step-4`). */
export interface Cite {
  readonly game: Game;
  readonly id: string;
}

export type Params = Readonly<Record<string, string | number | boolean>>;

export interface Step<St, K extends string = string> {
  /** i18n key of the step's sentence; `params` fill it in. Engines hold no prose. */
  readonly key: K;
  readonly params: Params;
  readonly cite: Cite;
  /** The numbers as they stand once this step is done. */
  readonly state: St;
}

export interface Resolution<St, End, K extends string = string> {
  readonly steps: readonly Step<St, K>[];
  readonly end: End;
}

/** Deep copy of plain data, so each step keeps its own snapshot. */
export function clone<T>(v: T): T {
  if (Array.isArray(v)) return v.map((x: unknown) => clone(x)) as T;
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = clone(x);
    return out as T;
  }
  return v;
}

/** The part of a trace a shared helper needs: it may only add steps whose keys it knows. */
export interface Emit<K extends string> {
  add(key: K, cite: string, params?: Params): void;
}

export class Trace<St, K extends string> implements Emit<K> {
  readonly steps: Step<St, K>[] = [];
  readonly #game: Game;
  readonly #state: () => St;
  constructor(game: Game, state: () => St) {
    this.#game = game;
    this.#state = state;
  }
  add(key: K, cite: string, params: Params = {}): void {
    this.steps.push({ key, params, cite: { game: this.#game, id: cite }, state: clone(this.#state()) });
  }
}

export interface Engine<S, St, End, K extends string> {
  readonly id: string;
  /** Every key a step of this engine can carry: the UI dictionary must translate them all. */
  readonly stepKeys: readonly K[];
  readonly schema: Schema<S>;
  /** The link formats: today's and every earlier one, with their migrations. */
  readonly link: LinkSpec;
  validate(input: unknown): Result<S, EngineError[]>;
  /** Validates, then resolves. Never throws. */
  run(input: unknown): Result<Resolution<St, End, K>, EngineError[]>;
  scenarioToQuery(scenario: S): string;
  scenarioFromQuery(query: unknown): Result<S, EngineError[]>;
  readonly presets: Readonly<Record<string, S>>;
  preset(id: string): Result<S, EngineError[]>;
}

export interface EngineSpec<S, St, End, K extends string> {
  readonly id: string;
  /** The link formats (links.ts). A schema change is a new version with a migration from the last. */
  readonly link: LinkSpec;
  readonly stepKeys: readonly K[];
  readonly schema: Schema<S>;
  /** Checks that need more than one field (references, who may defend…); [] when all is well. */
  readonly check: (s: S) => EngineError[];
  /** May still refuse a scenario whose problem only shows while it plays out (e.g. priority). */
  readonly simulate: (s: S) => Result<Resolution<St, End, K>, EngineError[]>;
  readonly presets: Readonly<Record<string, S>>;
}

export function defineEngine<S, St, End, K extends string>(
  spec: EngineSpec<S, St, End, K>,
): Engine<S, St, End, K> {
  const validate = (input: unknown): Result<S, EngineError[]> => {
    const { value, errors } = parse(spec.schema, input);
    if (value === undefined) return err(errors);
    const problems = spec.check(value);
    return problems.length > 0 ? err(problems) : ok(value);
  };
  // A bug in an engine must not take the page down with it: the widget shows a coded error.
  const guard = <T>(f: () => Result<T, EngineError[]>): Result<T, EngineError[]> => {
    try {
      return f();
    } catch {
      return err([error('internal-error')]);
    }
  };
  return {
    id: spec.id,
    stepKeys: spec.stepKeys,
    schema: spec.schema,
    link: spec.link,
    validate: (input) => guard(() => validate(input)),
    run: (input) =>
      guard(() => {
        const v = validate(input);
        return v.ok ? spec.simulate(v.value) : v;
      }),
    scenarioToQuery: (s) => writeLink(spec.link, spec.schema, s),
    scenarioFromQuery: (q) =>
      guard(() => {
        const decoded = readLink(spec.link, spec.schema, q);
        return 'error' in decoded ? err([decoded.error]) : validate(decoded.value);
      }),
    presets: spec.presets,
    preset: (id) => {
      const p = Object.prototype.hasOwnProperty.call(spec.presets, id) ? spec.presets[id] : undefined;
      return p === undefined ? err([error('unknown-preset', 'preset', { id: String(id).slice(0, 40) })]) : ok(p);
    },
  };
}
