/* The site's ranker (search.js) in Node, for the tests under tests/search/ (test_site_search.py).
 *   node runner.js serve SEARCH_JS
 *     reads one request per line, {command, index: SEARCH_INDEX_JS | null, input}, and writes one line for each:
 *     {output} or {fatal: what was thrown, with its stack}. The commands:
 *   search < [{query, game, defaultGame, kind, limit}, …]
 *     → [{ids, notes, hits} | {error}]  (error: what was thrown, with its stack)
 *   query < [{query, game, defaultGame, limit}, …]
 *     → [{ids, answer: the id of the ruling that heads the answer card | null}]  (what the page shows)
 *   parse < [query, …]
 *     → [{lang, expansions: [[lang, phrase], …], compounds: {word: parts}, infinitives: {word: forms}}]
 *       (how the query builder read each query: its language, the synonym entries applied, the German readings)
 *   gloss < [German text, …]
 *     → [the text read word by word in English, as Synonyms.gloss reads it]
 *   decode < null
 *     → {docs: [each entry as the engine reads it], keys: [[spelling, docnum], …],
 *        postings: {field: {term: [docs, positions per document]}}}  (the index as search.js unpacks it)
 *   stem < {en: [words], de: [words], fold: [words]}
 *     → the same lists stemmed (porter2; rulekb's German stem; typed umlauts folded)
 * One process serves a whole test module: each index is loaded once. */
"use strict";
const path = require("path");
const readline = require("readline");

const [command, searchJs] = process.argv.slice(2);
const site = require(path.resolve(searchJs));
const engines = new Map();

function engine(indexJs) {
  if (!engines.has(indexJs)) engines.set(indexJs, new site.Engine(require(path.resolve(indexJs))));
  return engines.get(indexJs);
}

function run(command, indexJs, input) {
  if (command === "search") {
    return input.map(({ query, game = null, defaultGame = null, kind = null, limit = 10 }) => {
      try {
        const result = engine(indexJs).search(query, { game, defaultGame, kind, limit });
        return { ids: result.hits.map((h) => h.id), notes: result.notes, hits: result.hits };
      } catch (error) {
        return { error: String((error && error.stack) || error) };
      }
    });
  }
  if (command === "query") {
    return input.map(({ query, game = null, defaultGame = null, limit = 10 }) => {
      const result = engine(indexJs).query(query, { game, defaultGame, limit });
      return { ids: result.hits.map((h) => h.id), answer: result.answer && result.answer.id };
    });
  }
  if (command === "parse") {
    const e = engine(indexJs);
    return input.map((query) => {
      const parsed = e.builder.build(site.splitQuery(query, e.games, e.c, e.gameNames), e.cache);
      return {
        lang: parsed.lang,
        expansions: parsed.expansions.map((rule) => [rule.lang, rule.phrase]),
        compounds: Object.fromEntries(parsed.compounds || []),
        infinitives: Object.fromEntries(parsed.infinitives || []),
      };
    });
  }
  if (command === "gloss") {
    const e = engine(indexJs);
    return input.map((text) => e.builder.synonyms.gloss(text));
  }
  if (command === "decode") {
    const e = engine(indexJs);
    const postings = {};
    for (const field of Object.keys(e.cache.fields)) {
      postings[field] = {};
      for (const term of e.cache.sortedTerms(field)) {
        const entry = e.cache.entry(field, term);
        postings[field][term] = [entry.docs, entry.positions];
      }
    }
    return { docs: e.docs.map((d) => ({ ...d, primary: [...d.primary] })), keys: [...e.keys], postings };
  }
  if (command === "stem") {
    return { en: input.en.map(site.stemEnglish), de: input.de.map(site.stemGerman), fold: input.fold.map(site.foldGerman) };
  }
  throw new Error(`unknown command ${command}`);
}

if (command !== "serve") throw new Error(`unknown command ${command}`);
readline.createInterface({ input: process.stdin, crlfDelay: Infinity }).on("line", (line) => {
  let reply;
  try {
    const { command, index, input } = JSON.parse(line);
    reply = { output: run(command, index, input) };
  } catch (error) {
    reply = { fatal: String((error && error.stack) || error) };
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
});
