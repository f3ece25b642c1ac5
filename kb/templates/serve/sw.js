/* The service worker `rulekb serve` sends instead of the offline app's: pages change with every edit, so
   nothing is kept. It removes any offline app installed from this address before and steps aside. */
"use strict";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) await caches.delete(key);
    await self.registration.unregister();
  })());
});
