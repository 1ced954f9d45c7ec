// Service worker: Next's hashed assets from the cache, an offline page for navigations without
// network. Never touches /rest or anything that is not a GET (form submissions).
const VERSION = 'v3';
const MAX_ENTRIES = 150;
const STATIC_CACHE = `static-${VERSION}`;
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== STATIC_CACHE).map((k) => caches.delete(k))))
      // The browser fetches navigations itself (navigation preload), so what the response sets
      // (the language cookie of a redirect) is kept as without a worker.
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

// Only content-hashed files: they never change under the same name, so cache-first is safe.
function isImmutableAsset(url) {
  return url.pathname.startsWith('/_next/static/');
}

// Old deployments' chunks would pile up: keep the newest MAX_ENTRIES.
async function trim(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES)).map((k) => cache.delete(k)));
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/rest')) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      Promise.resolve(event.preloadResponse)
        .then((preloaded) => preloaded || fetch(request))
        .catch(() => caches.match(OFFLINE_URL)),
    );
    return;
  }
  if (isImmutableAsset(url)) {
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(STATIC_CACHE).then((cache) => cache.put(request, copy).then(() => trim(cache)));
            }
            return response;
          }),
      ),
    );
  }
});
