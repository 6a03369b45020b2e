// Turns an engine's step (key + raw params) and its errors into sentences. Engines hold no prose and
// their params are values (0-based indices, enum names, booleans); this is where they become words,
// through a translator `tr` that the server builds from the whole dictionary and the browser from
// the few strings shipped with the widget. What is particular to one game lives in `games/*.ts` and
// is chosen by the engine's view (its folder's `view.ts`). Pure: no DOM, no Astro.
import type { EngineError } from '../engines/result';
import { errorKey, schemaPath, stepKey } from './keys';

export type Params = Readonly<Record<string, string | number | boolean>>;
export type TrParams = Readonly<Record<string, string | number>>;
/** Fills the template of `key` with `params`. */
export interface Tr {
  (key: string, params?: TrParams): string;
  /**
   * A card's name as the page shows it: on a Japanese page, the Japanese card name with the English
   * one beside it where the Japanese name is known; otherwise the name as given.
   */
  readonly card?: (name: string) => string;
}
/** A card's (or any user-given) name, through the page's card-name table when there is one. */
export const cardName = (tr: Tr, name: string): string => tr.card?.(name) ?? name;
export type Out = Record<string, string | number>;

/** One number (or a few) in the state; `id` is stable across steps so changes can be marked. */
export interface Item {
  readonly id: string;
  readonly text: string;
}
/** One line of the end state. */
export interface EndItem {
  readonly term: string;
  readonly value: string;
}

/** A reader counts from 1. */
export const n1 = (v: unknown): number => (typeof v === 'number' ? v + 1 : 0);
/** Negative numbers with a real minus sign. */
export const num = (n: number): string => (n < 0 ? `−${-n}` : String(n));
export const signed = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`);
export const str = (v: unknown): string => String(v);

/** Numbers and text as they are; booleans are left for the family to put into words. */
export function plain(p: Params): Out {
  const o: Out = {};
  for (const [k, v] of Object.entries(p)) if (typeof v !== 'boolean') o[k] = typeof v === 'number' ? num(v) : v;
  return o;
}

/** A list in words, or "none". */
export const listOf = (tr: Tr, xs: readonly string[]): string => (xs.length === 0 ? tr('sim.ui.none') : xs.join(tr('sim.ui.sep')));

/** Role labels ("the villain") may open a sentence or a list item. */
export const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** How one engine's params and errors become words (part of its view). */
export interface Wording {
  readonly params: (tr: Tr, key: string, params: Params) => Out;
  /** Fields a reader sees counted from 1 (players, positions in a list); schema paths. */
  readonly indexFields?: readonly string[];
  /** Number fields with only a few meanings, shown as a menu (option labels `sim.option.…`). */
  readonly choiceFields?: readonly string[];
  /** Error details that need words of the game (a player's role…). */
  readonly errorParams?: (tr: Tr, e: EngineError, out: Out) => void;
}

export const stepText = (tr: Tr, w: Wording, step: { readonly key: string; readonly params: Params }): string =>
  cap(tr(stepKey(step.key), w.params(tr, step.key, step.params)));

export const isIndexField = (w: Pick<Wording, 'indexFields'>, path: string): boolean =>
  (w.indexFields ?? []).includes(schemaPath(path));
export const isChoiceField = (w: Pick<Wording, 'choiceFields'>, path: string): boolean =>
  (w.choiceFields ?? []).includes(schemaPath(path));

/** The message for one error, in the reader's terms (counted from 1, players by role). */
export function errorText(tr: Tr, w: Wording, e: EngineError): string {
  const d = e.detail ?? {};
  const o: Out = {};
  for (const [k, v] of Object.entries(d)) o[k] = typeof v === 'number' ? num(v) : v;
  let code: string = e.code;
  if (typeof d['reason'] === 'string') o['reason'] = tr(`sim.reason.${d['reason']}`);
  if (e.field !== undefined && isIndexField(w, e.field)) {
    if (code === 'negative-number') code = 'too-small';
    if (typeof d['min'] === 'number') o['min'] = d['min'] + 1;
    if (typeof d['max'] === 'number') o['max'] = d['max'] + 1;
  }
  w.errorParams?.(tr, e, o);
  return tr(errorKey(code), o);
}
