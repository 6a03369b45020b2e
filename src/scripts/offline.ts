// The offline page's controls: per game, the size saving it will download, save / remove, progress,
// and what is saved now. The work is the service worker's (src/sw/sw.ts: 'status', 'save', 'remove'
// messages); this script only asks and shows.
import { fill } from '../render/html';

interface Summary { version: string; parts: { id: string; files: number; bytes: number }[] }
type Message =
  | { type: 'status' | 'saved'; version: string; saved: string[] }
  | { type: 'progress'; done: number; total: number }
  | { type: 'save-failed'; code: 'outdated' | 'network' };

const root = document.querySelector<HTMLElement>('[data-offline]');
if (root) void init(root);

async function init(el: HTMLElement) {
  const base = el.dataset['base'] ?? '/';
  const strings = JSON.parse(el.dataset['strings'] ?? '{}') as Record<string, string>;
  const say = (key: string, params: Record<string, string | number> = {}) => fill(strings[key] ?? key, params, () => '');
  const status = el.querySelector<HTMLElement>('[data-role="status"]')!;
  const progressBox = el.querySelector<HTMLElement>('[data-role="progress"]')!;
  const progress = progressBox.querySelector('progress')!;
  const rows = [...el.querySelectorAll<HTMLElement>('[data-part]')];
  if (!('serviceWorker' in navigator) || !('caches' in window)) { status.textContent = say('unsupported'); return; }

  const summary = (await fetch(`${base}offline/index.json`, { cache: 'no-cache' }).then((r) => r.json()).catch(() => undefined)) as Summary | undefined;
  const bytes = (id: string) => summary?.parts.find((p) => p.id === id)?.bytes ?? 0;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0);
  let saved: string[] = [];
  let busy = false;

  const show = () => {
    for (const row of rows) {
      const id = row.dataset['part']!;
      const isSaved = saved.includes(id);
      // Saving the first game also brings the shared part (shell and search) along.
      const size = bytes(id) + (saved.length ? 0 : bytes('shared'));
      row.querySelector<HTMLElement>('[data-role="size"]')!.textContent = summary ? say('size', { mb: mb(size) }) : '';
      row.querySelector<HTMLElement>('[data-role="state"]')!.textContent = say(isSaved ? 'saved' : 'notSaved');
      const button = row.querySelector<HTMLButtonElement>('[data-role="toggle"]')!;
      button.textContent = say(isSaved ? 'remove' : 'save');
      button.disabled = busy || !summary;
    }
  };

  const reg = await navigator.serviceWorker.ready;
  const send = (message: object) => (navigator.serviceWorker.controller ?? reg.active)?.postMessage(message);
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<Message>) => {
    const m = event.data;
    if (m.type === 'status' || m.type === 'saved') {
      saved = m.saved;
      if (m.type === 'saved') { busy = false; progressBox.hidden = true; status.textContent = say('done'); }
      if (summary && m.version !== summary.version) status.textContent = say('waiting');
    } else if (m.type === 'progress') {
      progressBox.hidden = false;
      progress.max = m.total || 1;
      progress.value = m.done;
    } else if (m.type === 'save-failed') {
      busy = false;
      progressBox.hidden = true;
      status.textContent = say(m.code);
    }
    show();
  });
  for (const row of rows) {
    row.querySelector<HTMLButtonElement>('[data-role="toggle"]')!.addEventListener('click', () => {
      const id = row.dataset['part']!;
      busy = true;
      status.textContent = '';
      show();
      send({ type: saved.includes(id) ? 'remove' : 'save', parts: [id] });
    });
  }
  show();
  send({ type: 'status' });
}
