// tablecheck service worker (template: tools/build.py writes dist/sw.js with
// the precache list and the cache name filled in).
//
// install:  precache every file of the build into a cache named after a
//           content hash of the build (a new build = a new cache).
// activate: delete every other tablecheck cache, then control open pages.
// routes:   the site's files straight from this build's cache (staticRoutes);
// fetch:    same-origin GETs cache-first (falling back to the network);
//           navigations offline are answered with index.html (other
//           addresses in the site redirect to it).
// A new version waits until the page asks it to take over ("skip-waiting"
// message from static/js/sw-register.js after the user taps Reload), so a
// game in progress is never reloaded under the players' hands.

const CACHE = "__CACHE_NAME__";
const PRECACHE = /*__PRECACHE__*/[];
const PREFIX = "tablecheck-";
const INDEX = new URL("./index.html", self.registration.scope).href;

// Static routes (Chromium 123+): the site's files (static/, py/) come
// straight from this build's cache, without starting or running this
// worker for each of them (a start asks for about 100 files, 20 MB of them
// Pyodide's and the snapshot); a file missing from it goes to the network.
// Navigations still come here (index.html, offline redirects).
function staticRoutes(event) {
  if (typeof event.addRoutes !== "function") return;
  const scope = new URL(self.registration.scope).pathname;
  const route = (path) => ({
    condition: { urlPattern: { pathname: `${scope}${path}` }, requestMethod: "GET" },
    source: { cacheName: CACHE },
  });
  // refused routes: every request comes through the fetch handler, as before
  const refused = (error) => console.warn("[tablecheck] service worker static routes not set:", error);
  try {
    event.waitUntil(Promise.resolve(event.addRoutes([route("static/*"), route("py/*")])).catch(refused));
  } catch (error) {
    refused(error);
  }
}

self.addEventListener("install", (event) => {
  staticRoutes(event);
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "no-cache" revalidates each file with the server (a 304 costs no
    // body), so a new build never mixes in stale files and a first visit does
    // not download the 13 MB runtime twice
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
    // first install: nothing to replace, take over at once
    if (!self.registration.active) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(answer(request));
});

// one open of this build's cache for all the requests a start makes
let opened = null;
const ownCache = () => (opened = opened || caches.open(CACHE).catch((error) => { opened = null; throw error; }));

async function answer(request) {
  const cache = await ownCache();
  const navigate = request.mode === "navigate";
  if (navigate && new URL(request.url).pathname === new URL(self.registration.scope).pathname) {
    // the site root is index.html of this very build
    const page = await cache.match(INDEX);
    if (page) return page;
  }
  const hit = await cache.match(request, { ignoreSearch: navigate });
  if (hit) return hit;
  try {
    return await fetch(request);
  } catch (error) {
    // offline: any other page address inside the site leads to the one page
    // (a redirect, so its relative ./static/... addresses resolve again)
    if (navigate && (await cache.match(INDEX))) return Response.redirect(self.registration.scope, 302);
    throw error;
  }
}
