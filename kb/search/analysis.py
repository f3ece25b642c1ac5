"""Text analysis for the index: English (porter2) and German (snowball) analyzers with stopwords.

Whoosh's default porter stemmer mangles -ed/-ing words (``activated`` → ``activat``); porter2 does not.
The tokenizer keeps rule numbers (``4.2.2a``) and hyphenated words' parts as separate, searchable tokens.
German words are folded before stemming as Snowball's "german2" variant does (``ae``/``oe``/``ue`` typed for
``ä``/``ö``/``ü``, ``ss`` for ``ß``). For questions, a German compound the index does not know can be split into
the words it is made of (:func:`split_compound`, against the index's own vocabulary), and a finite verb form
read as its infinitive (:func:`infinitives`), which Snowball does not conflate.

Analysis here is plain Python (a regex, the stoplists, the stemmers), so that a query never loads Whoosh's
analysis package; the index's Whoosh analyzers (:mod:`kb.search.analyzers`) are built from the same parts and
give the same terms. The stemmers are Snowball 2's, from PyStemmer: the stems of Whoosh's porter2 and of the
NLTK port of Snowball's German that Whoosh ships (which the site's ``search.js`` follows), at a fraction of the
import cost.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterator, Sequence
from functools import lru_cache

import Stemmer
from whoosh.lang.stopwords import stoplists

#: Words (letters, digits) and dotted rule numbers; hyphens and apostrophes split words.
TOKEN_PATTERN = r"\d+(?:\.\w+)+|\w+"

#: Words the stock stoplists drop but rules depend on: face-down vs face-up, before/after, once, only.
KEEP = frozenset(
    [
        "down",
        "up",
        "off",
        "out",
        "over",
        "before",
        "after",
        "during",
        "once",
        "more",
        "most",
        "only",
        "all",
        "each",
        "same",
        "between",
        "again",
        "against",
        "few",
        "further",
    ]
)
#: Negated auxiliaries and contractions, with their apostrophe (``doesn't`` → ``doesn`` ``t``) and as judges
#: type them without it (``dont``, ``isnt``, ``whats``): function words like ``don``, ``not`` and ``what``, never
#: a typo to correct (``dont`` is not ``done``).
CONTRACTIONS = frozenset(
    [
        "aren",
        "couldn",
        "didn",
        "doesn",
        "hadn",
        "hasn",
        "haven",
        "isn",
        "mustn",
        "needn",
        "shouldn",
        "wasn",
        "weren",
        "wouldn",
        "ll",
        "re",
        "ve",
        "d",
        "m",
        "arent",
        "cant",
        "couldnt",
        "didnt",
        "doesnt",
        "dont",
        "hadnt",
        "hasnt",
        "havent",
        "isnt",
        "mustnt",
        "neednt",
        "shouldnt",
        "wasnt",
        "werent",
        "wont",
        "wouldnt",
        "im",
        "ive",
        "youre",
        "theyre",
        "whats",
        "thats",
        "theres",
    ]
)
#: English words that negate, as rules write them and judges type them (``no``, ``without``, ``cannot``,
#: ``dont``; ``doesn't`` is cut into ``doesn`` and ``t``, ``can't`` into ``can`` and ``t``). Most are stopwords, so
#: ``negated_stems`` reads them from the words as written.
NEGATING_WORDS = frozenset(
    [
        "no",
        "not",
        "without",
        "never",
        "cannot",
        "none",
        "nor",
        "neither",
        "don",
        "doesn",
        "didn",
        "isn",
        "aren",
        "wasn",
        "weren",
        "hasn",
        "haven",
        "hadn",
        "couldn",
        "shouldn",
        "wouldn",
        "mustn",
        "needn",
        "dont",
        "doesnt",
        "didnt",
        "isnt",
        "arent",
        "wasnt",
        "werent",
        "hasnt",
        "havent",
        "hadnt",
        "cant",
        "couldnt",
        "shouldnt",
        "wouldnt",
        "wont",
        "mustnt",
        "neednt",
    ]
)
#: How many words after a negating word it bears on ("has no Hero", "without a defensive value").
NEGATION_SCOPE = 3
EN_STOPWORDS = (
    (frozenset(stoplists["en"]) - KEEP)
    | CONTRACTIONS
    | {"e", "g", "etc", "does", "happens", "happen", "get", "gets"}
)
#: German function words beside the stock list, as the English list has them: question words, modal and
#: auxiliary verb forms, contractions, and what a judge types in a hurry (``nen``, ``gibts``, ``wieviele``).
DE_EXTRA_STOPWORDS = frozenset(
    [
        "z",
        "b",
        "bzw",
        "ggf",
        "etwa",
        "passiert",
        "passieren",
        "geschieht",
        "geschehen",
        "wer",
        "wem",
        "wen",
        "wessen",
        "wann",
        "warum",
        "wieso",
        "weshalb",
        "wohin",
        "woher",
        "womit",
        "wofür",
        "wodurch",
        "worauf",
        "darf",
        "darfst",
        "dürfen",
        "dürft",
        "durfte",
        "durften",
        "kannst",
        "könnt",
        "konnte",
        "konnten",
        "könnten",
        "musst",
        "müssen",
        "müsst",
        "mussten",
        "müsste",
        "sollst",
        "sollen",
        "sollten",
        "willst",
        "wollt",
        "möchte",
        "möchtest",
        "mag",
        "magst",
        "hast",
        "habt",
        "hätte",
        "hätten",
        "seid",
        "wäre",
        "wären",
        "wurde",
        "wurden",
        "worden",
        "werdet",
        "beim",
        "ans",
        "aufs",
        "fürs",
        "n",
        "ne",
        "nen",
        "gibt",
        "gibts",
        "mal",
        "halt",
        "eigentlich",
        "bitte",
        "ja",
        "eh",
        "ok",
        "okay",
        "viele",
        "vielen",
        "vieler",
        "wieviel",
        "wieviele",
        "wievielen",
        # particles and pronouns of spoken German that a question carries and no rule turns on ("darf in der
        # Nacht überhaupt jemand was aktivieren", "einfach so ablegen"): as rare words in the German texts they
        # outweighed the words that name the rule
        "überhaupt",
        "jemand",
        "irgendwer",
        "irgendjemand",
        "irgendwie",
        "irgendwas",
        "gerade",
        "einfach",
        "unbedingt",
        "gar",
        "wohl",
        "eben",
        "sowieso",
        "dass",
        "woran",
    ]
)
DE_STOPWORDS = frozenset(stoplists["de"]) | DE_EXTRA_STOPWORDS

#: Snowball 2's stemmers: English is porter2; German does not fold ``ae``/``oe``/``ue`` itself (Snowball 3's does,
#: which the site's search.js does not).
ENGLISH_STEMMER = Stemmer.Stemmer("english")
GERMAN_STEMMER = Stemmer.Stemmer("german")


def stem_en(word: str) -> str:
    """The porter2 stem of a lowercase English word."""
    return str(ENGLISH_STEMMER.stemWord(word))


#: The particles of separable verbs (``anfangen``: ``fängt … an``; ``abgelegt``).
SEPARABLE_PREFIXES = (
    "ab",
    "an",
    "auf",
    "aus",
    "bei",
    "dar",
    "ein",
    "fest",
    "frei",
    "her",
    "hin",
    "hinzu",
    "los",
    "mit",
    "nach",
    "um",
    "vor",
    "weg",
    "zu",
    "zurück",
    "zusammen",
)
#: A participle of a separable verb: prefix, "ge", stem, ending (``abgelegt``, ``angesehen``, ``aufgedeckt``,
#: ``abgearbeitet``), also before a noun (``abgelegte``, ``angelegten``).
SEPARABLE_PARTICIPLE = re.compile(
    rf"^({'|'.join(SEPARABLE_PREFIXES)})ge(\w{{3,}}?)(et|t|en)(?:e|em|en|er|es)?$"
)
#: An infinitive with ``zu`` of a separable verb: prefix (the longest first), "zu", infinitive (``abzulegen``,
#: ``aufzudecken``, ``anzugreifen``, ``abzuwickeln``, ``hinzuzufügen``).
SEPARABLE_ZU_INFINITIVE = re.compile(
    rf"^({'|'.join(sorted(SEPARABLE_PREFIXES, key=len, reverse=True))})zu(\w{{2,}}(?:en|eln|ern))$"
)


#: ``ae``/``oe``/``ue`` typed for an umlaut (not ``ue`` after ``q``, nor a ``u`` between vowels: ``neue``).
_UMLAUT_SPELLING = re.compile(r"(?<![aeiouyäöü])ae|(?<![aeiouyäöü])oe|(?<![qaeiouyäöü])ue(?![aeiouyäöü])")
_UMLAUTS = {"ae": "ä", "oe": "ö", "ue": "ü"}


def fold_german(word: str) -> str:
    """A lowercase German word with umlauts typed as two letters turned back into umlauts (Snowball's german2
    rule): ``erschoepft`` → ``erschöpft``, ``Faehigkeit`` → ``fähigkeit``; ``neue``, ``Quelle``, ``Feuer``
    stay as they are."""
    return _UMLAUT_SPELLING.sub(lambda m: _UMLAUTS[m.group()], word) if "e" in word else word


def _infinitive(base: str) -> str:
    """A German verb's infinitive from its base: ``-n`` after an unstressed ``el``/``er`` (``wickel`` →
    ``wickeln``, ``forder`` → ``fordern``), ``-en`` otherwise (``spiel`` → ``spielen``, ``leg`` → ``legen``)."""
    unstressed = len(base) > 2 and base.endswith(("el", "er")) and base[-3] not in "aeiouyäöü"
    return base + ("n" if unstressed else "en")


def stem_de(word: str) -> str:
    """Snowball's German stem, after folding a separable verb's participle or infinitive with ``zu`` into its
    infinitive's stem, so that ``abgelegt`` and ``abzulegen`` meet ``ablegen``, ``aufgedeckt`` and
    ``aufzudecken`` meet ``aufdecken``."""
    participle = SEPARABLE_PARTICIPLE.match(word)
    if participle:
        prefix, rest, _ = participle.groups()
        word = prefix + _infinitive(rest)
    else:
        with_zu = SEPARABLE_ZU_INFINITIVE.match(word)
        if with_zu and with_zu[1] + "zu" not in SEPARABLE_PREFIXES:  # hinzufügen is no "hin" + "zu" + "fügen"
            word = with_zu[1] + with_zu[2]
    return str(GERMAN_STEMMER.stemWord(word))


@lru_cache(maxsize=8192)
def analyse(text: str, language: str = "en") -> tuple[str, ...]:
    """The index terms ``text`` yields in ``language`` (what the index stores for it); cached, since a
    search analyses the same words for its clauses, synonyms, language guess and typo check."""
    return tuple(term for term, _, _ in token_spans(text, language))


_TOKEN = re.compile(TOKEN_PATTERN, re.UNICODE)
_STEM = {"de": lru_cache(maxsize=50000)(stem_de), "en": lru_cache(maxsize=50000)(stem_en)}
_FOLD = lru_cache(maxsize=50000)(fold_german)


def negated_stems(text: str) -> frozenset[str]:
    """The English stems that a negating word of ``text`` bears on: those of the ``NEGATION_SCOPE`` words
    (stopwords left out) after each ``NEGATING_WORDS`` word or ``n't``. What a rule says does not happen
    ("If no cost is defined") and what a judge asks does not ("an ability that has no cost printed") meet
    where they share such a stem."""
    out: set[str] = set()
    left = 0
    previous = ""
    for match in _TOKEN.finditer(text):
        word = match.group().lower()
        if word in NEGATING_WORDS or (word == "t" and previous.endswith("n")):
            left = NEGATION_SCOPE
        elif left and word not in EN_STOPWORDS:
            out.add(_STEM["en"](word))
            left -= 1
        previous = word
    return frozenset(out)


def token_spans(text: str, language: str = "en") -> list[tuple[str, int, int]]:
    """Each index term of ``text`` (lowercased, German umlauts folded, stopwords dropped, stemmed) with where its
    word starts and ends: what the index's analyzers store, without Whoosh's token objects."""
    german = language == "de"
    stop = DE_STOPWORDS if german else EN_STOPWORDS
    stem = _STEM["de" if german else "en"]
    out = []
    for match in _TOKEN.finditer(text):
        word = match.group().lower()
        if german:
            word = fold_german(word)
        if word not in stop:
            out.append((stem(word), match.start(), match.end()))
    return out


def positioned_terms(text: str, language: str = "en") -> list[tuple[str, int]]:
    """Each index term of ``text`` with its position as Whoosh records it: the first kept word keeps its
    place among all words, the following ones are numbered on from it (stopwords do not count)."""
    german = language == "de"
    stop = DE_STOPWORDS if german else EN_STOPWORDS
    stem = _STEM["de" if german else "en"]
    words = (
        [_FOLD(w.lower()) for w in _TOKEN.findall(text)]
        if german
        else [w.lower() for w in _TOKEN.findall(text)]
    )
    kept = [n for n, word in enumerate(words) if word not in stop]
    if not kept:
        return []
    first = kept[0]
    return [(stem(words[n]), first + i) for i, n in enumerate(kept)]


@lru_cache(maxsize=8192)
def analyse_forms(text: str, language: str = "en") -> tuple[tuple[str, str], ...]:
    """Each index term of ``text`` (as :func:`analyse` gives them) with the word it was stemmed from
    (lowercased, umlauts folded): what tells ``Spieler`` from ``Spiel`` where the stemmer does not."""
    german = language == "de"
    stop = DE_STOPWORDS if german else EN_STOPWORDS
    stem = stem_de if german else stem_en
    words = (_FOLD(w.lower()) if german else w.lower() for w in _TOKEN.findall(text))
    return tuple((stem(word), word) for word in words if word not in stop)


#: How a stopword stands among the terms of an idiom (:func:`idiom_forms`): ``vor Ort`` → ``=vor``, ``ort``.
IDIOM_MARK = "="


@lru_cache(maxsize=8192)
def idiom_forms(text: str, language: str = "en") -> tuple[tuple[str, str], ...]:
    """The terms of ``text`` as :func:`analyse_forms` gives them, but with its stopwords kept, each as
    ``IDIOM_MARK`` + the word: what tells an idiom (``vor Ort``: in person; ``ohne``: without; ``in play``)
    from the word its stopwords leave (``Ort``, a location; ``play``). Each term with the word it came from."""
    german = language == "de"
    stop = DE_STOPWORDS if german else EN_STOPWORDS
    stem = stem_de if german else stem_en
    words = (_FOLD(w.lower()) if german else w.lower() for w in _TOKEN.findall(text))
    return tuple((IDIOM_MARK + word if word in stop else stem(word), word) for word in words)


#: Linking elements (Fugenelemente) that may join the parts of a German compound: Schaden|s|marke,
#: Karte|n|text, Hilfe|s|mittel; the empty link first (Sieg|punkt|marker).
LINKS = ("", "s", "es", "n", "en", "e", "er", "ens", "ns")
#: The shortest part a compound is split into (``Ort``, ``Zug``, ``Tag`` are words of the game).
MIN_PART = 3
#: At most this many parts (Haupt|charakter|platz).
MAX_PARTS = 3


def split_compound(word: str, frequency: Callable[[str], int]) -> tuple[str, ...] | None:
    """The German words a compound is made of, when every part is a word ``frequency`` knows (gives a count
    above zero for its German stem): of all ways to cut it into two or three parts (each at least
    ``MIN_PART`` letters, a linking ``s``/``n``/``en``/… after a part dropped), the one whose parts are most
    frequent (their geometric mean; Koehn & Knight, *Empirical Methods for Compound Splitting*, 2003).
    ``Siegpunktmarker`` → (``siegpunkt``, ``marker``), ``Angriffsziel`` → (``angriff``, ``ziel``).
    None when no such cut exists. Parts are returned as lowercase words (not stems); a part that is a
    stopword (``auf`` in ``aufdecken``) is not a word here.
    """
    word = fold_german(word.casefold())
    best: tuple[float, int, tuple[str, ...]] | None = None

    def count(part: str) -> int:
        stems = analyse(part, "de")
        return frequency(stems[0]) if len(stems) == 1 else 0

    def cuts(rest: str, depth: int) -> Iterator[tuple[tuple[str, ...], tuple[int, ...]]]:
        """Every way to cut ``rest`` into one to ``depth`` known parts: (parts, their counts)."""
        whole = count(rest) if len(rest) >= MIN_PART else 0
        if whole:
            yield (rest,), (whole,)
        if depth == 1:
            return
        for i in range(MIN_PART, len(rest) - MIN_PART + 1):
            head = rest[:i]
            for link in LINKS:
                if link and not head.endswith(link):
                    continue
                part = head[: len(head) - len(link)]
                n = count(part) if len(part) >= MIN_PART else 0
                if n:
                    for parts, counts in cuts(rest[i:], depth - 1):
                        yield (part, *parts), (n, *counts)

    for parts, counts in cuts(word, MAX_PARTS):
        if len(parts) < 2:
            continue
        product = 1.0
        for n in counts:
            product *= n
        score = product ** (1 / len(parts))
        candidate = (score, -len(parts), parts)
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    return best[2] if best else None


#: Endings of a German finite verb form (``gehört``, ``beginnt``, ``wechselt``, ``verlässt``, ``arbeitet``).
VERB_ENDINGS = ("et", "st", "t")
#: The i or ie of a strong verb's present (``stirb``, ``sieh``, ``gilt``) before the consonants ending its stem.
STRONG_VOWEL = re.compile(r"(?<![aeiouyäöü])(?:ie(?=[hs])|i)([^aeiouyäöü]+)$")
#: The endings a participle takes before a noun (``gewählte``, ``registrierten``): stripped back to the
#: participle (``gewählt``, ``registriert``: one that starts with ``ge`` or ends in ``iert``, not a noun such as
#: ``Karte``), whose infinitive is then guessed as for ``gespielt``.
ADJECTIVE_ENDINGS = ("e", "em", "en", "er", "es")


@lru_cache(maxsize=4096)
def infinitives(word: str) -> tuple[str, ...]:
    """The infinitives a German finite verb form or participle may belong to, when their stem differs from
    the word's own: ``gehört`` → ``gehören``, ``beginnt`` → ``beginnen``, ``wechselt`` → ``wechseln``,
    ``gelegt`` → ``legen``. Snowball leaves these endings alone, so ``gehört`` never meets ``gehören`` (nor the
    translation listed for it). These are guesses, to be kept only where the index or the translations know
    the infinitive: ``Zeit`` → ``zeien`` is nobody's word."""
    word = fold_german(word.casefold())
    own = analyse(word, "de")
    bases: list[str] = []
    participles = (word[: -len(e)] for e in ADJECTIVE_ENDINGS if word.endswith("t" + e))
    for form in (word, *(p for p in participles if p.startswith("ge") or p.endswith("iert"))):
        bases += [form[: -len(e)] for e in VERB_ENDINGS if form.endswith(e)]
        if form.startswith("ge") and form.endswith("t"):
            bases.append(form[2:-1])  # gespielt → spiel(en)
    # a strong verb's e in the infinitive is i or ie in the present (stirbt, sieht, gilt: sterben, sehen, gelten)
    finite = [*bases, word] if word.endswith("t") else list(bases)
    bases += [changed for b in finite if (changed := STRONG_VOWEL.sub(r"e\1", b)) != b]
    out: list[str] = []
    seen = set(own)
    for base in bases:
        if len(base) < 3 or base in DE_STOPWORDS:  # a function word is no verb's stem: Nacht is not "nachen"
            continue
        infinitive = _infinitive(base)
        stems = analyse(infinitive, "de")
        if len(stems) == 1 and stems[0] not in seen:
            seen.add(stems[0])
            out.append(infinitive)
    return tuple(out)


def verb_readings(
    words: Sequence[str], known: Callable[[str], bool], spelled: Container[str] = frozenset()
) -> dict[str, tuple[str, ...]]:
    """German verb forms among ``words`` (a question, a sentence, in order) with their infinitives that ``known``
    accepts (``gehört`` → ``gehören``, ``beginnt`` → ``beginnen``); with the particle of a separable verb where it
    ends the words or comes before a closing infinitive with zu (``fängt … an`` → ``anfangen``, ``fügt … zu`` →
    ``zufügen``, ``hört … auf zu wirken`` → ``aufhören``), and a verb typed as its infinitive before its particle
    (``gehen … weg``) where ``spelled`` (the translations' words, folded) has it. What the query reads a
    question's verbs as, and the gloss a German text's."""
    out: dict[str, tuple[str, ...]] = {}
    folded = [fold_german(w.casefold()) for w in words]
    at = len(words) - 3 if len(words) > 3 and folded[-2] == "zu" else len(words) - 1
    particle = folded[at] if at > 0 and folded[at] in SEPARABLE_PREFIXES else ""
    for word in words:
        if word in out or not analyse(word, "de"):
            continue
        forms = infinitives(word) + (infinitives(particle + word.casefold()) if particle else ())
        whole = particle + fold_german(word.casefold())
        forms += (whole,) if particle and whole in spelled else ()
        accepted = tuple(form for form in forms if known(form))
        if accepted:
            out[word] = accepted
    return out
