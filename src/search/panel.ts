// The header search box on every page: results as the reader types, in a panel under the header,
// without leaving the page (docs/search.md#the-header-panel). The layout loads this file only when
// the box gets focus, a tap, or "/". Pattern: an ARIA 1.2 combobox — focus stays in the box, the
// arrow keys move through the options (aria-activedescendant), Enter opens the chosen one (or, with
// none chosen, the search page with ?q=), Escape closes the panel. Options are links, so a click, a
// middle click or a long press behaves like any link. Excerpts come from Pagefind (escaped text and
// <mark>); every other text goes in through textContent.
import { engine, type Found, type SearchInfo } from './engine';
import { own, type MergedResult } from '../model/search-merge';
import { fill } from '../render/html';

/** How many results the panel shows (their fragments are all it loads). */
const PANEL_RESULTS = 5;

interface Ui { count: string; none: string; searching: string; failed: string; all: string; results: string; direct: string; definition: string; lang: 'ja' | 'en'; base: string }
type Games = SearchInfo['games'];

const say = (template: string, params: Record<string, string | number>) => fill(template, params, () => '');

/** One result as an option: title, where it is (game · document · sub-rule), the matching text. */
function optionFor(r: MergedResult, id: string, games: Games): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = r.url;
  a.id = id;
  a.className = 'sp-option';
  a.setAttribute('role', 'option');
  a.setAttribute('aria-selected', 'false');
  a.tabIndex = -1;
  const title = document.createElement('span');
  title.className = 'sp-title';
  title.textContent = r.title;
  const meta = document.createElement('span');
  meta.className = 'sp-meta';
  const game = r.game === undefined ? undefined : own(games, r.game);
  meta.textContent = [game?.name, r.doc === undefined ? undefined : own(game?.docs, r.doc), r.subTitle].filter(Boolean).join(' · ');
  a.append(title, meta);
  if (r.lang) { title.lang = r.lang; }
  if (r.excerpt) {
    const p = document.createElement('span');
    p.className = 'sp-excerpt';
    p.innerHTML = r.excerpt; // Pagefind escapes the page text and adds only <mark>
    if (r.lang) p.lang = r.lang;
    a.append(p);
  }
  return a;
}

function bind(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  if (!input || form.dataset['bound']) return;
  form.dataset['bound'] = '1';
  const ui = JSON.parse(form.dataset['ui'] ?? '{}') as Ui;
  const search = engine(ui.base, ui.lang);
  void search.warm().catch(() => undefined);

  const panel = document.createElement('div');
  panel.id = 'site-search-panel';
  panel.className = 'search-panel';
  panel.hidden = true;
  const status = document.createElement('p');
  status.className = 'sp-status';
  status.setAttribute('role', 'status');
  const list = document.createElement('div');
  list.id = 'site-search-list';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', ui.results);
  const all = document.createElement('a');
  all.className = 'sp-all';
  all.hidden = true;
  panel.append(status, list, all);
  form.append(panel);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('aria-expanded', 'false');

  let active = -1;
  const options = () => [...list.querySelectorAll<HTMLAnchorElement>('[role="option"]')];
  /** Makes option `i` the chosen one (-1: none). */
  const choose = (i: number) => {
    const opts = options();
    active = i >= 0 && i < opts.length ? i : -1;
    opts.forEach((o, j) => o.setAttribute('aria-selected', String(j === active)));
    const current = opts[active];
    if (current) { input.setAttribute('aria-activedescendant', current.id); current.scrollIntoView({ block: 'nearest' }); }
    else input.removeAttribute('aria-activedescendant');
  };
  const open = (yes: boolean) => {
    panel.hidden = !yes;
    input.setAttribute('aria-expanded', String(yes && options().length > 0));
    if (!yes) choose(-1);
  };

  let seq = 0;
  let timer: number | undefined;
  let composing = false;
  /** `filled`: the same list again, its long pages' sub-rules and excerpts now there (the choice stays where it is). */
  const render = (q: string, found: Found, results: MergedResult[], games: Games, complete: boolean, filled = false) => {
    // A list that arrives while the reader is choosing keeps their choice when it still lists the
    // same page (a slower answer to the finished query may land after the arrow keys).
    const chosen = options()[active]?.getAttribute('href');
    const kept = active;
    list.replaceChildren(...results.map((r, i) => optionFor(r, `site-search-opt-${i}`, games)));
    list.dataset.query = q;
    list.setAttribute('aria-busy', String(!complete));
    // When the list was first on screen, for npm run bench:search (what a first search cost before it).
    if (!filled) performance.mark('taiyaku-search-list', { detail: q });
    choose(panel.hidden ? -1 : filled ? kept : chosen ? options().findIndex((o) => o.getAttribute('href') === chosen) : -1);
    status.textContent = results.length ? say(ui.count, { n: found.total }) : say(ui.none, { q });
    all.href = `${ui.base}${ui.lang}/search/?q=${encodeURIComponent(q)}`;
    all.textContent = say(ui.all, { n: found.total });
    all.hidden = found.total <= results.length;
    open(document.activeElement === input || panel.contains(document.activeElement));
  };
  const run = async () => {
    const q = input.value.trim();
    const mine = ++seq;
    if (!q) { list.replaceChildren(); status.textContent = ''; all.hidden = true; open(false); return; }
    if (!options().length) { status.textContent = ui.searching; panel.hidden = false; }
    try {
      const found = await search.search(q, {}, { jump: ui.direct, definition: ui.definition });
      if (mine !== seq) return; // the reader has typed on: this list would only flicker
      // The list first, then the excerpts of its long pages (their fragments are the largest part
      // of a first search: docs/search.md, "Long pages listed before their text").
      const [{ results, complete }, { games }] = await Promise.all([found.quick(PANEL_RESULTS), search.about()]);
      if (mine !== seq) return;
      render(q, found, results, games, complete);
      if (complete) return;
      const full = await found.first(PANEL_RESULTS);
      if (mine === seq) render(q, found, full, games, true, true);
    } catch (error) {
      console.error('search failed', error);
      if (mine === seq) { status.textContent = ui.failed; panel.hidden = false; }
    }
  };
  // As the reader types; a short pause first, so a burst of keys costs one search. Not while an
  // input method is composing (the half-typed reading is not the query yet).
  const later = () => { clearTimeout(timer); timer = window.setTimeout(() => void run(), 60); };
  input.addEventListener('input', () => { search.prepare(input.value); if (!composing) later(); });
  input.addEventListener('compositionstart', () => { composing = true; });
  input.addEventListener('compositionend', () => { composing = false; later(); });
  input.addEventListener('focus', () => { if (input.value.trim() && list.childElementCount) open(true); });
  input.addEventListener('keydown', (e) => {
    if (e.isComposing) return;
    const opts = options();
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!opts.length) return;
      e.preventDefault();
      if (panel.hidden) open(true);
      // Round the list, both ways.
      choose(e.key === 'ArrowDown' ? (active + 1) % opts.length : active <= 0 ? opts.length - 1 : active - 1);
    } else if (e.key === 'Enter' && !panel.hidden && opts[active]) {
      e.preventDefault();
      location.assign(opts[active]!.href);
    } else if (e.key === 'Escape' && !panel.hidden) {
      e.preventDefault();
      open(false);
    }
  });
  // Closes when focus or a click goes elsewhere on the page.
  form.addEventListener('focusout', (e) => { if (!form.contains(e.relatedTarget as Node | null)) open(false); });
  document.addEventListener('pointerdown', (e) => { if (!form.contains(e.target as Node)) open(false); });
  // The reader may have typed while this file loaded.
  if (input.value.trim() && document.activeElement === input) { search.prepare(input.value); void run(); }

  // For the search-quality suite (tests/e2e/search-quality.spec.ts): what the panel would list.
  // What it lists first, before its long pages' fragments (the suite checks the same pages come in the same order).
  const w = window as unknown as { taiyakuPanel: (q: string) => Promise<MergedResult[]>; taiyakuPanelQuick: (q: string) => Promise<MergedResult[]> };
  w.taiyakuPanel = async (q) => (await search.search(q, {}, { jump: ui.direct, definition: ui.definition })).first(PANEL_RESULTS);
  w.taiyakuPanelQuick = async (q) => (await (await search.search(q, {}, { jump: ui.direct, definition: ui.definition })).quick(PANEL_RESULTS)).results;
}

const form = document.querySelector<HTMLFormElement>('form[data-panel]');
if (form) bind(form);
