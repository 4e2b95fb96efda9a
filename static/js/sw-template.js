// Manni's service worker. scripts/vendor.py writes it to /sw.js with two constants in
// front: BUILD (a hash of every precached file) and PRECACHE ({path: sha-256}), so a new
// deploy changes sw.js's bytes and the browser installs the new version beside the old.
//
// - install: fill the cache of this build: files whose hash an older build's cache
//   already holds are copied from there, the rest fetched and checked against PRECACHE
//   (a file that does not match fails the install: the old version stays in charge);
// - the new version waits until the page asks it to take over (the page offers
//   "A new version is ready — reload"), so a page never mixes two builds;
// - activate: delete other builds' caches (never the runtime snapshot's);
// - fetch: precached files from the cache, everything else from the network.
// Paths are relative to this file, so the site works under any sub-path.

const PREFIX = "manni-site-";
const CACHE = PREFIX + BUILD;
const HASH_HEADER = "X-Manni-Sha256";
const SCOPE = new URL("./", self.location.href).href;
const INDEX = new URL("index.html", SCOPE).href;
const HASHES = new Map(Object.entries(PRECACHE).map(([path, hash]) => [new URL(path, SCOPE).href, hash]));

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The file as this build expects it: the HTTP cache is tried first (a first visit has
// just downloaded everything), then the server itself.
async function fetchChecked(url, hash) {
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(url, { cache: mode });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    if (await sha256(body) === hash) {
      return new Response(body, { headers: {
        "Content-Type": response.headers.get("Content-Type") || "application/octet-stream",
        [HASH_HEADER]: hash } });
    }
  }
  throw new Error(`${url} is not the file of build ${BUILD}`);
}

async function fromOlderBuild(url, hash) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const response = await (await caches.open(name)).match(url);
    if (response && response.headers.get(HASH_HEADER) === hash) return response;
  }
  return null;
}

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(Array.from(HASHES, async ([url, hash]) => {
    const have = await cache.match(url);
    if (have && have.headers.get(HASH_HEADER) === hash) return;
    await cache.put(url, (await fromOlderBuild(url, hash)) || (await fetchChecked(url, hash)));
  }));
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
})()));

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") event.waitUntil(self.skipWaiting());
});

// The precached URL a request stands for: page navigations inside the site (with any
// query, e.g. ?seed=5) are index.html; query strings never change a static file.
function precachedUrl(request) {
  const url = new URL(request.url);
  url.hash = "";
  url.search = "";
  if (request.mode === "navigate" && url.href.startsWith(SCOPE) &&
      (url.href === SCOPE || url.href === INDEX)) return INDEX;
  return HASHES.has(url.href) ? url.href : null;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = precachedUrl(event.request);
  if (!url) return;
  event.respondWith((async () => {
    const cached = await (await caches.open(CACHE)).match(url);
    return cached || fetch(event.request);
  })());
});
