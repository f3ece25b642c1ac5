"""A player leaving the game: with three or more players, a player who loses while two or more others remain is
out of the game, and the others play on (4.2.4a; what this means the CR does not say, decision D-LEFT-GAME).

A player who leaves takes with them everything they own: their cards and tokens leave the game from every
zone, without any event (Victory Tokens on their permanents return to the global pool, 10.1.5, which is not
reduced, 1.5.4); permanents of other players they control return to their owners' control (7.5.7b) or, when
that cannot be, go to their owners' discard piles; other players' attachments on their permanents are
discarded (7.3.4); the effects they control end; their turns are skipped. If it was their turn, it ends at
once and the night phase follows (9.5.1).
"""

from __future__ import annotations

from .log import record
from .resources import empty_pools
from .state import Game, Phase, Zone
from .steps import BeginPhase
from .zones import change_control, leave_with_owner, move_card


def leave_game(game: Game, leavers: list[str]) -> None:
    """The players ``leavers`` lost the game while two or more others remain: they leave it (D-LEFT-GAME)."""
    gone = set(leavers)
    for pid in leavers:
        _keep_one_extra_turn_each(game, pid)
        game.eliminated.append(pid)
    for pid in leavers:
        record(
            game,
            "4.2.4a",
            "player_leaves",
            f"{pid} has lost the game and leaves it with everything they own; {', '.join(game.playing)} play on.",
            (),
            pid,
        )
    _return_control(game, gone)
    _remove_owned(game, gone)
    _end_effects(game, gone)
    if game.active in gone:
        _end_turn(game)


def _return_control(game: Game, gone: set[str]) -> None:
    """Permanents the leavers control but others own go back to their owners (7.5.7b); if they cannot, to
    their owners' discard piles."""
    for oid in [o for pid in sorted(gone) for o in game.board_ids(pid)]:
        o = game.objects[oid]
        if o.owner in gone or change_control(game, o, o.owner, "7.5.7b"):
            continue
        move_card(
            game,
            o,
            Zone.DISCARD,
            "4.2.4a",
            f"{o.name} cannot return to {o.owner}'s control as {o.controller} leaves the game; it goes to its owner's discard pile.",
        )


def _remove_owned(game: Game, gone: set[str]) -> None:
    """Every card and token the leavers own leaves the game: attachments first, then permanents (whose other
    attachments are discarded, 7.3.4), then the cards in their piles."""
    on_board = game.board_ids()
    for aid in [a for h in on_board for a in game.objects[h].attachments]:
        if game.objects[aid].owner in gone:
            leave_with_owner(game, game.objects[aid])
    for oid in on_board:
        o = game.objects.get(oid)
        if o is not None and o.owner in gone:
            leave_with_owner(game, o)
    for pid in sorted(gone):
        ps = game.players[pid]
        for oid in ps.hand + ps.deck + ps.discard + ps.void + ps.extra_deck:
            del game.objects[oid]
        ps.hand, ps.deck, ps.discard, ps.void, ps.extra_deck = [], [], [], [], []
        ps.main_character = ps.main_slot = None
        ps.pool = {}
        ps.face_up_top.clear()


def _end_effects(game: Game, gone: set[str]) -> None:
    """The effects the leavers control end, as do restrictions on them and abilities granted to (or shields on)
    objects that left; their abilities waiting for the stack are gone."""
    ended = 0
    if game.stack:
        kept = [e for e in game.stack if e.controller not in gone]
        ended += len(game.stack) - len(kept)
        game.stack[:] = kept
    for name in ("modifiers", "shields", "grants", "restrictions"):
        effects = getattr(game, name)
        ended += sum(1 for e in effects if e.controller in gone)
        setattr(
            game,
            name,
            [
                e
                for e in effects
                if e.controller not in gone
                and getattr(e, "player", None) not in gone
                and _target_there(game, e)
            ],
        )
    for name in ("triggered", "placing"):
        setattr(game, name, [p for p in getattr(game, name) if p.controller not in gone])
    if ended:
        record(
            game,
            "4.2.4a",
            "effects_end",
            f"The effects controlled by {', '.join(sorted(gone))} end with them ({ended}).",
        )


def _target_there(game: Game, effect: object) -> bool:
    """Is the object an effect is fixed on (a grant's, a shield's) still in the game? True for other effects."""
    target = getattr(effect, "target", None)
    return target is None or target[0] in game.objects


def _end_turn(game: Game) -> None:
    """The active player left: the rest of their turn is skipped; the phase ends (5.0.4a) and the night between
    turns follows (9.5.1), after which the next player still in the game takes their turn."""
    record(
        game,
        "4.2.4a",
        "turn_ends",
        f"{game.active}'s turn ends as they leave the game; the night phase follows.",
        (),
        game.active,
    )
    game.queue.clear()
    game.combat = None
    game.priority = None
    game.passes = 0
    game.stack = None
    empty_pools(game)
    game.queue.push(BeginPhase(Phase.NIGHT))


def _keep_one_extra_turn_each(game: Game, pid: str) -> None:
    """Past the engine's turn limit each player still in the game takes one additional turn (11.1.5): a player
    who leaves before theirs gives it up, so the game ends after the others' (decision D-TURN-LIMIT)."""
    owner = game.turn_owner
    if game.final_turn is None or owner is None or pid == owner:
        return
    ahead = game.opponents(owner)
    if pid in ahead and game.turn + ahead.index(pid) + 1 <= game.final_turn:
        game.final_turn -= 1
