/* global self, caches */
// The offline shell (apps/web/src/platform/offline.ts registers it, in production builds only):
// with no network the app still opens, and shows the last feed kept in the page's own query store.
// Pages: the network first, else the app's plain index.html kept here. Hashed assets never change:
// kept once seen, and the ones the page loaded before this worker ran are handed over by the page.
// Nothing else is touched: the API goes to the network as before.
var SHELL = '/app/';
var CACHE = 'padhub-v1';

self.addEventListener('install', function (event) {
  self.skipWaiting();
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.add(SHELL); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) { return key !== CACHE; }).map(function (key) { return caches.delete(key); }));
    }).then(function () {
      // The page that installed it: its later scripts (a page opened next) are kept too.
      return self.clients.claim();
    }),
  );
});

function isAsset(url) {
  return url.origin === self.location.origin && url.pathname.indexOf('/app/assets/') === 0;
}

self.addEventListener('message', function (event) {
  var urls = event.data && event.data.type === 'keep' && Array.isArray(event.data.urls) ? event.data.urls : [];
  var assets = urls.filter(function (href) { return isAsset(new URL(href)); });
  event.waitUntil(
    caches.open(CACHE).then(function (cache) {
      return Promise.all(assets.map(function (href) {
        return cache.match(href).then(function (hit) { return hit || cache.add(href).catch(function () { return undefined; }); });
      }));
    }),
  );
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (request.mode === 'navigate' && url.pathname.indexOf('/app/') === 0) {
    event.respondWith(
      fetch(request).then(
        function (response) {
          // A newer release's shell, for the next start without network.
          if (response.ok) event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.add(SHELL); }).catch(function () { return undefined; }));
          return response;
        },
        function () {
          return caches.match(SHELL).then(function (hit) { return hit || Response.error(); });
        },
      ),
    );
    return;
  }
  if (isAsset(url)) {
    event.respondWith(
      caches.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) {
            var copy = response.clone();
            event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(request, copy); }));
          }
          return response;
        });
      }),
    );
  }
});
