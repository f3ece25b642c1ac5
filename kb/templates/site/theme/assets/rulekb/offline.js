/* Installs the service worker that keeps the whole site for use with no network (served over http(s)
   only: a page opened from the files cannot have one, and needs none). When a new build takes over,
   the page reloads, so that it and everything it loads afterwards come from that one build. */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
  const root = new URL("../../", document.currentScript.src); // this file is assets/rulekb/offline.js
  const updating = Boolean(navigator.serviceWorker.controller); // the first install reloads nothing
  let reloaded = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!updating || reloaded) return;
    reloaded = true;
    location.reload();
  });
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(new URL("sw.js", root), { scope: root.pathname })
      .catch((error) => console.warn("rulekb: the site is not kept for offline use:", error.message));
  });
})();
