/* Added to every page `rulekb serve` sends (never to the built site): reload the page once a rebuild has
   finished, and say so when a rebuild failed, so that an author sees an edit without touching the browser. */
"use strict";

(() => {
  const STATUS = "/__rulekb__/build";
  let seen = null;

  // Once a build has been seen, the server holds each request until a later build is in place (or a while has
  // passed), so that the page reloads the moment a rebuild is done rather than at its next poll.
  async function poll() {
    let wait = 500;
    try {
      const response = await fetch(seen === null ? STATUS : STATUS + "?after=" + seen, { cache: "no-store" });
      const state = await response.json();
      if (seen !== null && state.build !== seen) {
        location.reload();
        return;
      }
      seen = state.build;
      document.title = state.error ? "✗ " + document.title.replace(/^✗ /, "") : document.title.replace(/^✗ /, "");
      if (state.error) console.warn("rulekb serve: the last rebuild failed:\n" + state.error);
      wait = 50;
    } catch (error) {
      // the server is restarting or gone: try again
    }
    setTimeout(poll, wait);
  }

  poll();
})();
