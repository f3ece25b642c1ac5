/* rulekb: the examples listed under rules and rulings. Each game's examples are in one script that every page
   shares (window.rkExamples[game], a list of [url from the site root, title, status]); a list names its game and
   its examples' numbers (data-examples="athernum 3 17"), and this script draws it in place of the link to the
   examples page that readers without scripts follow. */
(() => {
  "use strict";
  const games = window.rkExamples || {};
  const root = window.__md_scope || new URL(".", location.href);   // Material's site root

  function item([url, title, status]) {
    const li = document.createElement("li");
    li.className = "rk-example--" + status;   // the stylesheet draws the status badge from the class
    const link = document.createElement("a");
    link.href = new URL(url, root).href;
    link.textContent = title;
    li.append(link);
    return li;
  }

  for (const stub of document.querySelectorAll("[data-examples]")) {
    const [game, ...numbers] = stub.dataset.examples.split(" ");
    const examples = games[game];
    if (!examples) continue;
    const list = document.createElement("ul");
    list.className = "rk-example-list";
    list.append(...numbers.map((n) => item(examples[Number(n)])));
    stub.replaceWith(list);
  }
})();
