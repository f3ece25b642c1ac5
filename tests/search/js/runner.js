/* The site's ranker (search.js) in Node, for the tests under tests/search/ (test_site_search.py).
 *   node runner.js search SEARCH_JS SEARCH_INDEX_JS < [{query, game, kind, limit}, …]
 *     → [{ids, notes, hits} | {error}]  (error: what was thrown, with its stack)
 *   node runner.js query SEARCH_JS SEARCH_INDEX_JS < [{query, game, limit}, …]
 *     → [{ids, answer: the id of the ruling that heads the answer card | null}]  (what the page shows)
 *   node runner.js stem SEARCH_JS < {en: [words], de: [words], fold: [words]}
 *     → the same lists stemmed (porter2; rulekb's German stem; typed umlauts folded) */
"use strict";
const fs = require("fs");
const path = require("path");

const [command, searchJs, indexJs] = process.argv.slice(2);
const site = require(path.resolve(searchJs));
const input = JSON.parse(fs.readFileSync(0, "utf-8"));
let output;
if (command === "search") {
  const engine = new site.Engine(require(path.resolve(indexJs)));
  output = input.map(({ query, game = null, kind = null, limit = 10 }) => {
    try {
      const result = engine.search(query, { game, kind, limit });
      return { ids: result.hits.map((h) => h.id), notes: result.notes, hits: result.hits };
    } catch (error) {
      return { error: String((error && error.stack) || error) };
    }
  });
} else if (command === "query") {
  const engine = new site.Engine(require(path.resolve(indexJs)));
  output = input.map(({ query, game = null, limit = 10 }) => {
    const result = engine.query(query, { game, limit });
    return { ids: result.hits.map((h) => h.id), answer: result.answer && result.answer.id };
  });
} else if (command === "stem") {
  output = { en: input.en.map(site.stemEnglish), de: input.de.map(site.stemGerman), fold: input.fold.map(site.foldGerman) };
} else {
  throw new Error(`unknown command ${command}`);
}
process.stdout.write(JSON.stringify(output));
