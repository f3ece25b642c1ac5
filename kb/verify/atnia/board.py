"""How an Atnia position reads as a board (its zones), and a card's printed statistics."""

from __future__ import annotations

from typing import Any

from engine.atnia.cards import CardDef
from kb.verify.board import AreaSpec, BoardLayout, object_label, plain


def _horizon(value: Any) -> str | None:
    """The horizon, bottom to top, by its entries' labels."""
    return " · ".join(e["label"] for e in value) if value else None


def _combat(value: Any) -> str | None:
    if not value:
        return None
    attackers = ", ".join(f"{object_label(u)} → {object_label(t)}" for u, t in value.get("attackers", []))
    return f"{value.get('attacker')} attacks {value.get('defender')}" + (
        f" ({attackers})" if attackers else ""
    )


LAYOUT = BoardLayout(
    facts=(
        ("round", "Round"),
        ("phase", "Phase"),
        ("first", "First player"),
        ("active", "Active player"),
        ("horizon", "Horizon"),
        ("combat", "Combat"),
        ("pending", "Waiting for"),
        ("result", "Result"),
    ),
    counters=(
        ("life", "Life"),
        ("energy", "Energy"),
        ("counters", "Energy counters"),
        ("attacks", "Attacks"),
        ("max_hand", "Hand limit"),
        ("devotion", "Devotion"),
    ),
    areas=(
        AreaSpec("locations", "Locations"),
        AreaSpec("battlefield", "Battlefield"),
        AreaSpec("channel", "Channel"),
        AreaSpec("hand", "Hand"),
        AreaSpec("deck", "Deck", pile=True),
        AreaSpec("discard", "Discard pile", pile=True),
        AreaSpec("void", "Void", pile=True),
    ),
    stats=(("type", "Type"), ("offense", "Offense"), ("health", "Health")),
    marks=(
        ("damage", "damage"),
        ("flipped", "flipped"),
        ("wielder", "wielded by"),
        ("weapon", "weapon"),
        ("ideal", "ideal"),
    ),
    show={
        "horizon": _horizon,
        "combat": _combat,
        "damage": lambda v: plain(v or None),
        "attacks": lambda v: plain(v or None),
        "pending": lambda v: f"{v.get('player')}: {v.get('prompt') or v.get('kind')}" if v else None,
        "result": lambda v: f"{v.get('winner') or 'nobody'} wins" if v else None,
    },
)


def card_stats(card: CardDef) -> dict[str, str]:
    """A card's printed characteristics: type, cost, ideals, speed, offense, health, sub-types, keywords."""
    values = {
        "Type": card.type,
        "Cost": card.cost,
        "Ideals": plain(dict(card.ideals)),
        "Speed": card.speed,
        "Offense": card.offense,
        "Health": card.health,
        "Subtypes": plain(list(card.subtypes)),
        "Keywords": plain(list(card.keywords)),
        "Grants": f"+{card.grants[0]} offense, +{card.grants[1]} health" if any(card.grants) else None,
    }
    return {k: str(v) for k, v in values.items() if v is not None}
