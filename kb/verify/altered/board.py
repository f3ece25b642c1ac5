"""How an Altered position reads as a board (its zones, expeditions and the Adventure), and a card's printed
statistics."""

from __future__ import annotations

from engine.altered.cards import STATISTICS, CardDef
from kb.verify.board import AreaSpec, BoardLayout, plain

LAYOUT = BoardLayout(
    facts=(
        ("day", "Day"),
        ("phase", "Phase"),
        ("first_player", "First player"),
        ("turn_player", "Turn player"),
        ("acting", "Acting player"),
        ("pending", "Waiting for"),
    ),
    counters=(("mana_ready", "Mana ready"), ("positions", "Expedition positions"), ("passed", "Passed")),
    areas=(
        AreaSpec("hero", "Hero"),
        AreaSpec("expeditions.hero", "Hero expedition"),
        AreaSpec("expeditions.companion", "Companion expedition"),
        AreaSpec("landmarks", "Landmarks"),
        AreaSpec("reserve", "Reserve"),
        AreaSpec("hand", "Hand"),
        AreaSpec("mana", "Mana", pile=True),
        AreaSpec("deck", "Deck", pile=True),
        AreaSpec("discard", "Discard pile", pile=True),
    ),
    stats=(("stats", "Statistics"),),
    marks=(("token", "token"), ("exhausted", "exhausted"), ("face_down", "face down"), ("boosts", "boosts")),
    shared=(AreaSpec("limbo", "Limbo"), AreaSpec("adventure", "Adventure", pile=True)),
    show={
        "boosts": lambda v: plain(v or None),
        "positions": lambda v: plain(v) if v else None,
        "pending": lambda v: f"{v.get('player')}: {v.get('prompt') or v.get('kind')}" if v else None,
    },
)


def card_stats(card: CardDef) -> dict[str, str]:
    """A card's printed characteristics: type, sub-types, hand and reserve costs, statistics."""
    values = {
        "Type": card.type,
        "Subtypes": plain(list(card.subtypes)),
        "Cost": card.cost,
        "Reserve cost": card.reserve_cost,
        "Statistics": plain(dict(zip(STATISTICS, card.stats))) if card.stats else None,
        "Role": card.role,
    }
    return {k: str(v) for k, v in values.items() if v is not None}
