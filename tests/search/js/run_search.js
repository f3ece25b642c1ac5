/* Run searches through the site's ranker in Node, for the parity tests (tests/search/test_site_parity.py).
 * Usage: node run_search.js SEARCH_JS SEARCH_INDEX_JS < requests.json > results.json
 * A request is {query, game, kind, limit}; a result is {ids, notes} or {error} (a thrown exception). */
"use strict";
const fs = require("fs");
const path = require("path");

const [searchJs, indexJs] = process.argv.slice(2).map((p) => path.resolve(p));
const { Engine } = require(searchJs);
const engine = new Engine(require(indexJs));
const requests = JSON.parse(fs.readFileSync(0, "utf-8"));
const results = requests.map(({ query, game = null, kind = null, limit = 10 }) => {
  try {
    const result = engine.search(query, { game, kind, limit });
    return { ids: result.hits.map((h) => h.id), notes: result.notes, snippets: result.hits.map((h) => h.snippet) };
  } catch (error) {
    return { error: String(error && error.stack || error) };
  }
});
process.stdout.write(JSON.stringify(results));
