"""Naming things in an Altered scenario: objects by id, label or name (``Kitsune``, ``p2:Kitsune``),
emblems by id (``E2``) or kind (``Emblem-Ongoing``), expeditions as ``p1:hero``."""

from __future__ import annotations

from engine.altered.state import EXPEDITIONS, Game, Zone
from kb.verify.naming import StepError, as_list, by_name, many, owner_and_name, written

ORDER = (
    Zone.EXPEDITION,
    Zone.LANDMARKS,
    Zone.HERO,
    Zone.LIMBO,
    Zone.RESERVE,
    Zone.HAND,
    Zone.MANA,
    Zone.DISCARD,
    Zone.DECK,
    Zone.ADVENTURE,
    Zone.OUTSIDE,
)


def is_expedition(text: object) -> bool:
    return isinstance(text, str) and ":" in text and text.split(":", 1)[1] in EXPEDITIONS


#: The names of the Emblems (2.2.2.m): a scenario names one in Limbo by its kind.
EMBLEMS = ("Emblem-Reaction", "Emblem-Ongoing")


def ref(game: Game, text: object, *, zones: tuple[Zone, ...] | None = None, player: str | None = None) -> str:
    """The id a scenario means: an exact id, an emblem name, or the first object of that name (board first).

    ``p2:Kitsune`` restricts to objects p2 owns or controls; ``zones`` says where to look first.
    """
    text = written(text, "a name, label or id")
    if text in game.objects or text in game.emblems:
        return text
    if text in EMBLEMS:
        found = [e for e in game.limbo if e in game.emblems and game.emblems[e].name == text]
        if not found:
            raise StepError(f"there is no {text} in Limbo")
        return found[0]
    _, name = owner_and_name(game, text, player)
    if f"adventure:{name}" in game.objects:
        return f"adventure:{name}"
    return by_name(game, text, player, zones, ORDER)


refs = many(ref)


def target_list(game: Game, items: object) -> tuple:
    """Declared targets: expeditions (``p1:hero``), objects by name, ``null`` for a target left out."""
    out: list[object] = []
    for item in as_list(items):
        if item is None or item == "none":
            out.append(None)
        elif is_expedition(item):
            out.append(item)
        else:
            out.append(ref(game, item))
    return tuple(out)


def reaction_ref(game: Game, text: object, player: str) -> str:
    """An Emblem-Reaction of ``player`` in Limbo: by id, or by the name of the object whose reaction it is."""
    if isinstance(text, str) and text in game.emblems:
        return text
    mine = list(game.reactions_in_limbo(player))
    if text is None and len(mine) == 1:
        return mine[0]
    found = [e for e in mine if game.emblems[e].source_name.casefold() == str(text).casefold()]
    if not found:
        raise StepError(
            f"{player} has no Emblem-Reaction from {text!r} in Limbo (theirs: "
            f"{[game.emblems[e].source_name for e in mine]})"
        )
    return found[0]


def option(game: Game, text: object) -> str:
    """One option of the pending decision, named by id, by the card's name, or as yes/no."""
    c = game.pending
    if c is None:
        raise StepError("there is no pending decision")
    if text is True:
        text = "yes"
    if text is False:
        text = "no"
    text = str(text)
    if text in c.options:
        return text
    matches = [
        o for o in c.options if o in game.objects and game.objects[o].name.casefold() == text.casefold()
    ]
    if not matches:
        names = [game.objects[o].name if o in game.objects else o for o in c.options]
        raise StepError(f"{text!r} is not among the options of the pending decision {names}")
    return matches[0]
