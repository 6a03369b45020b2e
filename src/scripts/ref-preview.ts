// Previews for rule references: hover, keyboard focus or a first tap shows the cited sub-rule in
// both languages. The text comes from the entry's JSON (/api/…), fetched on first use and cached;
// pages without references never load this script.
interface EntryJson { id: string; title: { ja: string; en: string }; rules: { id: string; text: { ja: string | null; en: string | null } }[] }

const host = document.querySelector<HTMLElement>('[data-api]');
const api = host?.dataset['api'] ?? '';
const ui = document.documentElement.lang === 'en' ? 'en' : 'ja';
const cache = new Map<string, Promise<EntryJson>>();
const card = document.createElement('div');
card.id = 'ref-card';
card.className = 'ref-card';
card.setAttribute('role', 'tooltip');
card.hidden = true;
document.body.append(card);
let current: HTMLAnchorElement | undefined;
let lastPointer = 'mouse';
let shownAtPointerDown: HTMLAnchorElement | undefined;
let hideTimer: number | undefined;

const load = (path: string) => {
  let p = cache.get(path);
  if (!p) {
    p = fetch(`${api}${path}.json`).then((r) => (r.ok ? (r.json() as Promise<EntryJson>) : Promise.reject(new Error(String(r.status)))));
    p.catch(() => cache.delete(path));
    cache.set(path, p);
  }
  return p;
};

function el(tag: string, text: string, attrs: Record<string, string> = {}) {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function place(a: HTMLElement) {
  const r = a.getBoundingClientRect();
  card.style.top = `${r.bottom + window.scrollY + 6}px`;
  card.style.left = `${Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - card.offsetWidth - 8))}px`;
}

async function show(a: HTMLAnchorElement) {
  clearTimeout(hideTimer);
  current = a;
  const [path = '', id = ''] = (a.dataset['ref'] ?? '').split('#');
  card.replaceChildren(el('p', host?.dataset['uiLoading'] ?? '…'));
  card.hidden = false;
  a.setAttribute('aria-describedby', card.id);
  place(a);
  try {
    const entry = await load(path);
    if (current !== a) return;
    const rule = entry.rules.find((r) => r.id === id) ?? entry.rules[0];
    const open = el('a', (host?.dataset['uiOpen'] ?? '{id}').replace('{id}', id), { href: a.href });
    const head = el('p', ` ${entry.title[ui]}`, { class: 'ref-card-title' });
    head.prepend(open);
    const texts = (['ja', 'en'] as const).toSorted((x) => (x === ui ? -1 : 1)).flatMap((l) => (rule?.text[l] ? [el('p', rule.text[l]!, { lang: l })] : []));
    card.replaceChildren(head, ...texts);
    place(a);
  } catch {
    if (current === a) card.replaceChildren(el('p', host?.dataset['uiPreviewFailed'] ?? '×'));
  }
}

function hide(now = false) {
  clearTimeout(hideTimer);
  const go = () => {
    card.hidden = true;
    current?.removeAttribute('aria-describedby');
    current = undefined;
  };
  if (now) go();
  else hideTimer = window.setTimeout(go, 200);
}

const refOf = (t: EventTarget | null) => (t instanceof Element ? t.closest<HTMLAnchorElement>('a.ref[data-ref]') : null);

document.addEventListener('pointerdown', (e) => {
  lastPointer = e.pointerType;
  // Focus (which also previews) lands before the click; remember what was showing before this tap.
  shownAtPointerDown = card.hidden ? undefined : current;
});
document.addEventListener('pointerover', (e) => {
  const a = refOf(e.target);
  if (a && e.pointerType === 'mouse') void show(a);
  else if (card.contains(e.target as Node)) clearTimeout(hideTimer);
});
document.addEventListener('pointerout', (e) => {
  if (e.pointerType === 'mouse' && (refOf(e.target) || card.contains(e.target as Node))) hide();
});
document.addEventListener('focusin', (e) => {
  const a = refOf(e.target);
  if (a) void show(a);
  else if (!card.contains(e.target as Node)) hide(true);
});
document.addEventListener('click', (e) => {
  const a = refOf(e.target);
  // On touch, the first tap previews (the card has an "open" link); a second tap follows the link.
  if (a && lastPointer === 'touch' && shownAtPointerDown !== a) {
    e.preventDefault();
    void show(a);
  } else if (!a && !card.contains(e.target as Node)) hide(true);
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && !card.hidden) {
    const a = current;
    hide(true);
    a?.focus({ preventScroll: true });
  }
});
