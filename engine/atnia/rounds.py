"""The round and its phases (rules/round-phases): pre round, round start, main phase, round end, draw phase.

Energy (rules/energy-system/p1): players begin with 2 counters and gain one after each round, up to 10; each
round the pool is refilled with 1 energy per counter, plus 1 if energy was left unspent at the end of the last
round (the unspent energy itself is lost: decision D-CARRY-OVER). The first round's pre round adds no counter
(decision D-FIRST-ROUND).
"""

from __future__ import annotations

from .horizon import make_active
from .log import record
from .state import Game, PendingChoice, Phase, Zone
from .stats import remove_buff
from .steps import (
    PROCEDURE,
    BeginDraw,
    BeginMain,
    BeginRound,
    Check,
    Collect,
    DrawUp,
    NextRound,
    PhaseWait,
    Recycle,
    RoundEnd,
    RoundStart,
)
from .triggers import emit
from .zones import draw, move


@PROCEDURE.performs(BeginRound)
def step_begin_round(game: Game, step: BeginRound) -> None:
    """Pre round, steps 1 to 5 (rules/round-phases/p1)."""
    game.round += 1
    game.phase = Phase.PRE_ROUND
    game.active = game.window = None
    record(game, "rules/round-phases/p1", "phase", f"Round {game.round} begins with the pre round.")
    if game.round > 1 and game.ended_by is not None:
        game.first = game.opponent(game.ended_by)
        record(
            game,
            "rules/round-phases/p1.1",
            "first_player",
            f"{game.first} did not end the previous round (they passed first "
            f"in the double pass): {game.first} is the first player of round {game.round}.",
            (),
            game.first,
        )
    for pid in game.order:
        ps = game.players[pid]
        if game.round == 1:
            record(
                game,
                "rules/energy-system/p1",
                "counters",
                f"{pid} begins the game with {ps.counters} energy counters; the first pre "
                "round adds none (decision D-FIRST-ROUND).",
                (),
                pid,
            )
        elif ps.counters < game.limits.max_counters:
            ps.counters += 1
            record(
                game,
                "rules/round-phases/p1.2",
                "counters",
                f"{pid} gets 1 additional energy counter ({ps.counters}).",
                (),
                pid,
            )
        else:
            record(
                game,
                "rules/energy-system/p1",
                "counters",
                f"{pid} already has the maximum of {game.limits.max_counters} energy counters.",
                (),
                pid,
            )
    for pid in game.order:
        ps = game.players[pid]
        left = ps.energy
        ps.energy = ps.counters
        record(
            game,
            "rules/round-phases/p1.3",
            "energy",
            f"{pid} gets {ps.counters} energy, 1 per energy counter.",
            (),
            pid,
        )
        if left > 0:
            ps.energy += 1
            record(
                game,
                "rules/energy-system/p1",
                "carry_over",
                f"{pid} left {left} energy unspent last round: it is lost, and {pid} "
                f"receives +1 energy ({ps.energy}) (decision D-CARRY-OVER).",
                (),
                pid,
            )
    for pid in game.order:
        ps = game.players[pid]
        ps.attacks = 0
        flipped = [c for c in ps.battlefield if game.card(c).flipped]
        for cid in flipped:
            game.card(cid).flipped = False
        if flipped:
            record(
                game,
                "rules/round-phases/p1.4",
                "unflip",
                f"{pid} unflips {', '.join(game.card(c).name for c in flipped)}.",
                flipped,
                pid,
            )
        locations = [c for c in ps.locations if game.card(c).flipped]
        if locations:
            record(
                game,
                "rules/locations/p2",
                "stay_flipped",
                f"{', '.join(game.card(c).name for c in locations)} stay"
                f"{'s' if len(locations) == 1 else ''} flipped: locations are not on the battlefield and do not "
                "unflip.",
                locations,
                pid,
            )
    record(game, "rules/round-phases/p1.5", "phase", "Move to round start.")
    game.queue.push(RoundStart())


@PROCEDURE.performs(RoundStart)
def step_round_start(game: Game, step: RoundStart) -> None:
    """Round start: effects that refer to it happen; once nothing is unresolved, the main phase (p2)."""
    game.phase = Phase.ROUND_START
    record(game, "rules/round-phases/p2", "phase", f"Round start of round {game.round}.")
    record(game, "rules/round-phases/p2.1", "round_start", "Effects that refer to round start happen now.")
    emit(game, "round_start")
    game.queue.push(Check(), Collect(), PhaseWait(BeginMain(), "rules/round-phases/p2.2"))


@PROCEDURE.performs(BeginMain)
def step_begin_main(game: Game, step: BeginMain) -> None:
    """The main phase: the first player becomes active (p3.1)."""
    game.phase = Phase.MAIN
    game.passes = 0
    record(game, "rules/round-phases/p3", "phase", f"The main phase of round {game.round} begins.")
    assert game.first is not None, "a round has a first player"
    make_active(
        game,
        game.first,
        "rules/round-phases/p3.1",
        f"{game.first}, the first player, becomes the active player.",
    )


def end_main(game: Game, last: str) -> None:
    """Both players passed in a row after doing nothing: the main phase ends (p3.2)."""
    game.ended_by = last
    game.active = game.window = None
    record(
        game,
        "rules/round-phases/p3.2",
        "phase",
        f"Both players passed in a row after doing nothing (or only infinite-speed "
        f"actions); {last} made the last pass: the main phase ends.",
        (),
        last,
    )
    game.queue.push(RoundEnd())


@PROCEDURE.performs(RoundEnd)
def step_round_end(game: Game, step: RoundEnd) -> None:
    """Round end: effects lasting until round end stop, effects that refer to it happen (p4)."""
    game.phase = Phase.ROUND_END
    record(game, "rules/round-phases/p4", "phase", f"Round end of round {game.round}.")
    for pid in game.order:
        for cid in list(game.players[pid].battlefield) + [e.card for e in game.horizon if e.card]:
            card = game.card(cid)
            for buff in [b for b in card.buffs if b.until == "round_end"]:
                remove_buff(game, card, buff, "a buff until round end goes away")
                record(
                    game,
                    "rules/round-phases/p4.1",
                    "expires",
                    f"{card.name}'s buff until round end ends.",
                    (cid,),
                    card.controller,
                )
    record(game, "rules/round-phases/p4.1", "round_end", "Effects that refer to round end happen now.")
    emit(game, "round_end")
    game.queue.push(Check(), Collect(), PhaseWait(BeginDraw(), "rules/round-phases/p4.2"))


@PROCEDURE.performs(BeginDraw)
def step_begin_draw(game: Game, step: BeginDraw) -> None:
    """The draw phase: maximum hand size (p5.1), recycling (p5.2), drawing up (p5.3), the next round (p5.4)."""
    game.phase = Phase.DRAW
    game.active = game.window = None
    record(game, "rules/round-phases/p5", "phase", f"The draw phase of round {game.round}.")
    for pid in game.order:
        ps = game.players[pid]
        count = len(ps.hand) + len(ps.channel) + 1
        ps.max_hand = min(count, game.limits.max_hand)
        ps.channelled = len(ps.channel)
        capped = f", capped at {game.limits.max_hand}" if count > game.limits.max_hand else ""
        record(
            game,
            "rules/round-phases/p5.1",
            "max_hand",
            f"{pid}'s maximum hand size this round: {len(ps.hand)} in hand + "
            f"{len(ps.channel)} channelled + 1 = {count}{capped}: {ps.max_hand}.",
            (),
            pid,
        )
    order = game.order_from_first()
    game.queue.push(*[Recycle(pid) for pid in order], DrawUp(), NextRound())


@PROCEDURE.performs(Recycle)
def step_recycle(game: Game, step: Recycle) -> None:
    """Ask a player with channelled cards which go on top of the deck and which on the bottom."""
    pid = step.pid
    ps = game.players[pid]
    if not ps.channel:
        return
    game.pending = PendingChoice(
        "recycle",
        pid,
        "Put your channelled cards on the top and/or bottom of your deck, in any order.",
        "rules/round-phases/p5.2",
        tuple(ps.channel),
        len(ps.channel),
        len(ps.channel),
    )


def recycle(game: Game, pid: str, top: tuple[str, ...], bottom: tuple[str, ...]) -> None:
    """Put the channelled cards back: ``top`` in order from the top card down, ``bottom`` ending with the bottom card."""
    game.pending = None
    for cid in reversed(top):
        move(game, game.card(cid), Zone.DECK)
    for cid in bottom:
        move(game, game.card(cid), Zone.DECK, bottom=True)
    record(
        game,
        "rules/round-phases/p5.2",
        "recycle",
        f"{pid} puts {len(top)} channelled card{'s' if len(top) != 1 else ''} on top of "
        f"their deck and {len(bottom)} on the bottom (which ones is not revealed).",
        (),
        pid,
    )
    record(
        game,
        "rules/channel-system/p3",
        "recycle",
        f"{pid}'s channelled cards are recycled into their deck.",
        (),
        pid,
    )


@PROCEDURE.performs(DrawUp)
def step_draw_up(game: Game, step: DrawUp) -> None:
    for pid in game.order_from_first():
        ps = game.players[pid]
        wanted = max(0, (ps.max_hand or 0) - len(ps.hand))
        if wanted:
            draw(
                game,
                pid,
                wanted,
                "rules/round-phases/p5.3",
                f" up to their maximum hand size of {ps.max_hand}",
            )
        else:
            record(
                game,
                "rules/round-phases/p5.3",
                "draw",
                f"{pid} already holds {len(ps.hand)} cards, their maximum hand size "
                f"({ps.max_hand}): no draw (decision D-HAND-SIZE).",
                (),
                pid,
            )
        if ps.channelled:
            record(
                game,
                "rules/channel-system/p4",
                "draw",
                f"{pid} had channelled {ps.channelled} card"
                f"{'s' if ps.channelled != 1 else ''} and drew {wanted}: one per channelled card, +1, up to the "
                "maximum hand size.",
                (),
                pid,
            )


@PROCEDURE.performs(NextRound)
def step_next_round(game: Game, step: NextRound) -> None:
    record(game, "rules/round-phases/p5.4", "phase", "The next round begins.")
    game.queue.push(BeginRound())
