"""Turn what a judge types into a search: rule numbers to jump to, inline filters, and the text part.

A plain question becomes scored clauses (each word in each field, synonyms as phrases). A query in
Whoosh's language (phrases in quotes, groups, AND/OR/NOT, ``exhaust*``) goes through Whoosh's parser.
Anything it would misread or reject (unbalanced quotes or parentheses, a bare ``OFV:``, a lone ``AND``
or ``*``) falls back to the query's plain words, so no input raises. Typo tolerance lives in ``fuzzy.py``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from math import log
from typing import TYPE_CHECKING

from kb.search import conditions
from kb.search.analysis import (
    DE_STOPWORDS,
    EN_STOPWORDS,
    analyse,
    fold_german,
    idiom_forms,
    split_compound,
    verb_readings,
)
from kb.search.postings import Clause, PostingsCache
from kb.search.schema import ALL_TEXT_FIELDS, BOOSTS, TEXT_FIELDS
from kb.search.synonyms import Rule, Synonyms

if TYPE_CHECKING:
    from whoosh import query as wq
    from whoosh.qparser import MultifieldParser

#: How much a synonym's alternative counts against the words actually typed. A German question's translation
#: into English counts as much as an English word typed in it (``Zone``, ``Initiative``): the German question
#: is searched twice, as written in the German texts and as translated in the English ones.
SYNONYM_BOOST = 0.7
TRANSLATION_WEIGHT = {"de": 1 / SYNONYM_BOOST, "en": 1.0}
#: A German question's German fields weigh this much more than English ones.
LANGUAGE_BOOST = 1.5
#: A part of a split German compound, searched on its own, counts this much of the whole (the parts in a
#: row, as in ``Siegpunkte-Feld`` for ``Siegpunktfeld``, count fully).
COMPOUND_PART_WEIGHT = 0.5
#: A German hyphenated word's English part (a loanword: ``Online-Turnier``, ``Objective-Fähigkeit``), searched on its
#: own in the English texts where they do not hold the whole, counts this much of a typed word.
LOANWORD_PART_WEIGHT = 0.25
#: Two neighbouring typed words are also searched as a phrase in these fields, at this weight.
PAIR_FIELDS = {"en": ("body_en",), "de": ("body_de",)}
PAIR_WEIGHT = 0.5
#: Characters and words that need Whoosh's query parser (phrases, groups, operators, prefix search).
SYNTAX = re.compile(r'["()*]|\b(?:AND|OR|NOT|ANDNOT|ANDMAYBE)\b')
#: Words that introduce a rule number (``rule 4.2.2a``, ``Regel 3.0.7``, ``chapter 4``).
ID_PREFIXES = frozenset({"rule", "rules", "regel", "cr", "chapter", "kapitel", "section", "abschnitt"})
FILTER_NAMES = {"game": "game", "doc": "document", "document": "document", "kind": "kind"}
OPERATORS = frozenset({"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"})
#: German question and function words the stock stoplist lacks.
GERMAN_WORDS = frozenset(
    [
        "wer",
        "was",
        "wie",
        "wann",
        "wo",
        "warum",
        "wieso",
        "welche",
        "welcher",
        "welches",
        "darf",
        "dürfen",
        "kann",
        "können",
        "muss",
        "müssen",
        "gibt",
        "ist",
        "sind",
        "wird",
        "werden",
        "ein",
        "eine",
        "einer",
        "einen",
        "der",
        "die",
        "das",
        "und",
        "oder",
        "nicht",
    ]
)

#: A German present participle: an infinitive, ``d``, perhaps an adjective's ending (``blockende``,
#: ``wechselnden``); its ``-ende`` is no ``Ende`` (end).
PRESENT_PARTICIPLE = re.compile(r"^(\w{2,}(?:en|ln|rn))d(?:e|em|en|er|es)?$")

DOTTED = re.compile(r"^(?:(?P<game>[a-z][\w-]*):)?\d+(?:\.[0-9a-z]+)+$", re.IGNORECASE)
QUALIFIED = re.compile(r"^(?P<prefix>[a-z][\w-]*):(?P<rest>\S+)$", re.IGNORECASE)
WORD = re.compile(r"\w+(?:[.'-]\w+)*", re.UNICODE)
_EDGE_PUNCT = "()[]{},;!?\"'“”„«»"


@dataclass
class ParsedQuery:
    """A query taken apart: rule ids to jump to, filters, the text query and the words it was made of."""

    raw: str
    text: str = ""
    ids: list[str] = field(default_factory=list)
    filters: dict[str, str] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)
    query: wq.Query | None = None  # the Whoosh query, for queries in Whoosh's query language
    clauses: list[Clause] | None = None  # the scored clauses, for plain questions
    fallback: bool = False
    expansions: list[Rule] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    lang: str = "en"
    compounds: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a German compound → its parts
    infinitives: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a German verb form → infinitives
    named_game: str | None = None  # a game the question names as a word ("in Altered")

    def readings(self) -> dict[str, tuple[str, ...]]:
        """The German words a typed word is read as, where that is more than itself: a compound's parts,
        a verb form with its infinitive (``gehört`` → ``gehört``, ``gehören``); a separable verb written as one
        word, as it is at the end of a clause (``wenn er zurückgeht``), as its parts and its infinitive
        (``zurück``, ``geht``, ``zurückgehen``)."""
        out = {w: (w, *forms) for w, forms in self.infinitives.items()}
        for w, parts in self.compounds.items():
            out[w] = (*parts, *self.infinitives.get(w, ()))
        return out


def split_query(raw: str, games: frozenset[str], names: Mapping[str, str] | None = None) -> ParsedQuery:
    """Pull rule ids (``4.2.2a``, ``rule 4.2.2a.``, ``athernum:term/permanent``) and ``game:``/``doc:``/``kind:``
    filters out of the typed text, and a game named as a word ("in Altered", "atnia's", or as its documents spell
    it, ``names``: "Athenum"): the first one named keeps the search to that game. What remains is searched as text."""
    parsed = ParsedQuery(raw=raw)
    kept: list[str] = []
    named: str | None = None
    for token in raw.split():
        bare = token.strip(_EDGE_PUNCT).rstrip(".:")
        name = re.sub(r"['’]s$", "", bare).casefold()
        game = name if name in games else (names or {}).get(name)
        if game:
            named = named or game
            continue
        qualified = QUALIFIED.match(bare)
        introduced = bool(kept) and kept[-1].strip(_EDGE_PUNCT).casefold() in ID_PREFIXES
        if (
            (DOTTED.match(bare) and not _is_decimal(bare))
            or (qualified and qualified["prefix"].casefold() in games)
            or (bare.isdigit() and introduced)
        ):
            parsed.ids.append(bare)
            if introduced:  # "rule 4.2.2a": the introducing word goes with the number
                kept.pop()
        elif qualified and qualified["prefix"].casefold() in FILTER_NAMES and qualified["rest"]:
            parsed.filters[FILTER_NAMES[qualified["prefix"].casefold()]] = qualified["rest"]
        else:
            kept.append(token)
    if named:
        parsed.filters.setdefault("game", named)
        parsed.named_game = named
        if not kept and not parsed.ids:  # "atnia" alone: search the game's own texts for its name
            kept.append(named)
    parsed.text = " ".join(kept)
    return parsed


def _is_decimal(token: str) -> bool:
    """``1.5`` is a number in a sentence, not a rule id (rule ids have at least three parts)."""
    return bool(re.fullmatch(r"\d+\.\d+", token))


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0 and text.count('"') % 2 == 0


#: Characters Whoosh would misread: curly quotes and guillemets become straight quotes, query syntax a space.
_MISREAD = str.maketrans("“”„«»?!:^[]{}~", '"' * 5 + " " * 9)


def _clean(text: str) -> str:
    """Characters Whoosh would misread: question marks (wildcards), colons (fields), lone stars, curly quotes."""
    text = text.translate(_MISREAD)
    return re.sub(r"(?<!\w\w)\*", " ", text)


def plain_words(text: str) -> list[str]:
    """The words of ``text`` without operators and punctuation: what a malformed query falls back to."""
    return [w for w in WORD.findall(text) if w not in OPERATORS]


class QueryBuilder:
    """Builds the text part of a search: scored clauses for plain questions, a Whoosh query for the rest.

    Plain questions (no quotes, parentheses, operators or ``*``) become clauses built term by term, keeping
    only terms the index holds, each tagged with the typed word it stands for (for coordination); Whoosh's
    (slower) parser handles queries written in its query language.
    """

    def __init__(self, synonyms: Synonyms):
        self.synonyms = synonyms
        self._parser = None  # Whoosh's query parser, made (and imported) on first use
        one_word = [r for r in synonyms.rules if r.lang == "de" and len(r.match) == 1]
        #: The German words the translations know by themselves: parts a compound may be split into.
        self._lexicon = frozenset(r.match[0] for r in one_word)
        #: The same words as the translations spell them (folded): what tells the verb ``blocken`` from a stem.
        self._spelled = synonyms.spelled
        self._frequency: dict[str, int] = {}
        self._document_frequency: dict[tuple[str, str], int] = {}  # (language, stem) → entries holding it
        self._splits: dict[str, tuple[str, ...] | None] = {}

    @property
    def parser(self) -> MultifieldParser:
        """Whoosh's parser over every text field, without the syntax a judge never means (fields, ranges, boosts)."""
        if self._parser is None:
            from whoosh.qparser import MultifieldParser, OrGroup, plugins

            from kb.search.schema import build_schema

            parser = MultifieldParser(
                list(ALL_TEXT_FIELDS),
                build_schema(),
                fieldboosts={f: BOOSTS[f] for f in ALL_TEXT_FIELDS},
                group=OrGroup,
            )
            for plugin in (
                plugins.FieldsPlugin,
                plugins.SingleQuotePlugin,
                plugins.RangePlugin,
                plugins.BoostPlugin,
                plugins.EveryPlugin,
            ):
                parser.remove_plugin_class(plugin)
            self._parser = parser
        return self._parser

    def build(self, parsed: ParsedQuery, cache: PostingsCache) -> ParsedQuery:
        """Fill in the clauses or the Whoosh query of ``parsed`` (neither when there is nothing to search)."""
        text = parsed.text.strip()
        parsed.words = plain_words(text)
        if not parsed.words:
            return parsed
        parsed.lang = detect_language(parsed.words, cache, self._lexicon)
        boosts = language_boosts(parsed.lang)
        if SYNTAX.search(text):
            if _balanced(text):
                parsed.query = self._parse(_clean(text))
            parsed.fallback = parsed.query is None
        extra: list[Clause] = []
        if parsed.lang == "de" and parsed.query is None:
            parsed.compounds = self._compounds(parsed.words, cache)
            parsed.infinitives = self._infinitives(parsed.words, cache)
        readings = parsed.readings()
        # a compound as typed, then its parts: an idiom's stopword ("am Zug") takes no part for a word ("am Zugende")
        reading = (
            " ".join(
                " ".join(((w,) if w in parsed.compounds else ()) + readings.get(w, (w,)))
                for w in parsed.words
            )
            if readings
            else text
        )
        parsed.expansions = self.synonyms.expand(reading, parsed.lang)
        for rule in parsed.expansions:
            weight = SYNONYM_BOOST * (TRANSLATION_WEIGHT[parsed.lang] if rule.lang == "de" else 1.0)
            group = _group_of(rule, parsed.words, readings)
            for alternative in rule.alternatives:
                extra += _phrase_clauses(alternative, cache, weight, group)
        # The English synonyms of a German question's English reading.
        if parsed.lang == "de" and parsed.query is None:
            for rule in self.synonyms.expand(self.synonyms.gloss(reading), "en"):
                if _whole(rule):
                    group = self._gloss_group(rule, parsed.words, readings)
                    for alternative in rule.alternatives:
                        extra += _phrase_clauses(alternative, cache, SYNONYM_BOOST, group)
        if parsed.query is None:  # the conditions asked about, together as one more word of the question
            for condition in conditions.asked(text):
                for phrase in condition.words:
                    extra += _phrase_clauses(phrase, cache, condition.weight, len(parsed.words))
        if parsed.lang == "de" and parsed.query is None:
            for group, phrase in self._compositions(parsed, cache):
                extra += _phrase_clauses(phrase, cache, SYNONYM_BOOST * TRANSLATION_WEIGHT["de"], group)
        if parsed.query is not None:
            if extra:
                from whoosh import query as wq

                parsed.query = wq.Or([parsed.query, to_whoosh(extra)])
            return parsed
        parsed.clauses, parsed.unknown = self._words(parsed, cache, boosts)
        parsed.clauses = [
            self._rarity(c, cache)
            for c in _once(parsed.clauses + extra + _pairs(parsed.words, parsed.lang, cache, boosts))
        ]
        return parsed

    def _gloss_group(self, rule: Rule, words: list[str], readings: dict[str, tuple[str, ...]]) -> int:
        """The typed word an English synonym of the question's English reading stands in for: the first word
        whose own English reading shares a stem with the synonym's phrase (as :func:`_group_of`)."""
        for n, word in enumerate(words):
            english = self.synonyms.gloss(" ".join(readings.get(word, (word,))))
            if set(analyse(english, "en")) & set(rule.match):
                return n
        return len(words)

    def translate(
        self,
        corrections: dict[str, list[str]],
        groups: dict[str, int],
        cache: PostingsCache,
        lang: str,
        weight: float,
    ) -> list[Clause]:
        """Clauses for the translations of German words as the typo pass corrected them (``Ablagestappel`` →
        ``ablagestapel`` → discard pile), in the typed word's group, at ``weight`` of a translation."""
        clauses: list[Clause] = []
        factor = weight * SYNONYM_BOOST * TRANSLATION_WEIGHT[lang]
        for word, terms in corrections.items():
            for term in terms:
                for rule in self.synonyms.rules_for("de", term):
                    for alternative in rule.alternatives:
                        clauses += _phrase_clauses(alternative, cache, factor, groups.get(word, 0))
        return clauses

    def _rarity(self, clause: Clause, cache: PostingsCache) -> Clause:
        """A word's clause in a title, body or context field weighed by how rare the word is in the whole
        index, not in the one field: its boost is scaled by idf(word, every field of its language) /
        idf(word, this field). BM25 takes the idf per field, so "counter", common in rule texts but rare
        in headings, outweighed a rare, decisive word ("poison") found in a rule's body. Glossary names
        (the ``terms`` field) keep their own idf, so a term's entry still leads a search for its name;
        phrases keep their boost."""
        if len(clause.stems) != 1 or clause.field == "terms":
            return clause
        stem = clause.stems[0]
        lang = "de" if clause.field in TEXT_FIELDS["de"] else "en"
        own = log(cache.count / (cache.doc_frequency(clause.field, stem) + 1)) + 1
        return replace(clause, boost=clause.boost * self._idf(lang, stem, cache) / own)

    def _idf(self, lang: str, stem: str, cache: PostingsCache) -> float:
        """The idf of a stem over every field of its language (BM25's formula, as Whoosh's): how rare the
        word is among the index's entries."""
        key = (lang, stem)
        if key not in self._document_frequency:
            docs: set[int] = set()
            for fieldname in TEXT_FIELDS[lang]:
                entry = cache.postings.get(fieldname, {}).get(stem)
                docs.update(entry[0] if entry else ())
            self._document_frequency[key] = len(docs)
        return log(cache.count / (self._document_frequency[key] + 1)) + 1

    def _compositions(self, parsed: ParsedQuery, cache: PostingsCache) -> list[tuple[int, str]]:
        """German compounds (split, or hyphenated) read part by part as one English phrase, with their typed
        word's group: each part's translation, or the part itself where it is an English word the English texts
        hold (``Objective-Fähigkeit`` → objective ability, ``Unterstützerfähigkeit`` → support ability), a word
        repeated at a seam said once; not where a translation listed for the compound already searches the
        phrase. The CR names the thing so; the parts' translations alone do not."""
        out: list[tuple[int, str]] = []
        searched = {analyse(a, "en") for rule in parsed.expansions for a in rule.alternatives}
        for group, word in enumerate(parsed.words):
            parts = parsed.compounds.get(word) or (
                tuple(re.findall(r"\w+", word)) if len(analyse(word, "de")) > 1 else ()
            )
            english = [e for e in (self._english_part(part, cache) for part in parts) if e is not None]
            if len(english) < 2 or len(english) < len(parts):
                continue
            words: list[str] = []
            for phrase in english:
                said = phrase.split()
                if words and analyse(words[-1], "en") == analyse(said[0], "en"):
                    said = said[1:]
                words += said
            stems = analyse(" ".join(words), "en")
            if len(stems) > 1 and stems not in searched:  # a translation listed for the compound is searched
                out.append((group, " ".join(words)))
        return out

    def _english_part(self, part: str, cache: PostingsCache) -> str | None:
        """A compound's part in English: its translation, or itself when the English texts hold it."""
        translation = self.synonyms.translation(part)
        if translation:
            return translation
        stems = analyse(part, "en")
        if stems and all(any(cache.has(f, s) for f in TEXT_FIELDS["en"]) for s in stems):
            return part
        return None

    def _infinitives(self, words: list[str], cache: PostingsCache) -> dict[str, tuple[str, ...]]:
        """German verb forms among ``words`` with the infinitives the German texts or the translations know, as
        :func:`~kb.search.analysis.verb_readings` reads them (``beginnt`` → ``beginnen``, ``fängt … an`` →
        ``anfangen``); a present participle as its verb (``blockende`` → ``blocken``)."""
        verbs = verb_readings(
            words, lambda form: bool(self._german_frequency(cache, analyse(form, "de")[0])), self._spelled
        )
        out: dict[str, tuple[str, ...]] = {}
        for word in words:
            if word in out or not analyse(word, "de"):
                continue
            verb = self._participle(word, cache)
            if verb:
                out[word] = (verb,)
            elif word in verbs:
                out[word] = verbs[word]
        return out

    def _unknown_whole(self, word: str, cache: PostingsCache) -> bool:
        """A German word of one stem that no field and no translation knows as a whole: a compound, a
        participle or a typo."""
        stems = {lang: analyse(word, lang) for lang in TEXT_FIELDS}
        if not all(stems.values()) or len(stems["de"]) != 1 or stems["de"][0] in self._lexicon:
            return False
        return not any(
            cache.has(f, s) for lang, fields in TEXT_FIELDS.items() for f in fields for s in stems[lang]
        )

    def _participle(self, word: str, cache: PostingsCache) -> str | None:
        """The verb an unknown German word is the present participle of, where the translations list that verb
        as spelled (``blockende`` → ``blocken``), so that it is read as the verb, not split into a stem and
        ``Ende``; None otherwise (``Zugende``: the translations list ``Zug``, no verb ``zugen``)."""
        participle = PRESENT_PARTICIPLE.match(fold_german(word.casefold()))
        if participle is None or participle[1] not in self._spelled or not self._unknown_whole(word, cache):
            return None
        return participle[1]

    def _compounds(self, words: list[str], cache: PostingsCache) -> dict[str, tuple[str, ...]]:
        """The German compounds among ``words`` that no field knows as a whole, with the words they are made
        of (known to the German texts or to the translations), for instance ``Siegpunktmarker`` →
        ``siegpunkt``, ``marker``; not a verb's present participle (``blockende``)."""
        out: dict[str, tuple[str, ...]] = {}
        for word in words:
            if word in out or not self._unknown_whole(word, cache) or self._participle(word, cache):
                continue
            if word not in self._splits:
                if len(self._splits) > 4096:  # a long-lived engine: forget old words rather than grow
                    self._splits.clear()
                self._splits[word] = split_compound(word, lambda stem: self._german_frequency(cache, stem))
            split = self._splits[word]
            if split:
                out[word] = split
        return out

    def _german_frequency(self, cache: PostingsCache, stem: str) -> int:
        """How many German entries hold ``stem`` (in title or text), at least 1 for a word the translations know."""
        if stem not in self._frequency:
            count = cache.doc_frequency("title_de", stem) + cache.doc_frequency("body_de", stem)
            self._frequency[stem] = max(count, 1 if stem in self._lexicon else 0)
        return self._frequency[stem]

    def _words(
        self, parsed: ParsedQuery, cache: PostingsCache, boosts: dict[str, float]
    ) -> tuple[list[Clause], list[str]]:
        """Clauses for every field of every word's index terms (hyphenated words as phrases), each tagged
        with its word's position; and the words no field knows, for the fuzzy pass. A German question's
        words are also searched as what they are read as: a hyphenated word's parts each on its own (its English
        parts in the English texts, where they do not hold the whole: the loanword of ``Online-Turnier``), a
        verb form's infinitive beside it, and a compound no field knows as its parts (in a row, and each
        on its own)."""
        german = parsed.lang == "de"
        clauses: list[Clause] = []
        unknown: list[str] = []
        for group, word in enumerate(parsed.words):
            stems_by_lang = {lang: analyse(word, lang) for lang in TEXT_FIELDS}
            if not stems_by_lang[parsed.lang]:
                continue  # a stopword of the question's language
            found = False
            for lang, fields in TEXT_FIELDS.items():
                stems = tuple(stems_by_lang[lang])
                if not stems:
                    continue  # a stopword of the other language: "die" in an English question is no article
                for fieldname in fields:
                    if all(cache.has(fieldname, stem) for stem in stems):
                        clauses.append(
                            Clause(fieldname, stems, BOOSTS[fieldname] * boosts.get(lang, 1.0), group)
                        )
                        found = True
            for spelling in _spellings(word):
                clauses += [
                    Clause(fieldname, spelling, BOOSTS[fieldname] * boosts.get("en", 1.0), group)
                    for fieldname in TEXT_FIELDS["en"]
                    if all(cache.has(fieldname, stem) for stem in spelling)
                ]
            if not german:
                if not found:
                    unknown.append(word)
                continue
            parts = stems_by_lang["de"] if len(stems_by_lang["de"]) > 1 else ()  # Siegpunkte-Pool
            # the loanword of Online-Turnier, where no English text has the whole
            english = stems_by_lang["en"]
            if len(english) > 1 and not any(all(cache.has(f, s) for s in english) for f in TEXT_FIELDS["en"]):
                clauses += [
                    Clause(f, (part,), BOOSTS[f] * boosts.get("en", 1.0) * LOANWORD_PART_WEIGHT, group)
                    for part in english
                    for f in TEXT_FIELDS["en"]
                    if cache.has(f, part)
                ]
            for infinitive in parsed.infinitives.get(word, ()):
                found |= self._german_clauses(clauses, analyse(infinitive, "de"), cache, boosts, group)
            if not found and word in parsed.compounds:
                parts = tuple(analyse(part, "de")[0] for part in parsed.compounds[word])
                found = self._german_clauses(clauses, parts, cache, boosts, group) or bool(parts)
            for part in parts:
                self._german_clauses(clauses, (part,), cache, boosts, group, COMPOUND_PART_WEIGHT)
            # a word the translations know is no typo, though no German text has it: ``Ressourcenmarken`` is
            # searched as resource tokens, not corrected into another compound (``Ressourcenkarte``)
            if not found and not (len(stems_by_lang["de"]) == 1 and stems_by_lang["de"][0] in self._lexicon):
                unknown.append(word)
        return clauses, unknown

    @staticmethod
    def _german_clauses(
        clauses: list[Clause],
        stems: tuple[str, ...],
        cache: PostingsCache,
        boosts: dict[str, float],
        group: int,
        weight: float = 1.0,
    ) -> bool:
        """Add a clause for ``stems`` (a term or phrase) in each German field that holds them; True if any does."""
        found = False
        for fieldname in TEXT_FIELDS["de"]:
            if all(cache.has(fieldname, stem) for stem in stems):
                clauses.append(
                    Clause(fieldname, stems, BOOSTS[fieldname] * boosts.get("de", 1.0) * weight, group)
                )
                found = True
        return found

    def _parse(self, text: str) -> wq.Query | None:
        """Parse with Whoosh; None when it fails or yields nothing searchable (only operators, ``*``)."""
        from whoosh import query as wq

        try:
            query = self.parser.parse(text)
        except Exception:  # Whoosh's parser is lenient, but a judge's input must never reach a traceback
            return None
        if query is wq.NullQuery or not _searchable(query):
            return None
        return query


def _once(clauses: list[Clause]) -> list[Clause]:
    """Each term or phrase once per field and typed word, at the highest boost it was given: a German word that
    is also English (``Zone``, ``Initiative``) and its translation to the same word count once, not twice."""
    best: dict[tuple[str, tuple[str, ...], int], Clause] = {}
    for clause in clauses:
        key = (clause.field, clause.stems, clause.group)
        if key not in best or clause.boost > best[key].boost:
            best[key] = clause
    return list(best.values())


def _pairs(
    words: list[str], question_lang: str, cache: PostingsCache, boosts: dict[str, float]
) -> list[Clause]:
    """Each two neighbouring words of the question (the stopwords of its language left out) as a phrase in the
    title and body fields that hold it, at ``PAIR_WEIGHT``, in the first word's group: a rule that says "same
    name" where the judge typed "same name" ranks above one that has "same" and "name" apart. A pair with a
    stopword of the other language is not searched in that language's fields."""
    kept = [(n, word) for n, word in enumerate(words) if analyse(word, question_lang)]
    clauses: list[Clause] = []
    for (group, first), (_, second) in itertools.pairwise(kept):
        for lang, fields in PAIR_FIELDS.items():
            head, tail = analyse(first, lang), analyse(second, lang)
            if not head or not tail:
                continue
            stems = tuple(head) + tuple(tail)
            clauses += [
                Clause(f, stems, BOOSTS[f] * boosts.get(lang, 1.0) * PAIR_WEIGHT, group)
                for f in fields
                if all(cache.has(f, stem) for stem in stems)
            ]
    return clauses


#: A hyphenated English word of letters only (``sub-type``, ``face-down``).
HYPHENATED = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")
#: The shortest part a closed English compound is cut into, and the shortest and longest compound cut: no
#: two English words make a longer one, and each cut analyses both halves (a pasted 10,000-letter "word" would
#: take seconds).
MIN_SPELLING_PART = 3
MIN_SPELLING_WORD = 6
MAX_SPELLING_WORD = 40


def _spellings(word: str) -> list[tuple[str, ...]]:
    """The other ways an English compound is spelled, as stems: a hyphenated word closed up (``sub-type`` →
    ``subtype``), a closed one cut in two (``subtype`` → ``sub type``, ``facedown`` → ``face down``). The Altered
    rules hyphenate what the Athernum CR writes as one word; a cut that is no phrase of any text finds nothing."""
    stems = analyse(word, "en")
    if len(stems) > 1:
        joined = analyse(word.replace("-", ""), "en") if HYPHENATED.fullmatch(word) else ()
        return [joined] if len(joined) == 1 else []
    if len(stems) != 1 or not word.isalpha() or not MIN_SPELLING_WORD <= len(word) <= MAX_SPELLING_WORD:
        return []
    cuts = (
        (analyse(word[:i], "en"), analyse(word[i:], "en"))
        for i in range(MIN_SPELLING_PART, len(word) - MIN_SPELLING_PART + 1)
    )
    return [head + tail for head, tail in cuts if len(head) == 1 and len(tail) == 1]


def _group_of(rule: Rule, words: list[str], readings: dict[str, tuple[str, ...]] | None = None) -> int:
    """The typed word a synonym stands in for: the first word whose stems (or the stems of what it is read
    as: a compound's parts, a verb's infinitive) the synonym's phrase contains."""
    for n, word in enumerate(words):
        parts = (readings or {}).get(word, (word,))
        if {s for part in parts for s in analyse(part, rule.lang)} & set(rule.match):
            return n
    return len(words)


def _whole(rule: Rule) -> bool:
    """An English entry that matches its whole phrase: not one whose stopwords leave a common word
    (``in play`` → play, ``my item`` → item), which would stand for every use of that word."""
    return len(rule.match) == len(idiom_forms(rule.phrase, rule.lang))


def _phrase_clauses(phrase: str, cache: PostingsCache, weight: float, group: int) -> list[Clause]:
    """A synonym's alternative as a phrase over the English fields, weighted below the typed words."""
    stems = tuple(analyse(phrase, "en"))
    if not stems:
        return []
    return [
        Clause(f, stems, BOOSTS[f] * weight, group)
        for f in TEXT_FIELDS["en"]
        if all(cache.has(f, stem) for stem in stems)
    ]


def to_whoosh(clauses: list[Clause]) -> wq.Query:
    """Clauses as the equivalent Whoosh query (an OR of terms and phrases)."""
    from whoosh import query as wq

    parts = [
        wq.Term(c.field, c.stems[0], boost=c.boost)
        if len(c.stems) == 1
        else wq.Phrase(c.field, list(c.stems), boost=c.boost)
        for c in clauses
    ]
    return parts[0] if len(parts) == 1 else wq.Or(parts)


def detect_language(
    words: list[str], cache: PostingsCache | None = None, lexicon: frozenset[str] = frozenset()
) -> str:
    """``de`` when the words look German: German function words, umlauts or ß, words that only the German texts
    of the index contain, or that no text holds but the translations know (their German stems, ``lexicon``:
    ``Ressourcenmarken``); else ``en``. A function word of both languages (``in``, ``an``, ``was``, ``will``)
    tells neither."""
    german = english = 0
    for word in words:
        lower = word.casefold()
        if lower in DE_STOPWORDS and lower in EN_STOPWORDS:
            continue
        if lower in GERMAN_WORDS or lower in DE_STOPWORDS or any(ch in lower for ch in "äöüß"):
            german += 1
        elif lower in EN_STOPWORDS:
            english += 1
        elif cache is not None:
            stems = analyse(word, "de")
            in_de = any(cache.has(f, s) for f in TEXT_FIELDS["de"] for s in stems)
            in_en = any(cache.has(f, s) for f in TEXT_FIELDS["en"] for s in analyse(word, "en"))
            in_de = in_de or (not in_en and len(stems) == 1 and stems[0] in lexicon)
            german += in_de and not in_en
            english += in_en and not in_de
    return "de" if german > english else "en"


def language_boosts(lang: str) -> dict[str, float]:
    """Fields of the query's own language weigh more: a German question prefers German passages."""
    return {"de": LANGUAGE_BOOST, "en": 1.0} if lang == "de" else {"en": 1.0, "de": 1.0}


def _searchable(query: wq.Query) -> bool:
    """True when the query matches by some term or prefix, and does not match everything."""
    from whoosh import query as wq

    leaves = list(query.leaves()) if query.is_leaf() is False else [query]
    if any(isinstance(leaf, wq.Every) for leaf in leaves):
        return False
    if any(isinstance(leaf, (wq.Prefix, wq.Wildcard)) and len(leaf.text.strip("*?")) < 2 for leaf in leaves):
        return False
    return any(isinstance(leaf, (wq.Term, wq.Phrase, wq.Prefix, wq.Wildcard)) for leaf in leaves)
