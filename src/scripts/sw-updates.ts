// A new version of the site is announced, not slipped in: when a new service worker has installed
// (and, for a reader who saved games for offline, downloaded them again), the banner in the layout
// offers to reload; the new worker takes over only on that click (or once every tab of the old one
// has closed), so a reader never gets pages of one version with files of the other.
//
// Several tabs: the click in one tab hands every tab of the site to the new worker at once (that is
// how a service worker takes over). A tab still showing a page of the old version would then ask the
// new version for the old version's files (a search script or index chunk under its old hashed name,
// gone from the server), so every tab that was served by the old worker reloads when the worker
// changes, not only the one whose button was clicked: every tab moves with the update
// (docs/offline.md#several-tabs). A first visit's worker taking control of the page is no update and
// reloads nothing.
export function watchForUpdates(reg: ServiceWorkerRegistration): void {
  const banner = document.querySelector<HTMLElement>('[data-update]');
  let controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const before = controller;
    controller = navigator.serviceWorker.controller;
    if (before && controller !== before) location.reload();
  });
  if (!banner) return;
  const offer = (worker: ServiceWorker) => {
    banner.hidden = false;
    banner.querySelector('button')?.addEventListener('click', () => {
      worker.postMessage({ type: 'skip-waiting' });
    }, { once: true });
  };
  // Only an update is offered: on a first visit there is no controller and nothing to replace.
  if (reg.waiting && navigator.serviceWorker.controller) offer(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const worker = reg.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
}
