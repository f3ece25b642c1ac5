"""Abbreviations, synonyms and German→English translations from ``kb/data/synonyms.yaml``, matched on stems.

The YAML is read when the index is built and snapshot into the index as JSON, so a search needs no YAML
parser and always uses the synonyms its index was built with.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path

from kb.core.errors import RulekbError
from kb.search.analysis import IDIOM_MARK, analyse, analyse_forms, fold_german, idiom_forms, verb_readings

SYNONYMS_FILE = Path(__file__).resolve().parent.parent / "data" / "synonyms.yaml"


class SynonymsError(RulekbError):
    """The synonyms file is malformed; the message names the file and the entry."""


@dataclass(frozen=True)
class Rule:
    """One way of widening a query: when ``match`` (stems, in ``lang``) occurs, also search ``alternatives``.
    A German phrase with a stopword (``vor Ort``, ``ohne``, ``nicht mehr``) is an idiom: its ``match`` keeps the
    stopwords (as :func:`~kb.search.analysis.idiom_forms` gives them) and it matches only where they are typed
    too. (English phrases still match without their stopwords: ``opponent's character`` is typed without the
    apostrophe.)"""

    lang: str
    match: tuple[str, ...]
    phrase: str
    alternatives: tuple[str, ...]

    @property
    def idiom(self) -> bool:
        return any(term.startswith(IDIOM_MARK) for term in self.match)


@dataclass
class Synonyms:
    """Every expansion rule, ready to match against a query's stems."""

    rules: list[Rule] = field(default_factory=list)
    _by_first: dict[tuple[str, str], list[Rule]] = field(default_factory=dict, init=False, repr=False)
    #: The German words the translations list by themselves, as spelled (folded): ``blocken``, ``weggehen``.
    spelled: frozenset[str] = field(default=frozenset(), init=False, repr=False)

    def __post_init__(self) -> None:
        for rule in self.rules:
            self._by_first.setdefault((rule.lang, rule.match[0]), []).append(rule)
        self.spelled = frozenset(
            fold_german(r.phrase.casefold()) for r in self.rules if r.lang == "de" and len(r.match) == 1
        )

    def expand(self, text: str, lang: str) -> list[Rule]:
        """The rules of ``lang`` (the text's language) whose phrase occurs in ``text`` (compared as stems, so
        inflection does not matter). Only its own language's rules: an English key read in a German text (the
        article ``die`` as the verb "die"), or a German key in an English one (``Typ`` in "type"), is a word
        the text does not contain.

        Where the stemmer makes several entries one (``Spiel``, ``Spieler`` and ``spielen`` are all
        ``spiel``; ``Leere`` and ``leer`` are ``leer``), only the entries whose word is spelled most like
        the typed one apply: ``Spieler`` is a player, ``Spiels`` a game.
        """
        found: list[Rule] = []
        full = idiom_forms(text, lang)
        words = [n for n, (term, _) in enumerate(full) if not term.startswith(IDIOM_MARK)]
        covered: set[int] = set()  # the words (positions in ``full``) an idiom stands for
        matches: list[tuple[Rule, set[int]]] = []
        for idioms, forms, at in (
            (False, analyse_forms(text, lang), words),
            (True, full, list(range(len(full)))),
        ):
            tokens = tuple(stem for stem, _ in forms)
            for i, token in enumerate(tokens):
                matching = [
                    rule
                    for rule in self._by_first.get((lang, token), ())
                    if rule.idiom == idioms and tuple(tokens[i : i + len(rule.match)]) == rule.match
                ]
                for rule in _closest(matching, forms[i][1], lang):
                    span = set(at[i : i + len(rule.match)])
                    if idioms:
                        covered |= span
                    matches.append((rule, span))
        # an idiom's words mean the idiom, not themselves: "vor Ort" is not a location
        for rule, span in matches:
            if (rule.idiom or not span <= covered) and rule not in found:
                found.append(rule)
        return found

    def gloss(self, text: str) -> str:
        """A German text read word by word in English: each word or idiom its translation's first phrase (the
        longest entry that matches there), a verb form without one its infinitive's (``bleibt``: remain, ``fängt …
        an``: start; read as the query reads a question's verbs), a repeated translation said once, a word without
        one kept as typed (a loanword: ``Solvency``), stopwords left out. What the English synonyms then read, so
        that ``gleiche Initiative`` (same initiative) is a tie and ``ohne … anzulegen`` (without attaching) an item
        played directly."""
        forms = idiom_forms(text, "de")
        tokens = tuple(term for term, _ in forms)
        verbs = verb_readings(
            [typed for _, typed in forms], lambda form: self.translation(form) is not None, self.spelled
        )
        words: list[str] = []
        i = 0
        while i < len(tokens):
            matching = [
                rule
                for rule in self._by_first.get(("de", tokens[i]), ())
                if tuple(tokens[i : i + len(rule.match)]) == rule.match
            ]
            if matching:
                longest = max(len(rule.match) for rule in matching)
                rule = _closest([r for r in matching if len(r.match) == longest], forms[i][1], "de")[0]
                said = rule.alternatives[0]
                i += longest
            else:
                typed = forms[i][1]
                if tokens[i].startswith(IDIOM_MARK):
                    said = ""
                elif typed in verbs:
                    said = self.translation(verbs[typed][0]) or typed
                else:
                    said = typed
                i += 1
            if said and (not words or words[-1] != said):
                words.append(said)
        return " ".join(words)

    def rules_for(self, lang: str, stem: str) -> list[Rule]:
        """The one-word rules of ``lang`` whose word has this stem."""
        return [r for r in self._by_first.get((lang, stem), ()) if len(r.match) == 1]

    def translation(self, word: str) -> str | None:
        """What a German word translates to on its own: the first alternative of its one-word entry (of the
        entries the stemmer merges, the one spelled closest to it); None when no entry lists it."""
        forms = analyse_forms(word, "de")
        if len(forms) != 1:
            return None
        rules = _closest(self.rules_for("de", forms[0][0]), forms[0][1], "de")
        return rules[0].alternatives[0] if rules else None

    def to_json(self) -> str:
        return json.dumps([asdict(r) for r in self.rules], ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Synonyms:
        return cls(
            [
                Rule(r["lang"], tuple(r["match"]), r["phrase"], tuple(r["alternatives"]))
                for r in json.loads(text)
            ]
        )


@lru_cache(maxsize=4096)
def _edits(typed: str, spelled: str) -> int:
    """The edit distance of two spellings of a word."""
    from kb.search.fuzzy import distance

    return distance(typed, spelled, len(typed) + len(spelled))


def _closest(rules: list[Rule], typed: str, lang: str) -> list[Rule]:
    """Of rules matching the same stems, those whose first word is spelled closest to the ``typed`` word."""
    if len({r.match for r in rules}) == len(rules):
        return rules  # no two entries were made one by the stemmer
    by_match: dict[tuple[str, ...], list[Rule]] = {}
    for rule in rules:
        by_match.setdefault(rule.match, []).append(rule)
    kept: list[Rule] = []
    for same in by_match.values():
        if len(same) == 1:
            kept += same
            continue
        edits = {id(r): _edits(typed, idiom_forms(r.phrase, lang)[0][1]) for r in same}
        nearest = min(edits.values())
        kept += [r for r in same if edits[id(r)] == nearest]
    return kept


def _strings(value: object) -> list[str] | None:
    if isinstance(value, list) and value and all(isinstance(v, (str, int)) for v in value):
        return [str(v) for v in value]
    return None


def _rule(lang: str, phrase: str, alternatives: list[str]) -> Rule | None:
    """A rule, without the phrase among its own alternatives, except a German word that is its own English
    translation (``Pool``, ``Deck``): the English texts are searched for it as part of a longer word too
    (``Siegpunkte-Pool``)."""
    match = (
        tuple(term for term, _ in idiom_forms(phrase, lang)) if lang == "de" else tuple(analyse(phrase, lang))
    )
    if lang != "de":
        alternatives = [a for a in alternatives if a.casefold() != phrase.casefold()]
    return Rule(lang, match, phrase, tuple(alternatives)) if match and alternatives else None


def parse_synonyms(data: object, where: str = "synonyms.yaml") -> Synonyms:
    """Expansion rules from the file's mapping: ``groups`` (both ways), ``one_way`` and ``translations``."""
    if data is None:
        return Synonyms()
    if not isinstance(data, dict):
        raise SynonymsError(f"{where}: expected a mapping with groups, one_way and translations")
    rules: list[Rule | None] = []
    for i, group in enumerate(data.get("groups") or []):
        phrases = _strings(group)
        if phrases is None or len(phrases) < 2:
            raise SynonymsError(f"{where}: groups[{i}] must be a list of at least two phrases, got {group!r}")
        for phrase in phrases:
            rules.append(_rule("en", phrase, [p for p in phrases if p != phrase]))
    for section, lang in (("one_way", "en"), ("translations", "de")):
        entries = data.get(section) or {}
        if not isinstance(entries, dict):
            raise SynonymsError(f"{where}: {section} must map a phrase to a list of phrases")
        for phrase, targets in entries.items():
            alternatives = _strings(targets if isinstance(targets, list) else [targets])
            if alternatives is None:
                raise SynonymsError(f"{where}: {section}.{phrase} must list phrases, got {targets!r}")
            rules.append(_rule(lang, str(phrase), alternatives))
    return Synonyms([r for r in rules if r is not None])


def load_synonyms(path: Path = SYNONYMS_FILE) -> Synonyms:
    """The synonyms of ``path`` (the packaged file by default); a missing file means no synonyms. Read by
    libyaml's safe loader when PyYAML has it (a tenth of the pure-Python one's 25 ms, paid by every index build)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if not path.exists():
        return Synonyms()
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        raise SynonymsError(f"{path}{line}: invalid YAML: {getattr(exc, 'problem', exc)}") from None
    return parse_synonyms(data, str(path))
