// The point of sale's service worker: keeps /tools/pos and /tools/mobile-pos usable without a network. The page is
// fetched from the network when there is one (and kept), else served as last kept; hashed assets and covers are kept
// on first use. Sales never pass through here: the page keeps them in IndexedDB and sends them itself.
const CACHE = "sellkit-pos-v1";
const PAGES = ["/tools/pos", "/tools/mobile-pos"];

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith("sellkit-pos-") && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// Keeps run one after another: a slow earlier keep must not overwrite the page a later one stored (a shift opened).
let keeping = Promise.resolve();

// The page lists what it loaded (its document, scripts, styles and covers) so the first visit is enough to work offline.
self.addEventListener("message", (event) => {
  if (event.origin !== self.location.origin || event.data?.type !== "keep") return;
  const urls = (event.data.urls ?? []).filter(
    (url) => typeof url === "string" && new URL(url, self.location.origin).origin === self.location.origin,
  );
  keeping = keeping
    .then(() => caches.open(CACHE))
    .then((cache) => Promise.all(urls.map((url) => cache.add(url).catch(() => undefined))))
    .catch(() => undefined);
  event.waitUntil(keeping);
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(new URL(request.url).pathname, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(new URL(request.url).pathname);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && PAGES.includes(url.pathname)) event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith("/assets/") || url.pathname.startsWith("/covers/"))
    event.respondWith(cacheFirst(request));
});
