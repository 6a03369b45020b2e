// The 404 page answers the pinned short links the build did not write (docs/architecture.md#pinned-short-links):
// /r/{game}/{id}@{edition}/ of a number that kept its rule in an earlier edition, or that no rule had.
// It resolves the link against the game's table (/r/{game}/_pins.json and the edition's file) with the build's own function;
// a rule that kept its number goes where the unpinned short link /r/{game}/{id}/ goes, with ?pin= so
// the page says which link it was. Otherwise a message names the edition from the table; the URL's
// own text is never shown.
import { parsePin, pinText, resolvePin } from '../model/pinned';
import { fill } from '../render/html';
import { loadPinTable } from './pin-table';

const box = document.querySelector<HTMLElement>('.pinned-404');

function say(el: HTMLElement, key: 'none' | 'unknown', edition?: { ja: string; en: string }) {
  for (const lang of ['ja', 'en'] as const) {
    const p = document.createElement('p');
    p.lang = lang;
    p.textContent = fill(el.dataset[`${key}${lang === 'ja' ? 'Ja' : 'En'}`] ?? '', { edition: edition?.[lang] ?? '' });
    el.append(p);
  }
  el.hidden = false;
}

/** Where the unpinned short link of `id` forwards, in the reader's language (as the short-link page chooses it). */
async function shortLinkTarget(base: string, game: string, id: string): Promise<string | undefined> {
  const res = await fetch(`${base}r/${encodeURIComponent(game)}/${encodeURIComponent(id)}/`);
  if (!res.ok) return undefined;
  const script = new DOMParser().parseFromString(await res.text(), 'text/html').querySelector<HTMLScriptElement>('script[data-ja][data-en]');
  if (!script) return undefined;
  let lang: string | null = null;
  try { lang = localStorage.getItem('taiyaku.lang'); } catch { /* private mode */ }
  if (lang !== 'ja' && lang !== 'en') lang = /^ja/i.test(navigator.language) ? 'ja' : 'en';
  const href = script.dataset[lang];
  // Only the site's own pages.
  return href && href.startsWith(base) ? href : undefined;
}

async function resolve(el: HTMLElement) {
  const base = el.dataset['base'] ?? '/';
  if (!location.pathname.startsWith(base)) return;
  const m = /^r\/([a-z0-9-]+)\/([^/]+)\/?$/.exec(location.pathname.slice(base.length));
  if (!m) return;
  let last = m[2]!;
  try { last = decodeURIComponent(last); } catch { return; }
  const pin = parsePin(last);
  if (!pin) return;
  const table = await loadPinTable(`${base}r/${m[1]}/_pins.json`, pin.edition);
  if (!table) return say(el, 'unknown');
  const found = resolvePin(table, pin.id, pin.edition);
  if (found.kind === 'unknown-edition') return say(el, 'unknown');
  if (found.kind === 'rule') {
    const href = await shortLinkTarget(base, table.game, found.to);
    if (href) {
      const hash = href.indexOf('#');
      const [path, frag] = hash < 0 ? [href, ''] : [href.slice(0, hash), href.slice(hash)];
      location.replace(`${path}?pin=${encodeURIComponent(pinText(found.id, found.edition.id)).replace(/%40/g, '@')}${frag}`);
      return;
    }
  }
  // No rule had that number then, or the number is no rule now: say so, naming the edition.
  say(el, 'none', found.edition.title);
}

if (box) void resolve(box).catch(() => undefined);
