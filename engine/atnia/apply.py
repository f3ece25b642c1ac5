"""Apply a player's action: check everything first (raising IllegalAction with the rule ids), then act.

An illegal action never changes the game. After a legal one the engine runs its automatic steps
(:func:`.steps.run`) until a player must act again.
"""

from __future__ import annotations

from engine.common.handlers import ActionRules, Handler

from . import actions as A
from . import combat, universal
from .effects import answer_may, discard_cards
from .errors import ChoicePending, GameOver, IllegalAction, InvalidChoice, NotYourTurn
from .horizon import make_active
from .log import record
from .play import IMMEDIATE, Planned, perform, plan
from .rounds import recycle
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
        raise NotYourTurn(
            "no player is active now, so no player may take actions",
            "rules/round-phases/p7",
            "rules/shared-round/p1",
        )
    if game.pending is not None:
        raise ChoicePending(
            f"{game.pending.player} must first answer: {game.pending.prompt}", game.pending.rule
        )
    if game.active != pid:
        raise NotYourTurn(
            f"{game.active} is the active player: only the active player can take actions",
            "rules/shared-round/p1",
        )


# -- playing ---------------------------------------------------------------------------------------
def _items(a: A.PlayCard | A.UseSkill | A.Commit) -> tuple[A.Item, ...]:
    """The cards and skills an action plays."""
    if isinstance(a, A.PlayCard):
        return (A.Item(a.card, a.targets),)
    if isinstance(a, A.UseSkill):
        return (A.Item(a.source, a.targets, a.skill),)
    return a.items


def check_play(game: Game, a: A.PlayCard | A.UseSkill | A.Commit) -> list[Planned]:
    """The active player may play these cards and skills now: their plan (targets, costs)."""
    if isinstance(a, A.Commit) and not a.items:
        raise InvalidChoice("a commit names at least one card or skill", "rules/more-info/p1")
    _require_active(game, a.player)
    return plan(game, a.player, _items(a))


def do_play(game: Game, a: A.PlayCard | A.UseSkill | A.Commit, planned: list[Planned]) -> None:
    """Put the planned cards and skills onto the horizon; the opponent may react (or they resolve at once)."""
    pid = a.player
    entries = perform(game, pid, planned)
    if len(entries) == 1 and entries[0].speed in IMMEDIATE:
        entry = entries[0]
        if entry.speed == "burst":
            assert game.window is not None, "the active player has a window"
            game.window.acted = True
            record(
                game,
                "rules/speed/p4",
                "burst",
                f"{entry.label} is burst speed: it resolves immediately and {pid} remains the active player.",
                (),
                pid,
            )
        else:
            record(
                game,
                "rules/speed/p5",
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
            "rules/more-info/p1",
            "commit",
            f"{pid} commits {len(entries)} at once, bottom first: "
            + ", ".join(e.label for e in entries)
            + ".",
            (),
            pid,
        )
        record(
            game,
            "rules/more-info/p1.3",
            "commit",
            "They are all on the horizon before the opponent can react.",
            (),
            pid,
        )
        if entries[0].speed == "slow":
            record(
                game,
                "rules/more-info/p1.1",
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
        "rules/playing-cards-and-the-horizon/p3",
        f"{pid} played onto the horizon: {other}, who did not play it, becomes the active player.",
    )
    record(
        game,
        "rules/playing-cards-and-the-horizon/p1",
        "react",
        f"{other} sees what {pid} is doing and may react to it, or pass.",
        (),
        other,
    )
    game.queue.push(Check(), Collect(), AfterAction(False))


# -- universal actions -------------------------------------------------------------------------------
def check_pass(game: Game, a: A.Pass) -> None:
    _require_active(game, a.player)
    universal.check_pass(game, a.player)


def do_pass(game: Game, a: A.Pass, plan: None) -> None:
    universal.pass_(game, a.player)


def check_channel(game: Game, a: A.Channel) -> None:
    _require_active(game, a.player)
    universal.check_channel(game, a.player, a.card)


def do_channel(game: Game, a: A.Channel, plan: None) -> None:
    universal.channel(game, a.player, a.card)


def check_explore(game: Game, a: A.Explore) -> str:
    _require_active(game, a.player)
    return universal.check_explore(game, a.player, a.card, a.ideal)


def do_explore(game: Game, a: A.Explore, ideal: str) -> None:
    universal.explore(game, a.player, a.card, ideal, a.bottom)


# -- combat ------------------------------------------------------------------------------------------
def check_attack(game: Game, a: A.DeclareAttack) -> list[Planned]:
    _require_active(game, a.player)
    combat.check_attack(game, a.player, a.attackers)
    return plan(game, a.player, a.commits, "attack")


def do_attack(game: Game, a: A.DeclareAttack, planned: list[Planned]) -> None:
    combat.declare_attack(game, a.player, a.attackers)
    if planned:
        perform(game, a.player, planned)
        record(
            game,
            "rules/combat-phase-outline/p1",
            "commit",
            f"{a.player} commits cards along with the attack.",
            (),
            a.player,
        )
    game.queue.push(Check(), Collect(), CombatTriggers("rules/combat-phase-outline/p1.1"), ToBlockStep())


def check_block(game: Game, a: A.DeclareBlockers) -> list[Planned]:
    _require_active(game, a.player)
    combat.check_blocks(game, a.player, a.blocks)
    return plan(game, a.player, a.commits, "block")


def do_block(game: Game, a: A.DeclareBlockers, planned: list[Planned]) -> None:
    combat.declare_blocks(game, a.player, a.blocks)
    if planned:
        perform(game, a.player, planned)
    game.queue.push(Check(), Collect(), CombatTriggers("rules/combat-phase-outline/p2.1"), ToFightStep())


def check_guardian(game: Game, a: A.GuardianBlock) -> None:
    combat.check_guardian(game, a.player, a.unit, a.attacker)


def do_guardian(game: Game, a: A.GuardianBlock, plan: None) -> None:
    combat.guardian_block(game, a.player, a.unit, a.attacker)
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


def check_targets(game: Game, a: A.ChooseTargets) -> None:
    _answering(game, a)
    if tuple(a.targets) not in legal_targets(game):
        raise InvalidChoice(
            f"{', '.join(a.targets) or 'nothing'} is not a legal choice of targets", "rules/extra-notes/p2"
        )


def do_targets(game: Game, a: A.ChooseTargets, plan: None) -> None:
    answer_targets(game, tuple(a.targets))


def do_decide(game: Game, a: A.Decide, plan: None) -> None:
    answer_may(game, a.yes)


def check_cards(game: Game, a: A.ChooseCards) -> None:
    _answering(game, a)
    choice = game.pending
    assert choice is not None
    if (
        len(set(a.cards)) != len(a.cards)
        or len(a.cards) != choice.min
        or not set(a.cards) <= set(choice.options)
    ):
        raise InvalidChoice(f"choose exactly {choice.min} card(s) from your hand", "rules/zones/p4")


def do_cards(game: Game, a: A.ChooseCards, plan: None) -> None:
    game.pending = None
    discard_cards(game, a.player, list(a.cards))


def check_replacement(game: Game, a: A.ChooseReplacement) -> None:
    _answering(game, a)
    assert game.pending is not None
    if a.card is not None and a.card not in game.pending.options:
        raise InvalidChoice(
            f"{a.card} is not a card occupying a board space on your battlefield", "rules/extra-notes/p3.3"
        )


def do_replacement(game: Game, a: A.ChooseReplacement, plan: None) -> None:
    answer_board_full(game, a.card)


def check_recycle(game: Game, a: A.Recycle) -> None:
    _answering(game, a)
    assert game.pending is not None
    given = list(a.top) + list(a.bottom)
    if sorted(given) != sorted(game.pending.options) or len(set(given)) != len(given):
        raise InvalidChoice(
            "put every channelled card, each exactly once, on the top or the bottom of your deck",
            "rules/round-phases/p5.2",
        )


def do_recycle(game: Game, a: A.Recycle, plan: None) -> None:
    recycle(game, a.player, a.top, a.bottom)


def _gate(game: Game, action: A.Action) -> None:
    """The game goes on, the player is in it, and an action other than an answer waits for a pending choice."""
    if game.result is not None:
        raise GameOver(f"the game is over ({game.result.reason})", "rules/p2")
    if action.player not in game.players:
        raise NotYourTurn(f"{action.player!r} is not a player of this game", "rules/shared-round/p1")
    if type(action) not in ANSWERS and game.pending is not None:
        _require_active(game, action.player)


def _unknown(action: object) -> IllegalAction:
    """A value that is no Atnia action."""
    return IllegalAction(f"{action!r} is not an action", "rules/shared-round/p1")


ACTIONS: ActionRules[Game] = ActionRules(
    {
        A.PlayCard: Handler(check_play, do_play),
        A.UseSkill: Handler(check_play, do_play),
        A.Commit: Handler(check_play, do_play),
        A.Pass: Handler(check_pass, do_pass),
        A.Channel: Handler(check_channel, do_channel),
        A.Explore: Handler(check_explore, do_explore),
        A.DeclareAttack: Handler(check_attack, do_attack),
        A.DeclareBlockers: Handler(check_block, do_block),
        A.GuardianBlock: Handler(check_guardian, do_guardian),
        A.ChooseTargets: Handler(check_targets, do_targets),
        A.Decide: Handler(_answering, do_decide),
        A.ChooseCards: Handler(check_cards, do_cards),
        A.ChooseReplacement: Handler(check_replacement, do_replacement),
        A.Recycle: Handler(check_recycle, do_recycle),
    },
    _gate,
    run,
    _unknown,
)
#: Check and perform one action, then run the automatic steps until a player must act.
apply_action = ACTIONS.apply
