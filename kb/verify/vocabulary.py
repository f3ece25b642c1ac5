"""A scenario's names checked against its game without running it: cards of the card library, objects, zones and
rule ids (of the game's rules or its engine), each wrong one an error at its line and field with the closest names
to try.

The game's schema says where each kind of name goes (``"format": "card"``, ``"object"``, ``"zone"``, ``"rule"``);
here the names are looked up in what the engine and the card library hold."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, is_dataclass

import jsonschema

from kb.core.errors import Problem
from kb.verify.scenario import Scenario, schema_for

#: Longer text is no mistyped name (and comparing it with every name would take long).
LONGEST_NAME = 100

#: ``p2:Name`` names an object of p2's.
OWNER_PREFIX = ("p1:", "p2:", "p3:", "p4:")


def field_path(text: str) -> tuple[str | int, ...]:
    """An engine's field path (``abilities[0].cost``) as keys and indexes."""
    return tuple(int(index) if index else key for index, key in re.findall(r"\[(\d+)\]|([^.\[\]]+)", text))


def dotted(path: Iterable[str | int]) -> str:
    """A field path as lint shows it: ``steps[2].expect.objects.Ember Knight``."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def did_you_mean(name: object, known: Iterable[str], limit: int = 3) -> str:
    """``; did you mean: …`` with the known names closest to ``name`` (any case), or nothing."""
    if len(str(name)) > LONGEST_NAME:
        return ""
    by_fold = {k.casefold(): k for k in known}
    close = difflib.get_close_matches(str(name).casefold(), list(by_fold), n=limit, cutoff=0.6)
    return f"; did you mean: {', '.join(by_fold[c] for c in close)}" if close else ""


@dataclass(frozen=True)
class Vocabulary:
    """The names a game's scenarios may use: its cards, zones, rule ids and the objects it makes besides cards."""

    cards: frozenset[str]
    zones: frozenset[str]
    #: The rule ids a scenario may cite in its log and refusals (None: not checked).
    rules: frozenset[str] | None
    #: Objects a game can hold besides the cards: the tokens the cards create and what the rules make, by name.
    tokens: frozenset[str] = frozenset()
    #: A regular expression matching an object's id (a scenario may name an object by its id).
    object_id: str = r"(?!)"


def token_names(library: dict) -> frozenset[str]:
    """The names of the tokens the library's cards can create: every ``name`` inside a card's definition, and the
    names tokens without one get from their characteristics (``display_name``, "Imp Token")."""
    found: set[str] = set()
    seen: set[int] = set()

    def walk(value: object, top: bool) -> None:
        if id(value) in seen or isinstance(value, (str, int, float, bool, type(None))):
            return
        seen.add(id(value))
        if is_dataclass(value):
            if not top:
                name = getattr(value, "name", None)
                if isinstance(name, str):
                    found.add(name)
                display_name = getattr(value, "display_name", None)
                if callable(display_name):
                    found.add(display_name())
            for f in fields(value):
                walk(getattr(value, f.name), False)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v, False)
        elif isinstance(value, (list, tuple, set, frozenset)):
            for v in value:
                walk(v, False)

    for card in library.values():
        walk(card, True)
    return frozenset(found)


def _labels(value: object) -> set[str]:
    """Every ``label:`` the setup gives a card: a scenario names that object by it."""
    if isinstance(value, dict):
        own = {value["label"]} if isinstance(value.get("label"), str) else set()
        return own.union(*(_labels(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_labels(v) for v in value))
    return set()


def _checker(vocabulary: Vocabulary, scenario: Scenario) -> tuple[jsonschema.FormatChecker, dict]:
    """A format checker for one scenario, and the message of each kind of unknown name."""
    cards = {c.casefold() for c in vocabulary.cards} | {c.casefold() for c in scenario.cards}
    others = {label.casefold() for label in _labels(scenario.setup)} | {
        t.casefold() for t in vocabulary.tokens
    }
    known_cards = sorted(vocabulary.cards | set(scenario.cards))
    checker = jsonschema.FormatChecker(formats=())

    def bare(text: str) -> str:
        return text[3:] if text.startswith(OWNER_PREFIX) else text

    rules = vocabulary.rules
    checks: dict[str, tuple[Callable[[str], bool], Callable[[str], str]]] = {
        "card": (
            lambda t: bare(t).strip().casefold() in cards,
            lambda t: (
                f"unknown card {t!r}: not in the card library nor the scenario's cards"
                + did_you_mean(bare(t), known_cards)
            ),
        ),
        "object": (
            lambda t: (
                bare(t).strip().casefold() in cards | others
                or re.fullmatch(vocabulary.object_id, t) is not None
            ),
            lambda t: (
                f"nothing named {bare(t)!r}: no card of the card library or the scenario, no label, no "
                "token a card creates"
                + did_you_mean(bare(t), known_cards + sorted(_labels(scenario.setup) | vocabulary.tokens))
            ),
        ),
        "zone": (
            lambda t: t in vocabulary.zones,
            lambda t: (
                f"unknown zone {t!r} (zones: {', '.join(sorted(vocabulary.zones))})"
                + did_you_mean(t, vocabulary.zones)
            ),
        ),
        "rule": (
            lambda t: rules is None or t in rules,
            lambda t: f"no rule {t!r} in the game's rules or its engine" + did_you_mean(t, rules or ()),
        ),
    }
    for name, (ok, _) in checks.items():
        checker.checks(name)(lambda value, ok=ok: not isinstance(value, (str, int, float)) or ok(str(value)))
    messages = {name: message for name, (_, message) in checks.items()}

    # A refusal passes when the engine cites one of the rules listed, so one it can cite is enough.
    def any_rule(value: object) -> bool:
        listed = value if isinstance(value, list) else [value]
        return rules is None or not listed or any(str(r) in rules for r in listed)

    checker.checks("rules")(any_rule)
    messages["rules"] = lambda t: (
        f"none of the rules {t} is a rule of the game or its engine, so no refusal can cite one"
        + "".join(did_you_mean(r, rules or ()).replace("; did you mean", f"; for {r}") for r in _ids(t))
    )
    return checker, messages


def _ids(text: str) -> list[str]:
    """The rule ids of a ``reject:`` value as text (``['6.2.3a', '6.1.5']`` or ``6.2.3a``)."""
    return re.findall(r"[\w./-]+", text)


def _format_errors(error: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """The format errors under an error (a ``oneOf`` fails because one of its branches' names is unknown)."""
    if error.validator == "format":
        return [error]
    return [f for sub in error.context or () for f in _format_errors(sub)]


def unknown_names(scenario: Scenario, game_schema: dict, vocabulary: Vocabulary) -> list[Problem]:
    """An error for each name of a (schema-valid) scenario its game does not know: file, line, field, suggestions."""
    checker, messages = _checker(vocabulary, scenario)
    validator = jsonschema.Draft202012Validator(schema_for(game_schema), format_checker=checker)
    data = scenario.located.data
    problems: dict[tuple, Problem] = {}
    for error in validator.iter_errors(data):
        for found in _format_errors(error):
            value = str(found.instance)
            where: tuple[str | int, ...] = tuple(found.absolute_path)
            if "propertyNames" in found.absolute_schema_path:  # a key names it: its own line
                where += (str(found.instance),)
            problems.setdefault(
                (where, value),
                Problem(
                    scenario.display,
                    scenario.line_of(*where),
                    dotted(where),
                    messages[found.validator_value](value),
                    code="unknown-name",
                ),
            )
    return sorted(problems.values(), key=lambda p: (p.line, p.field))
