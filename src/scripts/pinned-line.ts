// The line a pinned link leaves on the page it lands on ("A link to 104.3 in … ; that rule is now
// 104.2b"). The link's ?pin= is only a question: it is resolved again against the game's table
// (/r/{game}/_pins.json and the edition's file, with the function the build uses), and the line shows the table's edition
// title and the ids of this page, never the URL's text. Nothing is shown unless the answer is a rule on this page.
import { parsePin, resolvePin } from '../model/pinned';
import { loadPinTable } from './pin-table';
import { fill } from '../render/html';

const line = document.querySelector<HTMLElement>('.pinned-line');
const pin = parsePin(new URLSearchParams(location.search).get('pin') ?? '');

async function show(el: HTMLElement, asked: { id: string; edition: string }) {
  const table = await loadPinTable(el.dataset['pins']!, asked.edition);
  if (!table) return;
  const found = resolvePin(table, asked.id, asked.edition);
  if (found.kind !== 'rule' || found.doc !== el.dataset['doc']) return;
  const row = document.getElementById(found.to);
  if (!row?.matches('.rule')) return;
  // The ids shown are the table's and this page's own.
  const from = found.to === found.id ? row.id : found.edition.moved.find(([f]) => f === found.id)?.[0];
  if (from === undefined) return;
  const kind = found.current ? 'current' : found.to === found.id ? 'same' : 'moved';
  const strings = JSON.parse(el.dataset['strings'] ?? '{}') as Record<string, string>;
  const ui = el.dataset['ui'] === 'en' ? 'en' : 'ja';
  const pair = el.querySelector('.pair')!;
  for (const lang of ui === 'ja' ? ['ja', 'en'] as const : ['en', 'ja'] as const) {
    const side = document.createElement('div');
    side.className = `txt t-${lang} ${lang === ui ? 't-first' : 't-second'}`;
    side.lang = lang;
    const p = document.createElement('p');
    p.textContent = fill(strings[`${kind}-${lang}`] ?? '', { edition: found.edition.title[lang], from, to: row.id });
    side.append(p);
    pair.append(side);
  }
  // Just above the rule it landed on, so the two are read together.
  row.before(el);
  el.hidden = false;
  el.scrollIntoView({ block: 'start' });
}

if (line && pin) void show(line, pin).catch(() => undefined);
