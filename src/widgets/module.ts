// What a widget knows of an engine: one `SimModule` per engine folder, built by `defineModule` from
// the engine and its view. The engine's own types (scenario, state, end) stay inside the module's
// closures, so the widget code needs no switch on the engine id and no cast: the view is only ever
// called with the values its own engine produced. Pure: no DOM, no Astro.
import type { Cite, Engine } from '../engines/engine';
import { err, ok, type EngineError, type Result } from '../engines/result';
import { readLink, type LinkSpec } from '../engines/links';
import type { Desc } from '../engines/validate';
import { errorText, stepText, type EndItem, type Item, type Params, type Tr, type Wording } from './text';

/** What a picture needs besides the state: words and the widget's DOM id (for ids inside it). */
export interface PictureCtx {
  readonly tr: Tr;
  readonly id: string;
}

/** How one engine is shown. Lives in the engine's folder (`view.ts`); holds no rule of the game. */
export interface View<S, St, End> extends Wording {
  /** Prefix of the strings this engine shares with others of its game (`sim.mc.`). */
  readonly family: string;
  /** The numbers once a step is done, as short items (their ids stay the same from step to step). */
  readonly state: (tr: Tr, s: S, st: St) => Item[];
  readonly end: (tr: Tr, s: S, e: End) => EndItem[];
  /** The state drawn as HTML (escaped, classes only, no inline style). */
  readonly picture: (p: PictureCtx, s: S, st: St) => string;
}

export interface StepLike {
  readonly key: string;
  readonly params: Params;
  readonly cite: Cite;
}

/** A scenario the engine accepted and resolved, with everything the widget shows of it. */
export interface Played {
  /** The validated scenario (what links are made from). */
  readonly scenario: unknown;
  readonly steps: readonly StepLike[];
  /** The link to this scenario (the engine's `scenarioToQuery`). */
  readonly query: string;
  stateItems(tr: Tr, step: number): Item[];
  endItems(tr: Tr): EndItem[];
  /** The picture after step `step` (0-based); the last step's is the end state. */
  picture(p: PictureCtx, step: number): string;
}

export interface SimModule {
  readonly id: string;
  readonly stepKeys: readonly string[];
  readonly schema: Desc;
  /** The engine's link formats (today's and the past ones it still reads). */
  readonly link: LinkSpec;
  readonly presetIds: readonly string[];
  readonly family: string;
  readonly wording: Wording;
  preset(id: string): Result<unknown, EngineError[]>;
  validate(input: unknown): Result<unknown, EngineError[]>;
  /** Validates, then resolves; never throws. */
  play(input: unknown): Result<Played, EngineError[]>;
  fromQuery(query: unknown): Result<unknown, EngineError[]>;
  /** The scenario a link holds, carried to today's format but not validated (a rule may refuse it). */
  readQuery(query: unknown): Result<unknown, EngineError[]>;
  stepText(tr: Tr, step: { readonly key: string; readonly params: Params }): string;
  errorText(tr: Tr, e: EngineError): string;
}

export function defineModule<S, St, End, K extends string>(engine: Engine<S, St, End, K>, view: View<S, St, End>): SimModule {
  const play = (input: unknown): Result<Played, EngineError[]> => {
    const v = engine.validate(input);
    if (!v.ok) return v;
    const r = engine.run(v.value);
    if (!r.ok) return r;
    const scenario = v.value;
    const { steps, end } = r.value;
    const last = steps.length - 1;
    try {
      return ok({
        scenario,
        steps,
        query: engine.scenarioToQuery(scenario),
        stateItems: (tr, i) => view.state(tr, scenario, steps[Math.min(Math.max(i, 0), last)]!.state),
        endItems: (tr) => view.end(tr, scenario, end),
        picture: (p, i) => view.picture(p, scenario, steps[Math.min(Math.max(i, 0), last)]!.state),
      });
    } catch {
      return err([{ code: 'internal-error' }]);
    }
  };
  return {
    id: engine.id,
    stepKeys: engine.stepKeys,
    schema: engine.schema,
    link: engine.link,
    presetIds: Object.keys(engine.presets),
    family: view.family,
    wording: view,
    preset: (id) => engine.preset(id),
    validate: (input) => engine.validate(input),
    play,
    fromQuery: (q) => engine.scenarioFromQuery(q),
    readQuery: (q) => {
      try {
        const r = readLink(engine.link, engine.schema, q);
        return 'error' in r ? err([r.error]) : ok(r.value);
      } catch {
        return err([{ code: 'internal-error' }]);
      }
    },
    stepText: (tr, step) => stepText(tr, view, step),
    errorText: (tr, e) => errorText(tr, view, e),
  };
}
