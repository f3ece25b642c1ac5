/* rulekb: the source filters of a rulings page. Each chip shows or hides the rulings of its source (CR,
   CR/rulebook disagreement, interpretation); a topic or chapter left without a ruling to show is hidden. */
(() => {
  "use strict";
  const chips = document.querySelectorAll("button[data-filter-source]");
  if (!chips.length) return;

  function apply() {
    const shown = new Set([...chips].filter((c) => c.getAttribute("aria-pressed") === "true")
      .map((c) => c.dataset.filterSource));
    for (const ruling of document.querySelectorAll("details.rk-ruling[data-source]")) {
      ruling.hidden = !shown.has(ruling.dataset.source);
    }
    for (const part of document.querySelectorAll(".rk-topic, .rk-ruling-group")) {
      part.hidden = !part.querySelector("details.rk-ruling:not([hidden])");
    }
  }

  for (const chip of chips) {
    chip.addEventListener("click", () => {
      chip.setAttribute("aria-pressed", String(chip.getAttribute("aria-pressed") !== "true"));
      apply();
    });
  }
})();
