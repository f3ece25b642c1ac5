"""Apply a player's action: check everything first (raising IllegalAction with the rule ids), then act.

An illegal action never changes the game. After a legal one the engine runs its automatic steps
(:func:`.steps.run`) until a player must act again.
"""

from __future__ import annotations

from collections.abc import Callable

from . import actions as A
from .combat import check_attack, check_blocks, check_guardian, declare_attack, declare_blocks, guardian_block
from .effects import answer_may, discard_cards
from .errors import ChoicePending, GameOver, InvalidChoice, NotYourTurn
from .horizon import make_active
from .log import record
from .play import IMMEDIATE, perform, plan
from .rounds import recycle
from .rules import (
    CO_ATTACK_TRIGGERS,
    CO_BLOCK_TRIGGERS,
    CO_DECLARE,
    EN_FULL,
    EN_TARGETS,
    HZ_PLAY,
    HZ_REACT,
    MI_COMMIT,
    MI_GUARANTEE,
    MI_SLOW_BOTTOM,
    RP_NO_ACTIVE,
    RP_RECYCLE,
    SP_BURST,
    SP_INFINITE,
    SR_ACTIVE,
    WIN,
    Z_DISCARD,
)
from .state import Game
from .steps import (
    AfterAction,
    Check,
    Collect,
    CombatTriggers,
    ResolveNow,
    ToBlockStep,
    ToFightStep,
    run,
)
from .triggers import answer_targets, legal_targets
from .universal import channel, check_channel, check_explore, check_pass, explore, pass_
from .zones import answer_board_full

#: The pending choice each answer action belongs to.
ANSWERS = {
    A.ChooseTargets: "targets",
    A.Decide: "may",
    A.ChooseCards: "discard",
    A.ChooseReplacement: "board_full",
    A.Recycle: "recycle",
    A.GuardianBlock: "guardian",
}


def _require_active(game: Game, pid: str) -> None:
    if game.active is None:
        raise NotYourTurn("no player is active now, so no player may take actions", RP_NO_ACTIVE, SR_ACTIVE)
    if game.pending is not None:
        raise ChoicePending(
            f"{game.pending.player} must first answer: {game.pending.prompt}", game.pending.rule
        )
    if game.active != pid:
        raise NotYourTurn(
            f"{game.active} is the active player: only the active player can take actions", SR_ACTIVE
        )


# -- playing ---------------------------------------------------------------------------------------
def _play(game: Game, pid: str, items: tuple[A.Item, ...]) -> None:
    _require_active(game, pid)
    planned = plan(game, pid, items)
    entries = perform(game, pid, planned)
    if len(entries) == 1 and entries[0].speed in IMMEDIATE:
        entry = entries[0]
        if entry.speed == "burst":
            game.window.acted = True
            record(
                game,
                SP_BURST,
                "burst",
                f"{entry.label} is burst speed: it resolves immediately and {pid} remains the active player.",
                (),
                pid,
            )
        else:
            record(
                game,
                SP_INFINITE,
                "infinite",
                f"{entry.label} is infinite speed: it resolves immediately, {pid} "
                "remains active, and it does not count as an action.",
                (),
                pid,
            )
        game.queue.push(ResolveNow(entry), AfterAction(entry.speed == "infinite"))
        return
    if len(entries) > 1:
        record(
            game,
            MI_COMMIT,
            "commit",
            f"{pid} commits {len(entries)} at once, bottom first: "
            + ", ".join(e.label for e in entries)
            + ".",
            (),
            pid,
        )
        record(
            game,
            MI_GUARANTEE,
            "commit",
            "They are all on the horizon before the opponent can react.",
            (),
            pid,
        )
        if entries[0].speed == "slow":
            record(
                game,
                MI_SLOW_BOTTOM,
                "commit",
                f"The slow {entries[0].label} is the bottom card, with fast cards above it.",
                (),
                pid,
            )
    other = game.opponent(pid)
    game.passes = 0
    make_active(
        game,
        other,
        HZ_PLAY,
        f"{pid} played onto the horizon: {other}, who did not play it, becomes the active player.",
    )
    record(
        game, HZ_REACT, "react", f"{other} sees what {pid} is doing and may react to it, or pass.", (), other
    )
    game.queue.push(Check(), Collect(), AfterAction(False))


def _play_card(game: Game, a: A.PlayCard) -> None:
    _play(game, a.player, (A.Item(a.card, a.targets),))


def _use_skill(game: Game, a: A.UseSkill) -> None:
    _play(game, a.player, (A.Item(a.source, a.targets, a.skill),))


def _commit(game: Game, a: A.Commit) -> None:
    if not a.items:
        raise InvalidChoice("a commit names at least one card or skill", MI_COMMIT)
    _play(game, a.player, a.items)


# -- universal actions -------------------------------------------------------------------------------
def _pass(game: Game, a: A.Pass) -> None:
    _require_active(game, a.player)
    check_pass(game, a.player)
    pass_(game, a.player)


def _channel(game: Game, a: A.Channel) -> None:
    _require_active(game, a.player)
    check_channel(game, a.player, a.card)
    channel(game, a.player, a.card)


def _explore(game: Game, a: A.Explore) -> None:
    _require_active(game, a.player)
    ideal = check_explore(game, a.player, a.card, a.ideal)
    explore(game, a.player, a.card, ideal, a.bottom)


# -- combat ------------------------------------------------------------------------------------------
def _attack(game: Game, a: A.DeclareAttack) -> None:
    _require_active(game, a.player)
    check_attack(game, a.player, a.attackers)
    planned = plan(game, a.player, a.commits, "attack")
    declare_attack(game, a.player, a.attackers)
    if planned:
        perform(game, a.player, planned)
        record(game, CO_DECLARE, "commit", f"{a.player} commits cards along with the attack.", (), a.player)
    game.queue.push(Check(), Collect(), CombatTriggers(CO_ATTACK_TRIGGERS), ToBlockStep())


def _block(game: Game, a: A.DeclareBlockers) -> None:
    _require_active(game, a.player)
    check_blocks(game, a.player, a.blocks)
    planned = plan(game, a.player, a.commits, "block")
    declare_blocks(game, a.player, a.blocks)
    if planned:
        perform(game, a.player, planned)
    game.queue.push(Check(), Collect(), CombatTriggers(CO_BLOCK_TRIGGERS), ToFightStep())


def _guardian(game: Game, a: A.GuardianBlock) -> None:
    check_guardian(game, a.player, a.unit, a.attacker)
    guardian_block(game, a.player, a.unit, a.attacker)
    game.queue.push(Check(), Collect())


# -- answers to pending choices ------------------------------------------------------------------------
def _answering(game: Game, action: A.Action) -> None:
    choice = game.pending
    wanted = ANSWERS[type(action)]
    if choice is None or choice.kind != wanted:
        what = f"'{choice.prompt}'" if choice else "nothing"
        raise InvalidChoice(
            f"there is no pending {wanted} choice (pending: {what})", *((choice.rule,) if choice else ())
        )
    if choice.player != action.player:
        raise ChoicePending(
            f"{choice.player}, not {action.player}, must answer: {choice.prompt}", choice.rule
        )


def _choose_targets(game: Game, a: A.ChooseTargets) -> None:
    _answering(game, a)
    if tuple(a.targets) not in legal_targets(game):
        raise InvalidChoice(
            f"{', '.join(a.targets) or 'nothing'} is not a legal choice of targets", EN_TARGETS
        )
    answer_targets(game, tuple(a.targets))


def _decide(game: Game, a: A.Decide) -> None:
    _answering(game, a)
    answer_may(game, a.yes)


def _choose_cards(game: Game, a: A.ChooseCards) -> None:
    _answering(game, a)
    choice = game.pending
    if (
        len(set(a.cards)) != len(a.cards)
        or len(a.cards) != choice.min
        or not set(a.cards) <= set(choice.options)
    ):
        raise InvalidChoice(f"choose exactly {choice.min} card(s) from your hand", Z_DISCARD)
    game.pending = None
    discard_cards(game, a.player, list(a.cards))


def _choose_replacement(game: Game, a: A.ChooseReplacement) -> None:
    _answering(game, a)
    if a.card is not None and a.card not in game.pending.options:
        raise InvalidChoice(f"{a.card} is not a card occupying a board space on your battlefield", EN_FULL)
    answer_board_full(game, a.card)


def _recycle(game: Game, a: A.Recycle) -> None:
    _answering(game, a)
    given = list(a.top) + list(a.bottom)
    if sorted(given) != sorted(game.pending.options) or len(set(given)) != len(given):
        raise InvalidChoice(
            "put every channelled card, each exactly once, on the top or the bottom of your deck", RP_RECYCLE
        )
    recycle(game, a.player, a.top, a.bottom)


HANDLERS: dict[type, Callable] = {
    A.PlayCard: _play_card,
    A.UseSkill: _use_skill,
    A.Commit: _commit,
    A.Pass: _pass,
    A.Channel: _channel,
    A.Explore: _explore,
    A.DeclareAttack: _attack,
    A.DeclareBlockers: _block,
    A.GuardianBlock: _guardian,
    A.ChooseTargets: _choose_targets,
    A.Decide: _decide,
    A.ChooseCards: _choose_cards,
    A.ChooseReplacement: _choose_replacement,
    A.Recycle: _recycle,
}


def apply_action(game: Game, action: A.Action) -> None:
    """Check and perform one action, then run the automatic steps until a player must act."""
    if game.result is not None:
        raise GameOver(f"the game is over ({game.result.reason})", WIN)
    if action.player not in game.players:
        raise NotYourTurn(f"{action.player!r} is not a player of this game", SR_ACTIVE)
    if type(action) not in ANSWERS and game.pending is not None:
        _require_active(game, action.player)
    HANDLERS[type(action)](game, action)
    run(game)
