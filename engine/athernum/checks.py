"""State-based checks (4.2), performed in exactly the order 4.2.1 - 4.2.4.

Triggered abilities identified during the check go on a new stack only after it completes
(4.2.3d; see :func:`.stack.step_collect`). The check may pause once for a player's choice
(which copy to keep, 2.2.7c) and then starts again; its earlier steps are idempotent.
"""

from __future__ import annotations

from .leaving import leave_game
from .log import record
from .markers import exhaust, grow_pool, remove_counters
from .state import BOARD_ZONES, PERMANENT_ZONES, Game, GameObject, GameResult, PendingChoice, Phase, Zone
from .steps import StateCheck
from .values import has_dfv, modifier_active, source_active, types_of, value
from .zones import move_card, move_many


class _Board:
    """The permanents on the board during one check, listed again only after something changed."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._version = -1
        self._objects: list[GameObject] = []

    def objects(self) -> list[GameObject]:
        game = self.game
        if self._version != len(game.log):  # every change to the board is logged
            self._objects = [game.objects[oid] for oid in game.board_ids()]
            self._version = len(game.log)
        return self._objects


def end_game(game: Game, winner: str | None, reason: str, rule: str) -> None:
    """Record the result and stop the game."""
    game.result = GameResult(winner, reason, rule)
    game.priority = None
    game.pending = None
    game.queue.clear()
    record(
        game,
        rule,
        "game_over",
        f"{winner} wins the game: {reason}." if winner else f"The game is a draw: {reason}.",
        (),
        winner,
    )
    game.phase = Phase.ENDED


def _expired(game: Game, duration: str, turn: int, phase: Phase, controller: str) -> bool:
    if duration == "end_of_turn":
        return game.turn != turn or game.phase is Phase.NIGHT
    if duration == "end_of_phase":
        return game.turn != turn or game.phase is not phase
    if duration == "your_next_turn":
        return game.turn > turn and game.active == controller and game.phase is not Phase.NIGHT
    return False


def _expire_durations(game: Game) -> None:
    """4.2.1a: effects whose duration has expired end; dead 'while' effects are tidied away."""
    keep = []
    for m in game.modifiers:
        if _expired(game, m.duration, m.turn, m.phase, m.controller):
            record(
                game,
                "4.2.1a",
                "effect_ends",
                f"An effect changing {m.property} ({m.duration.replace('_', ' ')}) ends.",
                tuple(t[0] for t in m.targets),
                m.controller,
            )
        elif m.duration == "while_source" and not modifier_active(game, m):
            continue  # its source turned face-down or left its zone: it no longer applies (4.3.5a.II)
        else:
            keep.append(m)
    game.modifiers = keep

    game.shields = [
        s
        for s in game.shields
        if not _expired(game, s.duration, s.turn, s.phase, s.controller)
        and (s.duration != "while_source" or source_active(game, s.source_id, s.source_inc, s.source_flips))
    ]
    if game.grants:
        grants = []
        for g in game.grants:
            o = game.objects.get(g.target[0])
            if o is None or o.incarnation != g.target[1] or o.zone not in BOARD_ZONES:
                record(
                    game,
                    "4.3.2b",
                    "grant_ends",
                    f"The permanent granted {g.ability.label()} changed zones: the granted ability is gone.",
                    (g.target[0],),
                    g.controller,
                )
                continue
            if _expired(game, g.duration, g.turn, g.phase, g.controller):
                record(
                    game,
                    "4.2.1a",
                    "effect_ends",
                    f"The ability {g.ability.label()} granted to {o.name} ({g.duration.replace('_', ' ')}) ends.",
                    (o.id,),
                    g.controller,
                )
            elif g.duration == "while_source" and not source_active(
                game, g.source_id, g.source_inc, g.source_flips
            ):
                continue
            else:
                grants.append(g)
        game.grants = grants
    if game.restrictions:
        kept = []
        for r in game.restrictions:
            if _expired(game, r.duration, r.turn, r.phase, r.controller):
                record(
                    game,
                    "4.2.1a",
                    "effect_ends",
                    f"{r.label}: the restriction on {r.player}'s resources ({r.duration.replace('_', ' ')}) ends.",
                    (),
                    r.player,
                )
            elif r.duration != "while_source" or source_active(
                game, r.source_id, r.source_inc, r.source_flips
            ):
                kept.append(r)
        game.restrictions = kept
    relinked, game.relinked = game.relinked, []
    for aid, hid in relinked:  # 4.2.1b: an attachment's effect follows its new linked target
        a, h = game.objects.get(aid), game.objects.get(hid)
        if a is not None and h is not None and a.attached_to == hid:
            record(
                game,
                "4.2.1b",
                "relinked",
                f"The linked target of {a.name} changed: its effects persist and apply to {h.name}.",
                (aid, hid),
            )


def _lethal(game: Game, board: _Board) -> None:
    """4.2.2a (2.2.4f, 10.3.3): face-up permanents with damage >= DFV are discarded; 3.0.7e for mains."""
    doomed: list[GameObject] = []
    plain = not any(m.property == "dfv" for m in game.modifiers)
    for o in board.objects():
        oid = o.id
        if o.face_down:
            continue
        if plain and not o.counters.get("damage") and (o.definition.dfv or 0) > 0:
            continue  # undamaged, with a printed DFV above 0 and nothing modifying it
        if not has_dfv(game, o):
            continue
        dfv = value(game, o, "dfv")
        if dfv is None or o.counters.get("damage", 0) < dfv:
            continue
        if game.is_main(o):
            record(
                game,
                "3.0.7e",
                "main_lethal",
                f"{o.name} has {o.counters.get('damage', 0)} damage with DFV {dfv}; as a main character it is not discarded.",
                (oid,),
            )
            exhaust(game, o, "3.0.7e.I", " instead of being discarded")
            remove_counters(game, o, "damage", None, "3.0.7e.II", " (main character with lethal damage)")
            record(
                game,
                "3.0.7e.III",
                "main_lethal",
                f"All attachments, counters and other statuses of {o.name} remain in place.",
                (oid,),
            )
        else:
            doomed.append(o)
    if doomed:
        move_many(
            game,
            doomed,
            Zone.DISCARD,
            "4.2.2a",
            "is discarded: its damage counters equal or exceed its Defensive Value.",
        )


def _semi_unique(game: Game, board: _Board) -> bool:
    """4.2.2b (2.2.7c): all but one copy of a controlled Victory-Token-Field card are discarded.

    Returns False when it must wait for the player to choose which copy stays.
    """
    for pid in game.order:
        by_name: dict[str, list[GameObject]] = {}
        for o in board.objects():
            if o.controller == pid and o.definition.victory_token_field is not None:
                by_name.setdefault(o.definition.name, []).append(o)
        for name, copies in by_name.items():
            if len(copies) < 2:
                continue
            mains = [o for o in copies if game.is_main(o)]
            keep: GameObject | None
            if mains:
                keep = mains[0]
                record(
                    game,
                    "3.0.7c",
                    "main_kept",
                    f"{keep.name} is {pid}'s main character: it is the copy that stays.",
                    (keep.id,),
                    pid,
                )
            else:
                chosen = game.sbc_keep.get(f"{pid}|{name}")
                keep = next((o for o in copies if o.id == chosen), None)
                if keep is None:
                    game.pending = PendingChoice(
                        kind="keep",
                        player=pid,
                        prompt=f"You control {len(copies)} copies of {name}; choose the one to keep.",
                        rule="2.2.7c",
                        options=tuple(o.id for o in copies),
                        min=1,
                        max=1,
                        ref=name,
                    )
                    return False
            others = [o for o in copies if o is not keep]
            for o in others:
                if (o.id, o.incarnation) in game.entered:
                    game.entered.remove((o.id, o.incarnation))
                    record(
                        game,
                        "2.2.7d",
                        "no_pool",
                        f"{o.name} violates semi-uniqueness and does not add to the Victory Token pool.",
                        (o.id,),
                        pid,
                    )
            move_many(
                game,
                others,
                Zone.DISCARD,
                "4.2.2b",
                f"is discarded: {pid} may control only one copy of {name} (semi-uniqueness).",
            )
    game.sbc_keep.clear()
    return True


def _locations(game: Game) -> None:
    """4.2.2c (2.4.4a-b, 2.4.4d-f): only the most recently placed location of a player remains."""
    retyped = any(m.property == "types" for m in game.modifiers)
    for pid in game.order:
        locs = []
        for oid in (
            game.board_ids(pid) if retyped else game.players[pid].locations + game.players[pid].characters()
        ):
            o = game.objects[oid]
            if (
                o.zone is Zone.LOCATION
                or o.definition.type == "location"
                or (retyped and "location" in types_of(game, o)[0])
            ):
                locs.append(o)
        if len(locs) < 2:
            continue
        mains = [o for o in locs if game.is_main(o)]
        keep = mains[0] if mains else max(locs, key=lambda o: o.timestamp)
        move_many(
            game,
            [o for o in locs if o is not keep],
            Zone.DISCARD,
            "4.2.2c",
            f"is discarded: {pid} may control only one location and {keep.name} stays.",
        )


def _stray_tokens(game: Game, board: _Board) -> None:
    """4.2.2d / 4.2.2f: a token that is not in the zone it was created in ceases to exist."""
    objects = game.objects
    here = list(board.objects())
    here += [objects[a] for o in here for a in o.attachments]
    for o in [o for o in here if o.is_token and o.zone is not o.created_zone]:
        if o.created_zone is not None:
            rule = "4.2.2f" if o.created_zone is Zone.ITEM_SLOT else "4.2.2d"
            move_card(
                game, o, Zone.VOID, rule, f"{o.name} left the zone it was created in and ceases to exist."
            )


def _orphans(game: Game) -> None:
    """4.2.2e (2.1.2e): an attachment without a valid linked target is discarded."""
    for o in [game.objects[a] for a in sorted(game.attached) if a in game.objects]:
        host = game.objects.get(o.attached_to) if o.attached_to else None
        if host is None or host.zone not in PERMANENT_ZONES or o.id not in host.attachments:
            move_card(
                game, o, Zone.DISCARD, "4.2.2e", f"{o.name} has no valid linked target and is discarded."
            )


def _pool_growth(game: Game) -> None:
    """4.2.2g (1.5.3, 10.1.2): permanents with a Victory Token Field that entered add to the pool; so do
    item cards with a Victory Token Field that were played, directly or attached (1.5.3, D-POOL-TIMING)."""
    played, game.played_fields = game.played_fields, []
    for oid, n in played:
        o = game.objects.get(oid)
        name = o.name if o is not None else oid
        grow_pool(game, n, "1.5.3", f"the item {name} was played with a Victory Token Field of {n}", (oid,))
    entered, game.entered = game.entered, []
    for oid, inc in entered:
        o = game.objects.get(oid)
        if o is not None and o.incarnation == inc and o.zone in PERMANENT_ZONES:
            n = value(game, o, "victory_token_field") or 0
        else:
            n = o.definition.victory_token_field or 0 if o is not None else 0
        if n:
            name = o.name if o is not None else oid
            grow_pool(
                game, n, "4.2.2g", f"{name} entered the game board with a Victory Token Field of {n}", (oid,)
            )


def _objectives(game: Game, board: _Board) -> bool:
    """4.2.2h: a face-up permanent with an Objective Ability and enough Victory Tokens wins."""
    winners: dict[str, GameObject] = {}
    for o in board.objects():
        if o.face_down or not o.definition.has_objective or o.zone not in PERMANENT_ZONES:
            continue
        need = value(game, o, "victory_token_field")
        if need is not None and o.victory_tokens >= need:
            winners.setdefault(o.controller, o)
    if not winners:
        return False
    if len(winners) == 1:
        pid, o = next(iter(winners.items()))
        end_game(
            game, pid, f"{o.name} completed its Objective with {o.victory_tokens} Victory Token(s)", "4.2.2h"
        )
    else:
        end_game(game, None, "several players completed an Objective at the same time", "4.2.2h")
    return True


def _game_status(game: Game, board: _Board) -> None:
    """4.2.3a-c and 4.2.4a-b, in order, for the players still in the game; the first step that decides the game
    ends it. Players who lose while two or more others remain leave the game, which goes on (4.2.4a, D-LEFT-GAME)."""
    playing = game.playing
    lost: list[str] = []
    for pid in playing:
        ps = game.players[pid]
        if ps.lose_flag:
            lost.append(pid)
            record(game, "4.2.3a", "player_loses", f"{pid} loses the game ({ps.lose_flag}).", (), pid)
    alive = [p for p in playing if p not in lost]
    winners = [p for p in alive if game.players[p].win_flag]
    if winners:
        if len(winners) == 1:
            end_game(
                game, winners[0], f"an effect ({game.players[winners[0]].win_flag}) makes them win", "4.2.3b"
            )
        else:
            end_game(game, None, "effects make several players win at once", "4.2.3b")
        return
    held = dict.fromkeys(game.order, 0)
    for o in board.objects():
        held[o.controller] += o.victory_tokens
    total = game.victory_pool + sum(held.values())
    if total > 0:
        for pid in alive:
            if 2 * held[pid] > total:
                end_game(
                    game,
                    pid,
                    f"they hold {held[pid]} of the {total} Victory Tokens in the game, a majority",
                    "4.2.3c",
                )
                return
    if lost and _last_standing(game, alive, lost, "4.2.4a"):
        return
    drew = [p for p in alive if game.players[p].drew_from_empty]
    for pid in drew:
        record(
            game,
            "4.2.4b",
            "player_loses",
            f"{pid} loses the game: they attempted to draw from an empty deck.",
            (),
            pid,
        )
    if drew:
        _last_standing(game, [p for p in alive if p not in drew], drew, "4.2.4b")


def _last_standing(game: Game, alive: list[str], lost: list[str], rule: str) -> bool:
    """The one player left wins (4.2.4a), whatever made the others lose (``rule``); with nobody left, a draw.
    With two or more left, the players who ``lost`` leave the game and it goes on (D-LEFT-GAME). True if it ended."""
    if len(alive) == 1:
        end_game(game, alive[0], "every other player lost the game", "4.2.4a")
    elif not alive:
        everyone = "every player" if not game.eliminated else "every player still in the game"
        end_game(game, None, f"{everyone} lost the game at the same time", rule)
    else:
        leave_game(game, lost)
        return False
    return True


def state_based_check(game: Game, cause: str) -> None:
    """Run one state-based check (4.2.1-4.2.4); ``cause`` is the rule that calls for it."""
    if game.result is not None:
        return
    _expire_durations(game)  # 4.2.1
    board = _Board(game)
    _lethal(game, board)  # 4.2.2a
    if not _semi_unique(game, board):  # 4.2.2b
        game.queue.push(StateCheck(cause))
        return
    _locations(game)  # 4.2.2c
    _stray_tokens(game, board)  # 4.2.2d, 4.2.2f
    _orphans(game)  # 4.2.2e
    _pool_growth(game)  # 4.2.2g
    if _objectives(game, board):  # 4.2.2h
        return
    _game_status(game, board)  # 4.2.3a-c, 4.2.4
