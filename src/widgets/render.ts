// The resolution as HTML: one list item per step (its sentence, the rule it follows, the numbers
// at that point), the picture of the state and the end state. The server and the browser call the
// same functions, so the page without JavaScript shows exactly what the widget would. Pure: no DOM,
// no Astro.
import type { Cite } from '../engines/engine';
import { esc } from './form';
import type { Played, SimModule } from './module';
import { cap, type Item, type Tr } from './text';

/**
 * The rules a widget links to, compact because it is shipped with the page: the entry pages
 * ([href, title]) and, per rule id, [page, anchored (1: #id), sub-rule title]. An id that is not
 * here (planned or unknown) shows as plain text, never as a dead link.
 */
export interface Cites {
  readonly pages: readonly (readonly [string, string])[];
  readonly ids: Readonly<Record<string, readonly [number, 0 | 1, string?]>>;
}
export const NO_CITES: Cites = { pages: [], ids: {} };

export interface RenderCtx {
  readonly module: SimModule;
  /** The widget's DOM id. */
  readonly id: string;
  readonly tr: Tr;
  readonly cites: Cites;
}

export function citeHtml(ctx: Pick<RenderCtx, 'cites'>, cite: Cite): string {
  // Own keys only: a cited id is never looked up on Object.prototype (`constructor`, …).
  const c = Object.hasOwn(ctx.cites.ids, cite.id) ? ctx.cites.ids[cite.id] : undefined;
  const page = c === undefined ? undefined : ctx.cites.pages[c[0]];
  if (c === undefined || page === undefined) return `<span class="sim-rule">${esc(cite.id)}</span>`;
  // Rule numbers speak for themselves; glossary slugs are named by their entry (and sub-rule).
  const [href, title] = page;
  const label = /^\d/.test(cite.id) ? cite.id : c[2] === undefined ? title : `${title} › ${c[2]}`;
  return `<a class="sim-rule" href="${esc(href + (c[1] === 1 ? `#${cite.id}` : ''))}">${esc(label)}</a>`;
}

const nums = (items: readonly Item[], before: readonly Item[] | undefined): string =>
  items
    .map((it) => {
      const prev = before?.find((b) => b.id === it.id);
      const changed = before !== undefined && prev?.text !== it.text;
      return `<li${changed ? ' class="sim-changed"' : ''}>${esc(cap(it.text))}</li>`;
    })
    .join('');

/** The `<li>` of every step, in order. */
export function renderSteps(ctx: RenderCtx, played: Played): string {
  let before: Item[] | undefined;
  return played.steps
    .map((step, i) => {
      const items = played.stateItems(ctx.tr, i);
      const html =
        `<li class="sim-step" id="${esc(`${ctx.id}-s${i + 1}`)}" data-step="${i + 1}">` +
        `<p class="sim-text">${esc(ctx.module.stepText(ctx.tr, step))}</p>` +
        `<p class="sim-cite"><span class="sim-cite-k">${esc(ctx.tr('sim.ui.rule'))}</span>${citeHtml(ctx, step.cite)}</p>` +
        `<ul class="sim-nums">${nums(items, before)}</ul></li>`;
      before = items;
      return html;
    })
    .join('');
}

export function renderEnd(ctx: RenderCtx, played: Played): string {
  const items = played.endItems(ctx.tr);
  return `<dl class="sim-end-list">${items.map((it) => `<div><dt>${esc(it.term)}</dt><dd>${esc(cap(it.value))}</dd></div>`).join('')}</dl>`;
}

/** The picture of the state after step `step` (1-based), with its caption. */
export function renderPicture(ctx: RenderCtx, played: Played, step: number): string {
  const total = played.steps.length;
  const n = Math.min(Math.max(1, step), total);
  const caption = n === total ? ctx.tr('sim.ui.picture-end') : ctx.tr('sim.ui.picture-step', { n, total });
  return `<p class="sim-pic-cap">${esc(caption)}</p>${played.picture({ tr: ctx.tr, id: ctx.id }, n - 1)}`;
}
