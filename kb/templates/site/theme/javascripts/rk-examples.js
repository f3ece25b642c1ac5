/* rulekb: the examples listed under rules and rulings. The page carries each example once (#rk-examples, a list
   of [href, title, status]); a list names its examples by their numbers (data-examples), and this script draws
   it in place of the link to the examples page that readers without scripts follow. */
(() => {
  "use strict";
  const source = document.getElementById("rk-examples");
  if (!source) return;
  const examples = JSON.parse(source.textContent || "[]");

  function item([href, title, status]) {
    const li = document.createElement("li");
    li.className = "rk-example--" + status;   // the stylesheet draws the status badge from the class
    if (href) {
      const link = document.createElement("a");
      link.href = href;
      link.textContent = title;
      li.append(link);
    } else {
      li.textContent = title;
    }
    return li;
  }

  for (const stub of document.querySelectorAll("[data-examples]")) {
    const list = document.createElement("ul");
    list.className = "rk-example-list";
    list.append(...stub.dataset.examples.split(" ").map((n) => item(examples[Number(n)])));
    stub.replaceWith(list);
  }
})();
