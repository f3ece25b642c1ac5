"""The day (1.3.2, 4.2): its five phases, the daily effects, checking Reactions, and Afternoon turns.

Each piece of procedure is a task of the agenda (:mod:`.agenda`); tasks that wait for a player are
:class:`CheckReactions` (while Reactions are in Limbo) and :class:`TurnAction`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import triggers
from .agenda import push_front
from .cards import Step
from .daily import DESCRIPTIONS, DUSK, MORNING, TRIGGER_NAME
from .emblems import cease, expire
from .log import record
from .resolution import Resolution
from .state import Game, Phase, Zone
from .zones import move

NEXT = {
    Phase.MORNING: Phase.NOON,
    Phase.NOON: Phase.AFTERNOON,
    Phase.AFTERNOON: Phase.DUSK,
    Phase.DUSK: Phase.NIGHT,
}
TITLE = {p: p.value.capitalize() for p in Phase}


@dataclass
class Task:
    """A piece of procedure; ``run`` returns True when done, False to stay at the front (waiting)."""

    def waits(self, game: Game) -> bool:
        return False

    def actor(self, game: Game) -> str | None:
        return None

    def run(self, game: Game) -> bool:
        raise NotImplementedError


@dataclass
class Note(Task):
    """Log a rule that applies at this point and does nothing else."""

    rule: str
    message: str

    def run(self, game: Game) -> bool:
        record(game, self.rule, "rule", self.message)
        return True


@dataclass
class BeginDay(Task):
    def run(self, game: Game) -> bool:
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
        push_front(game, BeginPhase(Phase.MORNING))
        return True


@dataclass
class BeginPhase(Task):
    phase: Phase
    first_turn: str | None = None  # a position set up in the middle of the Afternoon
    passed: tuple[str, ...] = ()

    def run(self, game: Game) -> bool:
        phase = game.phase = self.phase
        record(game, "4.2.a", "phase", f"{TITLE[phase]} begins (day {game.day}).")
        if phase is Phase.AFTERNOON:
            for pid in game.order:
                game.players[pid].passed = pid in self.passed
            game.turn_player = None
        before = len(game.limbo)
        triggers.at_phase(game, phase.value)
        tasks: list[Task] = [CheckReactions("4.2.b", f"at the beginning of {TITLE[phase]}")]
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
                    self.first_turn or game.first_player,
                    first=self.first_turn in (None, game.first_player) and not self.passed,
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
        push_front(game, *tasks)
        return True


@dataclass
class DailyEffect(Task):
    """One daily effect of Morning or Dusk (4.2.c), then Reactions are checked (4.2.d)."""

    name: str
    title: str
    rule: str

    def run(self, game: Game) -> bool:
        record(game, "4.2.c", "daily", f"{TITLE[game.phase]}: the daily effect {self.title} resolves.")
        record(game, self.rule, "daily_effect", f"{self.title}: {DESCRIPTIONS[self.name]}.")
        push_front(
            game,
            Resolution(None, self.title, [Step(self.name, {})], kind="daily", by_rule=True, rule=self.rule),
            AfterDaily(self.name, self.title),
        )
        return True


@dataclass
class AfterDaily(Task):
    name: str
    title: str

    def run(self, game: Game) -> bool:
        if self.name in TRIGGER_NAME:
            triggers.after_daily(game, TRIGGER_NAME[self.name])
        push_front(game, CheckReactions("4.2.d", f"after the daily effect {self.title}"))
        return True


@dataclass
class CheckReactions(Task):
    """Check Reactions: while some are in Limbo, the first player in initiative order who controls one plays
    one of theirs (decision D-REACTION-ORDER); then they are checked again (4.2.e)."""

    rule: str
    why: str
    logged: bool = False
    played: int = 0

    def waits(self, game: Game) -> bool:
        if not self.logged:
            self.logged = True
            n = len(game.reactions_in_limbo())
            record(
                game,
                self.rule,
                "check_reactions",
                f"Reactions are checked {self.why}: {n} Emblem-Reaction(s) in Limbo.",
            )
        return bool(game.reactions_in_limbo())

    def actor(self, game: Game) -> str | None:
        return next((p for p in game.initiative_order() if game.reactions_in_limbo(p)), None)

    def run(self, game: Game) -> bool:
        if self.played and self.rule in ("4.2.b", "4.2.d"):
            record(
                game,
                "4.2.e",
                "no_reactions",
                "There are no more Reactions in Limbo: the game goes on with the "
                "next daily effect, or the next phase.",
            )
        return True


@dataclass
class StartTurn(Task):
    player: str
    first: bool = False

    def run(self, game: Game) -> bool:
        game.turn_player = self.player
        game.turn_number += 1
        if self.first:
            record(
                game,
                "4.2.3.b",
                "turn",
                f"{self.player}, the first player, takes the first turn of the Afternoon.",
                (),
                self.player,
            )
        else:
            record(game, "4.2.3.a", "turn", f"{self.player} takes a turn.", (), self.player)
        push_front(game, TurnAction(self.player))
        return True


@dataclass
class TurnAction(Task):
    """The turn player plays a quick action, plays a card from Hand or Reserve, or passes (4.2.3.c, 1.)."""

    player: str

    def waits(self, game: Game) -> bool:
        return True

    def actor(self, game: Game) -> str | None:
        return self.player

    def run(self, game: Game) -> bool:  # never runs: an action removes it
        return False


@dataclass
class ContinueTurn(Task):
    """After a quick action and its Reactions: the turn goes on (4.2.3.c, 3.), unless "After you" (7.3.2.a)."""

    player: str

    def run(self, game: Game) -> bool:
        if game.after_you == self.player:
            game.after_you = None
            record(
                game,
                "7.3.2.a",
                "after_you",
                f"There are no Reactions in Limbo: {self.player}'s turn ends (After you).",
                (),
                self.player,
            )
            record(
                game,
                "7.3.2.b",
                "not_passed",
                f"{self.player} has not passed: they will take more turns this Afternoon.",
                (),
                self.player,
            )
            push_front(game, EndTurn(self.player))
        else:
            record(
                game,
                "4.2.3.c",
                "turn_continues",
                f"{self.player} played a quick action: the turn continues.",
                (),
                self.player,
            )
            push_front(game, TurnAction(self.player))
        return True


@dataclass
class EndTurn(Task):
    """The turn ends; the other player takes the next one unless they have passed (4.2.3.a, 1.3.2.d)."""

    player: str

    def run(self, game: Game) -> bool:
        record(game, "4.2.3.c", "turn_ends", f"{self.player}'s turn ends.", (), self.player)
        game.after_you = None
        expire(game, "turn", f"End of {self.player}'s turn")
        if all(game.players[p].passed for p in game.order):
            record(game, "4.2.f", "afternoon_ends", "All players have passed: the Afternoon ends.")
            push_front(game, EndPhase(Phase.AFTERNOON))
            return True
        other = game.opponent(self.player)
        if game.players[other].passed:
            record(
                game,
                "1.3.2.d",
                "passed",
                f"{other} has passed and cannot take more turns this day: {self.player} takes the next turn.",
                (),
                other,
            )
            push_front(game, StartTurn(self.player))
        else:
            push_front(game, StartTurn(other))
        return True


@dataclass
class EndPhase(Task):
    phase: Phase

    def run(self, game: Game) -> bool:
        expire(game, "turn", f"End of {TITLE[self.phase]} (decision D-TURN-OUTSIDE-AFTERNOON)")
        if self.phase is Phase.AFTERNOON:
            expire(game, "afternoon", "End of the Afternoon")
            game.turn_player = None
        push_front(game, BeginPhase(NEXT[self.phase]))
        return True


@dataclass
class EndDay(Task):
    def run(self, game: Game) -> bool:
        expire(game, "turn", "End of Night (decision D-TURN-OUTSIDE-AFTERNOON)")
        expire(game, "day", f"End of day {game.day}")
        push_front(game, BeginDay())
        return True


@dataclass
class FinishSpell(Task):
    """A resolved Spell leaves Limbo: to its owner's Reserve if played from Hand, else to their Discard pile
    (decision D-SPELL-AFTER)."""

    card: str
    from_zone: str

    def run(self, game: Game) -> bool:
        o = game.objects.get(self.card)
        if o is None or o.zone is not Zone.LIMBO:
            return True
        zone = Zone.RESERVE if self.from_zone == "hand" else Zone.DISCARD
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
        return True


@dataclass
class RemoveEmblem(Task):
    """A played Reaction has resolved: it ceases to exist (2.2.2.m)."""

    emblem: str
    label: str = ""

    def run(self, game: Game) -> bool:
        emblem = game.emblems.get(self.emblem)
        cease(game, self.emblem)
        if emblem is not None:
            record(
                game,
                "2.2.2.m",
                "emblem_ceases",
                f"Emblem-Reaction {self.emblem} ({emblem.source_name}) has resolved: it ceases to exist.",
                (self.emblem,),
                emblem.controller,
            )
        return True


@dataclass
class Start(Task):
    """Begin the game's procedure at a given phase (after setup or for a built position)."""

    phase: Phase
    first_turn: str | None = None
    passed: tuple[str, ...] = field(default_factory=tuple)

    def run(self, game: Game) -> bool:
        push_front(game, BeginPhase(self.phase, self.first_turn, self.passed))
        return True
