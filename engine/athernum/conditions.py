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
    """Is ``cond`` true for the ability controlled by ``you`` (``affected``: the modified object)?

    ``opponent_controls`` holds when some opponent (any other player still in the game, chapter 0) controls
    ``amount`` matching permanents on their own (decision D-OPPONENT)."""
    from .filters import matches

    kind = cond.kind
    if kind in ("you_control", "opponent_controls"):
        flt = cond.filter

        def count(who: str) -> int:
            return sum(1 for oid in game.board_ids(who) if flt is None or matches(game, game.objects[oid], flt, you, source_id))

        if kind == "you_control":
            return count(you) >= cond.amount
        # "an opponent controls": one of the opponents on their own (chapter 0, decision D-OPPONENT)
        return any(count(opp) >= cond.amount for opp in game.opponents(you))
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
    if kind == "you_have_fewer_victory_tokens":  # than each other player (9.2.4a's wording)
        return game.fewest_victory_tokens(you)
    raise KeyError(kind)
