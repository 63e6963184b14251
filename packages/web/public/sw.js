/**
 * Gatehouse's service worker (registered by src/app/serviceWorker.ts once the first screen is idle).
 *
 * It keeps one thing: the offline page (and what it shows), so a page that cannot be loaded
 * says why instead of the browser's error. Everything else goes to the network untouched: the
 * app's code is cached by the browser under its hashed names, and /api answers (access data)
 * are never cached here. Change CACHE when offline.html or its icon changes.
 *
 * Waking the worker costs every request of a page it controls a hop through it, and each page load
 * the worker's start (up to a second on a busy machine: docs/performance.md, "First screen"). So the
 * browser sends the hashed code and /api straight to the network, without the worker (static routes,
 * where the browser has them), and a page load is asked for while the worker starts (navigation
 * preload); the worker still answers with the offline page when that fails.
 */
const CACHE = 'gatehouse-offline-v1';
const OFFLINE = '/offline.html';
const KEEP = [OFFLINE, '/offline.js', '/icons/icon-192.png', '/favicon.svg'];

/** The requests the worker never answers: they go to the network (and the browser's cache) without it. */
const NETWORK_ONLY = ['/assets/*', '/api/*'];

self.addEventListener('install', (event) => {
  if (typeof event.addRoutes === 'function' && typeof URLPattern === 'function') {
    const routes = [
      ...NETWORK_ONLY.map((pathname) => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: 'network' })),
      // a page load does not wait for the worker to start: the network's answer when it comes first,
      // the worker's (the offline page) when the network fails
      { condition: { requestMode: 'navigate' }, source: 'race-network-and-fetch-handler' },
    ];
    event.waitUntil(event.addRoutes(routes).catch(() => undefined));
  }
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(KEEP.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    Promise.resolve(self.registration.navigationPreload?.enable())
      .catch(() => undefined)
      .then(() => caches.keys())
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('gatehouse-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // a page: from the network (asked for while the worker started); the offline page when it cannot be reached
    event.respondWith(
      Promise.resolve(event.preloadResponse)
        .then((preloaded) => preloaded || fetch(request))
        .catch(() => caches.match(OFFLINE, { ignoreSearch: true })),
    );
    return;
  }
  // what the offline page itself uses (its texts, its icon), from the cache when offline
  if (KEEP.includes(url.pathname)) event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
});
