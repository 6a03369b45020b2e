// A new version of the site is announced, not slipped in: when a new service worker has installed
// (and, for a reader who saved games for offline, downloaded them again), the banner in the layout
// offers to reload; the new worker takes over only on that click (or once every tab of the old one
// has closed), so a reader never gets pages of one version with files of the other.
export function watchForUpdates(reg: ServiceWorkerRegistration): void {
  const banner = document.querySelector<HTMLElement>('[data-update]');
  if (!banner) return;
  let asked = false;
  const offer = (worker: ServiceWorker) => {
    banner.hidden = false;
    banner.querySelector('button')?.addEventListener('click', () => {
      asked = true;
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
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (asked) location.reload();
  });
}
