"""Atomic actions: one per affected object (6.1.e), all of a step applied together (6.1.f).

Before anything moves, each atomic action is checked against "can't" passives (1.4.1.a/c) and
"instead" passives (1.4.1.d, 1.4.2.a); the triggers of the whole step are looked at afterwards, so a
reaction sees the step's outcome at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import triggers
from .cards import Passive
from .emblems import create_ongoing
from .log import record
from .passives import prohibition, replacement
from .state import ADVENTURE_SIZE, FORWARD, Game, Zone
from .tokens import TokenSpec
from .values import region_subtypes
from .zones import ZONE_WORDS, create_token, move, where


@dataclass(frozen=True, slots=True)
class Atomic:
    """Base class: ``player`` is the player the action is done for; ``event`` names it for prohibitions."""

    player: str

    event = ""

    def describe(self, game: Game) -> str:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class MoveCard(Atomic):
    """Move one object's item to a zone (of ``to_player``)."""

    obj: str = ""
    inc: int = 0
    to: Zone = Zone.DISCARD
    to_player: str = ""
    expedition: str | None = None
    face_down: bool = False
    verb: str = (
        "move"  # sacrifice | discard_from_reserve | resupply | draw | to_mana | discard_from_hand | move
    )

    @property
    def event(self) -> str:  # type: ignore[override]
        return self.verb

    def describe(self, game: Game) -> str:
        o = game.objects.get(self.obj)
        name = o.name if o else self.obj
        dest = (
            f"{self.to_player}'s {self.expedition} expedition"
            if self.to is Zone.EXPEDITION
            else f"{self.to_player}'s {ZONE_WORDS[self.to]}"
        )
        phrases = {
            "draw": f"{self.player} draws a card",
            "to_mana": f"{self.player} puts a card from their Hand in their Mana zone",
            "resupply": f"{self.player} Resupplies: {name} goes from the top of their Deck to their Reserve",
            "sacrifice": f"{name} is sacrificed (to {dest})",
            "discard_from_reserve": f"{name} is discarded from a Reserve (to {dest})",
            "discard_from_hand": f"{self.player} discards {name} from their Hand",
            "to_reserve": f"{name} goes from {self.player}'s Hand to their Reserve",
        }
        return phrases.get(self.verb, f"{name} goes to {dest}")


@dataclass(frozen=True, slots=True)
class CreateToken(Atomic):
    spec: TokenSpec | None = None
    expedition: str = "hero"
    creator: str = ""

    event = "create_token"

    def describe(self, game: Game) -> str:
        return f"create {self.spec.text if self.spec else '?'} token in {self.player}'s {self.expedition} expedition"


@dataclass(frozen=True, slots=True)
class Boost(Atomic):
    obj: str = ""
    inc: int = 0
    amount: int = 1

    event = "gain_boost"

    def describe(self, game: Game) -> str:
        o = game.objects.get(self.obj)
        return f"{o.name if o else self.obj} gains {self.amount} boost"


@dataclass(frozen=True, slots=True)
class MoveForward(Atomic):
    expedition: str = "hero"

    event = "move_forward"

    def describe(self, game: Game) -> str:
        return f"{self.player}'s {self.expedition} expedition moves forward"


@dataclass(frozen=True, slots=True)
class Exhaust(Atomic):
    obj: str = ""
    ready: bool = False  # True: ready it instead

    event = "exhaust"

    def describe(self, game: Game) -> str:
        o = game.objects[self.obj]
        name = "a Mana Orb" if o.zone is Zone.MANA else o.name
        return f"{'ready' if self.ready else 'exhaust'} {name}"


@dataclass(frozen=True, slots=True)
class SetFirstPlayer(Atomic):
    event = "succeed"

    def describe(self, game: Game) -> str:
        return f"{self.player} becomes the first player"


@dataclass(frozen=True, slots=True)
class MakeOngoing(Atomic):
    passive: Passive | None = None
    duration: str = "day"
    links: tuple = ()
    text: str = ""
    source_name: str = ""

    event = "ongoing"

    def describe(self, game: Game) -> str:
        return f'create an Emblem-Ongoing "{self.text}"'


@dataclass(frozen=True, slots=True)
class AfterYou(Atomic):
    event = "after_you"

    def describe(self, game: Game) -> str:
        return f"{self.player}'s turn will end once there are no Reactions in Limbo"


@dataclass
class Outcome:
    """What a step did: the objects it moved (the exception of 1.4.4.a follows them)."""

    moved: list[tuple[str, int]]
    done: int


def apply_step(
    game: Game, atomics: list[Atomic], *, label: str, by_rule: bool = False, rule: str = "6.1.a"
) -> Outcome:
    """Apply a step's atomic actions simultaneously (6.1.f), skipping the impossible ones (1.4.1); a lone
    atomic action is logged under ``rule`` (the daily effect's rule, or 6.1.a for an effect)."""
    possible: list[Atomic] = []
    for a in atomics:
        if isinstance(a, (MoveCard, Boost)) and (
            a.obj not in game.objects or game.objects[a.obj].incarnation != a.inc
        ):
            name = game.objects[a.obj].name if a.obj in game.objects else a.obj
            record(
                game,
                "1.4.4.a",
                "new_object",
                f"{label}: {name} has changed zones since; it is a new object "
                "and the effect does not follow it.",
                (a.obj,),
                a.player,
            )
            continue
        forbidden = prohibition(game, a.event) if a.event else None
        if forbidden is not None:
            if isinstance(a, MoveCard) and replacement(game, a.event, game.objects[a.obj]) is not None:
                record(
                    game,
                    "1.4.1.d",
                    "cannot_modify",
                    f"{label}: {a.describe(game)} is impossible "
                    f"({forbidden.label}), so it cannot be modified into something else either.",
                    (a.obj,),
                    a.player,
                )
            rule = "1.4.1.a" if by_rule else "1.4.1.c"
            rest = "" if by_rule else " The rest of the effect resolves normally."
            record(
                game,
                rule,
                "cannot",
                f"{label}: {a.describe(game)} cannot be done: {forbidden.label} says it is impossible.{rest}",
                (forbidden.source,),
                a.player,
            )
            continue
        possible.append(a)
    if len(possible) == 1 and not isinstance(
        possible[0], (Boost, MakeOngoing, AfterYou, MoveForward, CreateToken)
    ):
        a = possible[0]
        record(
            game,
            rule,
            "atomic",
            f"{label}: {a.describe(game)}.",
            (getattr(a, "obj", ""),) if getattr(a, "obj", "") else (),
            a.player,
        )
    if len(possible) > 1:
        record(
            game,
            "6.1.e",
            "atomic",
            f"{label}: {len(possible)} atomic actions, one per object: "
            f"{'; '.join(a.describe(game) for a in possible)}.",
            (),
            None,
        )
        record(
            game,
            "6.1.f",
            "simultaneous",
            f"{label}: these {len(possible)} atomic actions happen simultaneously.",
            tuple(getattr(a, "obj", "") for a in possible if getattr(a, "obj", "")),
            None,
        )
    moved: list[tuple[str, int]] = []
    boosted = []
    created_for: list[str] = []
    for a in possible:
        if isinstance(a, (MoveCard, Boost)) and (
            a.obj not in game.objects or game.objects[a.obj].incarnation != a.inc
        ):
            record(
                game,
                "1.4.4.a",
                "new_object",
                f"{label}: another atomic action of this step already moved "
                f"{game.objects[a.obj].name if a.obj in game.objects else a.obj}; {a.describe(game)} does not "
                "follow it.",
                (a.obj,),
                a.player,
            )
            continue
        if isinstance(a, MoveCard):
            o = game.objects[a.obj]
            to_player, to_zone = a.to_player, a.to
            if a.verb == "discard_from_reserve":
                swap = replacement(game, a.verb, o)
                if swap is not None:
                    to_zone = Zone.HAND
                    record(
                        game,
                        "1.4.2.a",
                        "instead",
                        f"{label}: {swap.label}'s ability takes priority over the "
                        f"usual event: {o.name} goes to {o.owner}'s Hand instead of the Discard pile.",
                        (o.id, swap.source),
                        o.owner,
                    )
            new = move(
                game, o, to_zone, to_player, expedition=a.expedition, face_down=a.face_down, why=f"({label})"
            )
            if new is not None:
                moved.append(new.ref)
        elif isinstance(a, CreateToken):
            spec = a.spec
            assert spec is not None, "a token is created from its spec"
            o = create_token(game, spec, a.player, a.expedition, a.creator)
            stats = "/".join(str(s) for s in spec.stats)
            record(
                game,
                "2.2.2.j",
                "token",
                f"{label}: {a.creator} creates {o.name}, a token Character with the "
                f"sub-type(s) {', '.join(spec.subtypes) or 'none'} given by the effect, in {where(game, o)}.",
                (o.id,),
                a.creator,
            )
            record(
                game,
                "2.2.9.e",
                "token_stats",
                f"{o.name}'s statistics are {stats} (Forest/Mountain/Water), "
                "as the effect that created it says.",
                (o.id,),
                a.creator,
            )
            created_for.append(o.controller)
            moved.append(o.ref)
        elif isinstance(a, Boost):
            o = game.objects[a.obj]
            o.boosts += a.amount
            record(
                game,
                "6.1.a",
                "boost",
                f"{label}: {o.name} gains {a.amount} boost ({o.boosts} now).",
                (o.id,),
                o.controller,
            )
            boosted.append(o)
        elif isinstance(a, MoveForward):
            _forward(game, a.player, a.expedition, label)
        elif isinstance(a, Exhaust):
            game.objects[a.obj].exhausted = not a.ready
        elif isinstance(a, SetFirstPlayer):
            game.first_player = a.player
        elif isinstance(a, MakeOngoing):
            assert a.passive is not None, "an Ongoing emblem holds a passive ability"
            create_ongoing(game, a.player, a.passive, a.duration, a.links, a.source_name, a.text)
        elif isinstance(a, AfterYou):
            game.after_you = a.player
            record(
                game,
                "7.3.2.a",
                "after_you",
                f"After you: {a.player}'s turn will end once there are no Reactions in Limbo.",
                (),
                a.player,
            )
    triggers.gained_boost(game, boosted)
    triggers.tokens_created(game, created_for)
    return Outcome(moved, len(possible))


def _forward(game: Game, pid: str, expedition: str, label: str) -> None:
    """An expedition moves forward one region; a face-down Tumult card it reaches turns face-up (2.2.2.l)."""
    ps = game.players[pid]
    here = ps.positions[expedition]
    there = here + FORWARD[expedition]
    if not 0 <= there < ADVENTURE_SIZE:
        record(
            game,
            "1.3.2.e",
            "forward_end",
            f"{label}: {pid}'s {expedition} expedition is at the far end of the "
            "Adventure and cannot go further (decision D-ADVENTURE-END).",
            (),
            pid,
        )
        return
    ps.positions[expedition] = there
    region = game.objects[game.adventure[there]]
    record(
        game,
        "1.3.2.e",
        "forward",
        f"{label}: {pid}'s {expedition} expedition moves forward to region "
        f"{there} ({region.name if not region.face_down else 'a face-down Tumult card'}).",
        (region.id,),
        pid,
    )
    if region.face_down:
        region.face_down = False
        subs = region_subtypes(game, region, printed=True)
        record(
            game,
            "2.2.2.l",
            "tumult_revealed",
            f"The Tumult card at region {there} is turned face-up "
            f"(decision D-TUMULT-REVEAL): {region.name}; the symbols on its side make it "
            f"{', '.join(subs) or 'no sub-type'}.",
            (region.id,),
            pid,
        )
