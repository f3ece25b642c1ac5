/* Added to every page `rulekb serve` sends (never to the built site): reload the page once a rebuild has
   finished, and say so when a rebuild failed, so that an author sees an edit without touching the browser. */
"use strict";

(() => {
  const STATUS = "/__rulekb__/build";
  let seen = null;

  async function poll() {
    try {
      const response = await fetch(STATUS, { cache: "no-store" });
      const state = await response.json();
      if (seen !== null && state.build !== seen) {
        location.reload();
        return;
      }
      seen = state.build;
      document.title = state.error ? "✗ " + document.title.replace(/^✗ /, "") : document.title.replace(/^✗ /, "");
      if (state.error) console.warn("rulekb serve: the last rebuild failed:\n" + state.error);
    } catch (error) {
      // the server is restarting or gone: try again
    }
    setTimeout(poll, 500);
  }

  poll();
})();
