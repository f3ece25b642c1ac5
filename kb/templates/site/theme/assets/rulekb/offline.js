/* Makes the site an installable app that works with no network, when it is served over http(s) (a page
   opened from the files can have neither a manifest nor a service worker, and needs neither): links the
   web app manifest and installs the service worker that keeps the whole site. When a new build takes
   over, the page reloads, so that it and everything it loads afterwards come from that one build. */
(function () {
  "use strict";
  if (!/^https?:$/.test(location.protocol)) return;
  const root = new URL("../../", document.currentScript.src); // this file is assets/rulekb/offline.js
  const manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = new URL("manifest.webmanifest", root).href;
  document.head.appendChild(manifest);
  if (!("serviceWorker" in navigator)) return;
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
