/* The rulekb service worker, written by the build (kb/site/offline.py): it keeps every page, asset and
   the search index of one build, so that the site opens with no network. Each build has its own cache,
   named by a hash of the files it keeps; a new build's cache is filled completely before it takes over,
   and the caches of older builds are then deleted, so pages of two builds never mix. */
"use strict";

const VERSION = {{ version | tojson }};
const PRECACHE = {{ files | tojson }};
const PREFIX = "rulekb-";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "reload": fetch past the HTTP cache, so a new build never keeps an old build's file.
    await cache.addAll(PRECACHE.map((path) => new Request(new URL(path, self.location), { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

/** The cache key of a request: the file's URL without query or fragment; a folder is its index.html. */
function cacheKey(url) {
  const key = new URL(url);
  key.search = "";
  key.hash = "";
  if (key.pathname.endsWith("/")) key.pathname += "index.html";
  return key.href;
}

async function answer(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(cacheKey(request.url));
  if (kept) return kept;
  try {
    return await fetch(request); // downloads (JSON, GraphML) are fetched when asked for, never kept
  } catch (error) {
    const missing = request.mode === "navigate" && await cache.match(new URL("404.html", self.location).href);
    if (missing) return missing;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(answer(request));
});
