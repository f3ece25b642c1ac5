"""The day (1.3.2, 4.2): its five phases, the daily effects, checking Reactions, and Afternoon turns.

The performers of the day's steps (:mod:`.steps`); the steps that wait for a player are
:class:`~.steps.CheckReactions` (while Reactions are in Limbo) and :class:`~.steps.TurnAction`.
"""

from __future__ import annotations

from engine.common import procedure

from . import triggers
from .cards import Step
from .daily import DESCRIPTIONS, DUSK, MORNING, TRIGGER_NAME
from .emblems import cease, expire
from .log import record
from .resolution import Resolution
from .state import Game, Phase, Zone
from .steps import (
    PROCEDURE,
    AfterDaily,
    BeginDay,
    BeginPhase,
    CheckReactions,
    ContinueTurn,
    DailyEffect,
    EndDay,
    EndPhase,
    EndTurn,
    FinishSpell,
    Note,
    RemoveEmblem,
    Start,
    StartTurn,
    TurnAction,
)
from .zones import move

NEXT = {
    Phase.MORNING: Phase.NOON,
    Phase.NOON: Phase.AFTERNOON,
    Phase.AFTERNOON: Phase.DUSK,
    Phase.DUSK: Phase.NIGHT,
}
TITLE = {p: p.value.capitalize() for p in Phase}


@PROCEDURE.performs(Note)
def note(game: Game, step: Note) -> None:
    record(game, step.rule, "rule", step.message)


@PROCEDURE.performs(BeginDay)
def begin_day(game: Game, step: BeginDay) -> None:
    game.day += 1
    if game.quick_uses or game.reaction_uses:
        record(
            game,
            "1.4.6.a",
            "limits",
            "A new day: the counts of quick actions played and reactions "
            "activated (a hundred per day each) start again from zero.",
        )
    game.quick_uses.clear()
    game.reaction_uses.clear()
    record(
        game,
        "1.3.2.a",
        "day",
        f"Day {game.day} begins; it is divided in five phases: Morning, Noon, Afternoon, Dusk and Night.",
    )
    game.queue.push(BeginPhase(Phase.MORNING))


@PROCEDURE.performs(BeginPhase)
def begin_phase(game: Game, step: BeginPhase) -> None:
    phase = game.phase = step.phase
    record(game, "4.2.a", "phase", f"{TITLE[phase]} begins (day {game.day}).")
    if phase is Phase.AFTERNOON:
        for pid in game.order:
            game.players[pid].passed = pid in step.passed
        game.turn_player = None
    before = len(game.limbo)
    triggers.at_phase(game, phase.value)
    tasks: list[procedure.Step] = [CheckReactions("4.2.b", f"at the beginning of {TITLE[phase]}")]
    if phase is Phase.MORNING:
        tasks += [DailyEffect(*d) for d in MORNING] + [EndPhase(phase)]
    elif phase is Phase.NOON:
        triggered = len(game.limbo) - before
        record(
            game,
            "1.3.2.c",
            "noon",
            f'Noon: nothing happens unless reactions trigger "At Noon" ({triggered} did).',
        )
        tasks += [Note("4.2.2.a", "There is no daily effect during Noon."), EndPhase(phase)]
    elif phase is Phase.AFTERNOON:
        tasks += [
            StartTurn(
                step.first_turn or game.first_player,
                first=step.first_turn in (None, game.first_player) and not step.passed,
            )
        ]
    elif phase is Phase.DUSK:
        tasks += [DailyEffect(*d) for d in DUSK] + [EndPhase(phase)]
    else:
        tasks += [
            Note(
                "4.2.c",
                "Night: the excerpt names no daily effect of Night, so none resolves (decision D-NIGHT).",
            ),
            EndDay(),
        ]
    game.queue.push(*tasks)


@PROCEDURE.performs(DailyEffect)
def daily_effect(game: Game, step: DailyEffect) -> None:
    record(game, "4.2.c", "daily", f"{TITLE[game.phase]}: the daily effect {step.title} resolves.")
    record(game, step.rule, "daily_effect", f"{step.title}: {DESCRIPTIONS[step.name]}.")
    game.queue.push(
        Resolution(None, step.title, [Step(step.name, {})], kind="daily", by_rule=True, rule=step.rule),
        AfterDaily(step.name, step.title),
    )


@PROCEDURE.performs(AfterDaily)
def after_daily(game: Game, step: AfterDaily) -> None:
    if step.name in TRIGGER_NAME:
        triggers.after_daily(game, TRIGGER_NAME[step.name])
    game.queue.push(CheckReactions("4.2.d", f"after the daily effect {step.title}"))


def reactions_first(game: Game) -> str | None:
    """The first player in initiative order who controls a Reaction in Limbo (decision D-REACTION-ORDER)."""
    return next((p for p in game.initiative_order() if game.reactions_in_limbo(p)), None)


@PROCEDURE.waits(CheckReactions)
def check_reactions_waits(game: Game, step: CheckReactions) -> str | None:
    """Reactions are checked (logged once); while some are in Limbo, the first player to play one is awaited."""
    if not step.logged:
        step.logged = True
        n = len(game.reactions_in_limbo())
        record(
            game,
            step.rule,
            "check_reactions",
            f"Reactions are checked {step.why}: {n} Emblem-Reaction(s) in Limbo.",
        )
    return reactions_first(game)


@PROCEDURE.performs(CheckReactions)
def check_reactions(game: Game, step: CheckReactions) -> None:
    if step.played and step.rule in ("4.2.b", "4.2.d"):
        record(
            game,
            "4.2.e",
            "no_reactions",
            "There are no more Reactions in Limbo: the game goes on with the "
            "next daily effect, or the next phase.",
        )


@PROCEDURE.performs(StartTurn)
def start_turn(game: Game, step: StartTurn) -> None:
    game.turn_player = step.player
    game.turn_number += 1
    if step.first:
        record(
            game,
            "4.2.3.b",
            "turn",
            f"{step.player}, the first player, takes the first turn of the Afternoon.",
            (),
            step.player,
        )
    else:
        record(game, "4.2.3.a", "turn", f"{step.player} takes a turn.", (), step.player)
    game.queue.push(TurnAction(step.player))


@PROCEDURE.waits(TurnAction)
def turn_action_waits(game: Game, step: TurnAction) -> str | None:
    """The turn player acts; the action removes this step (it is never performed)."""
    return step.player


@PROCEDURE.performs(ContinueTurn)
def continue_turn(game: Game, step: ContinueTurn) -> None:
    if game.after_you == step.player:
        game.after_you = None
        record(
            game,
            "7.3.2.a",
            "after_you",
            f"There are no Reactions in Limbo: {step.player}'s turn ends (After you).",
            (),
            step.player,
        )
        record(
            game,
            "7.3.2.b",
            "not_passed",
            f"{step.player} has not passed: they will take more turns this Afternoon.",
            (),
            step.player,
        )
        game.queue.push(EndTurn(step.player))
    else:
        record(
            game,
            "4.2.3.c",
            "turn_continues",
            f"{step.player} played a quick action: the turn continues.",
            (),
            step.player,
        )
        game.queue.push(TurnAction(step.player))


@PROCEDURE.performs(EndTurn)
def end_turn(game: Game, step: EndTurn) -> None:
    record(game, "4.2.3.c", "turn_ends", f"{step.player}'s turn ends.", (), step.player)
    game.after_you = None
    expire(game, "turn", f"End of {step.player}'s turn")
    if all(game.players[p].passed for p in game.order):
        record(game, "4.2.f", "afternoon_ends", "All players have passed: the Afternoon ends.")
        game.queue.push(EndPhase(Phase.AFTERNOON))
        return
    other = game.opponent(step.player)
    if game.players[other].passed:
        record(
            game,
            "1.3.2.d",
            "passed",
            f"{other} has passed and cannot take more turns this day: {step.player} takes the next turn.",
            (),
            other,
        )
        game.queue.push(StartTurn(step.player))
    else:
        game.queue.push(StartTurn(other))


@PROCEDURE.performs(EndPhase)
def end_phase(game: Game, step: EndPhase) -> None:
    expire(game, "turn", f"End of {TITLE[step.phase]} (decision D-TURN-OUTSIDE-AFTERNOON)")
    if step.phase is Phase.AFTERNOON:
        expire(game, "afternoon", "End of the Afternoon")
        game.turn_player = None
    game.queue.push(BeginPhase(NEXT[step.phase]))


@PROCEDURE.performs(EndDay)
def end_day(game: Game, step: EndDay) -> None:
    expire(game, "turn", "End of Night (decision D-TURN-OUTSIDE-AFTERNOON)")
    expire(game, "day", f"End of day {game.day}")
    game.queue.push(BeginDay())


@PROCEDURE.performs(FinishSpell)
def finish_spell(game: Game, step: FinishSpell) -> None:
    o = game.objects.get(step.card)
    if o is None or o.zone is not Zone.LIMBO:
        return
    zone = Zone.RESERVE if step.from_zone == "hand" else Zone.DISCARD
    record(
        game,
        "4.2.3.c",
        "spell_done",
        f"{o.name} has resolved and goes to {o.owner}'s "
        f"{'Reserve' if zone is Zone.RESERVE else 'Discard pile'} (decision D-SPELL-AFTER).",
        (o.id,),
        o.owner,
    )
    move(game, o, zone, o.owner)


@PROCEDURE.performs(RemoveEmblem)
def remove_emblem(game: Game, step: RemoveEmblem) -> None:
    emblem = game.emblems.get(step.emblem)
    cease(game, step.emblem)
    if emblem is not None:
        record(
            game,
            "2.2.2.m",
            "emblem_ceases",
            f"Emblem-Reaction {step.emblem} ({emblem.source_name}) has resolved: it ceases to exist.",
            (step.emblem,),
            emblem.controller,
        )


@PROCEDURE.performs(Start)
def start(game: Game, step: Start) -> None:
    game.queue.push(BeginPhase(step.phase, step.first_turn, step.passed))
