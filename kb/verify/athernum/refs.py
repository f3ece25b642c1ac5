"""Naming cards in a scenario: by instance id, by label, or by name (``Ember Knight``, ``p2:Ember Knight``)."""

from __future__ import annotations

from engine.athernum.state import Game, Zone
from kb.verify.naming import StepError, as_list, by_name, many, written

BOARD = (Zone.MAIN, Zone.CHARACTERS, Zone.LOCATION, Zone.RESOURCES, Zone.ITEM_SLOT)


def ref(game: Game, text: object, *, zones: tuple[Zone, ...] | None = None, player: str | None = None) -> str:
    """The instance id a scenario means: an exact id or label first, else the first card of that name.

    ``p2:Ember Knight`` restricts the name to cards owned or controlled by p2; ``zones`` to where the
    action looks (the hand for a card to play). Copies of a card are interchangeable, so the first
    match in zone order is taken; labels tell copies apart where it matters.
    """
    text = written(text, "a card name, label or id")
    if text in game.objects:
        return text
    return by_name(game, text, player, zones, BOARD)


refs = many(ref)


def stack_ref(game: Game, text: object) -> str:
    """The id of an effect on the stack named by its label (``Solvency``, ``Ember Knight: Rally``) or by the
    name of its source card; several matches mean the most recent one (the highest on the stack)."""
    want = written(text, "the label or source card of an effect on the stack").casefold()
    entries = list(reversed(game.stack or []))  # top first
    for test in (
        lambda e: e.id == str(text).strip() or e.label.casefold() == want,
        lambda e: e.source is not None and e.source.name.casefold() == want,
        lambda e: want in e.label.casefold(),
    ):
        hits = [e for e in entries if test(e)]
        if hits:
            return hits[0].id
    labels = [e.label for e in game.stack or []] or "none (the stack is empty)"
    raise StepError(f"no effect on the stack is named {text!r}; the stack holds {labels}")


def _target(game: Game, t: object) -> str:
    """One target: a player id, ``{stack: label}`` for an effect on the stack, an effect id, or a card."""
    if isinstance(t, dict):
        if set(t) != {"stack"}:
            raise StepError(f"a target is a card, a player or {{stack: <label or card>}}, not {t!r}")
        return stack_ref(game, t["stack"])
    if isinstance(t, str) and t in game.players:
        return t
    if isinstance(t, str) and any(e.id == t for e in game.stack or []):
        return t
    return ref(game, t)


def target_groups(game: Game, targets: object) -> tuple[tuple[str, ...], ...]:
    """Targets as groups: a flat list is one single-target group per entry, nested lists are explicit groups.

    A target is a card (name, label or id), a player (``p2``) or an effect on the stack (``{stack: Solvency}``).
    """
    return tuple(
        tuple(_target(game, x) for x in t) if isinstance(t, list) else (_target(game, t),)
        for t in as_list(targets)
    )
