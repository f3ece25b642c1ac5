/* rulekb: what the page tells the search box. Its dialog gets a name for screen readers, and on the pages
   of a German document the box asks in German. */
(() => {
  "use strict";
  const dialog = document.querySelector(".md-search[role=dialog]");
  const input = document.querySelector("input[data-md-component=search-query]");
  const page = document.querySelector(".rk-page[data-rk-placeholder]");
  const label = page ? page.dataset.rkPlaceholder : (input && input.placeholder) || "Search";
  if (dialog && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", label);
  if (input && page) {
    input.placeholder = label;
    input.setAttribute("aria-label", label);
  }
})();
