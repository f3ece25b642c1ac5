"""A small built-in card pool that exercises every ability type and effect kind, read from
``data/card_pool.yaml``.

These cards are invented for testing the engine (random play, benchmarks, examples); they are
not official Athernum cards. Factions: ``ember``, ``tide``, ``grove``, and factionless cards.
"""

from __future__ import annotations

import random
from functools import cache
from importlib.resources import files

import yaml

from .abilities import load_library
from .cards import CardDef, DeckList
from .deck import eligible_main
from .errors import CardDefinitionError
from .parameters import CR_PARAMETERS, RuleParameters

POOL_FILE = "card_pool.yaml"


@cache
def _pool_text() -> str:
    return files(__package__).joinpath("data", POOL_FILE).read_text(encoding="utf-8")


def definitions() -> dict[str, dict]:
    """The pool's card definitions as plain data (name -> mapping), as written in the data file."""
    try:
        return yaml.safe_load(_pool_text())
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{POOL_FILE}, line {mark.line + 1}" if mark is not None else POOL_FILE
        raise CardDefinitionError(where, f"invalid YAML: {getattr(exc, 'problem', None) or exc}") from exc


def library() -> dict[str, CardDef]:
    """The built-in pool as a card library (name -> CardDef); a malformed card names the file and its field."""
    data = definitions()
    try:
        return load_library(data)
    except CardDefinitionError as exc:
        raise CardDefinitionError(f"{POOL_FILE}: {exc.path}", exc.problem, *exc.rules) from exc


def random_deck(
    rng: random.Random, lib: dict[str, CardDef] | None = None, params: RuleParameters = CR_PARAMETERS
) -> DeckList:
    """A random legal deck (11.0.2) from the pool: 60 cards, at most 4 copies, some extra deck
    (the numbers of ``params``)."""
    lib = lib or library()
    DECK_SIZE, MAX_COPIES = params.deck_size, params.max_copies
    names = sorted(lib)
    mains = [n for n in names if eligible_main(lib[n]) is None]
    counts: dict[str, int] = {}
    for n in rng.sample(mains, k=rng.randint(1, 3)):
        counts[n] = 1 if lib[n].unique else rng.randint(1, MAX_COPIES)
    pool = names[:]
    while sum(counts.values()) < DECK_SIZE:
        n = rng.choice(pool)
        cap = 1 if lib[n].unique else MAX_COPIES
        if counts.get(n, 0) < cap:
            counts[n] = counts.get(n, 0) + 1
    main: list[str] = []
    for n, c in counts.items():
        main.extend([n] * c)
    rng.shuffle(main)
    extra: list[str] = []
    for _ in range(rng.randint(0, 4)):
        n = rng.choice(names)
        cap = 1 if lib[n].unique else MAX_COPIES
        if counts.get(n, 0) < cap:
            counts[n] = counts.get(n, 0) + 1
            extra.append(n)
    return DeckList(tuple(main), tuple(extra))
