// The service worker (docs/offline.md). src/integrations/service-worker.ts bundles this file and
// writes the precache list (content-hashed, so a new version is complete before it takes over) and
// the page mode in front of it.
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const TAIYAKU_PRECACHE: PrecacheEntry[];
declare const TAIYAKU_PAGES_ON_READ: boolean;

cleanupOutdatedCaches();
// ?q= and friends are search state, and Pagefind adds ?ts= to bust caches: all served from the precache.
precacheAndRoute(TAIYAKU_PRECACHE, { directoryIndex: 'index.html', ignoreURLParametersMatching: [/^q$/, /^game$/, /^doc$/, /^ts$/] });
// A site too large to precache whole keeps every page the reader opens (network first).
if (TAIYAKU_PAGES_ON_READ) registerRoute(({ request }) => request.mode === 'navigate', new NetworkFirst({ cacheName: 'taiyaku-pages' }));
