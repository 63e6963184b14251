/**
 * Gatehouse's service worker (registered by src/app/serviceWorker.ts once the first screen is idle).
 *
 * It keeps one thing: the offline page (and what it shows), so a page that cannot be loaded
 * says why instead of the browser's error. Everything else goes to the network untouched: the
 * app's code is cached by the browser under its hashed names, and /api answers (access data)
 * are never cached here. Change CACHE when offline.html or its icon changes.
 */
const CACHE = 'gatehouse-offline-v1';
const OFFLINE = '/offline.html';
const KEEP = [OFFLINE, '/offline.js', '/icons/icon-192.png', '/favicon.svg'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(KEEP.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('gatehouse-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // a page: from the network; the offline page when it cannot be reached
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE, { ignoreSearch: true })));
    return;
  }
  // what the offline page itself uses (its texts, its icon), from the cache when offline
  if (KEEP.includes(url.pathname)) event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
});
