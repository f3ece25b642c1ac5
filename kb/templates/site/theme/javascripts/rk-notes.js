/* rulekb: the notes folded under each rule. One button shows or hides them all, and the choice is
   remembered across pages (localStorage); a link to an anchor inside folded notes opens them. */
(() => {
  "use strict";
  const KEY = "rulekb.notes";
  const notes = () => document.querySelectorAll("details.rk-notes");

  function remembered() {
    try { return localStorage.getItem(KEY) === "open"; } catch { return false; }
  }

  function remember(open) {
    try { localStorage.setItem(KEY, open ? "open" : "folded"); } catch { /* private mode: not remembered */ }
  }

  function apply(open) {
    for (const details of notes()) details.open = open;
    for (const button of document.querySelectorAll("button.rk-notes-all")) {
      button.setAttribute("aria-pressed", String(open));
      button.textContent = open ? button.dataset.hide : button.dataset.show;
    }
  }

  function openTarget() {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id && document.getElementById(id);
    for (let node = target && target.parentElement; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") node.open = true;
    }
  }

  if (remembered()) apply(true);
  openTarget();
  window.addEventListener("hashchange", openTarget);
  for (const button of document.querySelectorAll("button.rk-notes-all")) {
    button.addEventListener("click", () => {
      const open = button.getAttribute("aria-pressed") !== "true";
      apply(open);
      remember(open);
    });
  }
})();
