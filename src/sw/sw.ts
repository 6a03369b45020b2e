// The service worker (docs/offline.md). src/integrations/service-worker.ts bundles this file and puts
// this build's version id and base path in front of it.
//
// Two kinds of cache, both named for this build's version (a new build's worker starts empty and
// deletes the old ones only once it takes over, so one version never serves the other's files):
//   read   what the reader has opened: pages and JSON network first (the cache after a few seconds
//          of a hanging network, or offline), content-hashed files (styles, scripts, search chunks)
//          cache first. A first visit downloads nothing in the background.
//   saved  the parts the reader chose to save on /{lang}/offline/ (the shared shell and search, and
//          whole games); served cache first. A new version's worker downloads the same parts again
//          before it may take over, and takes over only when the reader agrees (the page shows
//          "更新があります — 再読み込み") or every tab of the old version has closed.
// A page that is in neither cache, offline, gets a small bilingual page saying so.
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { cacheKey, isHashed } from './urls';

declare const TAIYAKU_VERSION: string;
declare const TAIYAKU_BASE: string;
declare const self: ServiceWorkerGlobalScope;

const PREFIX = `taiyaku:${TAIYAKU_BASE}:`;
const READ = `${PREFIX}read:${TAIYAKU_VERSION}`;
const SAVED = `${PREFIX}saved:${TAIYAKU_VERSION}`;
/** Which parts the reader saved (survives versions): { parts: string[] }. */
const META = `${PREFIX}meta`;
const META_KEY = `${TAIYAKU_BASE}offline/saved`;
/** A network that has not answered after this long is treated as down. */
const NETWORK_TIMEOUT_SECONDS = 4;

const normalise: WorkboxPlugin = { cacheKeyWillBeUsed: async ({ request }) => cacheKey(request.url) };

interface PartList { version: string; id: string; files: { url: string; revision: string }[] }
type Progress = (done: number, total: number) => void;

async function savedParts(): Promise<string[]> {
  const res = await (await caches.open(META)).match(META_KEY);
  const data = res ? ((await res.json()) as { parts?: unknown }) : {};
  return Array.isArray(data.parts) ? data.parts.filter((p): p is string => typeof p === 'string') : [];
}
async function setSavedParts(parts: string[]): Promise<void> {
  await (await caches.open(META)).put(META_KEY, new Response(JSON.stringify({ parts: [...new Set(parts)].sort() }), { headers: { 'content-type': 'application/json' } }));
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${TAIYAKU_BASE}${path}`, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** Where a save downloads before it is complete: never answers a request (see download). */
const STAGING = `${PREFIX}staging:${TAIYAKU_VERSION}:`;
/** The staging caches of the saves this worker is running now. */
const staging = new Set<string>();

/**
 * Downloads every file of `parts` (the shared part always comes along) into this version's saved
 * cache, all or nothing: the files go to a staging cache of their own first, and only once every one
 * has arrived are they moved into the saved cache. A failed download (a file missing or the network
 * gone, or the site on the server another version than this worker: 'outdated') deletes the staging
 * cache and leaves the saved cache as it was. Staging caches left by a worker that was stopped midway
 * are deleted by the next save, and by the next version.
 */
async function download(parts: string[], progress: Progress = () => {}): Promise<void> {
  for (const name of await caches.keys()) if (name.startsWith(STAGING) && !staging.has(name)) await caches.delete(name);
  const ids = ['shared', ...parts.filter((p) => p !== 'shared')];
  const lists = await Promise.all(ids.map((id) => getJson<PartList>(`offline/${encodeURIComponent(id)}.json`)));
  if (lists.some((l) => l.version !== TAIYAKU_VERSION)) throw new Error('outdated');
  const files = [...new Set(lists.flatMap((l) => l.files.map((f) => new URL(f.url, self.location.origin).href)))];
  const saved = await caches.open(SAVED);
  const name = `${STAGING}${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  staging.add(name);
  try {
    const stage = await caches.open(name);
    let done = 0;
    let failed: unknown;
    progress(done, files.length);
    const queue = [...files];
    const worker = async () => {
      for (let url = queue.shift(); url !== undefined && failed === undefined; url = queue.shift()) {
        try {
          if (!(await saved.match(url))) {
            const res = await fetch(url, { cache: 'no-cache' });
            if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
            await stage.put(url, res);
          }
        } catch (e) {
          failed ??= e;
          return;
        }
        progress(++done, files.length);
      }
    };
    // Every download stops at the first failure, and all have stopped before the staging cache goes.
    await Promise.all(Array.from({ length: 6 }, worker));
    if (failed !== undefined) throw failed;
    for (const req of await stage.keys()) {
      const res = await stage.match(req);
      if (res) await saved.put(req, res);
    }
  } finally {
    await caches.delete(name);
    staging.delete(name);
  }
}

/** Removes the files of `parts` that no other saved part needs. */
async function remove(parts: string[]): Promise<string[]> {
  const keep = (await savedParts()).filter((p) => !parts.includes(p));
  const keepIds = keep.length ? ['shared', ...keep] : [];
  const lists = await Promise.all([...new Set([...keepIds, ...parts, 'shared'])].map((id) => getJson<PartList>(`offline/${encodeURIComponent(id)}.json`).catch(() => undefined)));
  const needed = new Set(lists.filter((l) => l && keepIds.includes(l.id)).flatMap((l) => l!.files.map((f) => new URL(f.url, self.location.origin).href)));
  const cache = await caches.open(SAVED);
  if (!keep.length) await caches.delete(SAVED);
  else for (const req of await cache.keys()) if (!needed.has(req.url)) await cache.delete(req);
  await setSavedParts(keep);
  return keep;
}

self.addEventListener('install', (event) => {
  // A new version downloads what the reader had saved before it may take over; if the network fails
  // the install fails and the old version stays, complete. Nothing else is fetched.
  event.waitUntil(savedParts().then((parts) => (parts.length ? download(parts) : undefined)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const scope = self.registration.scope;
    for (const name of await caches.keys()) {
      const ours = name.startsWith(PREFIX) && name !== META && name !== READ && name !== SAVED && !staging.has(name);
      const oldWorkbox = name.startsWith('workbox-precache') && name.includes(scope);
      if (ours || oldWorkbox) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; parts?: unknown } | null;
  const reply = (message: object) => (event.source as Client | null)?.postMessage(message);
  const parts = Array.isArray(data?.parts) ? data.parts.filter((p): p is string => typeof p === 'string' && /^[a-z0-9-]+$/.test(p)) : [];
  switch (data?.type) {
    case 'skip-waiting':
      void self.skipWaiting();
      return;
    case 'status':
      event.waitUntil(savedParts().then((saved) => reply({ type: 'status', version: TAIYAKU_VERSION, saved })));
      return;
    case 'save':
      event.waitUntil((async () => {
        try {
          await download(parts, (done, total) => reply({ type: 'progress', done, total }));
          const saved = [...(await savedParts()), ...parts];
          await setSavedParts(saved);
          reply({ type: 'saved', version: TAIYAKU_VERSION, saved: await savedParts() });
        } catch (e) {
          reply({ type: 'save-failed', code: (e as Error).message === 'outdated' ? 'outdated' : 'network' });
        }
      })());
      return;
    case 'remove':
      event.waitUntil(remove(parts).then((saved) => reply({ type: 'saved', version: TAIYAKU_VERSION, saved }), () => reply({ type: 'save-failed', code: 'network' })));
      return;
  }
});

// What was saved answers first, whatever the request.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const saved = await (await caches.open(SAVED)).match(cacheKey(request.url));
    if (saved) return saved;
    return routed(event);
  })());
});

// The rest: pages and JSON network first, content-hashed files cache first.
const hashed = new CacheFirst({ cacheName: READ, plugins: [normalise] });
const fresh = new NetworkFirst({ cacheName: READ, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [normalise] });

async function routed(event: FetchEvent): Promise<Response> {
  const url = new URL(event.request.url);
  const strategy = isHashed(url, TAIYAKU_BASE) ? hashed : fresh;
  try {
    return await strategy.handle({ event, request: event.request });
  } catch {
    if (event.request.mode === 'navigate') return offlinePage(url);
    return new Response('', { status: 503, statusText: 'Offline' });
  }
}

/** Shown for a page that was neither read nor saved while the reader is offline. */
function offlinePage(url: URL): Response {
  const ja = !url.pathname.startsWith(`${TAIYAKU_BASE}en/`);
  const save = `${TAIYAKU_BASE}${ja ? 'ja' : 'en'}/offline/`;
  const html = `<!doctype html><html lang="${ja ? 'ja' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${ja ? 'オフライン' : 'Offline'} | Taiyaku</title></head>
<body><main><h1>${ja ? 'オフラインです' : 'You are offline'}</h1>
<p lang="ja">このページはまだ読んだことがなく、オフライン用にも保存されていないため、ネットワークにつながるまで開けません。</p>
<p lang="en">This page has not been read before or saved for offline, so it opens once you are back online.</p>
<p><a href="${save}">${ja ? 'オフライン用に保存したページ' : 'What is saved for offline'}</a> · <a href="${TAIYAKU_BASE}${ja ? 'ja' : 'en'}/">${ja ? 'ホーム' : 'Home'}</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}
