"""How an Athernum position reads as a board (chapter 7's zones), and a card's printed statistics (chapter 1)."""

from __future__ import annotations

from typing import Any

from engine.athernum.cards import CardDef
from kb.verify.board import AreaSpec, BoardLayout, plain


def _combat(value: Any) -> str | None:
    """The combat in progress (9.3): who attacks whom, who defends."""
    if not value:
        return None
    return plain({k: v for k, v in value.items() if v})


def _stack(value: Any) -> str | None:
    """The stack, bottom to top, by its entries' labels."""
    return " · ".join(e["label"] for e in value) if value else None


def _result(value: Any) -> str | None:
    if not value:
        return None
    return f"{value.get('winner') or 'nobody'} wins" + (
        f" ({value['reason']})" if value.get("reason") else ""
    )


LAYOUT = BoardLayout(
    facts=(
        ("turn", "Turn"),
        ("phase", "Phase"),
        ("active", "Active player"),
        ("priority", "Priority"),
        ("victory_pool", "Victory pool"),
        ("combat", "Combat"),
        ("stack", "Stack"),
        ("pending", "Waiting for"),
        ("result", "Result"),
    ),
    counters=(
        ("faction", "Faction"),
        ("command_tokens", "Command tokens"),
        ("resource_pool", "Resource pool"),
        ("victory_tokens", "Victory tokens"),
    ),
    areas=(
        AreaSpec("main_character", "Main character"),
        AreaSpec("character_slots", "Character slots"),
        AreaSpec("locations", "Location"),
        AreaSpec("resources", "Resource zone"),
        AreaSpec("hand", "Hand"),
        AreaSpec("deck", "Deck", pile=True),
        AreaSpec("discard", "Discard pile", pile=True),
        AreaSpec("void", "Void", pile=True),
        AreaSpec("extra_deck", "Extra deck", pile=True),
    ),
    stats=(("ofv", "OFV"), ("dfv", "DFV"), ("item_slots", "Item slots")),
    marks=(
        ("token", "token"),
        ("face_down", "face down"),
        ("exhausted", "exhausted"),
        ("counters", "counters"),
        ("victory_tokens", "Victory Tokens"),
    ),
    attached_key="attachments",
    show={
        "combat": _combat,
        "stack": _stack,
        "result": _result,
        "pending": lambda v: f"{v.get('player')}: {v.get('prompt') or v.get('kind')}" if v else None,
        "victory_tokens": lambda v: plain(v or None),
        "item_slots": lambda v: plain(v or None),
    },
)


def card_stats(card: CardDef) -> dict[str, str]:
    """A card's printed characteristics: type, faction, sub-types, cost, values, Victory Token Field, extra rules."""
    values = {
        "Type": card.type,
        "Faction": card.faction or "factionless",
        "Subtypes": plain(list(card.subtypes)),
        "Cost": card.cost,
        "OFV": card.ofv,
        "DFV": card.dfv,
        "Item slots": card.item_slots or None,
        "Victory Token Field": card.victory_token_field,
        "Extra rules": plain(list(card.extra_rules)),
        "Copies allowed": card.max_copies,
    }
    return {k: str(v) for k, v in values.items() if v is not None}
