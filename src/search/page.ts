// The search page (/{lang}/search/?q=…&game=…&doc=…): the same search as the header panel (it is
// imported here, so the header box works on this page too), with filters by game and document, a
// shareable URL and more results on request.
import './panel';
import { engine, type Found, type SearchInfo } from './engine';
import { own, type MergedResult } from '../model/search-merge';
import { fill } from '../render/html';

/** Results per page; "more" adds as many again. */
export const PAGE_RESULTS = 20;

interface Config { base: string; lang: 'ja' | 'en'; strings: Record<string, string> }

const cfg = JSON.parse(document.getElementById('search-config')?.textContent ?? '{}') as Config;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const input = $<HTMLInputElement>('search-q');
const game = $<HTMLSelectElement>('search-game');
const doc = $<HTMLSelectElement>('search-doc');
const status = $<HTMLElement>('search-status');
const list = $<HTMLOListElement>('search-results');
const say = (key: string, params: Record<string, string | number> = {}) => fill(own(cfg.strings, key) ?? key, params, () => '');
// "More results" (with JavaScript only, so it is made here).
const more = document.createElement('button');
more.type = 'button';
more.className = 'search-more';
more.hidden = true;
more.textContent = say('more');
list.after(more);
const search = engine(cfg.base, cfg.lang);

function item(r: MergedResult, games: SearchInfo['games']): HTMLLIElement {
  const li = document.createElement('li');
  const a = document.createElement('a');
  a.href = r.url;
  a.className = 'r-title';
  a.textContent = r.title;
  if (r.lang) a.lang = r.lang;
  const meta = document.createElement('div');
  meta.className = 'r-meta';
  const g = r.game === undefined ? undefined : own(games, r.game);
  meta.textContent = [g?.name, r.doc === undefined ? undefined : own(g?.docs, r.doc), r.subTitle].filter(Boolean).join(' · ');
  li.append(a, meta);
  if (r.excerpt) {
    const p = document.createElement('p');
    p.className = 'r-excerpt';
    p.innerHTML = r.excerpt; // Pagefind escapes the page text and adds only <mark>
    if (r.lang) p.lang = r.lang;
    li.append(p);
  }
  return li;
}

let seq = 0;
let current: { found: Found; shown: number } | undefined;

async function show(found: Found, n: number, mine: number) {
  const [results, { games }] = await Promise.all([found.first(n), search.about()]);
  if (mine !== seq) return;
  list.replaceChildren(...results.map((r) => item(r, games)));
  current = { found, shown: results.length };
  status.textContent = results.length ? say('count', { n: found.total }) : say('none', { q: input.value.trim() });
  more.hidden = results.length >= found.total || results.length < n;
}

async function run() {
  const q = input.value.trim();
  const mine = ++seq;
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (game.value) params.set('game', game.value);
  if (doc.value) params.set('doc', doc.value);
  history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
  more.hidden = true;
  if (!q) { list.replaceChildren(); current = undefined; status.textContent = say('empty'); return; }
  status.textContent = say('searching');
  try {
    const found = await search.search(q, { ...(game.value ? { game: game.value } : {}), ...(doc.value ? { doc: doc.value } : {}) }, { jump: say('direct'), definition: say('definition') });
    if (mine === seq) await show(found, PAGE_RESULTS, mine);
  } catch (error) {
    console.error('search failed', error);
    if (mine === seq) status.textContent = say('failed');
  }
}

function syncDocs() {
  for (const option of doc.options) if (option.value) option.hidden = Boolean(game.value) && option.dataset['game'] !== game.value;
  if (doc.selectedOptions[0]?.hidden) doc.value = '';
}

const url = new URLSearchParams(location.search);
input.value = url.get('q') ?? '';
game.value = url.get('game') ?? '';
syncDocs();
doc.value = url.get('doc') ?? '';
let timer: number | undefined;
input.addEventListener('input', () => { clearTimeout(timer); timer = window.setTimeout(run, 150); });
game.addEventListener('change', () => { syncDocs(); void run(); });
doc.addEventListener('change', () => void run());
input.closest('form')?.addEventListener('submit', (e) => { e.preventDefault(); void run(); });
more.addEventListener('click', () => {
  if (!current) return;
  const first = list.children.length;
  void show(current.found, current.shown + PAGE_RESULTS, seq).then(() => list.querySelectorAll<HTMLAnchorElement>('a.r-title')[first]?.focus());
});
// Arrow keys move between the box and the results.
document.addEventListener('keydown', (e) => {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const links = [...list.querySelectorAll<HTMLAnchorElement>('a.r-title')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (document.activeElement === input && e.key === 'ArrowDown' && links[0]) { e.preventDefault(); links[0].focus(); }
  else if (at >= 0) { e.preventDefault(); (e.key === 'ArrowDown' ? links[at + 1] : at === 0 ? input : links[at - 1])?.focus(); }
});
input.focus();
void (input.value ? run() : search.warm().catch(() => undefined));
// For the search-quality suite (tests/e2e/search-quality.spec.ts): the same search as the list.
(window as unknown as { taiyakuSearch: (q: string) => Promise<string[]> }).taiyakuSearch = async (q) => {
  input.value = q;
  await run();
  return [...list.querySelectorAll<HTMLAnchorElement>('a.r-title')].map((a) => a.getAttribute('href') ?? '');
};
