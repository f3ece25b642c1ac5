"""Turn what a judge types into a search: rule numbers to jump to, inline filters, and the text part.

A plain question becomes scored clauses (each word in each field, synonyms as phrases). A query in
Whoosh's language (phrases in quotes, groups, AND/OR/NOT, ``exhaust*``) goes through Whoosh's parser.
Anything it would misread or reject (unbalanced quotes or parentheses, a bare ``OFV:``, a lone ``AND``
or ``*``) falls back to the query's plain words, so no input raises. Typo tolerance lives in ``fuzzy.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.search.analysis import DE_STOPWORDS, EN_STOPWORDS, analyse
from kb.search.postings import Clause, PostingsCache
from kb.search.schema import ALL_TEXT_FIELDS, BOOSTS, TEXT_FIELDS
from kb.search.synonyms import Rule, Synonyms

if TYPE_CHECKING:
    from whoosh import query as wq

#: How much a synonym's alternative counts against the words actually typed; how much less a German→English
#: translation counts when the question is German (its German passages should lead, their CR rules follow).
SYNONYM_BOOST = 0.7
TRANSLATION_WEIGHT = {"de": 0.5, "en": 1.0}
#: A German question's German fields weigh this much more than English ones.
LANGUAGE_BOOST = 1.5
#: Characters and words that need Whoosh's query parser (phrases, groups, operators, prefix search).
SYNTAX = re.compile(r'["()*]|\b(?:AND|OR|NOT|ANDNOT|ANDMAYBE)\b')
#: Words that introduce a rule number (``rule 4.2.2a``, ``Regel 3.0.7``, ``chapter 4``).
ID_PREFIXES = frozenset({"rule", "rules", "regel", "cr", "chapter", "kapitel", "section", "abschnitt"})
FILTER_NAMES = {"game": "game", "doc": "document", "document": "document", "kind": "kind"}
OPERATORS = frozenset({"AND", "OR", "NOT", "ANDNOT", "ANDMAYBE"})
#: German question and function words the stock stoplist lacks.
GERMAN_WORDS = frozenset("wer was wie wann wo warum wieso welche welcher welches darf dürfen kann können muss "
                         "müssen gibt ist sind wird werden ein eine einer einen der die das und oder nicht".split())

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


def split_query(raw: str, games: frozenset[str]) -> ParsedQuery:
    """Pull rule ids (``4.2.2a``, ``rule 4.2.2a.``, ``athernum:term/permanent``) and ``game:``/``doc:``/``kind:``
    filters out of the typed text; what remains is searched as text."""
    parsed = ParsedQuery(raw=raw)
    kept: list[str] = []
    for token in raw.split():
        bare = token.strip(_EDGE_PUNCT).rstrip(".:")
        qualified = QUALIFIED.match(bare)
        introduced = bool(kept) and kept[-1].strip(_EDGE_PUNCT).casefold() in ID_PREFIXES
        if (DOTTED.match(bare) and not _is_decimal(bare)) or (qualified and qualified["prefix"].casefold() in games) \
                or (bare.isdigit() and introduced):
            parsed.ids.append(bare)
            if introduced:  # "rule 4.2.2a": the introducing word goes with the number
                kept.pop()
        elif qualified and qualified["prefix"].casefold() in FILTER_NAMES and qualified["rest"]:
            parsed.filters[FILTER_NAMES[qualified["prefix"].casefold()]] = qualified["rest"]
        else:
            kept.append(token)
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


def _clean(text: str) -> str:
    """Characters Whoosh would misread: question marks (wildcards), colons (fields), lone stars, curly quotes."""
    text = text.translate(str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "?": " ", "!": " ",
                                         ":": " ", "^": " ", "[": " ", "]": " ", "{": " ", "}": " ", "~": " "}))
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

    def __init__(self, schema, synonyms: Synonyms):
        self.schema = schema
        self.synonyms = synonyms
        self._parser = None  # Whoosh's query parser, made (and imported) on first use

    @property
    def parser(self):
        """Whoosh's parser over every text field, without the syntax a judge never means (fields, ranges, boosts)."""
        if self._parser is None:
            from whoosh.qparser import MultifieldParser, OrGroup, plugins

            parser = MultifieldParser(list(ALL_TEXT_FIELDS), self.schema,
                                      fieldboosts={f: BOOSTS[f] for f in ALL_TEXT_FIELDS}, group=OrGroup)
            for plugin in (plugins.FieldsPlugin, plugins.SingleQuotePlugin, plugins.RangePlugin,
                           plugins.BoostPlugin, plugins.EveryPlugin):
                parser.remove_plugin_class(plugin)
            self._parser = parser
        return self._parser

    def build(self, parsed: ParsedQuery, cache: PostingsCache) -> ParsedQuery:
        """Fill in the clauses or the Whoosh query of ``parsed`` (neither when there is nothing to search)."""
        text = parsed.text.strip()
        parsed.words = plain_words(text)
        if not parsed.words:
            return parsed
        parsed.lang = detect_language(parsed.words, cache)
        boosts = language_boosts(parsed.lang)
        if SYNTAX.search(text):
            if _balanced(text):
                parsed.query = self._parse(_clean(text))
            parsed.fallback = parsed.query is None
        extra: list[Clause] = []
        parsed.expansions = self.synonyms.expand(text)
        for rule in parsed.expansions:
            weight = SYNONYM_BOOST * (TRANSLATION_WEIGHT[parsed.lang] if rule.lang == "de" else 1.0)
            group = _group_of(rule, parsed.words)
            for alternative in rule.alternatives:
                extra += _phrase_clauses(alternative, cache, weight, group)
        if parsed.query is not None:
            if extra:
                from whoosh import query as wq

                parsed.query = wq.Or([parsed.query, to_whoosh(extra)])
            return parsed
        parsed.clauses, parsed.unknown = self._words(parsed.words, cache, boosts)
        parsed.clauses += extra
        return parsed

    def _words(self, words: list[str], cache: PostingsCache, boosts: dict[str, float]
               ) -> tuple[list[Clause], list[str]]:
        """Clauses for every field of every word's index terms (hyphenated words as phrases), each tagged
        with its word's position; and the words no field knows, for the fuzzy pass."""
        clauses: list[Clause] = []
        unknown: list[str] = []
        for group, word in enumerate(words):
            stems_by_lang = {lang: analyse(word, lang) for lang in TEXT_FIELDS}
            if not all(stems_by_lang.values()):
                continue  # a stopword in either language
            found = False
            for lang, fields in TEXT_FIELDS.items():
                stems = tuple(stems_by_lang[lang])
                for fieldname in fields:
                    if all(cache.has(fieldname, stem) for stem in stems):
                        clauses.append(Clause(fieldname, stems, BOOSTS[fieldname] * boosts.get(lang, 1.0), group))
                        found = True
            if not found:
                unknown.append(word)
        return clauses, unknown

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


def _group_of(rule: Rule, words: list[str]) -> int:
    """The typed word a synonym stands in for: the first word whose stems the synonym's phrase contains."""
    for n, word in enumerate(words):
        if set(analyse(word, rule.lang)) & set(rule.match):
            return n
    return len(words)


def _phrase_clauses(phrase: str, cache: PostingsCache, weight: float, group: int) -> list[Clause]:
    """A synonym's alternative as a phrase over the English fields, weighted below the typed words."""
    stems = tuple(analyse(phrase, "en"))
    if not stems:
        return []
    return [Clause(f, stems, BOOSTS[f] * weight, group) for f in TEXT_FIELDS["en"]
            if all(cache.has(f, stem) for stem in stems)]


def to_whoosh(clauses: list[Clause]) -> wq.Query:
    """Clauses as the equivalent Whoosh query (an OR of terms and phrases)."""
    from whoosh import query as wq

    parts = [wq.Term(c.field, c.stems[0], boost=c.boost) if len(c.stems) == 1
             else wq.Phrase(c.field, list(c.stems), boost=c.boost) for c in clauses]
    return parts[0] if len(parts) == 1 else wq.Or(parts)


def detect_language(words: list[str], cache: PostingsCache | None = None) -> str:
    """``de`` when the words look German: German function words, umlauts or ß, or words that only the
    German texts of the index contain; else ``en``."""
    german = english = 0
    for word in words:
        lower = word.casefold()
        if lower in GERMAN_WORDS or lower in DE_STOPWORDS or any(ch in lower for ch in "äöüß"):
            german += 1
        elif lower in EN_STOPWORDS:
            english += 1
        elif cache is not None:
            in_de = any(cache.has(f, s) for f in TEXT_FIELDS["de"] for s in analyse(word, "de"))
            in_en = any(cache.has(f, s) for f in TEXT_FIELDS["en"] for s in analyse(word, "en"))
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
