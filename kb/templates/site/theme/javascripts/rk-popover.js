/* rulekb: previews of rules and glossary terms in place.
   A link in the page's text whose href is a previewed rule's or term's shows its text in a popover, read from
   the page's own JSON (#rk-previews) under that href (or the link's data-node, for a German term's own entry):
   on hover with a mouse, on keyboard focus, and on a tap with a finger or pen (the tap then does not
   navigate; the popover has the link). A second tap on the link, a tap outside or Escape closes it. */
(() => {
  "use strict";
  const source = document.getElementById("rk-previews");
  if (!source) return;
  const previews = JSON.parse(source.textContent || "{}");
  const HOVER_DELAY = 250;
  const LEAVE_DELAY = 200;

  const popover = document.createElement("div");
  popover.id = "rk-popover";
  popover.className = "rk-popover md-typeset";
  popover.setAttribute("role", "tooltip");
  popover.hidden = true;
  document.body.appendChild(popover);

  let anchor = null;   // the link the popover belongs to
  let pointer = "mouse";   // the kind of the last pointer pressed: "mouse", "touch" or "pen"
  let timer = 0;
  let quiet = null;   // a link focused again after Escape: it does not reopen its popover

  const keyOf = (link) => link.dataset.node || link.getAttribute("href");
  const linkOf = (target) => {
    const link = target instanceof Element ? target.closest(".rk-page a[href]:not(.rk-num, .headerlink)") : null;
    return link && previews[keyOf(link)] ? link : null;
  };

  function paragraph(className, text) {
    const p = document.createElement("p");
    p.className = className;
    p.textContent = text;
    return p;
  }

  function fill(link) {
    const entry = previews[keyOf(link)];
    const open = document.createElement("a");
    open.href = link.href;
    open.className = "rk-popover-open";
    open.textContent = entry.o || "Open " + entry.l + " →";
    popover.replaceChildren(paragraph("rk-popover-title", entry.l), paragraph("rk-popover-text", entry.t));
    if (entry.e) popover.append(paragraph("rk-popover-more", entry.e));
    popover.append(open);
  }

  function place(link) {
    const box = link.getBoundingClientRect();
    const width = Math.min(360, document.documentElement.clientWidth - 16);
    popover.style.width = width + "px";
    const left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
    popover.style.left = left + window.scrollX + "px";
    const below = box.bottom + 6;
    const height = popover.offsetHeight;
    const top = below + height > window.innerHeight && box.top - height - 6 > 0 ? box.top - height - 6 : below;
    popover.style.top = top + window.scrollY + "px";
  }

  function show(link) {
    clearTimeout(timer);
    if (anchor === link && !popover.hidden) return;
    hide();
    anchor = link;
    fill(link);
    popover.hidden = false;
    place(link);
    link.setAttribute("aria-describedby", popover.id);
    link.setAttribute("aria-expanded", "true");
  }

  function hide() {
    clearTimeout(timer);
    if (anchor) {
      anchor.removeAttribute("aria-describedby");
      anchor.removeAttribute("aria-expanded");
    }
    anchor = null;
    popover.hidden = true;
  }

  const later = (action, delay) => { clearTimeout(timer); timer = setTimeout(action, delay); };

  document.addEventListener("pointerdown", (event) => {
    pointer = event.pointerType || "mouse";
    if (!popover.hidden && !popover.contains(event.target) && !linkOf(event.target)) hide();
  }, true);

  document.addEventListener("click", (event) => {
    const link = linkOf(event.target);
    const touch = pointer === "touch" || pointer === "pen";
    if (!link || !touch || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (anchor === link && !popover.hidden) hide(); else show(link);
  });

  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const link = linkOf(event.target);
    if (link) later(() => show(link), HOVER_DELAY);
    else if (popover.contains(event.target)) clearTimeout(timer);
  });

  document.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse") return;
    const from = linkOf(event.target) || (popover.contains(event.target) ? popover : null);
    const to = event.relatedTarget;
    if (from && !(to instanceof Node && (popover.contains(to) || (anchor && anchor.contains(to))))) {
      later(hide, LEAVE_DELAY);
    }
  });

  document.addEventListener("focusin", (event) => {
    const link = linkOf(event.target);
    if (link && link === quiet) quiet = null;
    else if (link && link.matches(":focus-visible")) show(link);
    else if (!popover.contains(event.target)) hide();
  });

  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !popover.hidden) {
      const link = anchor;
      hide();
      if (link && document.activeElement !== link) {
        quiet = link;
        link.focus({ preventScroll: true });
      }
    }
  });

  window.addEventListener("resize", () => { if (anchor) place(anchor); });
})();
