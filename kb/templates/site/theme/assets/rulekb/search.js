/* rulekb site search: the CLI's ranking (kb/search/searcher.py `SearchEngine.search`) in the browser.
 *
 * A port of the Python search path, function by function: each function names the Python function it
 * mirrors, so that a change to the Python ranking is ported here the same way. The numbers and word lists
 * (boosts, priors, stopwords, …) are not copied: they come with the index (kb/search/site_index.py), read
 * from the Python modules at build time. The index is `search-index.js` beside this file, loaded by a
 * <script> tag on first use (so that it loads from file:// too). In Node, `require` this file for the
 * Engine and the stemmers. Pure functions, no DOM beyond loading the index.
 */
(function () {
  "use strict";

  // --- kb/search/analysis.py -------------------------------------------------------------------------

  const W = "[\\p{L}\\p{N}_]";  // Python's \w
  /** analysis.TOKEN_PATTERN: words (letters, digits) and dotted rule numbers. */
  const TOKEN = new RegExp(`\\p{Nd}+(?:\\.${W}+)+|${W}+`, "gu");
  const UMLAUT_SPELLING = /(?<![aeiouyäöü])ae|(?<![aeiouyäöü])oe|(?<![qaeiouyäöü])ue(?![aeiouyäöü])/g;
  const UMLAUTS = { ae: "ä", oe: "ö", ue: "ü" };
  const SEPARABLE_PARTICIPLE = new RegExp(
    "^(ab|an|auf|aus|bei|dar|ein|fest|frei|her|hin|hinzu|los|mit|nach|um|vor|weg|zu|zurück|zusammen)" +
    `ge(${W}{3,}?)(et|t|en)(?:e|em|en|er|es)?$`, "u");
  const SEPARABLE_ZU_INFINITIVE = new RegExp(
    "^(zusammen|zurück|hinzu|fest|frei|nach|auf|aus|bei|dar|ein|her|hin|los|mit|vor|weg|ab|an|um|zu)" +
    `zu(${W}{2,}(?:en|eln|ern))$`, "u");
  const SEPARABLE_PREFIXES = new Set(["ab", "an", "auf", "aus", "bei", "dar", "ein", "fest", "frei", "her", "hin",
    "hinzu", "los", "mit", "nach", "um", "vor", "weg", "zu", "zurück", "zusammen"]);

  /** analysis.fold_german: umlauts typed as two letters turned back into umlauts. */
  function foldGerman(word) {
    return word.includes("e") ? word.replace(UMLAUT_SPELLING, (m) => UMLAUTS[m]) : word;
  }

  /** analysis._infinitive: a German verb's infinitive from its base. */
  function infinitiveOf(base) {
    const unstressed = base.length > 2 && (base.endsWith("el") || base.endsWith("er")) &&
      !"aeiouyäöü".includes(base[base.length - 3]);
    return base + (unstressed ? "n" : "en");
  }

  // whoosh.lang.porter2 -------------------------------------------------------------------------------
  const P2 = (() => {
    const rExp = new RegExp(`^[^aeiouy]*[aeiouy]+[^aeiouy](${W}*)`, "u");
    const ewss1 = /^[aeiouy][^aeiouy]$/;
    const ewss2 = /^.*[^aeiouy][aeiouy][^aeiouywxY]$/u;
    const ccy = /([aeiouy])y/g;
    const s1a = /[aeiouy]./u;
    const s1b = /[aeiouy]/;
    function rStart(word, from) {
      const m = rExp.exec(word.slice(from));
      return m ? from + m[0].length - m[1].length : word.length;
    }
    function getR1(word) {
      if (word.startsWith("gener") || word.startsWith("arsen")) return 5;
      if (word.startsWith("commun")) return 6;
      return rStart(word, 0);
    }
    function getR2(word) { return rStart(word, getR1(word)); }
    function endsWithShortSyllable(word) {
      if (word.length === 2 && ewss1.test(word)) return true;
      return ewss2.test(word);
    }
    function isShortWord(word) { return endsWithShortSyllable(word) && getR1(word) === word.length; }
    function step0(word) {
      if (word.endsWith("'s'")) return word.slice(0, -3);
      if (word.endsWith("'s")) return word.slice(0, -2);
      if (word.endsWith("'")) return word.slice(0, -1);
      return word;
    }
    function step1a(word) {
      if (word.endsWith("sses")) return word.slice(0, -4) + "ss";
      if (word.endsWith("ied") || word.endsWith("ies")) {
        return word.length > 4 ? word.slice(0, -3) + "i" : word.slice(0, -3) + "ie";
      }
      if (word.endsWith("us") || word.endsWith("ss")) return word;
      if (word.endsWith("s")) {
        const preceding = word.slice(0, -1);
        return s1a.test(preceding) ? preceding : word;
      }
      return word;
    }
    const doubles = ["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"];
    function step1bHelper(word) {
      if (word.endsWith("at") || word.endsWith("bl") || word.endsWith("iz")) return word + "e";
      if (doubles.some((d) => word.endsWith(d))) return word.slice(0, -1);
      if (isShortWord(word)) return word + "e";
      return word;
    }
    function step1b(word, r1) {
      if (word.endsWith("eedly")) return word.length - 5 >= r1 ? word.slice(0, -3) : word;
      if (word.endsWith("eed")) return word.length - 3 >= r1 ? word.slice(0, -1) : word;
      for (const suffix of ["ed", "edly", "ing", "ingly"]) {
        if (word.endsWith(suffix)) {
          const preceding = word.slice(0, -suffix.length);
          return s1b.test(preceding) ? step1bHelper(preceding) : word;
        }
      }
      return word;
    }
    function step1c(word) {
      if (word.endsWith("y") || (word.endsWith("Y") && word.length > 1)) {
        if (!"aeiouy".includes(word[word.length - 2]) && word.length > 2) return word.slice(0, -1) + "i";
      }
      return word;
    }
    const s2 = [["ization", "ize", []], ["ational", "ate", []], ["fulness", "ful", []], ["ousness", "ous", []],
      ["iveness", "ive", []], ["tional", "tion", []], ["biliti", "ble", []], ["lessli", "less", []],
      ["entli", "ent", []], ["ation", "ate", []], ["alism", "al", []], ["aliti", "al", []], ["ousli", "ous", []],
      ["iviti", "ive", []], ["fulli", "ful", []], ["enci", "ence", []], ["anci", "ance", []], ["abli", "able", []],
      ["izer", "ize", []], ["ator", "ate", []], ["alli", "al", []], ["bli", "ble", []], ["ogi", "og", ["l"]],
      ["li", "", ["c", "d", "e", "g", "h", "k", "m", "n", "r", "t"]]];
    function step2(word, r1) {
      for (const [end, repl, prev] of s2) {
        if (!word.endsWith(end)) continue;
        let attempt = word;
        if (word.length - end.length >= r1) {
          const head = word.slice(0, -end.length);
          if (prev.length === 0) attempt = head + repl;
          else for (const p of prev) { if (head.endsWith(p)) { attempt = head + repl; break; } }
        }
        if (attempt) return attempt;
      }
      return word;
    }
    const s3 = [["ational", "ate", false], ["tional", "tion", false], ["alize", "al", false],
      ["icate", "ic", false], ["iciti", "ic", false], ["ative", "", true], ["ical", "ic", false],
      ["ness", "", false], ["ful", "", false]];
    function step3(word, r1, r2) {
      for (const [end, repl, r2Necessary] of s3) {
        if (!word.endsWith(end)) continue;
        let attempt = word;
        if (word.length - end.length >= r1 && (!r2Necessary || word.length - end.length >= r2)) {
          attempt = word.slice(0, -end.length) + repl;
        }
        if (attempt) return attempt;
      }
      return word;
    }
    const s4 = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate",
      "iti", "ous", "ive", "ize"];
    function step4(word, r2) {
      for (const end of s4) {
        if (word.endsWith(end)) return word.length - end.length >= r2 ? word.slice(0, -end.length) : word;
      }
      if ((word.endsWith("sion") || word.endsWith("tion")) && word.length - 3 >= r2) return word.slice(0, -3);
      return word;
    }
    function step5(word, r1, r2) {
      if (word.endsWith("l")) {
        return word.length - 1 >= r2 && word[word.length - 2] === "l" ? word.slice(0, -1) : word;
      }
      if (word.endsWith("e")) {
        if (word.length - 1 >= r2) return word.slice(0, -1);
        if (word.length - 1 >= r1 && !endsWithShortSyllable(word.slice(0, -1))) return word.slice(0, -1);
      }
      return word;
    }
    const exceptional = { skis: "ski", skies: "sky", dying: "die", lying: "lie", tying: "tie", idly: "idl",
      gently: "gentl", ugly: "ugli", early: "earli", only: "onli", singly: "singl", sky: "sky", news: "news",
      howe: "howe", atlas: "atlas", cosmos: "cosmos", bias: "bias", andes: "andes" };
    const earlyExit = new Set(["inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"]);
    /** whoosh.lang.porter2.stem */
    return function stem(word) {
      if (word.length <= 2) return word;
      if (word.startsWith("'")) word = word.slice(1);
      if (Object.prototype.hasOwnProperty.call(exceptional, word)) return exceptional[word];
      if (word.startsWith("y")) word = "Y" + word.slice(1);
      word = word.replace(ccy, "$1Y");
      const r1 = getR1(word), r2 = getR2(word);
      word = step1a(step0(word));
      if (earlyExit.has(word)) return word;
      word = step1c(step1b(word, r1));
      word = step5(step4(step3(step2(word, r1), r1, r2), r2), r1, r2);
      return word.replace(/Y/g, "y");
    };
  })();

  // whoosh.lang.snowball.german.GermanStemmer -----------------------------------------------------------
  const GERMAN = (() => {
    const vowels = "aeiouyäöü";
    const isVowel = (c) => c !== undefined && c !== "" && vowels.includes(c);
    const sEnding = "bdfghklmnrt", stEnding = "bdfghklmnt";
    const step1 = ["ern", "em", "er", "en", "es", "e", "s"];
    const step2 = ["est", "en", "er", "st"];
    const step3 = ["isch", "lich", "heit", "keit", "end", "ung", "ig", "ik"];
    const inSlice = (needle, s, from, to) => s.slice(from, to).includes(needle);
    function r1r2(word) {  // bases._StandardStemmer._r1r2_standard
      let r1 = "", r2 = "";
      for (let i = 1; i < word.length; i++) {
        if (!isVowel(word[i]) && isVowel(word[i - 1])) { r1 = word.slice(i + 1); break; }
      }
      for (let i = 1; i < r1.length; i++) {
        if (!isVowel(r1[i]) && isVowel(r1[i - 1])) { r2 = r1.slice(i + 1); break; }
      }
      return [r1, r2];
    }
    /** GermanStemmer.stem */
    return function stem(word) {
      word = word.toLowerCase().replace(/ß/g, "ss");
      const chars = word.split("");
      for (let i = 1; i < chars.length - 1; i++) {
        if (isVowel(chars[i - 1]) && isVowel(chars[i + 1])) {
          if (chars[i] === "u") chars[i] = "U";
          else if (chars[i] === "y") chars[i] = "Y";
        }
      }
      word = chars.join("");
      let [r1, r2] = r1r2(word);
      for (let i = 1; i < word.length; i++) {
        if (!isVowel(word[i]) && isVowel(word[i - 1])) {
          if (i + 1 < 3) r1 = word.slice(3);
          break;
        }
      }
      for (const suffix of step1) {
        if (!r1.endsWith(suffix)) continue;
        const n = suffix.length;
        if ((suffix === "en" || suffix === "es" || suffix === "e") && word.slice(-n - 4, -n) === "niss") {
          word = word.slice(0, -n - 1); r1 = r1.slice(0, -n - 1); r2 = r2.slice(0, -n - 1);
        } else if (suffix === "s") {
          if (sEnding.includes(word[word.length - 2])) {
            word = word.slice(0, -1); r1 = r1.slice(0, -1); r2 = r2.slice(0, -1);
          }
        } else {
          word = word.slice(0, -n); r1 = r1.slice(0, -n); r2 = r2.slice(0, -n);
        }
        break;
      }
      for (const suffix of step2) {
        if (!r1.endsWith(suffix)) continue;
        if (suffix === "st") {
          if (stEnding.includes(word[word.length - 3]) && word.length - 3 >= 3) {
            word = word.slice(0, -2); r1 = r1.slice(0, -2); r2 = r2.slice(0, -2);
          }
        } else {
          const n = suffix.length;
          word = word.slice(0, -n); r1 = r1.slice(0, -n); r2 = r2.slice(0, -n);
        }
        break;
      }
      for (const suffix of step3) {
        if (!r2.endsWith(suffix)) continue;
        const n = suffix.length;
        if (suffix === "end" || suffix === "ung") {
          if (inSlice("ig", r2, -n - 2, -n) && !inSlice("e", r2, -n - 3, -n - 2)) word = word.slice(0, -n - 2);
          else word = word.slice(0, -n);
        } else if ((suffix === "ig" || suffix === "ik" || suffix === "isch") && !inSlice("e", r2, -n - 1, -n)) {
          word = word.slice(0, -n);
        } else if (suffix === "lich" || suffix === "heit") {
          if (inSlice("er", r1, -n - 2, -n) || inSlice("en", r1, -n - 2, -n)) word = word.slice(0, -n - 2);
          else word = word.slice(0, -n);
        } else if (suffix === "keit") {
          if (inSlice("lich", r2, -n - 4, -n)) word = word.slice(0, -n - 4);
          else if (inSlice("ig", r2, -n - 2, -n)) word = word.slice(0, -n - 2);
          else word = word.slice(0, -n);
        }
        break;
      }
      return word.replace(/ä/g, "a").replace(/ö/g, "o").replace(/ü/g, "u").replace(/U/g, "u").replace(/Y/g, "y");
    };
  })();

  /** analysis.stem_de: Snowball's German stem, a separable verb's participle or infinitive with "zu" read as
   *  its infinitive. */
  function stemDe(word) {
    const participle = SEPARABLE_PARTICIPLE.exec(word);
    if (participle) {
      word = participle[1] + infinitiveOf(participle[2]);
    } else {
      const withZu = SEPARABLE_ZU_INFINITIVE.exec(word);
      if (withZu && !SEPARABLE_PREFIXES.has(withZu[1] + "zu")) word = withZu[1] + withZu[2];
    }
    return GERMAN(word);
  }

  function cached(fn) {
    const memo = new Map();
    return (key) => {
      let value = memo.get(key);
      if (value === undefined) {
        if (memo.size > 50000) memo.clear();
        value = fn(key);
        memo.set(key, value);
      }
      return value;
    };
  }
  const STEM = { de: cached(stemDe), en: cached(P2) };

  /** str.casefold, for the ids and keys a judge types. */
  function casefold(text) { return text.toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ"); }

  /** Python's order of tuples: whether `a` sorts before `b`, element by element. */
  function tupleLess(a, b) {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
    return false;
  }

  /** searcher._solid: text with its hyphenated words written solid ("sub-types" reads as "subtypes"). */
  function solid(text) { return text.replace(/-/g, ""); }

  /** set(a) == set(b) for two lists of stems. */
  function sameStems(a, b) {
    const x = new Set(a), y = new Set(b);
    return x.size === y.size && [...x].every((stem) => y.has(stem));
  }

  /** Python's str.isspace characters (what str.split() splits on). */
  const SPACE = "\\t\\n\\v\\f\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
  const SPACES = new RegExp(`[${SPACE}]+`, "u");
  /** str.split() */
  function pySplit(text) { return text.split(SPACES).filter((t) => t !== ""); }

  /** How many hits a search returns, as SearchEngine.search takes it (max(1, limit)): a whole number, 10 if none. */
  function hitLimit(limit = 10) {
    return Number.isFinite(Number(limit)) ? Math.max(1, Math.floor(Number(limit))) : 10;
  }

  /** str.strip(chars) (whitespace when chars is omitted) */
  const IS_SPACE = new RegExp(`^[${SPACE}]$`, "u");
  function pyStrip(text, chars) {
    const test = chars === undefined ? (c) => IS_SPACE.test(c) : (c) => chars.includes(c);
    let start = 0, end = text.length;
    while (start < end && test(text[start])) start++;
    while (end > start && test(text[end - 1])) end--;
    return text.slice(start, end);
  }
  function pyRstrip(text, chars) {
    let end = text.length;
    while (end > 0 && chars.includes(text[end - 1])) end--;
    return text.slice(0, end);
  }

  class Analysis {
    /** The analyzers of kb/search/analysis.py over the index's stopword lists. */
    constructor(constants) {
      this.stop = { en: new Set(constants.EN_STOPWORDS), de: new Set(constants.DE_STOPWORDS) };
      this.idiomMark = constants.IDIOM_MARK;
      this.c = constants;
      this.strongVowel = new RegExp(constants.STRONG_VOWEL, "u");
      this._analyse = new Map();
      this._forms = new Map();
    }

    /** analysis.token_spans: each index term of `text` with where its word starts and ends. */
    tokenSpans(text, language = "en") {
      const german = language === "de";
      const stop = german ? this.stop.de : this.stop.en;
      const stem = german ? STEM.de : STEM.en;
      const out = [];
      for (const match of text.matchAll(TOKEN)) {
        let word = match[0].toLowerCase();
        if (german) word = foldGerman(word);
        if (!stop.has(word)) out.push([stem(word), match.index, match.index + match[0].length]);
      }
      return out;
    }

    /** analysis.analyse: the index terms `text` yields in `language` (cached). */
    analyse(text, language = "en") {
      const key = language + "\u0000" + text;
      let out = this._analyse.get(key);
      if (out === undefined) {
        if (this._analyse.size > 8192) this._analyse.clear();
        out = this.tokenSpans(text, language === "de" ? "de" : "en").map((t) => t[0]);
        this._analyse.set(key, out);
      }
      return out;
    }

    /** analysis.negated_stems: the English stems a negating word of `text` bears on. */
    negatedStems(text) {
      const out = new Set();
      const negating = this.negating || (this.negating = new Set(this.c.NEGATING_WORDS));
      let left = 0, previous = "";
      for (const match of text.matchAll(TOKEN)) {
        const word = match[0].toLowerCase();
        if (negating.has(word) || (word === "t" && previous.endsWith("n"))) left = this.c.NEGATION_SCOPE;
        else if (left && !this.stop.en.has(word)) {
          out.add(STEM.en(word));
          left -= 1;
        }
        previous = word;
      }
      return out;
    }

    /** analysis.analyse_forms: each index term with the (lowercased, folded) word it was stemmed from. */
    analyseForms(text, language = "en") {
      return this._wordForms("\u0000", text, language, (word, stop, stem) => (stop ? null : stem(word)));
    }

    /** analysis.idiom_forms: the terms with their words, stopwords kept as IDIOM_MARK + the word. */
    idiomForms(text, language = "en") {
      return this._wordForms("\u0001", text, language, (word, stop, stem) =>
        stop ? this.idiomMark + word : stem(word),
      );
    }

    /** [term, word] for each word of ``text`` whose ``term(word, isStopword, stem)`` is not null, kept per kind. */
    _wordForms(kind, text, language, term) {
      const key = language + kind + text;
      let out = this._forms.get(key);
      if (out === undefined) {
        const german = language === "de";
        const stop = german ? this.stop.de : this.stop.en;
        const stem = german ? stemDe : P2;
        out = [];
        for (const match of text.matchAll(TOKEN)) {
          let word = match[0].toLowerCase();
          if (german) word = foldGerman(word);
          const found = term(word, stop.has(word), stem);
          if (found !== null) out.push([found, word]);
        }
        if (this._forms.size > 8192) this._forms.clear();
        this._forms.set(key, out);
      }
      return out;
    }

    /** analysis.split_compound: the known German words a compound is made of, or null. */
    splitCompound(word, frequency) {
      const { LINKS, MIN_PART, MAX_PARTS } = this.c;
      word = foldGerman(casefold(word));
      let best = null;
      const count = (part) => {
        const stems = this.analyse(part, "de");
        return stems.length === 1 ? frequency(stems[0]) : 0;
      };
      const cuts = (rest, depth, out) => {
        const whole = rest.length >= MIN_PART ? count(rest) : 0;
        if (whole) out.push([[rest], [whole]]);
        if (depth === 1) return;
        for (let i = MIN_PART; i < rest.length - MIN_PART + 1; i++) {
          const head = rest.slice(0, i);
          for (const link of LINKS) {
            if (link && !head.endsWith(link)) continue;
            const part = head.slice(0, head.length - link.length);
            const n = part.length >= MIN_PART ? count(part) : 0;
            if (n) {
              const tails = [];
              cuts(rest.slice(i), depth - 1, tails);
              for (const [parts, counts] of tails) out.push([[part, ...parts], [n, ...counts]]);
            }
          }
        }
      };
      const all = [];
      cuts(word, MAX_PARTS, all);
      for (const [parts, counts] of all) {
        if (parts.length < 2) continue;
        let product = 1.0;
        for (const n of counts) product *= n;
        const score = product ** (1 / parts.length);
        if (best === null || score > best[0] || (score === best[0] && -parts.length > -best[2].length)) {
          best = [score, -parts.length, parts];
        }
      }
      return best ? best[2] : null;
    }

    /** analysis.infinitives: the infinitives a German verb form may belong to (guesses). */
    infinitives(word) {
      word = foldGerman(casefold(word));
      const own = this.analyse(word, "de");
      const bases = [];
      const adjectival = this.c.ADJECTIVE_ENDINGS.filter((e) => word.endsWith("t" + e));
      const participles = adjectival.map((e) => word.slice(0, -e.length)); // gewählte → gewählt
      const forms = [word, ...participles.filter((p) => p.startsWith("ge") || p.endsWith("iert"))];
      for (const form of forms) {
        for (const e of this.c.VERB_ENDINGS) if (form.endsWith(e)) bases.push(form.slice(0, -e.length));
        if (form.startsWith("ge") && form.endsWith("t")) bases.push(form.slice(2, -1)); // gespielt → spiel(en)
      }
      // a strong verb's e in the infinitive is i or ie in the present (stirbt, sieht, gilt)
      const finite = word.endsWith("t") ? [...bases, word] : [...bases];
      for (const b of finite) {
        const changed = b.replace(this.strongVowel, "e$1");
        if (changed !== b) bases.push(changed);
      }
      const out = [];
      const seen = new Set(own);
      for (const base of bases) {
        if (base.length < 3 || this.stop.de.has(base)) continue; // a function word is no verb's stem: Nacht
        const infinitive = infinitiveOf(base);
        const stems = this.analyse(infinitive, "de");
        if (stems.length === 1 && !seen.has(stems[0])) {
          seen.add(stems[0]);
          out.push(infinitive);
        }
      }
      return out;
    }

    /** analysis.verb_readings: German verb forms among `words` with the infinitives `known` accepts; a separable
     *  verb's particle that ends the words (or comes before a closing infinitive with zu) read with it. */
    verbReadings(words, known, spelled = new Set()) {
      const out = new Map();
      const folded = words.map((w) => foldGerman(casefold(w)));
      const at = words.length > 3 && folded[words.length - 2] === "zu" ? words.length - 3 : words.length - 1;
      const particle = at > 0 && this.c.SEPARABLE_PREFIXES.includes(folded[at]) ? folded[at] : "";
      for (const word of words) {
        if (out.has(word) || !this.analyse(word, "de").length) continue;
        const forms = [...this.infinitives(word), ...(particle ? this.infinitives(particle + casefold(word)) : [])];
        const whole = particle + foldGerman(casefold(word)); // a verb typed as its infinitive: "gehen … weg"
        if (particle && spelled.has(whole)) forms.push(whole);
        const accepted = forms.filter(known);
        if (accepted.length) out.set(word, accepted);
      }
      return out;
    }
  }

  // --- kb/search/fuzzy.py ------------------------------------------------------------------------------

  /** fuzzy.max_edits */
  function maxEdits(term) { return term.length < 4 ? 0 : term.length <= 5 ? 1 : 2; }

  /** fuzzy.distance: Damerau–Levenshtein (optimal string alignment), or limit + 1 beyond it. */
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    let previous2 = [];
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const ca = a[i - 1];
      const current = [i].concat(new Array(b.length).fill(0));
      for (let j = 1; j <= b.length; j++) {
        const cb = b[j - 1];
        const cost = ca === cb ? 0 : 1;
        let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (i > 1 && j > 1 && ca === b[j - 2] && a[i - 2] === cb) value = Math.min(value, previous2[j - 2] + 1);
        current[j] = value;
      }
      if (Math.min(...current) > limit) return limit + 1;
      previous2 = previous;
      previous = current;
    }
    return previous[previous.length - 1];
  }

  /** postings.letter_mask, as two 31-bit halves (bits 0–30 and 31–60). */
  function letterMask(word) {
    let lo = 0, hi = 0;
    for (const ch of word) {
      const bit = ch.codePointAt(0) % 61;
      if (bit < 31) lo |= 1 << bit; else hi |= 1 << (bit - 31);
    }
    return [lo, hi];
  }
  function bitCount(n) {
    n = n - ((n >>> 1) & 0x55555555);
    n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
    return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }

  // --- kb/search/postings.py ---------------------------------------------------------------------------

  /** postings.Clause */
  function clause(field, stems, boost = 1.0, group = 0) { return { field, stems, boost, group }; }

  const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", CARRIES = "!#$%&()*+-./:<=>?@[]^_`{}";
  const GAP = -100, NEXT_DOCUMENT = -101;
  /** Each character code of a packed sequence: a last digit's value, -1 - a carried digit's value, or a separator. */
  const PACKED = new Int16Array(128);
  [...DIGITS].forEach((d, i) => { PACKED[d.charCodeAt(0)] = i; });
  [...CARRIES].forEach((d, i) => { PACKED[d.charCodeAt(0)] = -1 - i; });
  PACKED["~".charCodeAt(0)] = GAP;
  PACKED["|".charCodeAt(0)] = NEXT_DOCUMENT;

  /** How many characters of a packed sequence one slice of unpacking reads while the browser is idle (~1 ms). */
  const SLICE = 8192;

  /** site_packing.unpack_field: a field's occurrences (its sequence of terms in each document) sorted by term, in
   *  typed arrays: the occurrences of the term at vocabulary position t are starts[t] to starts[t + 1], each with
   *  its document and position, in order (a term's entry is built from them). Pausing after every SLICE characters,
   *  so idle time can read a field in slices; a query that needs the field first reads the rest at once (`finish`). */
  function* unpackField(count, sequence) {
    const termOf = new Int32Array(sequence.length), docOf = new Int32Array(sequence.length), positionOf = new Int32Array(sequence.length);
    const starts = new Int32Array(count + 1);
    let k = 0, doc = 0, position = 0, value = 0, gap = false;
    for (let i = 0; i < sequence.length; i++) {
      if (i % SLICE === SLICE - 1) yield;
      const code = PACKED[sequence.charCodeAt(i)];
      if (code === NEXT_DOCUMENT) { doc++; position = 0; continue; }
      if (code === GAP) { gap = true; continue; }
      if (code < 0) { value = value * CARRIES.length - 1 - code; continue; }
      value = value * DIGITS.length + code;
      if (gap) { position += value - 1; gap = false; value = 0; continue; }
      termOf[k] = value; docOf[k] = doc; positionOf[k++] = position++;
      starts[value + 1]++;
      value = 0;
    }
    for (let t = 0; t < count; t++) starts[t + 1] += starts[t];
    const next = starts.slice(0, count), docs = new Int32Array(k), positions = new Int32Array(k);
    for (let j = 0; j < k; j++) { const at = next[termOf[j]]++; docs[at] = docOf[j]; positions[at] = positionOf[j]; }
    return { starts, docs, positions };
  }

  /** Runs a paused unpacking to its end and returns what it made. */
  function finish(steps) {
    let step = steps.next();
    while (!step.done) step = steps.next();
    return step.value;
  }

  /** site_packing.LABELS and ANCHORS: how a label or a URL's anchor follows from its entry, by name. */
  const DERIVED_LABELS = {
    "number": (d) => d.number,
    "id": (d, segments) => segments.join("/"),
    "title": (d) => d.title,
    "number title": (d) => `${d.number} ${d.title}`,
    "game/id tail": (d, segments) => [d.game, ...segments.slice(1)].join("/"),
    "id end": (d, segments) => segments[segments.length - 1],
  };
  const DERIVED_ANCHORS = {
    "none": () => null,
    "number": (d) => d.number,
    "id": (d, segments) => segments.join("--"),
    "id tail": (d, segments) => segments.slice(1).join("--"),
    "id dashed": (d, segments) => segments.join("-"),
  };

  /** site_packing.pack_entries, read back: each entry as an object (id, game, …, url, label, links). */
  function unpackEntries(data) {
    const t = data.tables, columns = data.docs;
    const labels = data.derivations.label.map((name) => DERIVED_LABELS[name]);
    const anchors = data.derivations.anchor.map((name) => DERIVED_ANCHORS[name]);
    if (labels.includes(undefined) || anchors.includes(undefined)) throw new Error("rulekb: search-index.js has an unknown format; rebuild the site");
    const docs = new Array(data.count);
    for (let n = 0; n < data.count; n++) {
      const local = columns.id[n], game = t.game[columns.game[n]], title = columns.title[n], text = columns.text[n];
      const d = {
        id: Array.isArray(local) ? local[0] : `${game}:${local}`, game, document: t.document[columns.document[n]],
        kind: t.kind[columns.kind[n]], lang: t.lang[columns.lang[n]], number: columns.number[n], title,
        text: text === 0 ? title : text, url: columns.url[n], label: columns.label[n], related: columns.related[n],
        subrules: columns.subrules[n], examples: columns.examples[n], parent: columns.parent[n],
        primary: new Set(columns.primary[n]),
      };
      const segments = (Array.isArray(local) ? local[0] : local).split("/");
      if (typeof d.label === "number") d.label = labels[d.label](d, segments);
      if (Array.isArray(d.url)) {
        const anchor = anchors[d.url[1]](d, segments);
        d.url = anchor === null ? data.pages[d.url[0]] : `${data.pages[d.url[0]]}#${anchor}`;
      }
      docs[n] = d;
    }
    return docs;
  }

  class Postings {
    /** postings.PostingsCache, read from the exported index (a field's occurrences unpacked while the browser is
     *  idle or on first use, whichever comes first; a term's postings built from them on its first use). */
    constructor(data) {
      const c = data.constants;
      this.c = c;
      this.count = data.count;
      this.fields = {};
      this.norms = {};
      for (const [name, field] of Object.entries(data.fields)) {
        const average = (this.count ? field.total / this.count : 0.0) || 1.0;
        this.norms[name] = field.lengths.map((length) => c.K1 * ((1 - c.B) + c.B * (length || 1) / average));
        const terms = field.terms ? field.terms.split(" ") : [];
        const raw = Object.create(null); // every term, in order → its place in the vocabulary
        terms.forEach((term, t) => { raw[term] = t; });
        this.fields[name] = { raw, count: terms.length, sequence: field.sequence, occurrences: null, unpacking: null, decoded: new Map() };
      }
      this._vocabulary = null;
      this._sorted = new Map();
      this._phrases = new Map();
    }

    /** One term's postings: documents, BM25 term-frequency parts, positions. */
    entry(fieldname, stem) {
      const field = this.fields[fieldname];
      if (!field || !Object.prototype.hasOwnProperty.call(field.raw, stem)) return null;
      let entry = field.decoded.get(stem);
      if (entry === undefined) {
        const { starts, docs: docOf, positions: positionOf } = this.occurrences(field);
        const norms = this.norms[fieldname], K1 = this.c.K1;
        const docs = [], parts = [], positions = [];
        for (let j = starts[field.raw[stem]]; j < starts[field.raw[stem] + 1]; j++) {
          if (docs[docs.length - 1] !== docOf[j]) { docs.push(docOf[j]); positions.push([]); }
          positions[positions.length - 1].push(positionOf[j]);
        }
        docs.forEach((doc, i) => { const tf = positions[i].length; parts.push(tf * (K1 + 1) / (tf + norms[doc])); });
        entry = { docs, parts, positions };
        field.decoded.set(stem, entry);
      }
      return entry;
    }

    /** A field's occurrences, the rest of them unpacked now if idle time has not finished them. */
    occurrences(field) {
      if (field.occurrences === null) {
        field.occurrences = finish(field.unpacking || unpackField(field.count, field.sequence));
        field.unpacking = null;
      }
      return field.occurrences;
    }

    /** Unpacks one slice of the first field not unpacked yet; false once every field is. */
    unpackSlice() {
      const field = Object.values(this.fields).find((f) => f.occurrences === null);
      if (!field) return false;
      field.unpacking = field.unpacking || unpackField(field.count, field.sequence);
      const step = field.unpacking.next();
      if (step.done) [field.occurrences, field.unpacking] = [step.value, null];
      return true;
    }

    /** PostingsCache.vocabulary */
    vocabulary(initial, length) {
      if (this._vocabulary === null) {
        this._vocabulary = new Map();
        const seen = new Set();
        for (const name of this.c.ALL_TEXT_FIELDS) {
          for (const term of Object.keys(this.fields[name].raw)) {
            if (seen.has(term)) continue;
            seen.add(term);
            const key = term.slice(0, 1) + "\u0000" + term.length;
            if (!this._vocabulary.has(key)) this._vocabulary.set(key, []);
            this._vocabulary.get(key).push([term, letterMask(term)]);
          }
        }
      }
      return this._vocabulary.get(initial + "\u0000" + length) || [];
    }

    /** PostingsCache.sorted_terms */
    sortedTerms(fieldname) {
      if (!this._sorted.has(fieldname)) {
        this._sorted.set(fieldname, Object.keys(this.fields[fieldname] ? this.fields[fieldname].raw : {})
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      }
      return this._sorted.get(fieldname);
    }

    /** PostingsCache.has */
    has(fieldname, stem) {
      const field = this.fields[fieldname];
      return !!field && Object.prototype.hasOwnProperty.call(field.raw, stem);
    }

    /** PostingsCache.doc_frequency */
    docFrequency(fieldname, stem) {
      const entry = this.entry(fieldname, stem);
      return entry ? entry.docs.length : 0;
    }

    /** PostingsCache.score: BM25F summed over the clauses, scaled by the share of typed words matched (each
     *  word weighed by its rarity). */
    score(clauses, coordinate = true) {
      const scores = new Map();
      const byGroup = new Map();
      for (const c of clauses) {
        const matches = c.stems.length === 1 ? this._term(c) : this._phrase(c);
        if (matches === null) continue;
        const [docs, parts] = matches;
        const factor = c.boost * (Math.log(this.count / (docs.length + 1)) + 1);
        for (let i = 0; i < docs.length; i++) scores.set(docs[i], (scores.get(docs[i]) || 0.0) + factor * parts[i]);
        if (!byGroup.has(c.group)) byGroup.set(c.group, new Set());
        const set = byGroup.get(c.group);
        for (const doc of docs) set.add(doc);
      }
      if (coordinate && byGroup.size > 1) {
        const weights = new Map();
        for (const c of clauses) if (!weights.has(c.group)) weights.set(c.group, this._rarity(byGroup.has(c.group) ? byGroup.get(c.group).size : 0));
        let total = 0.0;
        for (const weight of weights.values()) total += weight;
        const matched = new Map();
        for (const [group, docs] of byGroup) for (const doc of docs) matched.set(doc, (matched.get(doc) || 0.0) + weights.get(group));
        for (const [doc, weight] of matched) scores.set(doc, scores.get(doc) * (weight / total));
      }
      return scores;
    }

    /** PostingsCache._rarity: a typed word's weight in coordination, the square root of its idf. */
    _rarity(holding) { return Math.sqrt(Math.log(this.count / (holding + 1)) + 1); }

    /** PostingsCache._term */
    _term(c) {
      const entry = this.entry(c.field, c.stems[0]);
      return entry ? [entry.docs, entry.parts] : null;
    }

    /** PostingsCache._phrase (remembered per field and phrase) */
    _phrase(c) {
      const key = c.field + "\u0000" + c.stems.join("\u0001");
      if (!this._phrases.has(key)) {
        if (this._phrases.size > 4096) this._phrases.clear();
        this._phrases.set(key, this._matchPhrase(c.field, c.stems));
      }
      return this._phrases.get(key);
    }

    /** PostingsCache._match_phrase: documents where the stems occur in a row, with their counts. */
    _matchPhrase(fieldname, stems) {
      const entries = stems.map((s) => this.entry(fieldname, s));
      if (entries.some((e) => e === null)) return null;
      const maps = entries.map((e) => new Map(e.docs.map((d, i) => [d, e.positions[i]])));
      const common = [...maps[0].keys()].filter((d) => maps.every((m) => m.has(d))).sort((a, b) => a - b);
      const norms = this.norms[fieldname], K1 = this.c.K1;
      const docs = [], parts = [];
      for (const doc of common) {
        let starts = new Set(maps[0].get(doc));
        for (let offset = 1; offset < maps.length; offset++) {
          const next = new Set(maps[offset].get(doc).map((p) => p - offset));
          starts = new Set([...starts].filter((s) => next.has(s)));
          if (!starts.size) break;
        }
        if (starts.size) {
          const tf = starts.size;
          docs.push(doc);
          parts.push(tf * (K1 + 1) / (tf + norms[doc]));
        }
      }
      return docs.length ? [docs, parts] : null;
    }
  }

  // --- kb/search/synonyms.py ---------------------------------------------------------------------------

  class Synonyms {
    /** synonyms.Synonyms: every expansion rule, matched on stems. */
    constructor(rules, analysis) {
      this.analysis = analysis;
      this.rules = rules.map(([lang, match, phrase, alternatives], n) => ({
        lang, match, phrase, alternatives, n, idiom: match.some((term) => term.startsWith(analysis.idiomMark)),
      }));
      this.byFirst = new Map();
      for (const rule of this.rules) {
        const key = rule.lang + "\u0000" + rule.match[0];
        if (!this.byFirst.has(key)) this.byFirst.set(key, []);
        this.byFirst.get(key).push(rule);
      }
      this.spelled = new Set(this.rules.filter((r) => r.lang === "de" && r.match.length === 1).map((r) => foldGerman(casefold(r.phrase))));
      this._edits = new Map();
    }

    /** Synonyms.expand: the rules of `lang` (the text's language) whose phrase occurs in `text`, closest
     *  spellings where stems merge; never the other language's keys. */
    expand(text, lang) {
      const found = [];
      const seen = new Set();
      const full = this.analysis.idiomForms(text, lang);
      const words = [];
      full.forEach(([term], n) => { if (!term.startsWith(this.analysis.idiomMark)) words.push(n); });
      const covered = new Set(); // the words (positions in `full`) an idiom stands for
      const matches = [];
      const passes = [[false, this.analysis.analyseForms(text, lang), words], [true, full, full.map((_, n) => n)]];
      for (const [idioms, forms, at] of passes) {
        const tokens = forms.map((f) => f[0]);
        tokens.forEach((token, i) => {
          const matching = (this.byFirst.get(lang + "\u0000" + token) || []).filter((rule) =>
            rule.idiom === idioms && rule.match.length <= tokens.length - i && rule.match.every((m, k) => tokens[i + k] === m));
          for (const rule of this._closest(matching, forms[i][1], lang)) {
            const span = at.slice(i, i + rule.match.length);
            if (idioms) for (const n of span) covered.add(n);
            matches.push([rule, span]);
          }
        });
      }
      // an idiom's words mean the idiom, not themselves: "vor Ort" is not a location
      for (const [rule, span] of matches) {
        const key = ruleKey(rule);
        if ((rule.idiom || !span.every((n) => covered.has(n))) && !seen.has(key)) { seen.add(key); found.push(rule); }
      }
      return found;
    }

    /** Synonyms.gloss: a German text read word by word in English (the longest entry at each word, its first
     * phrase; a verb form without one its infinitive's; a repeated translation said once; a word without one
     * kept; stopwords left out). */
    gloss(text) {
      const forms = this.analysis.idiomForms(text, "de");
      const tokens = forms.map((f) => f[0]);
      const verbs = this.analysis.verbReadings(forms.map((f) => f[1]), (form) => this.translation(form) !== null, this.spelled);
      const words = [];
      let i = 0;
      while (i < tokens.length) {
        const matching = (this.byFirst.get("de\u0000" + tokens[i]) || []).filter((rule) =>
          rule.match.length <= tokens.length - i && rule.match.every((m, k) => tokens[i + k] === m));
        let said;
        if (matching.length) {
          const longest = Math.max(...matching.map((r) => r.match.length));
          said = this._closest(matching.filter((r) => r.match.length === longest), forms[i][1], "de")[0].alternatives[0];
          i += longest;
        } else {
          const typed = forms[i][1];
          if (tokens[i].startsWith(this.analysis.idiomMark)) said = "";
          else if (verbs.has(typed)) said = this.translation(verbs.get(typed)[0]) || typed;
          else said = typed;
          i += 1;
        }
        if (said && (!words.length || words[words.length - 1] !== said)) words.push(said);
      }
      return words.join(" ");
    }

    /** query._whole: an English entry that matches its whole phrase (its stopwords leave no common word). */
    whole(rule) {
      return rule.match.length === this.analysis.idiomForms(rule.phrase, rule.lang).length;
    }

    /** Synonyms.rules_for: the one-word rules of `lang` whose word has this stem. */
    rulesFor(lang, stem) {
      return (this.byFirst.get(lang + "\u0000" + stem) || []).filter((r) => r.match.length === 1);
    }

    /** Synonyms.translation: what a German word translates to on its own (its one-word entry's first
     *  alternative, of merged entries the one spelled closest), or null. */
    translation(word) {
      const forms = this.analysis.analyseForms(word, "de");
      if (forms.length !== 1) return null;
      const rules = this._closest(this.rulesFor("de", forms[0][0]), forms[0][1], "de");
      return rules.length ? rules[0].alternatives[0] : null;
    }

    /** synonyms._closest: of rules matching the same stems, those spelled closest to the typed word. */
    _closest(rules, typed, lang) {
      const matchKey = (r) => r.match.join("\u0001");
      if (new Set(rules.map(matchKey)).size === rules.length) return rules;
      const byMatch = new Map();
      for (const rule of rules) {
        if (!byMatch.has(matchKey(rule))) byMatch.set(matchKey(rule), []);
        byMatch.get(matchKey(rule)).push(rule);
      }
      const kept = [];
      for (const same of byMatch.values()) {
        if (same.length === 1) { kept.push(...same); continue; }
        const edits = new Map(same.map((r) => [r, this._editsOf(typed, this.analysis.idiomForms(r.phrase, lang)[0][1])]));
        const nearest = Math.min(...edits.values());
        kept.push(...same.filter((r) => edits.get(r) === nearest));
      }
      return kept;
    }

    /** synonyms._edits */
    _editsOf(typed, spelled) {
      const key = typed + "\u0000" + spelled;
      if (!this._edits.has(key)) this._edits.set(key, distance(typed, spelled, typed.length + spelled.length));
      return this._edits.get(key);
    }
  }

  /** A rule's value, for comparing rules as Python's dataclass equality does. */
  function ruleKey(rule) { return JSON.stringify([rule.lang, rule.match, rule.phrase, rule.alternatives]); }

  // --- kb/search/filters.py ----------------------------------------------------------------------------

  class BadFilter extends Error {}

  /** filters.make_filters: validated filters (a game, a document, a kind or category). */
  function makeFilters(meta, categories, documentKinds, game, document, kind) {
    const games = new Set(meta.games || []);
    const out = { game: null, docid: null, document: null, kinds: [], documents: [] };
    if (game) {
      game = casefold(game);
      if (!games.has(game)) throw new BadFilter(`no game '${game}' in the index (games: ${[...games].sort().join(", ")})`);
      out.game = game;
    }
    if (document) {
      document = casefold(document);
      const docids = meta.docids || [];
      if (document.includes(":")) {
        if (!docids.includes(document)) throw new BadFilter(`no document '${document}' (documents: ${docids.join(", ")})`);
        out.docid = document;
      } else {
        if (!docids.some((d) => d.split(":").slice(1).join(":") === document)) {
          throw new BadFilter(`no document '${document}' (documents: ${docids.join(", ")})`);
        }
        out.document = document;
      }
    }
    if (kind) {
      kind = casefold(kind);
      const kinds = new Set([...Object.values(categories).flat(), ...Object.keys(meta.kinds || {})]);
      if (Object.prototype.hasOwnProperty.call(categories, kind)) out.kinds = categories[kind];
      else if (Object.prototype.hasOwnProperty.call(documentKinds, kind)) {
        const names = [...new Set((meta.docids || []).map((d) => d.split(":").slice(1).join(":")))].sort();
        out.documents = names.filter((n) => n.startsWith(documentKinds[kind]));
        if (!out.documents.length) throw new BadFilter(`no ${kind} in the index (documents: ${names.join(", ")})`);
      } else if (kinds.has(kind)) out.kinds = [kind];
      else {
        throw new BadFilter(`no kind '${kind}' (kinds: ${[...Object.keys(categories), ...Object.keys(documentKinds)].join(", ")}, ` +
          `or one of ${[...kinds].sort().join(", ")})`);
      }
    }
    out.active = !!(out.game || out.docid || out.document || out.kinds.length || out.documents.length);
    /** Filters.accepts_parts */
    out.acceptsParts = (g, d, k) => (!out.game || g === out.game) && (!out.docid || `${g}:${d}` === out.docid) &&
      (!out.document || d === out.document) && (!out.kinds.length || out.kinds.includes(k)) &&
      (!out.documents.length || out.documents.includes(d));
    return out;
  }

  // --- kb/search/query.py ------------------------------------------------------------------------------

  const SYNTAX = new RegExp(`["()*]|(?<!${W})(?:AND|OR|NOT|ANDNOT|ANDMAYBE)(?!${W})`, "u");
  const DOTTED = new RegExp(`^(?:[a-z][\\p{L}\\p{N}_-]*:)?\\p{Nd}+(?:\\.[0-9a-z]+)+$`, "iu");
  const QUALIFIED = new RegExp(`^([a-z][\\p{L}\\p{N}_-]*):([^${SPACE}]+)$`, "iu");
  const WORD = new RegExp(`${W}+(?:[.'-]${W}+)*`, "gu");
  const EDGE_PUNCT = "()[]{},;!?\"'“”„«»";

  /** query.ParsedQuery */
  function parsedQuery(raw) {
    return { raw, text: "", ids: [], filters: {}, words: [], query: null, clauses: null, fallback: false,
      expansions: [], unknown: [], lang: "en", compounds: new Map(), infinitives: new Map(), namedGame: null };
  }

  /** ParsedQuery.readings: the German words a typed word is read as (compound parts, infinitives). */
  function readings(parsed) {
    const out = new Map();
    for (const [w, forms] of parsed.infinitives) out.set(w, [w, ...forms]);
    for (const [w, parts] of parsed.compounds) out.set(w, [...parts, ...(parsed.infinitives.get(w) || [])]);
    return out;
  }

  /** query.split_query: rule ids, game:/doc:/kind: filters and a game named as a word pulled out of the
   *  typed text. */
  function splitQuery(raw, games, c, names = new Map()) {
    const parsed = parsedQuery(raw);
    const kept = [];
    const idPrefixes = new Set(c.ID_PREFIXES);
    let named = null;
    for (const token of pySplit(raw)) {
      const bare = pyRstrip(pyStrip(token, EDGE_PUNCT), ".:");
      const name = casefold(bare.replace(/['’]s$/, ""));
      const game = games.has(name) ? name : names.get(name);
      if (game) {
        named = named || game;
        continue;
      }
      const qualified = QUALIFIED.exec(bare);
      const introduced = kept.length > 0 && idPrefixes.has(casefold(pyStrip(kept[kept.length - 1], EDGE_PUNCT)));
      if ((DOTTED.test(bare) && !isDecimal(bare)) || (qualified && games.has(casefold(qualified[1]))) ||
          (/^\p{Nd}+$/u.test(bare) && introduced)) {
        parsed.ids.push(bare);
        if (introduced) kept.pop();
      } else if (qualified && Object.prototype.hasOwnProperty.call(c.FILTER_NAMES, casefold(qualified[1])) && qualified[2]) {
        parsed.filters[c.FILTER_NAMES[casefold(qualified[1])]] = qualified[2];
      } else {
        kept.push(token);
      }
    }
    if (named) {
      if (!Object.prototype.hasOwnProperty.call(parsed.filters, "game")) parsed.filters.game = named;
      parsed.namedGame = named;
      if (!kept.length && !parsed.ids.length) kept.push(named);
    }
    parsed.text = kept.join(" ");
    return parsed;
  }

  /** query._is_decimal */
  function isDecimal(token) { return /^\p{Nd}+\.\p{Nd}+$/u.test(token); }

  /** query._balanced */
  function balanced(text) {
    let depth = 0;
    for (const ch of text) {
      depth += ch === "(" ? 1 : ch === ")" ? -1 : 0;
      if (depth < 0) return false;
    }
    return depth === 0 && (text.split('"').length - 1) % 2 === 0;
  }

  /** query._clean: characters Whoosh would misread. */
  function clean(text) {
    const map = { "“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "?": " ", "!": " ", ":": " ", "^": " ",
      "[": " ", "]": " ", "{": " ", "}": " ", "~": " " };
    text = text.replace(/[“”„«»?!:^[\]{}~]/g, (ch) => map[ch]);
    return text.replace(new RegExp(`(?<!${W}${W})\\*`, "gu"), " ");
  }

  /** query.PRESENT_PARTICIPLE: an infinitive, d, perhaps an adjective's ending (blockende, wechselnden). */
  const PRESENT_PARTICIPLE = new RegExp(`^(${W}{2,}(?:en|ln|rn))d(?:e|em|en|er|es)?$`, "u");

  /** query.plain_words */
  function plainWords(text, operators) { return (text.match(WORD) || []).filter((w) => !operators.has(w)); }

  class QueryBuilder {
    /** query.QueryBuilder: clauses for plain questions; a small query tree for the query language. */
    constructor(synonyms, analysis, c) {
      this.synonyms = synonyms;
      this.a = analysis;
      this.c = c;
      const oneWord = synonyms.rules.filter((r) => r.lang === "de" && r.match.length === 1);
      this.lexicon = new Set(oneWord.map((r) => r.match[0]));
      this.spelled = synonyms.spelled;
      this.frequency = new Map();
      this.documentFrequency = new Map();
      this.splits = new Map();
      this.operators = new Set(c.OPERATORS);
      this.conditions = c.CONDITIONS.map((condition) => ({ ...condition, pattern: new RegExp(condition.pattern, "iu") }));
    }

    /** QueryBuilder.build */
    build(parsed, cache) {
      const c = this.c;
      const text = pyStrip(parsed.text);
      parsed.words = plainWords(text, this.operators);
      if (!parsed.words.length) return parsed;
      parsed.lang = detectLanguage(parsed.words, cache, this.a, c, this.lexicon);
      const boosts = languageBoosts(parsed.lang, c);
      if (SYNTAX.test(text)) {
        if (balanced(text)) parsed.query = this._parse(clean(text), cache);
        parsed.fallback = parsed.query === null;
      }
      const extra = [];
      if (parsed.lang === "de" && parsed.query === null) {
        parsed.compounds = this._compounds(parsed.words, cache);
        parsed.infinitives = this._infinitives(parsed.words, cache);
      }
      const read = readings(parsed);
      // a compound as typed, then its parts: an idiom's stopword ("am Zug") takes no part for a word ("am Zugende")
      const readAs = (w) => [...(parsed.compounds.has(w) ? [w] : []), ...(read.get(w) || [w])].join(" ");
      const reading = read.size ? parsed.words.map(readAs).join(" ") : text;
      parsed.expansions = this.synonyms.expand(reading, parsed.lang);
      for (const rule of parsed.expansions) {
        const weight = c.SYNONYM_BOOST * (rule.lang === "de" ? c.TRANSLATION_WEIGHT[parsed.lang] : 1.0);
        const group = this._groupOf(rule, parsed.words, read);
        for (const alternative of rule.alternatives) extra.push(...this._phraseClauses(alternative, cache, weight, group));
      }
      if (parsed.lang === "de" && parsed.query === null) { // the English synonyms of the question's English reading
        for (const rule of this.synonyms.expand(this.synonyms.gloss(reading), "en")) {
          if (this.synonyms.whole(rule)) {
            const group = this._glossGroup(rule, parsed.words, read);
            for (const alternative of rule.alternatives) extra.push(...this._phraseClauses(alternative, cache, c.SYNONYM_BOOST, group));
          }
        }
      }
      if (parsed.query === null) {  // the conditions asked about (conditions.py), together as one more word
        for (const condition of this.conditions) {
          if (!condition.pattern.test(text)) continue;
          for (const phrase of condition.words) extra.push(...this._phraseClauses(phrase, cache, condition.weight, parsed.words.length));
        }
      }
      if (parsed.lang === "de" && parsed.query === null) {
        for (const [group, phrase] of this._compositions(parsed, cache)) {
          extra.push(...this._phraseClauses(phrase, cache, c.SYNONYM_BOOST * c.TRANSLATION_WEIGHT.de, group));
        }
      }
      if (parsed.query !== null) {
        if (extra.length) parsed.query = { type: "Or", boost: 1.0, subqueries: [parsed.query, toTree(extra)] };
        return parsed;
      }
      const [clauses, unknown] = this._words(parsed, cache, boosts);
      parsed.clauses = once(clauses.concat(extra, this._pairs(parsed.words, parsed.lang, cache, boosts))).map((cl) => this._rarity(cl, cache));
      parsed.unknown = unknown;
      return parsed;
    }

    /** QueryBuilder.translate: clauses for the translations of corrected German words. */
    translate(corrections, groups, cache, lang, weight) {
      const clauses = [];
      const factor = weight * this.c.SYNONYM_BOOST * this.c.TRANSLATION_WEIGHT[lang];
      for (const [word, terms] of corrections) {
        for (const term of terms) {
          for (const rule of this.synonyms.rulesFor("de", term)) {
            for (const alternative of rule.alternatives) {
              clauses.push(...this._phraseClauses(alternative, cache, factor, groups.has(word) ? groups.get(word) : 0));
            }
          }
        }
      }
      return clauses;
    }

    /** QueryBuilder._rarity: a word's clause in a title, body or context field weighed by the word's rarity
     *  in the whole index (idf over every field of its language / idf in this field). */
    _rarity(cl, cache) {
      if (cl.stems.length !== 1 || cl.field === "terms") return cl;
      const stem = cl.stems[0];
      const lang = this.c.TEXT_FIELDS.de.includes(cl.field) ? "de" : "en";
      const own = Math.log(cache.count / (cache.docFrequency(cl.field, stem) + 1)) + 1;
      return { ...cl, boost: cl.boost * this._idf(lang, stem, cache) / own };
    }

    /** QueryBuilder._idf: the idf of a stem over every field of its language. */
    _idf(lang, stem, cache) {
      const key = lang + "\u0000" + stem;
      if (!this.documentFrequency.has(key)) {
        const docs = new Set();
        for (const fieldname of this.c.TEXT_FIELDS[lang]) {
          const entry = cache.entry(fieldname, stem);
          for (const d of entry ? entry.docs : []) docs.add(d);
        }
        this.documentFrequency.set(key, docs.size);
      }
      return Math.log(cache.count / (this.documentFrequency.get(key) + 1)) + 1;
    }

    /** QueryBuilder._compositions: German compounds (split or hyphenated) read part by part as one English
     *  phrase, with their typed word's group. */
    _compositions(parsed, cache) {
      const out = [];
      const searched = new Set(parsed.expansions.flatMap((rule) =>
        rule.alternatives.map((a) => JSON.stringify(this.a.analyse(a, "en")))));
      parsed.words.forEach((word, group) => {
        const parts = parsed.compounds.get(word) ||
          (this.a.analyse(word, "de").length > 1 ? word.match(new RegExp(`${W}+`, "gu")) : []);
        const english = parts.map((part) => this._englishPart(part, cache));
        if (english.length < 2 || english.includes(null)) return;
        const words = [];
        for (const phrase of english) {
          let said = pySplit(phrase);
          const seam = [this.a.analyse(words[words.length - 1] || "", "en"), this.a.analyse(said[0], "en")];
          if (words.length && JSON.stringify(seam[0]) === JSON.stringify(seam[1])) {
            said = said.slice(1);
          }
          words.push(...said);
        }
        const stems = this.a.analyse(words.join(" "), "en");
        if (stems.length > 1 && !searched.has(JSON.stringify(stems))) out.push([group, words.join(" ")]);
      });
      return out;
    }

    /** QueryBuilder._english_part: a compound's part in English: its translation, or itself when the English
     *  texts hold it. */
    _englishPart(part, cache) {
      const translation = this.synonyms.translation(part);
      if (translation) return translation;
      const stems = this.a.analyse(part, "en");
      if (stems.length && stems.every((s) => this.c.TEXT_FIELDS.en.some((f) => cache.has(f, s)))) return part;
      return null;
    }

    /** QueryBuilder._infinitives: verb forms as analysis.verb_readings reads them (the German texts or the
     *  translations knowing the infinitive); a present participle as its verb. */
    _infinitives(words, cache) {
      const verbs = this.a.verbReadings(words, (form) => this._germanFrequency(cache, this.a.analyse(form, "de")[0]) > 0, this.spelled);
      const out = new Map();
      for (const word of words) {
        if (out.has(word) || !this.a.analyse(word, "de").length) continue;
        const verb = this._participle(word, cache);
        if (verb) out.set(word, [verb]);
        else if (verbs.has(word)) out.set(word, verbs.get(word));
      }
      return out;
    }

    /** QueryBuilder._unknown_whole: a German word of one stem no field and no translation knows as a whole. */
    _unknownWhole(word, cache) {
      const fields = this.c.TEXT_FIELDS;
      const stems = {};
      for (const lang of Object.keys(fields)) stems[lang] = this.a.analyse(word, lang);
      if (!Object.values(stems).every((s) => s.length) || stems.de.length !== 1 || this.lexicon.has(stems.de[0])) return false;
      return !Object.entries(fields).some(([lang, fs]) => fs.some((f) => stems[lang].some((s) => cache.has(f, s))));
    }

    /** QueryBuilder._participle: the verb (as the translations spell it) an unknown word is the present
     *  participle of (blockende → blocken), or null. */
    _participle(word, cache) {
      const participle = PRESENT_PARTICIPLE.exec(foldGerman(casefold(word)));
      if (participle === null || !this.spelled.has(participle[1]) || !this._unknownWhole(word, cache)) return null;
      return participle[1];
    }

    /** QueryBuilder._compounds */
    _compounds(words, cache) {
      const out = new Map();
      for (const word of words) {
        if (out.has(word) || !this._unknownWhole(word, cache) || this._participle(word, cache)) continue;
        if (!this.splits.has(word)) {
          if (this.splits.size > 4096) this.splits.clear();
          this.splits.set(word, this.a.splitCompound(word, (stem) => this._germanFrequency(cache, stem)));
        }
        if (this.splits.get(word)) out.set(word, this.splits.get(word));
      }
      return out;
    }

    /** QueryBuilder._german_frequency */
    _germanFrequency(cache, stem) {
      if (!this.frequency.has(stem)) {
        const count = cache.docFrequency("title_de", stem) + cache.docFrequency("body_de", stem);
        this.frequency.set(stem, Math.max(count, this.lexicon.has(stem) ? 1 : 0));
      }
      return this.frequency.get(stem);
    }

    /** QueryBuilder._words: clauses for every field of every word's terms, and the words no field knows. */
    _words(parsed, cache, boosts) {
      const c = this.c;
      const german = parsed.lang === "de";
      const clauses = [];
      const unknown = [];
      parsed.words.forEach((word, group) => {
        const stemsByLang = {};
        for (const lang of Object.keys(c.TEXT_FIELDS)) stemsByLang[lang] = this.a.analyse(word, lang);
        if (!stemsByLang[parsed.lang].length) return; // a stopword of the question's language
        let found = false;
        for (const [lang, fields] of Object.entries(c.TEXT_FIELDS)) {
          const stems = stemsByLang[lang];
          if (!stems.length) continue; // a stopword of the other language
          for (const fieldname of fields) {
            if (stems.every((stem) => cache.has(fieldname, stem))) {
              clauses.push(clause(fieldname, stems, c.BOOSTS[fieldname] * (boosts[lang] ?? 1.0), group));
              found = true;
            }
          }
        }
        for (const spelling of spellings(word, this.a)) {
          for (const fieldname of c.TEXT_FIELDS.en) {
            if (spelling.every((stem) => cache.has(fieldname, stem))) {
              clauses.push(clause(fieldname, spelling, c.BOOSTS[fieldname] * (boosts.en ?? 1.0), group));
            }
          }
        }
        if (!german) {
          if (!found) unknown.push(word);
          return;
        }
        let parts = stemsByLang.de.length > 1 ? stemsByLang.de : [];
        const english = stemsByLang.en; // the loanword of Online-Turnier, where no English text has the whole
        if (english.length > 1 && !c.TEXT_FIELDS.en.some((f) => english.every((s) => cache.has(f, s)))) {
          for (const part of english) {
            for (const f of c.TEXT_FIELDS.en) {
              if (cache.has(f, part)) clauses.push(clause(f, [part], c.BOOSTS[f] * (boosts.en ?? 1.0) * c.LOANWORD_PART_WEIGHT, group));
            }
          }
        }
        for (const infinitive of parsed.infinitives.get(word) || []) {
          found = this._germanClauses(clauses, this.a.analyse(infinitive, "de"), cache, boosts, group) || found;
        }
        if (!found && parsed.compounds.has(word)) {
          parts = parsed.compounds.get(word).map((part) => this.a.analyse(part, "de")[0]);
          found = this._germanClauses(clauses, parts, cache, boosts, group) || parts.length > 0;
        }
        for (const part of parts) this._germanClauses(clauses, [part], cache, boosts, group, c.COMPOUND_PART_WEIGHT);
        // a word the translations know is no typo (Ressourcenmarken is no Ressourcenkarte)
        if (!found && !(stemsByLang.de.length === 1 && this.lexicon.has(stemsByLang.de[0]))) unknown.push(word);
      });
      return [clauses, unknown];
    }

    /** QueryBuilder._german_clauses */
    _germanClauses(clauses, stems, cache, boosts, group, weight = 1.0) {
      let found = false;
      for (const fieldname of this.c.TEXT_FIELDS.de) {
        if (stems.every((stem) => cache.has(fieldname, stem))) {
          clauses.push(clause(fieldname, stems, this.c.BOOSTS[fieldname] * (boosts.de ?? 1.0) * weight, group));
          found = true;
        }
      }
      return found;
    }

    /** query._pairs: each two neighbouring words (the stopwords of the question's language left out) as a
     *  phrase in PAIR_FIELDS; not in the fields of a language one of them is a stopword of. */
    _pairs(words, questionLang, cache, boosts) {
      const c = this.c;
      const kept = [];
      words.forEach((word, n) => {
        if (this.a.analyse(word, questionLang).length) kept.push([n, word]);
      });
      const clauses = [];
      for (let i = 0; i + 1 < kept.length; i++) {
        const [group, first] = kept[i], second = kept[i + 1][1];
        for (const [lang, fields] of Object.entries(c.PAIR_FIELDS)) {
          const head = this.a.analyse(first, lang), tail = this.a.analyse(second, lang);
          if (!head.length || !tail.length) continue;
          const stems = head.concat(tail);
          for (const f of fields) {
            if (stems.every((stem) => cache.has(f, stem))) {
              clauses.push(clause(f, stems, c.BOOSTS[f] * (boosts[lang] ?? 1.0) * c.PAIR_WEIGHT, group));
            }
          }
        }
      }
      return clauses;
    }

    /** query._group_of: the typed word a synonym stands in for. */
    _groupOf(rule, words, read) {
      const match = new Set(rule.match);
      for (let n = 0; n < words.length; n++) {
        const parts = (read && read.get(words[n])) || [words[n]];
        if (parts.some((part) => this.a.analyse(part, rule.lang).some((s) => match.has(s)))) return n;
      }
      return words.length;
    }

    /** QueryBuilder._gloss_group: the typed word whose own English reading shares a stem with the synonym. */
    _glossGroup(rule, words, read) {
      for (let n = 0; n < words.length; n++) {
        const english = this.synonyms.gloss(((read && read.get(words[n])) || [words[n]]).join(" "));
        const stems = new Set(this.a.analyse(english, "en"));
        if (rule.match.some((m) => stems.has(m))) return n;
      }
      return words.length;
    }

    /** query._phrase_clauses: a synonym's alternative as a phrase over the English fields. */
    _phraseClauses(phrase, cache, weight, group) {
      const stems = this.a.analyse(phrase, "en");
      if (!stems.length) return [];
      return this.c.TEXT_FIELDS.en.filter((f) => stems.every((s) => cache.has(f, s)))
        .map((f) => clause(f, stems, this.c.BOOSTS[f] * weight, group));
    }

    /** QueryBuilder._parse: the query language (phrases, AND/OR/NOT, parentheses, prefix*) as a tree,
     *  as Whoosh's MultifieldParser reads the common cases; null when nothing searchable is left. */
    _parse(text, cache) {
      let query;
      try {
        query = normalize(new QueryParser(text, this, cache).parse());
      } catch (error) {
        return null;
      }
      return query && searchable(query) ? query : null;
    }
  }

  const HYPHENATED = /^\p{L}+(?:-\p{L}+)+$/u;
  const MIN_SPELLING_PART = 3, MIN_SPELLING_WORD = 6, MAX_SPELLING_WORD = 40;

  /** query._spellings: the other ways an English compound is spelled, as stems (sub-type → subtype,
   *  subtype → sub type). */
  function spellings(word, a) {
    const stems = a.analyse(word, "en");
    if (stems.length > 1) {
      const joined = HYPHENATED.test(word) ? a.analyse(word.replace(/-/g, ""), "en") : [];
      return joined.length === 1 ? [joined] : [];
    }
    const chars = [...word];
    if (stems.length !== 1 || !/^\p{L}+$/u.test(word) || chars.length < MIN_SPELLING_WORD || chars.length > MAX_SPELLING_WORD) return [];
    const out = [];
    for (let i = MIN_SPELLING_PART; i <= chars.length - MIN_SPELLING_PART; i++) {
      const head = a.analyse(chars.slice(0, i).join(""), "en"), tail = a.analyse(chars.slice(i).join(""), "en");
      if (head.length === 1 && tail.length === 1) out.push(head.concat(tail));
    }
    return out;
  }

  /** query._once: each term or phrase once per field and typed word, at its highest boost. */
  function once(clauses) {
    const best = new Map();
    for (const c of clauses) {
      const key = c.field + "\u0000" + c.stems.join("\u0001") + "\u0000" + c.group;
      if (!best.has(key) || c.boost > best.get(key).boost) best.set(key, c);
    }
    return [...best.values()];
  }

  /** query.to_whoosh: clauses as an OR of terms and phrases. */
  function toTree(clauses) {
    const parts = clauses.map((c) => c.stems.length === 1
      ? { type: "Term", field: c.field, text: c.stems[0], boost: c.boost }
      : { type: "Phrase", field: c.field, words: c.stems, boost: c.boost });
    return parts.length === 1 ? parts[0] : { type: "Or", boost: 1.0, subqueries: parts };
  }

  /** query.detect_language: "de" when the words look German, else "en". */
  function detectLanguage(words, cache, a, c, lexicon = new Set()) {
    const germanWords = new Set(c.GERMAN_WORDS);
    let german = 0, english = 0;
    for (const word of words) {
      const lower = casefold(word);
      if (a.stop.de.has(lower) && a.stop.en.has(lower)) continue; // a function word of both languages
      if (germanWords.has(lower) || a.stop.de.has(lower) || /[äöüß]/.test(lower)) german += 1;
      else if (a.stop.en.has(lower)) english += 1;
      else if (cache) {
        const stems = a.analyse(word, "de");
        const inEn = c.TEXT_FIELDS.en.some((f) => a.analyse(word, "en").some((s) => cache.has(f, s)));
        // a word no text holds but the translations know (Ressourcenmarken) is German too
        const inDe = c.TEXT_FIELDS.de.some((f) => stems.some((s) => cache.has(f, s)))
          || (!inEn && stems.length === 1 && lexicon.has(stems[0]));
        german += inDe && !inEn ? 1 : 0;
        english += inEn && !inDe ? 1 : 0;
      }
    }
    return german > english ? "de" : "en";
  }

  /** query.language_boosts */
  function languageBoosts(lang, c) { return lang === "de" ? { de: c.LANGUAGE_BOOST, en: 1.0 } : { en: 1.0, de: 1.0 }; }

  /** query._searchable: matches by some term or prefix, and not everything. */
  function searchable(query) {
    const leaves = leavesOf(query);
    if (leaves.some((l) => (l.type === "Prefix" || l.type === "Wildcard") && l.text.replace(/^[*?]+|[*?]+$/g, "").length < 2)) {
      return false;
    }
    return leaves.some((l) => ["Term", "Phrase", "Prefix", "Wildcard"].includes(l.type));
  }

  function leavesOf(query) {
    if (query.subqueries) return query.subqueries.flatMap(leavesOf);
    if (query.query) return leavesOf(query.query);
    if (query.a) return leavesOf(query.a).concat(leavesOf(query.b)); // ANDNOT, ANDMAYBE
    return [query];
  }

  class QueryParser {
    /** The common cases of Whoosh's query language over every text field (OrGroup: words are ORed;
     *  AND binds tighter than OR; NOT excludes; "a phrase"; prefix* and wild?card per field). */
    constructor(text, builder, cache) {
      this.tokens = (text.match(/"[^"]*"|\(|\)|[^\s()"]+/gu) || []);
      this.i = 0;
      this.b = builder;
      this.cache = cache;
    }

    parse() { return this.orGroup(); }

    peek() { return this.tokens[this.i]; }

    orGroup() {
      const parts = [];
      while (this.i < this.tokens.length && this.peek() !== ")") {
        const part = this.andGroup();
        if (part) parts.push(part);
        if (this.peek() === "OR") this.i++;
      }
      return combine("Or", parts);
    }

    andGroup() {
      let left = this.unary();
      for (;;) {
        const op = this.peek();
        if (op === "AND" || op === "ANDNOT" || op === "ANDMAYBE") {
          this.i++;
          const next = this.peek();
          if (op !== "AND" && (next === "ANDNOT" || next === "ANDMAYBE")) throw new Error("two binary operators"); // as Whoosh fails
          const right = this.unary();
          if (!right) continue;
          if (!left) { left = op === "ANDNOT" ? null : right; continue; }
          left = op === "AND" ? combine("And", [left, right])
            : op === "ANDNOT" ? { type: "AndNot", a: left, b: right, boost: 1.0 }
            : { type: "AndMaybe", a: left, b: right, boost: 1.0 };
        } else {
          return left;
        }
      }
    }

    unary() {
      const token = this.tokens[this.i++];
      if (token === undefined) return null;
      if (token === "NOT") {
        if (this.b.operators.has(this.peek())) throw new Error("NOT before an operator"); // as Whoosh fails
        const operand = this.unary();
        return operand ? { type: "Not", query: operand, boost: 1.0 } : null;
      }
      if (token === "(") {
        const inner = this.orGroup();
        if (this.peek() === ")") this.i++;
        return inner;
      }
      if (token === ")" || this.b.operators.has(token)) return null;
      if (token.startsWith('"')) return this.phrase(token.slice(1, -1));
      return this.word(token);
    }

    /** A word in every text field (Whoosh's MultifieldParser): a term for each of its stems. */
    word(token) {
      const c = this.b.c;
      const parts = [];
      if (/[*?]/.test(token)) {
        const lower = token.toLowerCase();
        const prefix = /^[^*?]+\*$/.test(lower);
        const pattern = prefix ? lower.slice(0, -1) : lower;
        for (const f of c.ALL_TEXT_FIELDS) {
          // as Whoosh: the pattern (a prefix without its star) is read as one word of the field, stemmed unless
          // it is a stopword ("its*")
          const lang = fieldLanguage(f, c), word = lang === "de" ? foldGerman(pattern) : pattern;
          const text = this.b.a.stop[lang].has(word) ? word : STEM[lang](word);
          parts.push({ type: prefix ? "Prefix" : "Wildcard", field: f, text, boost: c.BOOSTS[f] });
        }
        return combine("Or", parts);
      }
      for (const f of c.ALL_TEXT_FIELDS) {
        // as Whoosh's OrGroup: each of a word's stems ("sub-type") is a term of its own
        for (const s of this.b.a.analyse(token, fieldLanguage(f, c))) {
          parts.push({ type: "Term", field: f, text: s, boost: c.BOOSTS[f] });
        }
      }
      return combine("Or", parts);
    }

    /** A quoted phrase in every text field. */
    phrase(text) {
      const c = this.b.c;
      const parts = [];
      for (const f of c.ALL_TEXT_FIELDS) {
        const stems = this.b.a.analyse(text, fieldLanguage(f, c));
        // as Whoosh: a phrase of one word is a plain term, and keeps no field boost
        if (stems.length === 1) parts.push({ type: "Term", field: f, text: stems[0], boost: 1.0 });
        else if (stems.length > 1) parts.push({ type: "Phrase", field: f, words: stems, boost: c.BOOSTS[f] });
      }
      return combine("Or", parts);
    }
  }

  /** Whoosh's Query.normalize, which its parser ends with: a group's groups of its own kind merged into it
   *  (their boost passed on to their parts), a part equal to an earlier one dropped ("deck" typed twice counts
   *  once), a group of one part that part. */
  function normalize(query) {
    if (query === null) return null;
    if (query.type === "Not") return { ...query, query: normalize(query.query) };
    if (query.type === "AndNot" || query.type === "AndMaybe") return { ...query, a: normalize(query.a), b: normalize(query.b) };
    if (query.type !== "Or" && query.type !== "And") return query;
    const merged = [];
    for (const part of query.subqueries.map(normalize)) {
      if (part.type === query.type) merged.push(...part.subqueries.map((p) => ({ ...p, boost: p.boost * part.boost })));
      else merged.push(part);
    }
    const seen = new Set();
    const parts = merged.filter((p) => { const k = queryKey(p); return !seen.has(k) && seen.add(k); });
    if (parts.length > 1) return { type: query.type, subqueries: parts, boost: query.boost };
    return query.boost === 1.0 ? parts[0] : { ...parts[0], boost: parts[0].boost * query.boost };
  }

  /** What makes two queries equal for Whoosh: their kind, field, text or words, boost and parts. */
  function queryKey(q) {
    return JSON.stringify([q.type, q.field, q.text, q.words, q.boost,
      q.subqueries && q.subqueries.map(queryKey), q.query && queryKey(q.query), q.a && queryKey(q.a), q.b && queryKey(q.b)]);
  }

  function combine(type, parts, boost = 1.0) {
    parts = parts.filter(Boolean);
    if (!parts.length) return null;
    return parts.length === 1 && boost === 1.0 ? parts[0] : { type, subqueries: parts, boost };
  }

  function fieldLanguage(field, c) { return c.TEXT_FIELDS.de.includes(field) ? "de" : "en"; }

  // --- kb/search/matching.py ---------------------------------------------------------------------------

  /** matching._eval: the documents a query tree matches, scored with the same BM25F. */
  function evaluate(cache, query) {
    switch (query.type) {
      case "Term": return cache.score([clause(query.field, [query.text], query.boost)], false);
      case "Phrase": return cache.score([clause(query.field, query.words, query.boost)], false);
      case "Prefix":
      case "Wildcard": {
        const terms = expand(cache, query.field, query.text, query.type === "Prefix");
        return cache.score(terms.map((t) => clause(query.field, [t], query.boost)), false);
      }
      case "Or":
      case "And": {
        const positive = query.subqueries.filter((s) => s.type !== "Not");
        const negative = query.subqueries.filter((s) => s.type === "Not").map((s) => s.query);
        if (!positive.length) {  // only NOTs: each matches what lacks its words
          const parts = query.subqueries.map((s) => evaluate(cache, s));
          return query.type === "Or" ? union(parts, query.boost) : intersection(parts, query.boost);
        }
        const parts = positive.map((s) => evaluate(cache, s));
        const scores = query.type === "Or" ? union(parts, query.boost) : intersection(parts, query.boost);
        return without(scores, negative.map((s) => evaluate(cache, s)));
      }
      case "Not": {
        const excluded = evaluate(cache, query.query);
        const out = new Map();
        for (let d = 0; d < cache.count; d++) if (!excluded.has(d)) out.set(d, cache.c.NOT_SCORE);
        return out;
      }
      case "AndNot": return without(evaluate(cache, query.a), [evaluate(cache, query.b)]);
      case "AndMaybe": {
        const required = evaluate(cache, query.a), optional = evaluate(cache, query.b);
        return new Map([...required].map(([d, s]) => [d, s + (optional.get(d) || 0.0)]));
      }
      default: return new Map();
    }
  }

  /** matching._expand: the terms a prefix or wildcard stands for. */
  function expand(cache, fieldname, pattern, prefix) {
    const terms = cache.sortedTerms(fieldname);
    if (prefix) return terms.filter((t) => t.startsWith(pattern));
    const re = new RegExp("^" + pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".") + "$", "su");
    return terms.filter((t) => re.test(t));
  }

  /** matching._union */
  function union(parts, boost) {
    const out = new Map();
    for (const part of parts) for (const [d, s] of part) out.set(d, (out.get(d) || 0.0) + s);
    if (boost !== 1.0) for (const [d, s] of out) out.set(d, s * boost);
    return out;
  }

  /** matching._intersection */
  function intersection(parts, boost) {
    const out = new Map();
    for (const d of parts[0].keys()) {
      if (parts.every((p) => p.has(d))) out.set(d, parts.reduce((sum, p) => sum + p.get(d), 0) * boost);
    }
    return out;
  }

  /** matching._without */
  function without(scores, excluded) {
    const drop = new Set(excluded.flatMap((e) => [...e.keys()]));
    return new Map([...scores].filter(([d]) => !drop.has(d)));
  }

  // --- kb/search/snippets.py ---------------------------------------------------------------------------

  /** snippets._window: the window holding the most matches. */
  function snippetWindow(length, spans, width, lead) {
    if (length <= width || !spans.length) return [0, Math.min(length, width)];
    let bestStart = 0, bestCount = -1;
    for (const [start] of spans) {
      const begin = Math.max(0, start - lead);
      const count = spans.filter(([s, e]) => s >= begin && e <= begin + width).length;
      if (count > bestCount) { bestStart = begin; bestCount = count; }
    }
    const begin = Math.min(bestStart, Math.max(0, length - width));
    return [begin, begin + width];
  }

  /** snippets.snippet: segments [text, isMatch] with the words that matched the query marked. */
  function snippet(a, text, lang, stems, prefixes, width, lead) {
    text = pySplit(text).join(" ");
    if (!text) return [];
    const spans = (!stems.size && !prefixes.length) ? [] : a.tokenSpans(text, lang)
      .filter(([stem]) => stems.has(stem) || (prefixes.length && prefixes.some((p) => stem.startsWith(p))))
      .map(([, s, e]) => [s, e]);
    let [begin, end] = snippetWindow(text.length, spans, width, lead);
    if (begin > 0) {
      const space = text.indexOf(" ", begin);
      begin = space >= 0 && space < begin + 20 ? space + 1 : begin;
    }
    if (end < text.length) {
      const space = text.lastIndexOf(" ", end - 1);
      end = space > begin + Math.floor(width / 2) && space >= begin ? space : end;
    }
    const segments = begin > 0 ? [["…", false]] : [];
    let cursor = begin;
    for (const [s, e] of spans) {
      if (s < begin || e > end) continue;
      if (s > cursor) segments.push([text.slice(cursor, s), false]);
      segments.push([text.slice(s, e), true]);
      cursor = e;
    }
    if (cursor < end) segments.push([text.slice(cursor, end), false]);
    if (end < text.length) segments.push(["…", false]);
    return segments;
  }

  function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
  }

  /** Segments as HTML: the matches in <mark>, everything else escaped. */
  function asHtml(segments) {
    return segments.map(([text, hit]) => (hit ? `<mark>${escapeHtml(text)}</mark>` : escapeHtml(text))).join("");
  }

  // --- kb/core/ids.py ----------------------------------------------------------------------------------

  const DEFAULT_GAME = "athernum";

  /** ids.normalise_lookup: what a judge types reduced to a lookup key ({game, local, key}). */
  function normaliseLookup(text) {
    text = pyRstrip(pyStrip(pyStrip(text).replace(/^\s*(?:rule|regel|cr)\s+/i, "")), ".").trim();
    text = pyStrip(text);
    let game = DEFAULT_GAME, local = text;
    const colon = text.indexOf(":");
    if (colon >= 0) { game = text.slice(0, colon); local = text.slice(colon + 1); }
    game = casefold(pyStrip(game)) || DEFAULT_GAME;
    local = pyRstrip(pyStrip(local), ".");
    if (game === DEFAULT_GAME) local = canonicalCrCase(local);
    return { game, local, key: casefold(`${game}:${local}`) };
  }

  /** ids._canonical_cr_case */
  function canonicalCrCase(local) {
    const parts = local.split(".");
    if (parts.length < 3 || !/^\p{Nd}+$/u.test(parts[0]) || !/^\p{Nd}+$/u.test(parts[1])) return local;
    const head = parts[2];
    if (/^\p{L}/u.test(head)) parts[2] = head.slice(0, 1).toUpperCase() + head.slice(1).toLowerCase();
    else parts[2] = head.toLowerCase();
    if (parts.length >= 4) {
      const tail = parts[3];
      const numeral = /^[ivxlIVXL]+/.exec(tail);
      if (numeral) {
        const roman = numeral[0].toUpperCase().replace(/L/g, "I");
        parts[3] = roman + tail.slice(numeral[0].length).toLowerCase();
      }
    }
    return parts.join(".");
  }

  // --- kb/search/searcher.py ---------------------------------------------------------------------------

  class Ranking {
    /** engine._Ranking: hits gathered by document number, best score kept, filters applied. */
    constructor(docs, filters) {
      this.docs = docs;
      this.filters = filters;
      this.entries = new Map();
    }

    add(docnum, score, via) {
      const d = this.docs[docnum];
      if (this.filters.active && !this.filters.acceptsParts(d.game, d.document, d.kind)) return;
      const current = this.entries.get(docnum);
      if (current === undefined) this.entries.set(docnum, [score, via, this.entries.size]);
      else if (score > current[0]) this.entries.set(docnum, [score, via, current[2]]);
    }

    /** _Ranking.place: rank an entry at `score`, whatever it scored before (filters still apply). */
    place(docnum, score, via) {
      const current = this.entries.get(docnum);
      this.entries.delete(docnum);
      this.add(docnum, score, via);
      if (current !== undefined && this.entries.has(docnum)) this.entries.set(docnum, [score, via, current[2]]);
    }

    /** _Ranking.credit */
    credit(docnum, via) {
      const current = this.entries.get(docnum);
      if (current !== undefined) this.entries.set(docnum, [current[0], via, current[2]]);
    }

    /** _Ranking.best */
    best(limit) {
      return [...this.entries].sort((x, y) => y[1][0] - x[1][0] || x[1][2] - y[1][2]).slice(0, limit)
        .map(([docnum, [score, via]]) => [docnum, score, via]);
    }
  }

  class Engine {
    /** engine.SearchEngine over the exported index. */
    constructor(data) {
      if (!data || data.format !== 4) throw new Error("rulekb: search-index.js has an unknown format; rebuild the site");
      const c = this.c = data.constants;
      this.meta = data.meta;
      this.games = new Set(data.meta.games);
      this.gameNames = new Map(Object.entries(data.meta.gameNames || {})); // "athenum": athernum
      this.analysis = new Analysis(c);
      this.docs = unpackEntries(data);
      this.categoryOf = {};
      for (const [category, kinds] of Object.entries(c.CATEGORIES)) for (const k of kinds) this.categoryOf[k] = category;
      this.priors = this.docs.map((d) => c.KIND_PRIOR[d.kind] ?? 1.0);
      this.keys = new Map(this.docs.map((d, n) => [casefold(d.id), n]));
      for (const n of data.unkeyed || []) this.keys.delete(casefold(this.docs[n].id));
      for (const n of data.labelKeys) this.keys.set(casefold(this.docs[n].label), n);
      for (const [key, n] of data.keys) this.keys.set(key, n);
      this.cache = new Postings(data);
      this.synonyms = new Synonyms(data.synonyms, this.analysis);
      this.builder = new QueryBuilder(this.synonyms, this.analysis, c);
      this.realWords = new Map(Object.entries(data.realWords || {}).map(([lang, stems]) => [lang, new Set(pySplit(stems))]));
      this.translated = new Map(Object.entries(data.meta.translated || {}).map(([docid, langs]) => [docid, new Set(langs)]));
      this.companions = new Set(data.meta.companions || []);
      this.docnumOf = new Map(this.docs.map((d, n) => [d.id, n]));
      this.otherLanguage = new Map();
      this._scores = new Map();
      this._termCounts = new Map();
      this._glossaryNames = null;
      this._sizes = null;
      this._negations = null;
      this._dots = null;
      this.definitionPatterns = c.DEFINITION_PATTERNS.map((p) => new RegExp(p, "iu"));
      this.possessive = new RegExp(c.DEFINITION_POSSESSIVE, "iu");
      this.alternatives = new RegExp(c.DEFINITION_ALTERNATIVES, "iu");
      this.article = new RegExp(c.DEFINITION_ARTICLE, "iu");
      this.qualifier = new RegExp(c.DEFINITION_QUALIFIER, "iu");
      this.cardNoun = new RegExp(c.DEFINITION_CARD_NOUN, "iu");
      const re = (p) => new RegExp(p, "iu");
      this.shapes = c.SHAPES.map((shape) => ({
        name: shape.name,
        patterns: shape.patterns.map(re),
        answers: shape.answers.map((a) => ({ says: re(a.says), scope: a.scope, asked: a.asked && re(a.asked), also: a.also && re(a.also) })),
      }));
      this.shapeAlternatives = re(c.SHAPE_ALTERNATIVES);
      this.shapeArticle = re(c.SHAPE_ARTICLE);
      this.shapeClause = new RegExp(c.SHAPE_CLAUSE, "u");
      this.shapeQualifier = re(c.SHAPE_QUALIFIER);
    }

    /** SearchEngine.resolve: the id of the entry `typed` names. */
    resolve(typed, game) {
      const key = normaliseLookup(typed);
      const candidates = [key.key];
      if (!typed.includes(":")) {
        const games = game ? [game] : [];
        games.push("athernum", ...[...this.games].filter((g) => g !== "athernum").sort());
        for (const g of games) candidates.push(casefold(`${g}:${key.local}`), casefold(`${g}:term/${key.local}`));
      }
      for (const candidate of candidates) {
        if (this.keys.has(candidate)) return this.docs[this.keys.get(candidate)].id;
      }
      return null;
    }

    /** SearchEngine.suggest: ids that start like `typed`, for a "did you mean". */
    suggest(typed, limit = 5) {
      const key = normaliseLookup(typed).key;
      const colon = key.indexOf(":");
      const game = key.slice(0, colon), local = key.slice(colon + 1);
      const parts = local.split(".");
      parts.splice(this._mostDots() + 1);  // no id starts with more parts than the longest id has
      while (parts.length) {
        const stem = `${game}:${parts.join(".")}`.replace(/[a-z]+$/, "");
        const docnums = [...new Set([...this.keys].filter(([k]) => k.startsWith(stem)).map(([, d]) => d))].sort((a, b) => a - b);
        if (docnums.length && parts.length > 1) return docnums.slice(0, limit).map((d) => this.docs[d].id);
        parts.pop();
      }
      return [];
    }

    /** SearchEngine._most_dots: the most dots an id of the index holds (made on first use). */
    _mostDots() {
      if (this._dots === null) this._dots = [...this.keys.keys()].reduce((most, k) => Math.max(most, k.split(".").length - 1), 0);
      return this._dots;
    }

    /** SearchEngine.filters */
    filters(game, document, kind) { return makeFilters(this.meta, this.c.CATEGORIES, this.c.DOCUMENT_KINDS, game, document, kind); }

    /** SearchEngine.search: ranked hits for what a judge typed; never throws on any input. `game: "all"`
     *  searches every game: the judge undoes the game the query names or its words suggest. */
    search(text, { game = null, defaultGame = null, document = null, kind = null, limit = 10 } = {}) {
      text = typeof text === "string" ? text : text == null ? "" : String(text);
      limit = hitLimit(limit);
      const everyGame = typeof game === "string" && game.toLowerCase() === this.c.ALL_GAMES;
      if (everyGame) game = null;
      const result = { query: text, hits: [], notes: [], fallback: false, corrections: new Map(), lang: "en", game: null };
      const parsed = splitQuery(text, this.games, this.c, this.gameNames);
      if (!parsed.ids.length && pySplit(parsed.text).length === 1 && /\p{Nd}/u.test(parsed.text)) {
        if (this.resolve(pyStrip(parsed.text), game)) { parsed.ids = [pyStrip(parsed.text)]; parsed.text = ""; }
      }
      this.builder.build(parsed, this.cache);
      result.lang = parsed.lang;
      let filters;
      try {
        if (!everyGame) game = game || parsed.filters.game || this._defaultGame(defaultGame, result) || this._gameOfWords(parsed, result);
        filters = this.filters(game, document || parsed.filters.document, kind || parsed.filters.kind);
      } catch (error) {
        if (!(error instanceof BadFilter)) throw error;
        result.notes.push(error.message);
        return result;
      }
      result.game = filters.game;
      const ranked = new Ranking(this.docs, filters);
      this._jump(parsed, filters, ranked, result);
      if (parsed.fallback) {
        result.fallback = true;
        result.notes.push("the query could not be parsed as written; searched its plain words: " + parsed.words.join(" "));
      }
      const clauses = () => parsed.clauses !== null && parsed.clauses.length > 0;
      // unknown words only: the fuzzy pass
      if (parsed.query !== null || clauses() || parsed.unknown.length) this._text(parsed, filters, limit, ranked, result);
      if (clauses()) {
        this._definitionsFirst(parsed, filters, ranked);
        this._shapedFirst(parsed, ranked);
      }
      else if (!parsed.ids.length && !parsed.words.length) {
        result.notes.push("nothing to search for: type words, a phrase in quotes, or a rule number");
      }
      result.hits = ranked.best(limit).map(([docnum, score, via]) => this._hit(docnum, score, via));
      this._snippets(result.hits, parsed);
      return result;
    }

    /** SearchEngine._default_game: the event's game the judge set, said in a note; none when unset or "all". */
    _defaultGame(defaultGame, result) {
      const value = casefold(pyStrip(typeof defaultGame === "string" ? defaultGame : ""));
      if (!value || value === this.c.ALL_GAMES) return null;
      result.notes.push(`kept to ${value}: the game set for the event`);
      return value;
    }

    /** SearchEngine._game_of_words: the game whose vocabulary the question uses (votes by each word's share
     *  of each game's entries; see the Python docstring for the rule). */
    _gameOfWords(parsed, result) {
      const c = this.c;
      if (!parsed.clauses || !parsed.clauses.length || this.games.size < 2) return null;
      const speaking = [...new Set(this.docs.filter((d) => d.lang === parsed.lang).map((d) => d.game))].sort();
      if (parsed.lang !== "en" && speaking.length === 1) {
        result.notes.push(`kept to ${speaking[0]}: the only game with texts in the question's language`);
        return speaking[0];
      }
      const sizes = this._gameSizes();
      const counts = new Map();
      const first = new Map(); // a word typed twice counts once, with the readings its first place has
      parsed.words.forEach((typed, n) => { if (!first.has(casefold(typed))) first.set(casefold(typed), n); });
      for (const cl of parsed.clauses) {
        if (cl.stems.length === 1 && cl.group < parsed.words.length) {
          const group = first.get(casefold(parsed.words[cl.group]));
          if (!counts.has(group)) counts.set(group, new Map());
          const word = counts.get(group);
          for (const [g, count] of this._termGames(cl.field, cl.stems[0])) word.set(g, Math.max(word.get(g) || 0, count));
        }
      }
      const named = this._namedGames(parsed);
      const votes = new Map([...this.games].sort().map((g) => [g, 0.0]));
      const voters = new Map([...votes.keys()].map((g) => [g, []])); // [word, common in the game]
      for (const [group, word] of counts) {
        const shares = new Map([...votes.keys()].map((g) => [g, (word.get(g) || 0) / sizes.get(g)]));
        for (const [g, share] of shares) {
          const others = [...shares].filter(([o]) => o !== g).map(([, v]) => v);
          const ratio = named.get(group) === g ? c.NAMED_RATIO : c.VOCABULARY_RATIO;
          if ((word.get(g) || 0) >= c.VOCABULARY_MIN_ENTRIES && (!others.some((o) => o) ||
              (share >= c.VOCABULARY_SHARE && others.every((o) => share >= ratio * o)))) {
            votes.set(g, votes.get(g) + share);
            voters.get(g).push([group, share >= c.VOCABULARY_SHARE]);
          }
        }
        const most = Math.max(...shares.values());
        for (const g of [...votes.keys()].filter((g) => !shares.get(g) && most >= c.VOCABULARY_SHARE / 2)) votes.delete(g);
      }
      const ranked = [...votes].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
      if (!ranked.length || !ranked[0][1] || (ranked.length > 1 && ranked[1][1] * c.VOCABULARY_RATIO > ranked[0][1])) return null;
      const g = ranked[0][0];
      const held = [...counts].filter(([, word]) => word.size).map(([group, word]) => [group, [...word.values()].reduce((a, b) => a + b, 0)]);
      const fewest = Math.min(...held.map(([, n]) => n));
      const key = new Set(held.filter(([, n]) => n === fewest).map(([group]) => group));
      if (voters.get(g).length < 2 && !voters.get(g).some(([group, common]) => common || key.has(group))) return null;
      result.notes.push(`kept to ${g}: the question uses its vocabulary`);
      return g;
    }

    /** SearchEngine._named_games: per typed word, the one game whose glossary entry it names exactly (as typed,
     *  as a synonym or translation, or with its neighbour), if only one game's glossary has that name. */
    _namedGames(parsed) {
      if (this._glossaryNames === null) {
        this._glossaryNames = new Map();
        for (const d of this.docs) {
          const stems = d.kind === "term" ? this.analysis.analyse(d.title || "", "en") : [];
          if (!stems.length) continue;
          const key = JSON.stringify(stems);
          if (!this._glossaryNames.has(key)) this._glossaryNames.set(key, new Set());
          this._glossaryNames.get(key).add(d.game);
        }
      }
      const games = new Map();
      for (const cl of parsed.clauses) {
        const found = this._glossaryNames.get(JSON.stringify(cl.stems));
        if (cl.group >= parsed.words.length || !found) continue;
        if (!games.has(cl.group)) games.set(cl.group, new Set());
        for (const g of found) games.get(cl.group).add(g);
      }
      return new Map([...games].filter(([, found]) => found.size === 1).map(([group, found]) => [group, [...found][0]]));
    }

    /** SearchEngine._game_sizes */
    _gameSizes() {
      if (!this._sizes) {
        this._sizes = new Map();
        for (const d of this.docs) this._sizes.set(d.game, (this._sizes.get(d.game) || 0) + 1);
      }
      return this._sizes;
    }

    /** SearchEngine._term_games: how many entries of each game hold `stem` in `fieldname`. */
    _termGames(fieldname, stem) {
      const key = fieldname + "\u0000" + stem;
      if (!this._termCounts.has(key)) {
        const counts = new Map();
        const entry = this.cache.entry(fieldname, stem);
        for (const d of entry ? entry.docs : []) counts.set(this.docs[d].game, (counts.get(this.docs[d].game) || 0) + 1);
        this._termCounts.set(key, counts);
      }
      return this._termCounts.get(key);
    }

    /** SearchEngine._definitions_first: for "what does X mean", "what is X", "difference between X and Y",
     *  each subject's glossary entry heads the results, followed by the rule (or rules-text passage) it sits
     *  under; a search that is nothing but an entry's name looks it up the same way. */
    _definitionsFirst(parsed, filters, ranked) {
      const subjects = this._definitionSubjects(parsed.text);
      const read = readings(parsed);
      const found = [];
      for (const subject of subjects.length ? subjects : [parsed.text]) {
        let term = null;
        for (const candidate of subjects.length ? this._subjectHeads(subject, parsed.lang) : [subject]) {
          term = this._glossaryEntry(candidate, parsed.lang, filters, !subjects.length, read);
          if (term !== null) break;
        }
        if (term !== null && !found.includes(term)) found.push(term);
      }
      if (!found.length) return;
      const scores = [...ranked.entries.values()].map((e) => e[0]);
      const top = scores.length ? Math.max(...scores) : 1.0;
      let place = 2 * found.length;
      for (const term of found) {
        ranked.place(term, top * this.c.LEAD ** place, ["definition", -1]);
        const parent = this.docs[term].parent;
        if (parent >= 0 && this.c.DEFINING_KINDS.includes(this.docs[parent].kind)) ranked.place(parent, top * this.c.LEAD ** (place - 1), ["defines", term]);
        place -= 2;
      }
    }

    /** SearchEngine._shaped_first: for a question of a shape (shapes.SHAPES: "when does the evening phase end",
     *  "where on the card are the subtypes"), the best-ranked rule that answers it heads, for the first shape one does. */
    _shapedFirst(parsed, ranked) {
      for (const shape of this.shapes) {
        const asked = this._shapeOf(shape, parsed.text);
        if (asked !== null && this._answerFirst(parsed, ranked, asked)) return;
      }
    }

    /** SearchEngine._answer_first: the best-ranked rule whose own text says what is asked and whose scope names a
     *  subject (read in English, or as a synonym standing for all of it; hyphenated words written solid) heads;
     *  whether one did. */
    _answerFirst(parsed, ranked, asked) {
      if (!ranked.entries.size) return false;
      const a = this.analysis;
      const read = readings(parsed);
      const wanted = [];
      for (const subject of asked.subjects) {
        const english = parsed.lang === "de" ? this._inEnglish(subject, read) : subject;
        for (const w of [english, ...this._wholeSynonyms(subject, parsed.lang)]) {
          const found = new Set(a.analyse(solid(w), "en"));
          if (found.size) wanted.push(found);
        }
      }
      const answer = asked.answer;
      let best = null; // [score, position, docnum]
      for (const [docnum, [score, , position]] of ranked.entries) {
        const d = this.docs[docnum];
        const text = d.text || "";
        const found = this.c.DEFINING_KINDS.includes(d.kind) ? answer.says.exec(text) : null;
        if (found === null || (answer.also && !answer.also.test(text))) continue;
        const scope = this._scope(docnum, answer.scope, text, found.index);
        const words = new Set(a.analyse(solid(scope), "en"));
        if (d.lang === "de") for (const w of a.analyse(solid(this.synonyms.gloss(scope)), "en")) words.add(w); // a German passage
        if (wanted.some((subject) => [...subject].every((s) => words.has(s))) &&
            (best === null || score > best[0] || (score === best[0] && position < best[1]))) best = [score, position, docnum];
      }
      if (best === null) return false;
      const top = Math.max(...[...ranked.entries.values()].map((e) => e[0]));
      ranked.place(best[2], top * this.c.LEAD, [asked.shape, -1]);
      return true;
    }

    /** SearchEngine._scope: the words where a rule names what it says something of: its text; its title and
     *  section's name (in no section: its title and text before it says it); its title, section's name and the
     *  clause before it says it; its title, section's name and text; or the clause before it says it, to a qualifying phrase. */
    _scope(docnum, scope, text, saysAt) {
      if (scope === "text") return text;
      if (scope === "subject") return text.slice(0, saysAt).split(this.shapeClause).pop().split(this.shapeQualifier)[0];
      const title = this.docs[docnum].title || "", section = this._sectionName(docnum);
      if (scope === "heading") return section === null ? `${title} ${text.slice(0, saysAt)}` : `${title} ${section}`;
      return `${title} ${section ?? ""} ${scope === "rule" ? text : text.slice(0, saysAt).split(this.shapeClause).pop()}`;
    }

    /** SearchEngine._section_name: the name of the section a rule sits in (its text, without a title); null in
     *  no section. */
    _sectionName(docnum) {
      const d = this.docs[docnum];
      if (d.parent < 0 || this.docs[d.parent].kind === "document") return null;
      const section = this.docs[d.parent];
      return section.title || section.text || "";
    }

    /** shapes.shape_of: the question read as `shape`: its first matching pattern's subjects and the answer for
     *  the word it asks with; null when no pattern matches, it names no subject, or no answer fits the word. */
    _shapeOf(shape, text) {
      const cleaned = pyStrip(text).replace(/[?!.]+\s*$/u, "");
      for (const pattern of shape.patterns) {
        const found = pattern.exec(cleaned);
        if (!found) continue;
        const word = (found.groups && found.groups.b) || "";
        const answer = shape.answers.find((a) => a.asked === null || a.asked.test(word));
        const subjects = [...this._subjects(found.groups.x), ...this._subjects(found.groups.y || "")];
        return subjects.length && answer ? { shape: shape.name, subjects, answer } : null;
      }
      return null;
    }

    /** shapes.subjects: the things a question's phrase names, each alternative trimmed of punctuation, quotes and
     *  its article. */
    _subjects(phrase) {
      const trim = (s) => pyStrip(s, this.c.SHAPE_TRIM);
      return phrase.split(this.shapeAlternatives).filter((s) => trim(s)).map((s) => trim(s).replace(this.shapeArticle, ""));
    }

    /** definitions.subject_heads: a definition subject, then its shorter readings: a German subject's head
     *  before a qualifying phrase, and the subject without a last word "card(s)". */
    _subjectHeads(subject, lang = "de") {
      const heads = [subject];
      const head = lang === "de" ? pyStrip(subject.split(this.qualifier)[0], " ,;:'\"") : subject;
      if (head && head !== subject) heads.push(head);
      const bare = pyStrip(subject.replace(this.cardNoun, ""), " ,;:'\"");
      if (bare && !heads.includes(bare)) heads.push(bare);
      return heads;
    }

    /** definitions.definition_subjects: the words a definition question asks about, in the order asked. */
    _definitionSubjects(text) {
      const cleaned = pyStrip(text).replace(/[?!.]+\s*$/u, "");
      const trim = (s) => pyStrip(s, " ,;:'\"");
      for (const pattern of this.definitionPatterns) {
        const found = pattern.exec(cleaned);
        if (found) {
          const named = Object.values(found.groups || {}).filter((s) => s);
          const subjects = named.flatMap((s) => s.split(this.alternatives)).filter((s) => trim(s))
            .map((s) => trim(s).replace(this.article, ""));
          return subjects.filter((s) => !this.possessive.test(s));
        }
      }
      return [];
    }

    /** SearchEngine._whole_synonyms: the alternatives of the synonyms that stand for all of a question's subject. */
    _wholeSynonyms(subject, lang) {
      const stems = this.analysis.analyse(subject, lang);
      const out = [];
      for (const rule of this.synonyms.expand(subject, lang)) {
        if (stems.length && stems.every((s) => rule.match.includes(s))) out.push(...rule.alternatives);
      }
      return out;
    }

    /** SearchEngine._in_english: a German subject of a question in English, each word as the question reads it. */
    _inEnglish(subject, read) {
      return this.synonyms.gloss(plainWords(subject, this.builder.operators).map((w) => ((read && read.get(w)) || [w]).join(" ")).join(" "));
    }

    /** SearchEngine._glossary_entry: the shortest glossary entry whose names hold the subject's words (else a
     *  synonym's standing for the whole subject). */
    _glossaryEntry(subject, lang, filters, named = false, read = null) {
      const a = this.analysis;
      const wanted = [a.analyse(subject, "en"), ...this._wholeSynonyms(subject, lang).map((w) => a.analyse(w, "en"))];
      if (lang === "de") wanted.push(a.analyse(this._inEnglish(subject, read), "en"));
      const norms = this.cache.norms.terms;
      let best = null;
      for (const [n, words] of wanted.entries()) {
        const entries = words.map((stem) => this.cache.entry("terms", stem));
        if (!words.length || entries.some((e) => e === null)) continue;
        const rest = entries.slice(1).map((e) => new Set(e.docs));
        for (const d of new Set(entries[0].docs)) {
          if (!rest.every((set) => set.has(d))) continue;
          const doc = this.docs[d];
          // an entry named by exactly the subject's words before one holding them among others (Target, not Linked Target)
          const exact = sameStems(a.analyse(doc.title || "", "en"), words);
          if (named && !exact) continue;
          if (doc.kind === "term" && (!filters.active || filters.acceptsParts(doc.game, doc.document, doc.kind))) {
            const key = [n > 0 ? 1 : 0, exact ? 0 : 1, norms[d], d];
            if (best === null || tupleLess(key, best)) best = key;
          }
        }
      }
      return best ? best[3] : null;
    }

    /** What the page shows for a query: search's hits (``options`` as search takes them) with the ruling that
     *  heads the answer (none when another kind than rulings is asked for). The ranking does not depend on the
     *  limit, so with no kind or document filter one search of at least CANDIDATE_HITS hits serves both. */
    query(text, options = {}) {
      options = options || {};
      const limit = hitLimit(options.limit);
      const plain = !options.kind && !options.document;
      const result = this.search(text, plain ? { ...options, limit: Math.max(limit, this.c.CANDIDATE_HITS) } : options);
      const answer = !options.kind || options.kind === "ruling"
        ? this.answer(text, { game: options.game, defaultGame: options.defaultGame, found: plain ? result : null }) : null;
      return { hits: result.hits.slice(0, limit), notes: result.notes, game: result.game, lang: result.lang, answer };
    }

    /** ask.leading_ruling over ask's first rule: the ruling that heads the answer (as a hit), or null. It is
     *  among the best RULING_HITS rulings for the question and rests on the first rule of ask's answer.
     *  ``found``: the question's search with no kind or document filter and at least CANDIDATE_HITS hits, if
     *  the caller has it (else searched here). */
    answer(text, { game = null, defaultGame = null, found = null } = {}) {
      found = found || this.search(text, { game, defaultGame, limit: this.c.CANDIDATE_HITS });
      let first;
      for (const hit of found.hits) {
        first = this._rulesFor(this.docnumOf.get(hit.id)).find((r) => found.game === null || this.docs[r].game === found.game);
        if (first !== undefined) break;
      }
      if (first === undefined) return null;
      const rulings = this.search(text, { game: found.game || game, kind: "ruling", limit: this.c.RULING_HITS }).hits;
      return rulings.find((h) => h.kind === "ruling" && h.rules.some((r) => r.id === this.docs[first].id)) || null;
    }

    /** ask.rules_for_hit: the rules an entry stands for in an answer (docnums). */
    _rulesFor(docnum) {
      const d = this.docs[docnum];
      const numbered = this.c.NUMBERED;
      if (d.kind === "ruling" || d.kind === "scenario") return d.related;
      if (numbered.includes(d.kind) && d.number) return [docnum];
      if (d.kind === "term") {
        if (!d.related.length) return [docnum];
        return pyStrip(this.docs[d.related[0]].text || "") ? [d.related[0]] : [docnum, d.related[0]];
      }
      if (d.kind === "example" || d.kind === "remark") return d.parent >= 0 ? [d.parent] : [];
      if (d.kind === "paragraph" || numbered.includes(d.kind)) {
        const parent = d.parent >= 0 ? this.docs[d.parent] : null;
        if (parent && numbered.includes(parent.kind) && parent.number) return [d.parent];
        if (!this.companions.has(`${d.game}:${d.document}`)) return [docnum]; // a rules text without numbers
      }
      return [];
    }

    /** results.hit_from_stored, with what the site shows (a ruling's answer card). */
    _hit(docnum, score, via) {
      const d = this.docs[docnum];
      const hit = { id: d.id, game: d.game, document: d.document, kind: d.kind, category: this.categoryOf[d.kind] || "rule",
        number: d.number, title: d.title, text: d.text, url: d.url, label: d.label || d.id, lang: d.lang, score,
        via: this._via(via), snippet: "" };
      if (d.kind === "ruling") {
        hit.question = d.title;
        hit.answer = d.text;
        hit.rules = d.related.map((r) => ({ id: this.docs[r].id, number: this.docs[r].number, url: this.docs[r].url }));
        hit.examples = d.examples.map((e) => ({ id: this.docs[e].id, title: this.docs[e].title, url: this.docs[e].url }));
      }
      return hit;
    }

    /** SearchEngine._via */
    _via([reason, source]) { return source < 0 ? reason : `${reason} ${this.docs[source].label}`; }

    /** SearchEngine._jump: rules named by number first, each followed by its subrules. */
    _jump(parsed, filters, ranked, result) {
      parsed.ids.forEach((typed, n) => {
        const nodeId = this.resolve(typed, filters.game);
        const docnum = nodeId ? this.keys.get(casefold(nodeId)) : undefined;
        if (docnum === undefined) {
          const hints = this.suggest(typed);
          result.notes.push(`no rule '${typed}'` + (hints.length ? `; did you mean: ${hints.join(", ")}` : ""));
          return;
        }
        const base = this.c.JUMP_SCORE - n * this.c.JUMP_SPACING;
        ranked.add(docnum, base, ["rule number", -1]);
        this.docs[docnum].subrules.slice(0, Math.trunc(this.c.JUMP_SPACING / 0.01) - 1).forEach((sub, i) => ranked.add(sub, base - (i + 1) * 0.01, ["subrule of", docnum]));
      });
    }

    /** SearchEngine._text: text hits, a fuzzy pass, then the rules each hit leads to. */
    _text(parsed, filters, limit, ranked, result) {
      const c = this.c, cache = this.cache;
      const fetch = Math.max(limit, c.CANDIDATES);
      let hits = this._run(parsed, filters, fetch);
      const unknown = parsed.clauses !== null ? parsed.unknown : unknownWords(cache, parsed.words, parsed.lang, this.analysis, c);
      if (unknown.length || hits.length < c.FEW_HITS) {
        const groups = new Map();
        parsed.words.forEach((w, n) => groups.set(w, n));
        const fuzzy = fuzzyPass(cache, unknown.length ? unknown : parsed.words, groups, [parsed.lang], this.analysis, c, this.realWords);
        if (parsed.lang === "de" && fuzzy.corrections.size) {
          fuzzy.clauses.push(...this.builder.translate(fuzzy.corrections, groups, cache, parsed.lang, c.FUZZY_BOOST));
        }
        if (fuzzy.clauses.length) {
          if (parsed.clauses !== null) parsed.clauses = parsed.clauses.concat(fuzzy.clauses);
          else parsed.query = { type: "Or", boost: 1.0, subqueries: [parsed.query, toTree(fuzzy.clauses)] };
          hits = this._run(parsed, filters, fetch);
          result.corrections = fuzzy.corrections;
          const shown = [...fuzzy.corrections].map(([w, ts]) => `${w} → ${ts.join(", ")}`).join("; ");
          result.notes.push(`also searched similar words: ${shown}`);
        }
      }
      for (const [docnum, score] of hits) ranked.add(docnum, score, ["text", -1]);
      if (parsed.clauses === null) return;
      for (const [docnum, score] of hits.slice(0, c.RELATED_HITS)) {
        let related = this.docs[docnum].related;
        const kind = this.docs[docnum].kind;
        if (!related.length || kind === "term") continue; // an entry restates its defining rule: no second evidence
        const factor = c.RELATED_FACTOR[kind] || c.RELATED_FACTOR[this.docs[docnum].lang === "de" ? "de" : "en"];
        const reason = { ruling: "cited by", scenario: "shown by" }[kind] || "explained by";
        const base = this._scores.has(docnum) ? this._scores.get(docnum) : score;
        const primary = this.docs[docnum].primary; // the rules it is about: empty, all of them
        related = [...related].sort((x, y) => -(this._scores.get(x) || 0.0) - -(this._scores.get(y) || 0.0));
        related.forEach((rule, i) => {
          const own = (this._scores.get(rule) || 0.0) * this.priors[rule];
          const share = !primary.size || primary.has(rule) ? 1.0 : c.SECONDARY_SHARE;
          ranked.add(rule, own + base * factor * share * c.RELATED_DECAY ** i, [reason, docnum]);
        });
      }
      const negated = parsed.lang === "en" ? this.analysis.negatedStems(parsed.text) : new Set();
      if (negated.size) this._negationsTogether(negated, ranked);
      this._ownLanguageBeside(parsed.lang, hits.slice(0, c.RELATED_HITS), ranked);
      this._rulesAboveExamples(hits.slice(0, c.RELATED_HITS), ranked);
      this._headingsBelowSubrules(ranked);
      this._rulesAboveWeakerSubrules(ranked);
      if (parsed.words.length > 1) this._glossaryBelowDefiningRules(ranked); // one word looks a topic up
    }

    /** SearchEngine._negations_together: for a question that negates, each entry it matches itself that negates
     *  one of the words the question negates ranks NEGATION_BONUS times higher. */
    _negationsTogether(negated, ranked) {
      const negations = this._negated();
      for (const [docnum, [score, via, position]] of [...ranked.entries]) {
        if ((this._scores.get(docnum) || 0.0) > 0 && !this.c.JUMP_REASONS.includes(via[0])
          && [...negations[docnum]].some((stem) => negated.has(stem))) {
          ranked.entries.set(docnum, [score * this.c.NEGATION_BONUS, via, position]);
        }
      }
    }

    /** SearchEngine._negated: per entry, the stems its negating words bear on (English entries that state rules). */
    _negated() {
      if (this._negations === null) {
        this._negations = this.docs.map((d) => (d.lang === "en" && !this.c.SECONDARY_KINDS.includes(d.kind)
          ? this.analysis.negatedStems(`${d.title || ""} ${d.text || ""}`) : new Set()));
      }
      return this._negations;
    }

    /** SearchEngine._glossary_below_defining_rules: a glossary entry ranks just below the best of its defining
     *  rule and that rule's subrules that the question matches itself. */
    _glossaryBelowDefiningRules(ranked) {
      for (const [docnum, [score, via]] of [...ranked.entries]) {
        const doc = this.docs[docnum];
        if (doc.kind !== "term" || !doc.related.length) continue;
        const rule = doc.related[0];
        this._belowBestMatch(ranked, docnum, score, via, [rule, ...this.docs[rule].subrules]);
      }
    }

    /** SearchEngine._headings_below_subrules: a heading with no text of its own, and a chapter (its text only
     *  introduces it), rank just below the best of their subrules that the question matches itself. */
    _headingsBelowSubrules(ranked) {
      for (const [docnum, [score, via]] of [...ranked.entries]) {
        const doc = this.docs[docnum];
        if (!doc.subrules.length) continue;
        const textless = !pyStrip(doc.text || "");
        if (textless && !doc.number) this._namedPassageFirst(ranked, docnum, score, via);
        else if (textless || this.c.OVERVIEW_KINDS.includes(doc.kind)) this._belowBestMatch(ranked, docnum, score, via, doc.subrules);
      }
    }

    /** SearchEngine._named_passage_first: the best ranked of an unnumbered heading's passages that the question
     *  matches itself takes the heading's score, if that is higher, and the heading follows just below it. */
    _namedPassageFirst(ranked, docnum, score, via) {
      let best = null;
      for (const o of this.docs[docnum].subrules) {
        if (ranked.entries.has(o) && (this._scores.get(o) || 0.0) > 0) {
          if (best === null || ranked.entries.get(o)[0] > ranked.entries.get(best)[0]) best = o;
        }
      }
      if (best === null || ranked.entries.get(best)[0] > score) return;
      ranked.place(best, score, ranked.entries.get(best)[1]);
      ranked.place(docnum, score / this.c.LEAD, via);
    }

    /** SearchEngine._rules_above_weaker_subrules: a rule the question matches SUBRULE_MARGIN times better
     *  itself than one of its subrules ranks just above that subrule. */
    _rulesAboveWeakerSubrules(ranked) {
      const byScore = [...ranked.entries].sort((x, y) => y[1][0] - x[1][0]);
      for (const [docnum, [score]] of byScore) {
        const doc = this.docs[docnum];
        if (doc.kind !== "rule" || doc.parent < 0 || !ranked.entries.has(doc.parent) || this.docs[doc.parent].kind !== "rule") continue;
        const own = this._scores.get(docnum) || 0.0;
        const entry = ranked.entries.get(doc.parent);
        if (entry[0] < score && (this._scores.get(doc.parent) || 0.0) > this.c.SUBRULE_MARGIN * own) {
          ranked.place(doc.parent, score * this.c.LEAD, entry[1]);
        }
      }
    }

    /** SearchEngine._below_best_match: place docnum just below the best ranked of others the question matches
     *  itself, if that ranks lower than it. */
    _belowBestMatch(ranked, docnum, score, via, others) {
      let best = null;
      for (const o of others) {
        if (ranked.entries.has(o) && (this._scores.get(o) || 0.0) > 0) {
          const own = ranked.entries.get(o)[0];
          if (best === null || own > best) best = own;
        }
      }
      if (best !== null && best < score) ranked.place(docnum, best / this.c.LEAD, via);
    }

    /** SearchEngine._rules_above_examples: a matching example or remark brings its rule just above itself. */
    _rulesAboveExamples(hits, ranked) {
      for (const [docnum] of hits) {
        const doc = this.docs[docnum];
        if ((doc.kind === "example" || doc.kind === "remark") && ranked.entries.has(docnum) && doc.parent >= 0) {
          ranked.add(doc.parent, ranked.entries.get(docnum)[0] * this.c.LEAD, ["illustrated by", docnum]);
        }
      }
    }

    /** SearchEngine._own_language_beside: the passage in the question's language right after the best of
     *  the rules it leads to. */
    _ownLanguageBeside(lang, hits, ranked) {
      let best = null;
      for (const [docnum] of hits) {
        const related = this.docs[docnum].related.filter((r) => ranked.entries.has(r));
        if (this.docs[docnum].lang !== lang || !related.length || related.every((r) => this.docs[r].lang === lang)) continue;
        const top = Math.max(...related.map((r) => ranked.entries.get(r)[0]));
        if (best === null || top > best[0]) best = [top, docnum];
      }
      if (best === null) return;
      const [top, passage] = best;
      ranked.place(passage, top / this.c.LEAD, ["text", -1]);
      for (const rule of this.docs[passage].related) ranked.credit(rule, ["explained by", passage]);
    }

    /** SearchEngine._run: the best (docnum, score) pairs of the clauses or the query tree. */
    _run(parsed, filters, limit) {
      const accept = this._accept(filters);
      const hidden = !(filters.document || filters.docid) ? this._inOtherLanguage(parsed.lang) : new Set();
      if (parsed.clauses !== null) {
        this._scores = this.cache.score(parsed.clauses);
        return this._top(this._scores, limit, accept, hidden);
      }
      this._scores = new Map();
      if (parsed.query === null) return [];
      this._scores = evaluate(this.cache, parsed.query);
      return this._top(this._scores, limit, accept, hidden);
    }

    /** SearchEngine._top: the best entries without those left out for the question's language. */
    _top(scores, limit, accept, hidden) {
      if (!hidden.size) return this._best(scores, limit, accept);
      const best = this._best(scores, 2 * limit, accept);
      const kept = best.filter(([d]) => !hidden.has(d));
      if (kept.length >= limit || best.length < 2 * limit) return kept.slice(0, limit);
      for (const docnum of hidden) scores.delete(docnum);
      return this._best(scores, limit, accept);
    }

    /** PostingsCache.top: the best (docnum, score × kind prior) pairs, ties in index order. */
    _best(scores, limit, accept) {
      const items = [];
      for (const [d, s] of scores) if (!accept || accept(d)) items.push([d, s * this.priors[d]]);
      items.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
      return items.slice(0, limit);
    }

    /** SearchEngine._accept */
    _accept(filters) {
      if (!filters.active) return null;
      return (d) => filters.acceptsParts(this.docs[d].game, this.docs[d].document, this.docs[d].kind);
    }

    /** SearchEngine._in_other_language: entries of a document the index also holds in `lang`. */
    _inOtherLanguage(lang) {
      if (!this.otherLanguage.has(lang)) {
        const documents = new Set([...this.translated].filter(([, langs]) => langs.has(lang)).map(([docid]) => docid));
        const out = new Set();
        if (documents.size) {
          this.docs.forEach((d, n) => { if (d.lang !== lang && documents.has(`${d.game}:${d.document}`)) out.add(n); });
        }
        this.otherLanguage.set(lang, out);
      }
      return this.otherLanguage.get(lang);
    }

    /** SearchEngine._snippets: each hit's snippet with the stems (and prefixes) the query searched marked. */
    _snippets(hits, parsed) {
      const stems = { en: new Set(), de: new Set() };
      const prefixes = { en: [], de: [] };
      for (const c of parsed.clauses || []) for (const s of c.stems) stems[c.field.endsWith("_de") ? "de" : "en"].add(s);
      if (parsed.query !== null) {
        for (const leaf of leavesOf(parsed.query)) {
          const lang = (leaf.field || "").endsWith("_de") ? "de" : "en";
          if (leaf.type === "Prefix" || leaf.type === "Wildcard") prefixes[lang].push(leaf.text.replace(/[*?]+$/, ""));
          else if (leaf.type === "Term") stems[lang].add(leaf.text);
          else if (leaf.type === "Phrase") for (const w of leaf.words) stems[lang].add(w);
        }
      }
      for (const hit of hits) {
        const body = hit.title && hit.text ? `${hit.title} — ${hit.text}` : hit.text || hit.title;
        const lang = hit.lang === "de" ? "de" : "en";
        hit.segments = snippet(this.analysis, body, lang, stems[lang], prefixes[lang], this.c.SNIPPET_WIDTH, this.c.SNIPPET_LEAD);
        hit.snippet = asHtml(hit.segments);
      }
    }
  }

  /** fuzzy.unknown_words: the words no text field knows, in any language (stopwords of `questionLang` known). */
  function unknownWords(cache, words, questionLang, a, c) {
    const unknown = [];
    for (const word of words) {
      const stems = {};
      for (const lang of Object.keys(c.TEXT_FIELDS)) stems[lang] = a.analyse(word, lang);
      if (!stems[questionLang].length) continue;
      if (!Object.entries(c.TEXT_FIELDS).some(([lang, fs]) => fs.some((f) => stems[lang].some((s) => cache.has(f, s))))) {
        unknown.push(word);
      }
    }
    return unknown;
  }

  /** fuzzy.fuzzy_pass: index terms close to each word, as clauses in the word's group; real words stay. */
  function fuzzyPass(cache, words, groups, languages, a, c, realWords = new Map()) {
    const result = { corrections: new Map(), clauses: [] };
    words.forEach((word, n) => {
      const group = groups && groups.has(word) ? groups.get(word) : n;
      const close = new Map();
      for (const lang of languages) {
        const real = realWords.get(lang) || new Set();
        for (const stem of a.analyse(word, lang)) {
          const edits = real.has(stem) ? 0 : maxEdits(stem);
          if (!edits) continue;
          const [lo, hi] = letterMask(stem);
          const spread = 2 * edits;
          for (let length = stem.length - edits; length <= stem.length + edits; length++) {
            for (const [term, [tlo, thi]] of cache.vocabulary(stem[0], length)) {
              if (bitCount(lo ^ tlo) + bitCount(hi ^ thi) <= spread && term !== stem && !close.has(term) &&
                  distance(stem, term, edits) <= edits) {
                close.set(term, lang);
              }
            }
          }
        }
      }
      const frequency = new Map([...close].map(([t, lang]) =>
        [t, c.TEXT_FIELDS[lang].reduce((sum, f) => sum + cache.docFrequency(f, t), 0)]));
      const chosen = [...frequency.keys()].sort((x, y) => frequency.get(y) - frequency.get(x) || (x < y ? -1 : x > y ? 1 : 0))
        .filter((t) => frequency.get(t)).slice(0, c.MAX_CORRECTIONS);
      if (chosen.length) result.corrections.set(word, chosen);
      for (const t of chosen) {
        for (const f of c.TEXT_FIELDS[close.get(t)]) {
          if (cache.has(f, t)) result.clauses.push(clause(f, [t], c.BOOSTS[f] * c.FUZZY_BOOST, group));
        }
      }
    });
    return result;
  }

  // --- the page's API ----------------------------------------------------------------------------------

  const api = { Engine, splitQuery, stemEnglish: P2, stemGerman: stemDe, snowballGerman: GERMAN, foldGerman };

  if (typeof module === "object" && module.exports) {
    module.exports = api;
    return;
  }

  const root = typeof self !== "undefined" ? self : globalThis;
  const rulekb = root.rulekb = root.rulekb || {};
  const script = typeof document !== "undefined" ? document.currentScript : null;
  const here = script && script.src ? script.src : (typeof location !== "undefined" ? location.href : "");
  /** The site's root URL (search.js lives in <root>/assets/rulekb/), to resolve a result's url against. */
  rulekb.root = here ? new URL("../../", here).href : "";
  let loading = null;

  /** Unpacks the index's fields a slice at a time while the browser is idle (a short timeout apart where it cannot
   *  say), so the first query finds them ready and a keystroke waits for one slice at the most. */
  function unpackWhenIdle(cache) {
    const later = typeof requestIdleCallback === "function"
      ? (work) => requestIdleCallback(work) : (work) => setTimeout(work, 15);
    const work = (deadline) => {
      do if (!cache.unpackSlice()) return;
      while (deadline && deadline.timeRemaining() > 2);
      later(work);
    };
    later(work);
  }

  /** rulekb.ready(): resolves with the engine once search-index.js has loaded (loaded on first use). */
  rulekb.ready = function ready() {
    if (loading) return loading;
    loading = new Promise((resolve, reject) => {
      const accept = (data) => {
        try {
          const engine = new Engine(data);
          resolve(engine);
          unpackWhenIdle(engine.cache);
        } catch (error) {
          reject(error);
        }
      };
      rulekb.receiveIndex = accept;
      if (rulekb.pendingIndex) { accept(rulekb.pendingIndex); delete rulekb.pendingIndex; return; }
      const tag = document.createElement("script");
      tag.src = new URL("search-index.js", here).href;
      tag.async = true;
      tag.onerror = () => reject(new Error("rulekb: the search index (search-index.js) could not be loaded"));
      document.head.appendChild(tag);
    });
    loading.catch(() => { loading = null; });
    return loading;
  };

  /** rulekb.query(text, {limit, game, defaultGame, kind}): the hits with the notes on how the query was read, and the ruling
   *  that answers the question as `rulekb ask` leads with it (none when another kind than rulings is asked for). */
  rulekb.query = function query(text, options = {}) {
    return rulekb.ready().then((engine) => engine.query(text, options));
  };

  /** rulekb.search(text, {limit, game, defaultGame, kind}): ranked results (``defaultGame``: the event's game,
   *  which a game the query names overrides; ``game`` overrides both). */
  rulekb.search = function search(text, options = {}) {
    return rulekb.query(text, options).then((result) => result.hits);
  };
  rulekb.Engine = Engine;
})();
