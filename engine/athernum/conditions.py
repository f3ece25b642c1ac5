"""Evaluate the conditions of the ability language (an effect's ``if``, a conditional modifier)."""

from __future__ import annotations

from .cards import Condition
from .state import Game, GameObject


def holds(
    game: Game,
    cond: Condition,
    you: str,
    source_id: str | None,
    affected: GameObject | None = None,
) -> bool:
    """Is ``cond`` true for the ability controlled by ``you`` (``affected``: the modified object)?"""
    from .filters import matches

    kind = cond.kind
    if kind in ("you_control", "opponent_controls"):
        who = you if kind == "you_control" else game.opponent(you)
        flt = cond.filter
        n = 0
        for oid in game.board_ids(who):
            if flt is None or matches(game, game.objects[oid], flt, you, source_id):
                n += 1
        return n >= cond.amount
    if kind == "hand_size_at_least":
        return len(game.players[you].hand) >= cond.amount
    if kind == "victory_tokens_on_this_at_least":
        src = game.objects.get(source_id) if source_id else None
        return src is not None and src.victory_tokens >= cond.amount
    if kind == "it_has_victory_tokens":
        return affected is not None and affected.victory_tokens >= max(cond.amount, 1)
    if kind == "it_is_damaged":
        return affected is not None and affected.counters.get("damage", 0) > 0
    if kind == "this_has_counters":  # custom markers with thresholds (10.5.4)
        src = game.objects.get(source_id) if source_id else None
        return src is not None and src.counters.get(cond.counter or "", 0) >= cond.amount
    if kind == "it_has_counters":
        return affected is not None and affected.counters.get(cond.counter or "", 0) >= cond.amount
    if kind == "you_have_fewer_victory_tokens":
        mine = game.collected(you)
        return all(mine < game.collected(p) for p in game.other_players(you))
    raise KeyError(kind)
