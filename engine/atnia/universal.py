"""Universal actions, granted by the rules rather than by cards (rules/kinds-of-game-objects/p3): passing,
channelling and exploring (attacking is in :mod:`.combat`).

Passing (rules/shared-round/p3.1) makes the other player active, except that a pass after doing nothing or only
infinite-speed actions resolves the horizon (rules/playing-cards-and-the-horizon/p3), strikes in step 3 of combat
(rules/combat-phase-outline/p3), and, when the other player did the same just before, ends the main phase
(rules/round-phases/p3.2).
"""

from __future__ import annotations

from functools import cache

from .cards import CardDef
from .cards import ideal as canonical_ideal
from .devotion import devotion
from .errors import InvalidTarget, NotInZone, WrongTiming
from .horizon import make_active, start_resolution
from .log import record
from .rounds import end_main
from .state import Game, Phase, Zone
from .steps import AfterAction, Check, Collect, ResolutionDone, Strike
from .triggers import emit
from .zones import create, move


# -- channelling ---------------------------------------------------------------------------------
def check_channel(game: Game, pid: str, cid: str) -> None:
    card = game.objects.get(cid)
    if card is None or card.zone is not Zone.HAND or card.owner != pid:
        raise NotInZone(
            f"{cid} is not a card in {pid}'s hand: only cards in hand can be channelled",
            "rules/channel-system/p1",
        )


def channel(game: Game, pid: str, cid: str) -> None:
    """Channel a card face up into the channel zone, at infinite speed."""
    card = game.card(cid)
    move(game, card, Zone.CHANNEL)
    record(
        game,
        "rules/channel-system/p1",
        "channel",
        f"{pid} channels {card.name} face up into the channel zone.",
        (cid,),
        pid,
    )
    record(game, "rules/zones/p7", "in_zone", f"{card.name} is in {pid}'s channel zone.", (cid,), pid)
    record(game, "rules/shared-round/p3", "universal", "Channelling is a universal action.", (cid,), pid)
    record(
        game,
        "rules/speed/p5.1",
        "infinite",
        "Channelling is at infinite speed: it does not count as an action.",
        (cid,),
        pid,
    )
    ideals = card.definition.ideal_names
    have = devotion(game, pid)
    record(
        game,
        "rules/channel-system/p2",
        "devotion",
        f"{card.name} adds 1 to {pid}'s devotion to "
        + (", ".join(f"{i} (now {have[i]})" for i in ideals) or "no ideal")
        + ".",
        (cid,),
        pid,
    )
    emit(game, "channel", cid, pid)
    game.queue.push(Check(), Collect(), AfterAction(True))


# -- exploring -----------------------------------------------------------------------------------
@cache
def wilderness(ideal: str) -> CardDef:
    """The single-ideal location that exploring creates."""
    return CardDef(
        name=f"Wilderness ({ideal.capitalize()})",
        type="location",
        ideals=((ideal, 1),),
        speed="infinite",
        text=f"A Wilderness location of {ideal.capitalize()}: 1 devotion to {ideal.capitalize()}.",
    )


def check_explore(game: Game, pid: str, cid: str, ideal: str) -> str:
    card = game.objects.get(cid)
    if card is None or card.zone not in (Zone.HAND, Zone.CHANNEL) or card.owner != pid:
        raise NotInZone(
            f"{cid} is not in {pid}'s hand or channel zone: only those cards can be used to explore",
            "rules/exploration/p1",
        )
    try:
        return canonical_ideal(ideal)
    except ValueError:
        raise InvalidTarget(f"{ideal!r} is not one of the seven ideals", "rules/exploration/p1") from None


def explore(game: Game, pid: str, cid: str, ideal: str, bottom: bool) -> None:
    """Put the card on top or bottom of the deck; create a Wilderness location of the chosen ideal."""
    card = game.card(cid)
    assert card.zone is not None, "an explored card is in a zone"
    came_from = card.zone.value
    move(game, card, Zone.DECK, bottom=bottom)
    land = create(game, wilderness(ideal), pid, ideal=ideal, created=True)
    move(game, land, Zone.LOCATION)
    record(
        game,
        "rules/exploration/p1",
        "explore",
        f"{pid} explores: a card from their {came_from} goes on the "
        f"{'bottom' if bottom else 'top'} of their deck, and {land.name} is created in their location zone.",
        (land.id,),
        pid,
    )
    record(
        game,
        "rules/speed/p5.1",
        "infinite",
        "Exploring is at infinite speed: it does not count as an action.",
        (land.id,),
        pid,
    )
    record(
        game,
        "rules/deitas/p6",
        "devotion",
        f"{land.name} adds 1 to {pid}'s devotion to {ideal} (now {devotion(game, pid)[ideal]}).",
        (land.id,),
        pid,
    )
    emit(game, "explore", land.id, pid)
    game.queue.push(Check(), Collect(), AfterAction(True))


# -- passing -------------------------------------------------------------------------------------
def check_pass(game: Game, pid: str) -> None:
    if game.combat is not None and game.combat.step == "block":
        raise WrongTiming(
            "in step 2 the defending player declares blockers (declaring none is allowed) instead of passing",
            "rules/combat-phase-outline/p2",
        )


def pass_(game: Game, pid: str) -> None:
    """Pass: resolve the horizon, strike, end the main phase, or hand over to the other player."""
    window = game.window
    idle = window is not None and not window.acted and not window.hand_over
    other = game.opponent(pid)
    record(
        game,
        "rules/kinds-of-game-objects/p3",
        "pass",
        f"{pid} passes{'' if idle else ' (having acted)'}.",
        (),
        pid,
    )
    if window is not None and window.hand_over and game.horizon:
        make_active(
            game,
            other,
            "rules/advanced-notes-on-timing-rules-and-the-horizon/p1.1",
            f"{pid}'s pass does not resolve the horizon: {other} becomes "
            "the active player (decision D-INFINITE-SOURCE).",
        )
        return
    if game.horizon:
        if idle:
            start_resolution(game, pid, "rules/playing-cards-and-the-horizon/p3")
        else:
            make_active(
                game, other, "rules/shared-round/p3.1", f"{pid} passes: {other} becomes the active player."
            )
        return
    if game.phase is Phase.COMBAT and game.combat is not None and game.combat.step == "fight":
        if idle:
            record(
                game,
                "rules/combat-phase-outline/p3",
                "pass",
                f"{pid} passes with nothing on the horizon.",
                (),
                pid,
            )
            game.active = game.window = None
            game.queue.push(Strike())
        else:
            make_active(
                game, other, "rules/shared-round/p3.1", f"{pid} passes: {other} becomes the active player."
            )
        return
    if game.phase is not Phase.MAIN:  # a window of round start, round end or after the strike: nothing left
        game.active = game.window = None
        game.queue.push(ResolutionDone())
        return
    if idle:
        game.passes += 1
    else:
        if window is not None and window.attacked:
            record(
                game,
                "rules/combat-phase-outline/p9",
                "pass",
                f"{pid} passes after attacking: this pass does not count towards ending the round.",
                (),
                pid,
            )
        game.passes = 0
    if game.passes >= 2:
        end_main(game, pid)
        return
    make_active(game, other, "rules/shared-round/p3.1", f"{pid} passes: {other} becomes the active player.")
