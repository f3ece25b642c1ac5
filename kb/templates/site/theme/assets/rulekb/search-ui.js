/* rulekb's search boxes: results as you type, the search page (search/index.html?q=…), the answer card,
   the game and kind chips (the game chip a judge presses is remembered as the event's game), and the keyboard.
   The boxes' markup comes from partials/rulekb-search.html.
   This file only draws: every result, its order and every filter come from rulekb.query() in search.js. */
(function () {
  "use strict";

  const SITE_ROOT = new URL("../../", document.currentScript.src); // this file is assets/rulekb/search-ui.js
  const SEARCH_PAGE = new URL("search/index.html", SITE_ROOT); // fixed by the search contract
  const LIMIT = { header: 8, home: 8, page: 50 };
  const ALL_GAMES = "all"; // the "All games" chip: every game, undoing the game the query names or suggests
  const EVENT_GAME_KEY = "rulekb:event-game"; // localStorage: the game chip a judge pressed, for every page and visit
  const KINDS = [["rule", "Rules"], ["ruling", "Rulings"], ["example", "Examples"], ["term", "Glossary"],
                 ["rulebook", "Rulebook"]];
  const KIND_LABEL = { rule: "Rule", section: "Section", chapter: "Chapter", paragraph: "Rule",
                       document: "Document", term: "Glossary", ruling: "Ruling", example: "Example",
                       scenario: "Example", remark: "Remark" };

  function settings() {
    const node = document.getElementById("rk-search-settings");
    try {
      return JSON.parse(node ? node.textContent : "{}");
    } catch (error) {
      return {};
    }
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** A link to a URL the index stores relative to the site root. */
  function siteLink(url, text, className) {
    const link = element("a", className, text);
    link.href = new URL(url, SITE_ROOT).href;
    return link;
  }

  /** The engine's snippet (escaped text with the query's words in <mark>) as nodes: text and <mark> only. */
  function markedText(html) {
    const template = document.createElement("template"); // inert: nothing in it runs or loads
    template.innerHTML = html || "";
    const copy = (from, into) => {
      for (const child of from.childNodes) {
        if (child.nodeType === Node.TEXT_NODE) {
          into.append(child.textContent);
        } else if (child.nodeType === Node.ELEMENT_NODE) {
          if (child.localName === "mark") into.append(copy(child, document.createElement("mark")));
          else copy(child, into);
        }
      }
      return into;
    };
    return copy(template.content, document.createDocumentFragment());
  }

  function searchPageUrl(query, game, kind) {
    const url = new URL(SEARCH_PAGE);
    if (query) url.searchParams.set("q", query);
    if (game) url.searchParams.set("game", game);
    if (kind) url.searchParams.set("kind", kind);
    return url.href;
  }

  /** The event's game: the last game chip a judge pressed, kept in localStorage (which pages opened from the
      files and offline have too; where storage is refused, it lasts as long as the page). */
  const eventGame = {
    unsaved: null,
    boxes: [],
    get() {
      try {
        return window.localStorage.getItem(EVENT_GAME_KEY);
      } catch (error) {
        return this.unsaved;
      }
    },
    set(game) {
      this.unsaved = game;
      try {
        if (game) window.localStorage.setItem(EVENT_GAME_KEY, game);
        else window.localStorage.removeItem(EVENT_GAME_KEY);
      } catch (error) {
        // storage refused (a private window's quota): the choice holds for this page
      }
      this.changed();
    },
    /** Every box shows the event's game now set (here or in another tab) and searches again with it. */
    changed() {
      for (const box of this.boxes) {
        box.showEventGame();
        if (box.input.value.trim() || box.variant === "page") box.search();
      }
    },
  };

  function plural(n, one, many) {
    return `${n} ${n === 1 ? one : many}`;
  }

  /** One search box and its results, in one of three variants: header, home or page. */
  class SearchBox {
    constructor(root, config) {
      this.root = root;
      this.variant = root.dataset.rkSearch;
      this.games = new Map((config.games || []).map((g) => [g.id, g]));
      this.input = root.querySelector(".rk-search__input");
      this.output = root.querySelector(".rk-search__output");
      this.status = root.querySelector(".rk-search__status");
      this.notes = root.querySelector(".rk-search__notes");
      this.answer = root.querySelector(".rk-answer");
      this.list = root.querySelector(".rk-search__list");
      this.more = root.querySelector(".rk-search__more");
      this.openButton = root.querySelector(".rk-search__open");
      this.game = null; // the judge's choice of game (null: the game the query names or suggests, else all)
      this.kind = null;
      this.hits = [];
      this.active = -1;
      this.running = false;
      this.again = false;
      this.gameChips = this.chips(root.querySelector(".rk-search__chips--game"), "game",
        [[ALL_GAMES, "All games"], ...[...this.games.values()].map((g) => [g.id, g.label, g.name])]);
      this.kindChips = this.chips(root.querySelector(".rk-search__chips--kind"), "kind", [[null, "All kinds"], ...KINDS]);
      this.eventLine = this.eventGameLine(root.querySelector(".rk-search__chips--game"));
      this.showEventGame();
      this.bind();
    }

    /** The event's game as the box applies it: a game of this site, else none. */
    get eventGame() {
      const game = eventGame.get();
      return this.games.has(game) ? game : null;
    }

    /** "Event game: Atnia [Clear]", under the game chips while an event's game is set. */
    eventGameLine(chips) {
      const line = element("p", "rk-search__event");
      line.append("Event game: ", element("strong", "rk-search__event-name"), " ");
      const clear = element("button", "rk-search__event-clear", "Clear");
      clear.type = "button";
      clear.addEventListener("click", () => {
        this.game = null;
        this.gameChips[0].chip.focus(); // the line hides: focus stays in the box, on "All games"
        eventGame.set(null);
      });
      line.append(clear);
      chips.after(line);
      return line;
    }

    showEventGame() {
      const game = this.eventGame;
      this.eventLine.hidden = !game;
      this.eventLine.querySelector(".rk-search__event-name").textContent = game ? this.gameName(game) : "";
      this.eventLine.querySelector("button").setAttribute("aria-label", game ? `Clear the event game, ${this.gameName(game)}` : "Clear");
    }

    chips(group, field, choices) {
      return choices.map(([value, label, title]) => {
        const chip = element("button", "rk-search__chip", label);
        chip.type = "button";
        if (title) chip.title = title;
        chip.setAttribute("aria-pressed", String(value === null || value === ALL_GAMES));
        chip.addEventListener("click", () => {
          if (field === "game" && value !== ALL_GAMES) { // a game: the event's game from now on, on every page
            this.game = null;
            eventGame.set(value);
            return;
          }
          this[field] = value;
          this.search();
        });
        group.append(chip);
        return { chip, value };
      });
    }

    bind() {
      // Start loading the index as soon as the judge reaches for a box, before the first key.
      this.input.addEventListener("focus", () => window.rulekb && window.rulekb.ready().catch(() => {}), { once: true });
      this.input.addEventListener("input", () => this.search());
      this.input.addEventListener("focus", () => this.setOpen(Boolean(this.input.value.trim())));
      this.input.addEventListener("keydown", (event) => this.onKey(event));
      this.root.querySelector("form").addEventListener("submit", (event) => {
        event.preventDefault();
        this.submit();
      });
      this.list.addEventListener("click", () => this.setOpen(false));
      this.answer.addEventListener("click", (event) => {
        if (event.target.closest("a")) this.setOpen(false);
      });
      if (this.variant === "page") return;
      this.root.addEventListener("focusout", (event) => {
        if (!this.root.contains(event.relatedTarget)) this.setOpen(false);
      });
      document.addEventListener("pointerdown", (event) => {
        if (!this.root.contains(event.target)) this.setOpen(false);
      });
      if (this.openButton) {
        this.openButton.addEventListener("click", () => this.expand());
        this.root.querySelector(".rk-search__close").addEventListener("click", () => this.collapse());
      }
    }

    /** Run the search for what the box holds now; while one runs, only the latest input runs next. */
    async search() {
      if (this.running) {
        this.again = true;
        return;
      }
      this.running = true;
      try {
        do {
          this.again = false;
          await this.runOnce();
        } while (this.again);
      } finally {
        this.running = false;
      }
    }

    async runOnce() {
      const query = this.input.value;
      const filters = { game: this.game, defaultGame: this.eventGame, kind: this.kind };
      if (!query.trim()) {
        if (this.variant === "page") this.remember(query, this.game);
        this.draw(query, { hits: [], notes: [], game: null }, filters);
        return;
      }
      let result;
      if (!window.rulekb || typeof window.rulekb.query !== "function") {
        result = { hits: [], notes: [], game: null, error: "the search is not available (search.js did not load)" };
      } else {
        try {
          result = await window.rulekb.query(query, { limit: LIMIT[this.variant], ...filters });
        } catch (error) {
          console.error("rulekb search failed:", error);
          result = { hits: [], notes: [], game: null, error: "the search failed" };
        }
      }
      if (this.again) return; // the box changed while this ran: draw only the latest
      if (this.variant === "page") {
        const kept = filters.defaultGame && result.game === filters.defaultGame ? filters.defaultGame : null;
        this.remember(query, this.game || kept);
      }
      this.draw(query, result, filters);
    }

    draw(query, result, filters) {
      const hits = result.hits || [];
      const empty = !query.trim();
      this.hits = hits;
      this.setActive(-1);
      const game = filters.game === ALL_GAMES ? null : filters.game || result.game || (empty && filters.defaultGame) || null;
      for (const { chip, value } of this.gameChips) chip.setAttribute("aria-pressed", String(value === (game || ALL_GAMES)));
      for (const { chip, value } of this.kindChips) chip.setAttribute("aria-pressed", String(value === filters.kind));
      this.status.textContent = empty ? "Type a rule number, a word or a question."
        : result.error ? `Sorry: ${result.error}.`
          : hits.length ? this.summary(hits.length, result.game, filters)
            : `No results for “${query.trim().slice(0, 80)}”${this.scope(game, filters.kind)}.`;
      const notes = result.notes || [];
      this.notes.replaceChildren(...notes.map((note) => element("span", "rk-search__note", note)));
      this.notes.hidden = !notes.length;
      this.drawAnswer(empty || result.error ? null : result.answer); // the ruling `rulekb ask` leads with
      this.list.replaceChildren(...hits.map((hit, i) => this.option(hit, i)));
      if (this.more) {
        this.more.hidden = empty;
        this.more.querySelector("a").href = searchPageUrl(query, filters.game, filters.kind);
      }
      this.setOpen(this.variant === "page" || (!empty && this.root.contains(document.activeElement)));
      this.root.dataset.rkQuery = query;
      this.root.dispatchEvent(new CustomEvent("rulekb:results", { detail: { query, count: hits.length } }));
    }

    summary(count, detected, filters) {
      const shown = this.variant === "page" ? plural(count, "result", "results") : `Top ${plural(count, "result", "results")}`;
      return shown + this.scope(filters.game === ALL_GAMES ? null : filters.game || detected, filters.kind);
    }

    scope(game, kind) {
      const parts = [game && this.gameName(game), kind && KINDS.find(([k]) => k === kind)[1].toLowerCase()];
      return parts.some(Boolean) ? ` in ${parts.filter(Boolean).join(", ")}` : "";
    }

    gameName(game) {
      return this.games.has(game) ? this.games.get(game).label : game;
    }

    option(hit, index) {
      const link = siteLink(hit.url, undefined, "rk-hit");
      link.id = `${this.list.id}-${index}`;
      link.setAttribute("role", "option");
      link.setAttribute("aria-selected", "false");
      link.tabIndex = -1;
      const meta = element("span", "rk-hit__meta");
      const kind = /^rulebook/.test(hit.document || "") ? "Rulebook" : KIND_LABEL[hit.kind] || hit.kind;
      meta.append(element("span", "rk-hit__game", this.gameName(hit.game)), element("span", "rk-hit__kind", kind));
      // a ruling by its id; a numbered rule's paragraph by its label, as the CLI shows it ("9.4.0/p2")
      const label = hit.id.split(":").pop();
      const number = hit.number || (hit.kind === "ruling" ? hit.id.split(/[:/]/).pop()
        : hit.kind === "paragraph" && /^\d/.test(label) ? label : "");
      if (number) meta.append(element("span", "rk-hit__number", number));
      link.append(meta);
      if (hit.title) link.append(element("span", "rk-hit__title", hit.title));
      const snippet = element("span", "rk-hit__snippet");
      snippet.append(hit.snippet ? markedText(hit.snippet) : hit.text || "");
      link.append(snippet);
      return link;
    }

    /** The answer card: the ruling's question, its whole answer, the rules it rests on, its examples. */
    drawAnswer(ruling) {
      this.answer.hidden = !ruling;
      if (!ruling) {
        this.answer.replaceChildren();
        return;
      }
      const label = element("p", "rk-answer__label", "Answer from ");
      label.append(siteLink(ruling.url, `ruling ${ruling.id.split(/[:/]/).pop()}`), ` · ${this.gameName(ruling.game)}`);
      const parts = [label, element("p", "rk-answer__question", ruling.question || ruling.title),
                     element("p", "rk-answer__text", ruling.answer)];
      const rules = ruling.rules || [];
      if (rules.length) {
        const line = element("p", "rk-answer__rules", rules.length === 1 ? "Rests on rule " : "Rests on rules ");
        rules.forEach((rule, i) => {
          if (i) line.append(", ");
          line.append(siteLink(rule.url, rule.number || rule.id.split(":").pop()));
        });
        parts.push(line);
      }
      const examples = ruling.examples || [];
      if (examples.length) {
        const proof = element("details", "rk-answer__examples");
        proof.append(element("summary", "", `Proven by ${plural(examples.length, "example", "examples")}`));
        const list = element("ul");
        for (const example of examples) {
          const item = element("li");
          item.append(siteLink(example.url, example.title || example.id));
          list.append(item);
        }
        proof.append(list);
        parts.push(proof);
      } else {
        parts.push(element("p", "rk-answer__examples", "No example proves it yet."));
      }
      this.answer.replaceChildren(...parts);
    }

    setActive(index) {
      const options = this.list.children;
      if (this.active >= 0 && options[this.active]) options[this.active].setAttribute("aria-selected", "false");
      this.active = index;
      if (index >= 0 && options[index]) {
        options[index].setAttribute("aria-selected", "true");
        options[index].scrollIntoView({ block: "nearest" });
        this.input.setAttribute("aria-activedescendant", options[index].id);
      } else {
        this.input.removeAttribute("aria-activedescendant");
      }
    }

    onKey(event) {
      if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey) return;
      const count = this.hits.length;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        this.setOpen(Boolean(this.input.value.trim()));
        if (!count) return;
        const step = event.key === "ArrowDown" ? 1 : -1;
        this.setActive(Math.max(-1, Math.min(count - 1, this.active + step)));
      } else if (event.key === "Enter") {
        event.preventDefault();
        if (this.active >= 0) this.open(this.hits[this.active]);
        else this.submit();
      } else if (event.key === "Escape") {
        event.preventDefault();
        if (this.active >= 0) this.setActive(-1);
        else if (this.variant !== "page" && this.isOpen()) this.setOpen(false);
        else if (this.openButton && this.root.classList.contains("rk-search--expanded")) this.collapse();
        else if (this.input.value) {
          this.input.value = "";
          this.search();
        }
      }
    }

    /** Enter with no result chosen: the search page for the query; on the search page, the first result. */
    submit() {
      if (this.variant === "page") {
        if (this.hits.length) this.setActive(0);
      } else if (this.input.value.trim()) {
        window.location.assign(searchPageUrl(this.input.value, this.game, this.kind));
      }
    }

    open(hit) {
      this.setOpen(false);
      window.location.assign(new URL(hit.url, SITE_ROOT).href);
    }

    isOpen() {
      return !this.output.hidden;
    }

    setOpen(open) {
      if (this.variant === "page") open = true;
      this.output.hidden = !open;
      this.input.setAttribute("aria-expanded", String(open));
      if (!open) this.setActive(-1);
    }

    /** The header's box on a narrow screen: open it over the header, and close it again. */
    expand() {
      this.root.classList.add("rk-search--expanded");
      this.openButton.setAttribute("aria-expanded", "true");
      this.input.focus();
    }

    collapse() {
      this.setOpen(false);
      this.root.classList.remove("rk-search--expanded");
      this.openButton.setAttribute("aria-expanded", "false");
      this.openButton.focus();
    }

    focus() {
      if (this.openButton && getComputedStyle(this.openButton).display !== "none") this.expand();
      this.input.focus();
      this.input.select();
    }

    /** The search page keeps its query and filters in its URL, so that a shared link shows the same results: the
        game is the chosen one, or the event's game when the results were kept to it (not one the query names). */
    remember(query, game) {
      const search = new URL(searchPageUrl(query, game, this.kind)).search;
      try {
        window.history.replaceState(null, "", search || window.location.pathname);
      } catch (error) {
        // A browser that keeps file:// history read-only: the query stays in the box.
      }
      document.title = query.trim() ? `${query.trim().slice(0, 60)} — ${this.pageTitle}` : this.pageTitle;
    }

    /** On the search page, start from the query (and filters) in the URL. */
    startFromUrl() {
      this.pageTitle = document.title;
      const params = new URLSearchParams(window.location.search);
      this.input.value = params.get("q") || "";
      const game = params.get("game");
      this.game = this.games.has(game) || game === ALL_GAMES ? game : null;
      this.kind = KINDS.some(([k]) => k === params.get("kind")) ? params.get("kind") : null;
      if (!this.input.value) this.input.focus();
      this.search();
    }
  }

  function isTyping(target) {
    return target instanceof HTMLElement &&
      (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  function start() {
    const config = settings();
    const boxes = Array.from(document.querySelectorAll("[data-rk-search]"), (root) => new SearchBox(root, config));
    const order = ["page", "home", "header"];
    const main = boxes.slice().sort((a, b) => order.indexOf(a.variant) - order.indexOf(b.variant))[0];
    eventGame.boxes = boxes;
    window.addEventListener("storage", (event) => {
      if (event.key === EVENT_GAME_KEY || event.key === null) eventGame.changed();
    });
    const page = boxes.find((box) => box.variant === "page");
    if (page) page.startFromUrl();
    document.addEventListener("keydown", (event) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target) || !main) return;
      event.preventDefault();
      main.focus();
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
