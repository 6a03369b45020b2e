// The scenario form, drawn from the engine's schema: one control per field, a fieldset per object
// and list, add/remove for lists, a menu for a union's variant. Rendered as an HTML string by the
// same code on the server (disabled: a reader without JavaScript sees the preset's inputs) and in
// the browser. Also the small path helpers the widget uses to read controls back into a scenario.
import type { Desc, FieldDesc } from '../engines/validate';
import { fieldKey, itemKey, optionKey } from './keys';
import { isChoiceField, isIndexField, type Tr, type Wording } from './text';
import { escapeHtml as esc } from '../render/html';

/** The site's one HTML escaper (src/render/html.ts), for text and attribute values alike here. */
export { esc };

export interface FormCtx {
  readonly engine: string;
  /** The widget's DOM id; control ids are built from it and the field path. */
  readonly id: string;
  readonly tr: Tr;
  /** Which number fields are counted from 1 or shown as menus (the engine's view). */
  readonly wording: Pick<Wording, 'indexFields' | 'choiceFields'>;
  /** Server rendering: controls are shown, not editable (they need the script). */
  readonly disabled?: boolean;
}

const join = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);
export const controlId = (widget: string, path: string): string => `${widget}-f-${path.replaceAll('.', '-')}`;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

// ── Reading and writing a scenario by path ───────────────────────────────────

export function getAt(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const seg of path.split('.').filter((s) => s !== '')) {
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isRec(cur)) cur = cur[seg];
    else return undefined;
  }
  return cur;
}

/** Sets (or, with `undefined`, removes) the value at `path`; the parents must exist. */
export function setAt(root: unknown, path: string, value: unknown): void {
  const segs = path.split('.');
  const last = segs.pop();
  const parent = getAt(root, segs.join('.'));
  if (last === undefined) return;
  if (Array.isArray(parent)) parent[Number(last)] = value;
  else if (isRec(parent)) {
    if (value === undefined) delete parent[last];
    else parent[last] = value;
  }
}

const variantOf = (d: Extract<Desc, { t: 'union' }>, v: unknown) =>
  d.variants.find((x) => isRec(v) && x.name === v[d.tag]) ?? d.variants[0];

/** The description of the field at `path`, following union variants by the values in `root`. */
export function descAt(schema: Desc, root: unknown, path: string): Desc | undefined {
  let d: Desc | undefined = schema;
  let v: unknown = root;
  for (const seg of path.split('.').filter((s) => s !== '')) {
    if (d === undefined) return undefined;
    if (d.t === 'list') {
      d = d.item;
      v = Array.isArray(v) ? v[Number(seg)] : undefined;
      continue;
    }
    let fields: readonly FieldDesc[] = [];
    if (d.t === 'obj') fields = d.fields;
    else if (d.t === 'union') {
      if (seg === d.tag) return { t: 'enum', values: d.variants.map((x) => x.name) };
      fields = variantOf(d, v)?.fields ?? [];
    } else return undefined;
    d = fields.find((f) => f.key === seg)?.desc;
    v = isRec(v) ? v[seg] : undefined;
  }
  return d;
}

/** A fresh value for a new list item or a newly chosen variant: smallest sensible numbers, no text. */
export function defaultOf(d: Desc): unknown {
  switch (d.t) {
    case 'int': return Math.min(d.max, Math.max(d.min, 0));
    case 'str': return '';
    case 'bool': return false;
    case 'enum': return d.values[0];
    case 'list': return Array.from({ length: d.min }, () => defaultOf(d.item));
    case 'obj': return fieldsDefault(d.fields);
    case 'union': {
      const v = d.variants[0];
      return v === undefined ? {} : { [d.tag]: v.name, ...fieldsDefault(v.fields) };
    }
  }
}
function fieldsDefault(fields: readonly FieldDesc[], keep: Rec = {}): Rec {
  const out: Rec = {};
  for (const f of fields) {
    if (keep[f.key] !== undefined) out[f.key] = keep[f.key];
    else if (!f.optional) out[f.key] = defaultOf(f.desc);
  }
  return out;
}

/** The value of a union switched to `variant`, keeping the fields both variants share. */
export function switchVariant(d: Desc, old: unknown, variant: string): unknown {
  if (d.t !== 'union') return old;
  const v = d.variants.find((x) => x.name === variant);
  if (v === undefined) return old;
  return { [d.tag]: v.name, ...fieldsDefault(v.fields, isRec(old) ? old : {}) };
}

// ── Rendering ────────────────────────────────────────────────────────────────

/** ` name="value"`; an empty string gives a bare attribute (` disabled`), false or undefined none. */
const attr = (name: string, value: string | number | undefined | false): string =>
  value === undefined || value === false ? '' : value === '' ? ` ${name}` : ` ${name}="${esc(String(value))}"`;

function control(ctx: FormCtx, d: Desc, v: unknown, path: string, optional: boolean, label: string): string {
  const id = controlId(ctx.id, path);
  const common =
    attr('id', id) + attr('data-path', path) + attr('data-opt', optional && '') + attr('disabled', ctx.disabled === true && '');
  const lab = `<label for="${esc(id)}">${esc(label)}</label>`;
  switch (d.t) {
    case 'bool':
      return `<div class="sim-field sim-check"><input type="checkbox"${common} data-t="bool"${v === true ? ' checked' : ''}>${lab}</div>`;
    case 'enum': {
      const opts = d.values
        .map((x) => `<option value="${esc(x)}"${x === v ? ' selected' : ''}>${esc(ctx.tr(optionKey(ctx.engine, path, x)))}</option>`)
        .join('');
      return `<div class="sim-field">${lab}<select${common} data-t="enum">${opts}</select></div>`;
    }
    case 'int': {
      if (isChoiceField(ctx.wording, path)) {
        const opts = Array.from({ length: d.max - d.min + 1 }, (_, k) => d.min + k)
          .map((x) => `<option value="${x}"${x === v ? ' selected' : ''}>${esc(ctx.tr(optionKey(ctx.engine, path, x)))}</option>`)
          .join('');
        return `<div class="sim-field">${lab}<select${common} data-t="choice">${opts}</select></div>`;
      }
      const shift = isIndexField(ctx.wording, path) ? 1 : 0;
      const shown = typeof v === 'number' && Number.isFinite(v) ? String(v + shift) : '';
      return (
        `<div class="sim-field">${lab}<input type="number" inputmode="numeric" step="1"${common} data-t="int"` +
        `${attr('data-index', shift === 1 && '')}${attr('min', d.min + shift)}${attr('max', d.max + shift)} value="${esc(shown)}"></div>`
      );
    }
    case 'str':
      return (
        `<div class="sim-field">${lab}<input type="text" autocomplete="off" spellcheck="false"${common} data-t="str"` +
        `${attr('maxlength', d.max)} value="${esc(typeof v === 'string' ? v : '')}"></div>`
      );
    default:
      return '';
  }
}

function button(ctx: FormCtx, act: 'add' | 'remove', path: string, label: string, text: string, enabled: boolean): string {
  return (
    `<button type="button" class="sim-${act}" data-act="${act}"${attr('data-path', path)}` +
    `${act === 'remove' ? attr('aria-label', label) : ''}${attr('disabled', (ctx.disabled === true || !enabled) && '')}>${esc(text)}</button>`
  );
}

function list(ctx: FormCtx, d: Extract<Desc, { t: 'list' }>, v: unknown, path: string, label: string): string {
  const items = Array.isArray(v) ? v : [];
  const name = (n: number) => ctx.tr(itemKey(ctx.engine, path), { n });
  const canRemove = items.length > d.min;
  const inner = items
    .map((item: unknown, i) => {
      const p = join(path, i);
      const remove = button(ctx, 'remove', p, ctx.tr('sim.ui.remove', { item: name(i + 1) }), ctx.tr('sim.ui.remove-short'), canRemove);
      if (d.item.t === 'obj' || d.item.t === 'union' || d.item.t === 'list') {
        return `<fieldset class="sim-item"${attr('id', controlId(ctx.id, p))}${attr('data-group', p)}><legend>${esc(name(i + 1))}</legend>${body(ctx, d.item, item, p)}${remove}</fieldset>`;
      }
      return control(ctx, d.item, item, p, false, name(i + 1)).replace(/<\/div>$/, `${remove}</div>`).replace('class="sim-field', 'class="sim-field sim-scalar');
    })
    .join('');
  const add = button(ctx, 'add', path, '', ctx.tr('sim.ui.add', { item: name(items.length + 1) }), items.length < d.max);
  return `<fieldset class="sim-list"${attr('id', controlId(ctx.id, path))}${attr('data-group', path)}><legend>${esc(label)}</legend>${inner}${add}</fieldset>`;
}

/** The controls inside an object, a union or a list item: plain fields in a grid, groups below. */
function body(ctx: FormCtx, d: Desc, v: unknown, path: string): string {
  let fields: readonly FieldDesc[] = [];
  let head = '';
  if (d.t === 'obj') fields = d.fields;
  else if (d.t === 'union') {
    const variant = variantOf(d, v);
    fields = variant?.fields ?? [];
    const tagPath = join(path, d.tag);
    head = control(ctx, { t: 'enum', values: d.variants.map((x) => x.name) }, variant?.name, tagPath, false, ctx.tr(fieldKey(ctx.engine, tagPath)))
      .replace('data-t="enum"', 'data-t="tag"');
  } else return control(ctx, d, v, path, false, ctx.tr(fieldKey(ctx.engine, path)));
  const rec = isRec(v) ? v : {};
  // Schema order, with each run of plain fields sharing one grid row.
  let html = '';
  let run = head;
  for (const f of fields) {
    const out = field(ctx, f.desc, rec[f.key], join(path, f.key), f.optional);
    if (f.desc.t === 'obj' || f.desc.t === 'union' || f.desc.t === 'list') {
      if (run !== '') html += `<div class="sim-grid">${run}</div>`;
      run = '';
      html += out;
    } else run += out;
  }
  return run === '' ? html : `${html}<div class="sim-grid">${run}</div>`;
}

function field(ctx: FormCtx, d: Desc, v: unknown, path: string, optional: boolean): string {
  const label = ctx.tr(fieldKey(ctx.engine, path));
  if (d.t === 'list') return list(ctx, d, v, path, label);
  if (d.t === 'obj' || d.t === 'union') {
    return `<fieldset class="sim-group"${attr('id', controlId(ctx.id, path))}${attr('data-group', path)}><legend>${esc(label)}</legend>${body(ctx, d, v, path)}</fieldset>`;
  }
  return control(ctx, d, v, path, optional, label);
}

/** The whole form body for `value` (which may be invalid: the form shows what the reader typed). */
export const renderForm = (ctx: FormCtx, schema: Desc, value: unknown): string => body(ctx, schema, value, '');
