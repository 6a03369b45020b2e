// <taiyaku-sim>: the live form over a server-rendered simulator (src/components/widgets/Simulator.astro).
// It holds no rule of any game: it reads the inputs into a scenario, asks the engine to run it, and
// shows the engine's steps one at a time or its coded errors next to the fields they name. Strings
// and rule links come from the JSON the server rendered; each engine is its own chunk, loaded only
// by the pages that embed it. Scenario links live in the hash: #sim=<widget id>:<query>:<step>.
import type { EngineError } from '../engines/result';
import { loadEngine } from './registry';
import { controlId, descAt, defaultOf, getAt, renderForm, setAt, switchVariant } from './form';
import type { Played, SimModule } from './module';
import { NO_CITES, renderEnd, renderPicture, renderSteps, type Cites } from './render';
import { cardNames } from './keys';
import type { Tr } from './text';
import { fill } from '../render/html';

interface Data {
  presets: string[];
  strings: Record<string, string>;
  cites: Cites;
}
type Control = HTMLInputElement | HTMLSelectElement;

/** Never throws: an unknown key shows as itself, a missing parameter as its placeholder. */
const translator = (strings: Record<string, string>): Tr => {
  // Own keys only: a key is never looked up on Object.prototype (`constructor`, …).
  const tr = (key: string, params: Record<string, string | number> = {}) => fill((Object.hasOwn(strings, key) ? strings[key] : undefined) ?? key, params);
  // card names are shipped for the Japanese page only (Simulator.astro), so elsewhere this is a no-op
  return Object.assign(tr, { card: cardNames(strings, tr) });
};

const HASH = /^#sim=([A-Za-z][\w-]*):([^:]*):(\d+|all)$/;
const parentPath = (path: string) => path.split('.').slice(0, -1).join('.');

class TaiyakuSim extends HTMLElement {
  #started = false;
  #engineId = '';
  #engine: SimModule | undefined;
  #played: Played | undefined;
  #data: Data = { presets: [], strings: {}, cites: NO_CITES };
  #tr: Tr = translator({});
  /** What the form holds, valid or not. */
  #scenario: unknown;
  /** The same, validated, when the engine accepted it: the steps and the link are made from it. */
  #valid: unknown;
  #preset: string | undefined;
  #step = 1;
  #total = 0;
  #all = false;

  connectedCallback(): void {
    if (this.#started) return;
    this.#started = true;
    void this.#start();
  }

  #el<T extends HTMLElement>(role: string): T {
    const el = this.querySelector<T>(`[data-role="${role}"]`);
    if (el === null) throw new Error(`taiyaku-sim: no [data-role="${role}"]`);
    return el;
  }

  async #start(): Promise<void> {
    try {
      this.#engineId = this.dataset['engine'] ?? '';
      this.#data = JSON.parse(this.#el('data').textContent ?? '{}') as Data;
      this.#tr = translator(this.#data.strings);
      this.#engine = await loadEngine(this.#engineId);
      if (this.#engine === undefined) return;
    } catch {
      return; // the server-rendered example stays as it is
    }
    this.#guard(() => {
      this.#loadPreset(this.dataset['preset'] ?? this.#data.presets[0] ?? '');
      this.#wire();
      this.#el('bar').hidden = false;
      this.#el('nav').hidden = false;
      if (!this.#fromHash(true)) this.#update();
    });
  }

  /** Event handlers run through here: a bug shows as a message, never as a wrong result. */
  #guard(f: () => void): void {
    try {
      f();
    } catch {
      this.#showProblems([{ code: 'internal-error' }], 'sim.ui.problems');
    }
  }

  #wire(): void {
    // The controls sit in a plain <div>, not a <form>: everything updates live, nothing is submitted.
    const form = this.#el('form');
    form.addEventListener('input', (e) => this.#guard(() => this.#onInput(e.target)));
    form.addEventListener('click', (e) => this.#guard(() => this.#onClick(e.target)));
    this.#el<HTMLSelectElement>('preset').addEventListener('change', (e) =>
      this.#guard(() => {
        const id = (e.target as HTMLSelectElement).value;
        if (id !== '') this.#loadPreset(id);
        this.#update();
      }),
    );
    const nav = this.#el('nav');
    const act: Record<string, () => void> = {
      back: () => this.#go(this.#step - 1),
      next: () => this.#go(this.#step + 1),
      reset: () => this.#go(1),
      all: () => {
        this.#all = !this.#all;
        this.#show(true);
      },
    };
    nav.addEventListener('click', (e) => {
      const role = (e.target as Element).closest<HTMLElement>('button[data-role]')?.dataset['role'];
      const f = role === undefined ? undefined : act[role];
      if (f !== undefined) this.#guard(f);
    });
    nav.addEventListener('keydown', (e) => {
      const f = e.key === 'ArrowRight' ? act['next'] : e.key === 'ArrowLeft' ? act['back'] : undefined;
      if (f !== undefined) {
        e.preventDefault();
        this.#guard(f);
      }
    });
    this.#el('link').addEventListener('click', () => this.#guard(() => void this.#copyLink()));
    window.addEventListener('hashchange', () => this.#guard(() => void this.#fromHash(true)));
  }

  // ── Scenario ───────────────────────────────────────────────────────────────

  #loadPreset(id: string): void {
    const engine = this.#engine;
    if (engine === undefined) return;
    const p = engine.preset(id);
    if (!p.ok) return;
    this.#scenario = structuredClone(p.value);
    this.#preset = id;
    this.#step = 1;
    this.#all = false;
    this.#renderForm();
    this.#syncPresetMenu();
  }

  #syncPresetMenu(): void {
    const menu = this.#el<HTMLSelectElement>('preset');
    let custom = menu.querySelector<HTMLOptionElement>('option[value=""]');
    if (this.#preset === undefined) {
      if (custom === null) {
        custom = document.createElement('option');
        custom.value = '';
        custom.disabled = true;
        custom.textContent = this.#tr('sim.ui.custom');
        menu.prepend(custom);
      }
      custom.selected = true;
    } else {
      custom?.remove();
      menu.value = this.#preset;
    }
  }

  #renderForm(focus?: string): void {
    const engine = this.#engine;
    if (engine === undefined) return;
    const form = this.#el('form');
    const active = focus ?? (form.contains(document.activeElement) ? document.activeElement?.id : undefined);
    form.innerHTML = renderForm({ engine: this.#engineId, id: this.id, tr: this.#tr, wording: engine.wording }, engine.schema, this.#scenario);
    if (active) {
      const el = document.getElementById(active);
      (el?.matches('fieldset') ? el.querySelector<HTMLElement>('input, select, button') : el)?.focus();
    }
  }

  #read(el: Control): unknown {
    const t = el.dataset['t'];
    if (t === 'bool') return (el as HTMLInputElement).checked;
    if (t === 'choice') return Number(el.value);
    if (t === 'int') {
      if ((el as HTMLInputElement).validity.badInput) return NaN;
      const raw = el.value.trim();
      if (raw === '') return undefined;
      return Number(raw) - ('index' in el.dataset ? 1 : 0);
    }
    if (t === 'str' && 'opt' in el.dataset && el.value === '') return undefined;
    return el.value;
  }

  #onInput(target: EventTarget | null): void {
    const el = target as Control | null;
    const path = el?.dataset['path'];
    const engine = this.#engine;
    if (el === null || path === undefined || engine === undefined) return;
    if (el.dataset['t'] === 'tag') {
      const union = parentPath(path);
      const d = descAt(engine.schema, this.#scenario, union);
      if (d !== undefined) setAt(this.#scenario, union, switchVariant(d, getAt(this.#scenario, union), el.value));
      this.#renderForm(el.id);
    } else {
      setAt(this.#scenario, path, this.#read(el));
    }
    this.#edited();
  }

  #onClick(target: EventTarget | null): void {
    const button = (target as Element | null)?.closest<HTMLButtonElement>('button[data-act]');
    const path = button?.dataset['path'];
    const engine = this.#engine;
    if (button == null || path === undefined || engine === undefined) return;
    if (button.dataset['act'] === 'add') {
      const d = descAt(engine.schema, this.#scenario, path);
      const items = getAt(this.#scenario, path);
      if (d?.t !== 'list' || !Array.isArray(items) || items.length >= d.max) return;
      items.push(defaultOf(d.item));
      this.#renderForm(controlId(this.id, `${path}.${items.length - 1}`));
    } else {
      const list = parentPath(path);
      const items = getAt(this.#scenario, list);
      if (!Array.isArray(items)) return;
      items.splice(Number(path.split('.').pop()), 1);
      this.#renderForm();
      this.querySelector<HTMLElement>(`button[data-act="add"][data-path="${list}"]`)?.focus();
    }
    this.#edited();
  }

  #edited(): void {
    if (this.#preset !== undefined) {
      this.#preset = undefined;
      this.#syncPresetMenu();
    }
    this.#setLinkStatus('');
    this.#update();
  }

  // ── Result ─────────────────────────────────────────────────────────────────

  /** Runs the engine on the form's scenario: the steps, or the errors and no result at all. */
  #update(): void {
    const engine = this.#engine;
    if (engine === undefined) return;
    this.#clearErrors();
    const r = engine.play(this.#scenario);
    if (!r.ok) {
      this.#valid = undefined;
      this.#played = undefined;
      this.#showProblems(r.error, 'sim.ui.problems');
      return;
    }
    this.#valid = r.value.scenario;
    this.#played = r.value;
    const ctx = this.#ctx(engine);
    this.#el('steps').innerHTML = renderSteps(ctx, r.value);
    this.#el('end').querySelector('dl')?.remove();
    this.#el('end').insertAdjacentHTML('beforeend', renderEnd(ctx, r.value));
    this.#total = r.value.steps.length;
    this.#step = Math.min(Math.max(1, this.#step), this.#total);
    this.#el('problems').replaceChildren();
    this.#el('result').hidden = false;
    this.#el<HTMLButtonElement>('link').removeAttribute('aria-disabled');
    this.#show(false);
  }

  #ctx(engine: SimModule) {
    return { module: engine, id: this.id, tr: this.#tr, cites: this.#data.cites };
  }

  #clearErrors(): void {
    for (const p of this.querySelectorAll('.sim-err')) p.remove();
    for (const el of this.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
    for (const el of this.querySelectorAll<HTMLElement>('[data-err]')) {
      el.removeAttribute('aria-describedby');
      delete el.dataset['err'];
    }
  }

  /** The control or group an error's field path names, or its nearest named parent. */
  #target(field: string | undefined): HTMLElement | undefined {
    const form = this.#el('form');
    for (let p = field ?? ''; p !== ''; p = parentPath(p)) {
      const el = form.querySelector<HTMLElement>(`[data-path="${p}"]:not(button), [data-group="${p}"]`);
      if (el !== null) return el;
    }
    return undefined;
  }

  #showProblems(errors: readonly EngineError[], heading: string): void {
    const general: string[] = [];
    let marked = false;
    for (const e of errors) {
      const text = this.#engine?.errorText(this.#tr, e) ?? e.code;
      const el = this.#target(e.field);
      if (el === undefined) {
        general.push(text);
        continue;
      }
      marked = true;
      const id = `${el.id}-err`;
      let p = document.getElementById(id);
      if (p === null) {
        p = document.createElement('p');
        p.className = 'sim-err';
        p.id = id;
        if (el.matches('fieldset')) el.querySelector('legend')?.after(p);
        else el.after(p);
        el.setAttribute('aria-describedby', id);
        el.dataset['err'] = '';
        if (!el.matches('fieldset')) el.setAttribute('aria-invalid', 'true');
      }
      p.textContent = p.textContent === '' ? text : `${p.textContent} ${text}`;
    }
    const box = this.#el('problems');
    box.replaceChildren();
    if (general.length > 0) {
      const head = document.createElement('p');
      head.textContent = this.#tr(heading);
      const ul = document.createElement('ul');
      for (const g of general) ul.append(Object.assign(document.createElement('li'), { textContent: g }));
      box.append(head, ul);
    }
    if (marked) box.append(Object.assign(document.createElement('p'), { textContent: this.#tr('sim.ui.fix') }));
    this.#el('result').hidden = true;
    this.#el<HTMLButtonElement>('link').setAttribute('aria-disabled', 'true');
  }

  // ── Stepping ───────────────────────────────────────────────────────────────

  #go(step: number): void {
    if (this.#all || step < 1 || step > this.#total) return;
    this.#step = step;
    this.#show(true);
  }

  /** Shows steps 1..current (or all); `announce` reads the change out and keeps it in view. */
  #show(announce: boolean): void {
    const items = [...this.#el('steps').querySelectorAll<HTMLLIElement>(':scope > li')];
    items.forEach((li, i) => {
      li.hidden = !this.#all && i + 1 > this.#step;
      const current = !this.#all && i + 1 === this.#step;
      li.classList.toggle('sim-current', current);
      if (current) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
    });
    const tr = this.#tr;
    const total = this.#total;
    const disable = (role: string, off: boolean) => {
      const b = this.#el(role);
      if (off) b.setAttribute('aria-disabled', 'true');
      else b.removeAttribute('aria-disabled');
    };
    disable('back', this.#all || this.#step <= 1);
    disable('next', this.#all || this.#step >= total);
    disable('reset', this.#all || this.#step <= 1);
    this.#el('all').setAttribute('aria-pressed', String(this.#all));
    this.#el('counter').textContent = this.#all ? tr('sim.ui.all-shown', { total }) : tr('sim.ui.counter', { n: this.#step, total });
    this.#el('end').hidden = !this.#all && this.#step < total;
    const engine = this.#engine;
    if (engine !== undefined && this.#played !== undefined) {
      this.#el('picture-body').innerHTML = renderPicture(this.#ctx(engine), this.#played, this.#all ? total : this.#step);
    }
    if (!announce) return;
    const current = items[this.#step - 1];
    this.#el('live').textContent = this.#all
      ? tr('sim.ui.all-shown', { total })
      : tr('sim.ui.live', { n: this.#step, total, text: current?.querySelector('.sim-text')?.textContent ?? '' });
    if (!this.#all) current?.scrollIntoView({ block: 'nearest' });
  }

  // ── Links ──────────────────────────────────────────────────────────────────

  #setLinkStatus(text: string, url?: string): void {
    const status = this.#el('link-status');
    status.replaceChildren(text);
    if (url === undefined) return;
    const input = Object.assign(document.createElement('input'), { type: 'text', readOnly: true, value: url });
    input.setAttribute('aria-label', this.#tr('sim.ui.link-field'));
    status.append(' ', input);
    input.select();
  }

  async #copyLink(): Promise<void> {
    const engine = this.#engine;
    if (engine === undefined || this.#valid === undefined) return;
    if (this.#played === undefined) return;
    const hash = `#sim=${this.id}:${this.#played.query}:${this.#all ? 'all' : this.#step}`;
    history.replaceState(history.state, '', hash);
    const url = location.href;
    try {
      await navigator.clipboard.writeText(url);
      this.#setLinkStatus(this.#tr('sim.ui.copied'));
    } catch {
      this.#setLinkStatus(this.#tr('sim.ui.copy-failed'), url);
    }
  }

  /** Restores the scenario and step of a link made for this widget; false if the hash is not one. */
  #fromHash(scroll: boolean): boolean {
    const engine = this.#engine;
    const m = HASH.exec(location.hash);
    if (engine === undefined || m === null || m[1] !== this.id) return false;
    let query = m[2] ?? '';
    try {
      query = decodeURIComponent(query);
    } catch {
      // keep it as it is: the engine will refuse it with a code
    }
    // The link's format is read first; a scenario that a rule refuses still opens in the form, with
    // the reason next to the field (a rule may have been corrected since the link was made).
    const r = engine.readQuery(query);
    if (!r.ok) {
      this.#clearErrors();
      this.#showProblems(r.error.map((e) => ({ ...e, field: 'query' })), 'sim.ui.bad-link');
    } else {
      this.#scenario = r.value;
      const v = engine.validate(r.value);
      const same = v.ok ? JSON.stringify(v.value) : undefined;
      this.#preset = this.#data.presets.find((p) => {
        const s = engine.preset(p);
        const pv = s.ok ? engine.validate(s.value) : s;
        return same !== undefined && pv.ok && JSON.stringify(pv.value) === same;
      });
      this.#all = m[3] === 'all';
      this.#step = this.#all ? 1 : Number(m[3]);
      this.#renderForm();
      this.#syncPresetMenu();
      this.#update();
    }
    if (scroll) requestAnimationFrame(() => this.scrollIntoView({ block: 'start' }));
    return true;
  }
}

if (!customElements.get('taiyaku-sim')) customElements.define('taiyaku-sim', TaiyakuSim);
