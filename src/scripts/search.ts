// The search page's script: Pagefind's JS API over two bundles (ja, en), merged by
// src/model/search-merge.ts, plus a direct jump for rule numbers through the JSON API.
import { looksLikeId, mergeResults, own, searchTerms, type Hit, type MergedResult } from '../model/search-merge';
import { fill } from '../render/html';

interface Config { base: string; lang: 'ja' | 'en'; aliases: Record<string, string[]>; games: Record<string, { name: string; docs: Record<string, string> }>; strings: Record<string, string> }
interface PagefindResult { score: number; data: () => Promise<Hit['data']> }
interface PagefindInstance { search: (q: string, o?: object) => Promise<{ results: PagefindResult[] } | null> }
interface GameIndex { entries: { id: string; doc: string; title: { ja: string; en: string } }[]; ids: Record<string, string> }

const cfg = JSON.parse(document.getElementById('search-config')?.textContent ?? '{}') as Config;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const input = $<HTMLInputElement>('search-q');
const game = $<HTMLSelectElement>('search-game');
const doc = $<HTMLSelectElement>('search-doc');
const status = $<HTMLElement>('search-status');
const list = $<HTMLOListElement>('search-results');
const say = (key: string, params: Record<string, string | number> = {}) => fill(own(cfg.strings, key) ?? key, params, () => '');

let bundles: Promise<PagefindInstance[]> | undefined;
function load(): Promise<PagefindInstance[]> {
  bundles ??= Promise.all(['ja', 'en'].map(async (l) => {
    // Each bundle gets its own copy of Pagefind's module (and so its own web worker): two instances
    // with different WASM analysers sharing one worker corrupt each other's memory.
    const basePath = `${cfg.base}pagefind/${l}/`;
    const mod = (await import(/* @vite-ignore */ `${basePath}pagefind.js`)) as { createInstance: (o: object) => PagefindInstance };
    // Pagefind takes an instance's language (which drives query segmentation) from <html lang> at
    // creation; each bundle must search in its own language whatever the page's, so set it briefly.
    const html = document.documentElement;
    const page = html.lang;
    html.lang = l;
    try {
      return mod.createInstance({ basePath, baseUrl: cfg.base });
    } finally {
      html.lang = page;
    }
  }));
  return bundles;
}

const indexes = new Map<string, Promise<GameIndex>>();
async function direct(q: string): Promise<MergedResult[]> {
  const id = q.trim();
  const games = game.value ? [game.value] : Object.keys(cfg.games);
  const found: MergedResult[] = [];
  for (const g of games) {
    let idx = indexes.get(g);
    if (!idx) { idx = fetch(`${cfg.base}api/${g}/index.json`).then((r) => r.json() as Promise<GameIndex>); indexes.set(g, idx); }
    const index = await idx.catch(() => undefined);
    const at = own(index?.ids, id);
    if (!at) continue;
    const [d = '', e = ''] = at.split(/\/(.*)/);
    const entry = index?.entries.find((x) => x.doc === d && x.id === e);
    found.push({
      url: `${cfg.base}${cfg.lang}/${g}/${d}/${e}/${id === e ? '' : `#${id}`}`,
      title: `${id} — ${entry?.title[cfg.lang] ?? ''}`,
      subTitle: say('direct'),
      excerpt: '',
      game: g,
      doc: `${g}/${d}`,
      score: Infinity,
    });
  }
  return found;
}

function render(results: MergedResult[], q: string) {
  list.replaceChildren(...results.slice(0, 30).map((r) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = r.url;
    a.className = 'r-title';
    a.textContent = r.title;
    const meta = document.createElement('div');
    meta.className = 'r-meta';
    const g = r.game === undefined ? undefined : own(cfg.games, r.game);
    meta.textContent = [g?.name, r.doc && own(g?.docs, r.doc), r.subTitle].filter(Boolean).join(' · ');
    li.append(a, meta);
    if (r.excerpt) {
      const p = document.createElement('p');
      p.className = 'r-excerpt';
      p.innerHTML = r.excerpt; // Pagefind escapes the text and adds only <mark>
      li.append(p);
    }
    return li;
  }));
  status.textContent = results.length ? say('count', { n: results.length }) : say('none', { q });
}

let seq = 0;
async function run() {
  const q = input.value.trim();
  const mine = ++seq;
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (game.value) params.set('game', game.value);
  if (doc.value) params.set('doc', doc.value);
  history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
  if (!q) { list.replaceChildren(); status.textContent = say('empty'); return; }
  status.textContent = say('searching');
  try {
    const filters: Record<string, string> = {};
    if (game.value) filters['game'] = game.value;
    if (doc.value) filters['doc'] = doc.value;
    const instances = await load();
    // A dictionary wording searches as the term's preferred wordings, so every variant gives the same list.
    const queries = searchTerms(cfg.aliases, q);
    const searches = (await Promise.all(queries.map((term) => Promise.all(instances.map((i) => i.search(term, { filters })))))).flat();
    const hits = await Promise.all(searches.map((s) => Promise.all((s?.results ?? []).slice(0, 12).map(async (r) => ({ score: r.score, data: await r.data() })))));
    const jumps = looksLikeId(q) ? await direct(q) : [];
    if (mine !== seq) return;
    const merged = mergeResults(hits, cfg.base, cfg.lang).filter((r) => !jumps.some((j) => j.url === r.url));
    render([...jumps, ...merged], q);
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
// Arrow keys move between the box and the results.
document.addEventListener('keydown', (e) => {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const links = [...list.querySelectorAll<HTMLAnchorElement>('a.r-title')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (document.activeElement === input && e.key === 'ArrowDown' && links[0]) { e.preventDefault(); links[0].focus(); }
  else if (at >= 0) { e.preventDefault(); (e.key === 'ArrowDown' ? links[at + 1] : at === 0 ? input : links[at - 1])?.focus(); }
});
input.focus();
void (input.value ? run() : load());
// Exposed for the search-quality suite (tests/e2e/search-quality.spec.ts): the same merged search.
(window as unknown as { taiyakuSearch: (q: string) => Promise<string[]> }).taiyakuSearch = async (q) => {
  input.value = q;
  await run();
  return [...list.querySelectorAll<HTMLAnchorElement>('a.r-title')].map((a) => a.getAttribute('href') ?? '');
};
