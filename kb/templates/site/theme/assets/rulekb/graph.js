/* Graph views: each diagram is drawn only when its "Diagram" panel is opened, and the Mermaid library
   (3.5 MB) is loaded then, once, so that a phone opening a graph page loads only the lists of rules. */
(function () {
  "use strict";
  const script = document.currentScript;
  let library = null;

  function loadMermaid() {
    if (!library) {
      library = new Promise((resolve, reject) => {
        const tag = document.createElement("script");
        tag.src = new URL(script.dataset.mermaid, script.src).href;
        tag.onload = () => {
          const dark = document.body.getAttribute("data-md-color-scheme") === "slate";
          window.mermaid.initialize({ startOnLoad: false, securityLevel: "strict", theme: dark ? "dark" : "default" });
          resolve(window.mermaid);
        };
        tag.onerror = () => reject(new Error("the diagram library did not load"));
        document.head.appendChild(tag);
      });
    }
    return library;
  }

  async function draw(panel, number) {
    const source = panel.querySelector("pre.rk-mermaid");
    if (!source || panel.dataset.drawn) return;
    panel.dataset.drawn = "pending";
    try {
      const mermaid = await loadMermaid();
      const { svg } = await mermaid.render(`rk-graph-svg-${number}`, source.textContent);
      const figure = document.createElement("div");
      figure.className = "rk-graph-svg";
      figure.innerHTML = svg; // Mermaid's own output, sanitised by its "strict" security level
      source.replaceWith(figure);
      panel.dataset.drawn = "yes";
    } catch (error) {
      delete panel.dataset.drawn;
      console.warn("rulekb:", error.message);
    }
  }

  document.querySelectorAll("details.rk-graph").forEach((panel, number) => {
    panel.addEventListener("toggle", () => { if (panel.open) draw(panel, number); });
    if (panel.open) draw(panel, number);
  });
})();
