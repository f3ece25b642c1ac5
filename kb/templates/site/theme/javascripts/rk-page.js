/* rulekb: what the page tells the browser around it. The search dialog gets a name for screen readers, and on
   the pages of a German document the search box asks in German; a link to a rule puts the rule's number
   first in the tab's title. */
(() => {
  "use strict";
  const dialog = document.querySelector(".md-search[role=dialog]");
  const inputs = document.querySelectorAll("input[data-md-component=search-query], input.rk-search__input");
  const page = document.querySelector(".rk-page[data-rk-placeholder]");
  const label = page ? page.dataset.rkPlaceholder : "Search";
  if (dialog && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", label);
  for (const input of page ? inputs : []) {
    input.placeholder = label;
    input.setAttribute("aria-label", label);
  }

  const title = document.title;
  function nameRule() {
    const id = decodeURIComponent(location.hash.slice(1));
    const rule = id && document.getElementById(id);
    document.title = rule && rule.matches(".rk-rule, .rk-section") ? id + " · " + title : title;
  }
  nameRule();
  window.addEventListener("hashchange", nameRule);
})();
