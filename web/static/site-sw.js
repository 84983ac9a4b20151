// The static site's service worker (sw.js, written by `dominosa site` with this build's files and version): the
// site plays offline once opened. Every file of the build is kept at install; each request then goes to the
// network first, so that a site rebuilt with new days shows them, and falls back to the copy kept when offline.
// Only registered when the site is served over http(s) (site.js); from file:// there is none.

const VERSION = "@VERSION@";
const FILES = ["@FILES@"];
const CACHE = `dominosa-site-${VERSION}`;
const here = (name) => new URL(name, self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map(here))).then(() => self.skipWaiting()));
});

// A new build's worker drops the old builds' copies and takes over the open pages at once.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("dominosa-site-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
        }
        return response;
      })
      .catch(async () => {
        const kept = await caches.match(request, { ignoreSearch: true });
        if (kept) return kept;
        if (request.mode === "navigate") return (await caches.match(here("index.html"))) || Response.error();
        return Response.error();
      }),
  );
});
