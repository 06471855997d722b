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

// A page is kept as it was last asked for, not as last answered: each fetch of a page takes a number when it starts,
// and an answer is stored only if no later-asked one was. A slow answer asked before a shift opened (a keep, or a
// navigation) thus never overwrites the page an online reload stored after it; stores run one after another.
let asked = 0;
const storedAsk = new Map();
let storing = Promise.resolve();

/** Fetches a point-of-sale page and keeps its answer under `path` unless an answer asked for later is kept. */
async function fetchPage(request, path) {
  const ask = ++asked;
  const response = await fetch(request);
  // A redirect (to sign in) is not the page.
  if (!response.ok || response.redirected) return response;
  // The whole body first: stores are ordered only once their bodies are read.
  const body = await response.clone().blob();
  const kept = new Response(body, { status: response.status, headers: response.headers });
  storing = storing
    .then(async () => {
      if (ask < (storedAsk.get(path) ?? 0)) return;
      storedAsk.set(path, ask);
      await (await caches.open(CACHE)).put(path, kept);
    })
    .catch(() => undefined);
  await storing;
  return response;
}

// Keeps run one after another, and answer on the message's port once done (tests wait on it).
let keeping = Promise.resolve();

// The page lists what it loaded (its document, scripts, styles and covers) so the first visit is enough to work offline.
self.addEventListener("message", (event) => {
  if (event.origin !== self.location.origin || event.data?.type !== "keep") return;
  const urls = (event.data.urls ?? []).filter(
    (url) => typeof url === "string" && new URL(url, self.location.origin).origin === self.location.origin,
  );
  keeping = keeping
    .then(() => caches.open(CACHE))
    .then((cache) =>
      Promise.all(
        urls.map((url) => {
          const path = new URL(url, self.location.origin).pathname;
          return (PAGES.includes(path) ? fetchPage(url, path) : cache.add(url)).catch(() => undefined);
        }),
      ),
    )
    .catch(() => undefined)
    .then(() => event.ports[0]?.postMessage({ type: "kept" }));
  event.waitUntil(keeping);
});

async function networkFirst(request) {
  const path = new URL(request.url).pathname;
  try {
    return await fetchPage(request, path);
  } catch (error) {
    const kept = await (await caches.open(CACHE)).match(path);
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
