"""The game state as plain data: objects in zones, emblems in Limbo, the Adventure, players, the day.

The rules that change it live in the other modules; :class:`Game` only offers the entry points
(``apply``, ``legal_actions``, ``to_dict``) and small look-ups.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from engine.common import choices
from engine.common.game import GameEntryPoints
from engine.common.procedure import StepQueue

from .cards import Ability, CardDef, Passive, Step, TargetSpec
from .steps import PROCEDURE
from .tokens import TokenSpec

if TYPE_CHECKING:
    from .log import LogEntry

EXPEDITIONS = ("hero", "companion")
ADVENTURE_SIZE = 5  # the hero region, three Tumult cards, the companion region (4.1.b-c)
START = {"hero": 0, "companion": ADVENTURE_SIZE - 1}  # 4.1.d
FORWARD = {"hero": 1, "companion": -1}  # each expedition moves towards the other end
DAILY_LIMIT = 100  # 1.4.6.b, 1.4.6.c


class Phase(str, Enum):
    """The five phases of a day (4.2.a), and the setup before the first day."""

    SETUP = "setup"
    MORNING = "morning"
    NOON = "noon"
    AFTERNOON = "afternoon"
    DUSK = "dusk"
    NIGHT = "night"


DAY_PHASES = (Phase.MORNING, Phase.NOON, Phase.AFTERNOON, Phase.DUSK, Phase.NIGHT)


class Zone(str, Enum):
    """Where an object is. Expeditions are parts of the shared Expedition zone."""

    DECK = "deck"
    HAND = "hand"
    RESERVE = "reserve"
    DISCARD = "discard"
    MANA = "mana"
    LANDMARKS = "landmarks"
    HERO = "hero"
    EXPEDITION = "expedition"
    LIMBO = "limbo"
    ADVENTURE = "adventure"
    OUTSIDE = "outside"  # outside the game: a disguise card removed at 4.1.h, the Arena


HIDDEN_ZONES = frozenset({Zone.DECK, Zone.HAND, Zone.MANA})
IN_PLAY = frozenset({Zone.EXPEDITION, Zone.LANDMARKS, Zone.HERO})
PLAYER_PILES = (Zone.DECK, Zone.HAND, Zone.RESERVE, Zone.DISCARD, Zone.MANA, Zone.LANDMARKS)


@dataclass(slots=True)
class GameObject:
    """A card, token or region. ``incarnation`` grows at every zone change: a new object (1.4.4.a)."""

    id: str
    definition: CardDef
    owner: str
    controller: str
    zone: Zone
    expedition: str | None = None
    token: TokenSpec | None = None
    exhausted: bool = False
    face_down: bool = False
    boosts: int = 0
    incarnation: int = 0
    orientation: int = 0  # a Tumult card's orientation (4.1.c)
    position: int | None = None  # a region's place in the Adventure

    @property
    def name(self) -> str:
        return self.token.name if self.token else self.definition.name

    @property
    def ref(self) -> tuple[str, int]:
        """This object as it is now: a later zone change makes a new object (1.4.4.a)."""
        return (self.id, self.incarnation)


@dataclass(slots=True)
class Emblem:
    """An emblem in Limbo: a Reaction waiting to be played, or an Ongoing effect with a duration (2.2.2.m)."""

    id: str
    kind: str  # reaction | ongoing
    controller: str
    text: str
    source_id: str | None
    source_inc: int
    source_name: str
    ability: Ability | None = None  # a Reaction: the ability that triggered
    ability_index: int = 0
    effect: tuple[Step, ...] = ()
    passive: Passive | None = None  # an Ongoing emblem's passive ability
    duration: str | None = None  # turn | afternoon | day (2.2.13)
    links: tuple[tuple[str, int], ...] = ()  # the objects an Ongoing emblem's passive is about
    used: bool = False  # a "next card" cost reduction already applied
    created_turn: int = 0

    @property
    def name(self) -> str:
        return "Emblem-Reaction" if self.kind == "reaction" else "Emblem-Ongoing"

    @property
    def subtypes(self) -> tuple[str, ...]:
        return ("Reaction",) if self.kind == "reaction" else ("Ongoing",)

    @property
    def targets(self) -> tuple[TargetSpec, ...]:
        """What a Reaction's effect targets (none for an Ongoing emblem)."""
        return self.ability.targets if self.ability else ()


@dataclass(frozen=True, slots=True)
class Known:
    """An earlier decision of the same step as the other players know it (1.4.5.a, 6.1.g)."""

    player: str
    text: str


@dataclass(slots=True)
class PendingChoice(choices.PendingChoice):
    """A decision the engine waits for; ``options`` are ids or words (``yes``/``no``); one answer by default.

    kinds: ``may``, ``sacrifice``, ``expand``, ``first_mana``, ``pay``, ``discard``.
    """

    min: int = 1
    max: int = 1
    known: tuple[Known, ...] = ()


@dataclass(slots=True)
class PlayerState:
    """One player's zones (lists of object ids), expeditions and counters."""

    id: str
    deck: list[str] = field(default_factory=list)  # index 0 is the top
    hand: list[str] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    mana: list[str] = field(default_factory=list)
    landmarks: list[str] = field(default_factory=list)
    hero: str | None = None
    expeditions: dict[str, list[str]] = field(default_factory=lambda: {e: [] for e in EXPEDITIONS})
    positions: dict[str, int] = field(default_factory=lambda: dict(START))
    passed: bool = False

    def pile(self, zone: Zone) -> list[str]:
        """The id list of one of the player's own zones."""
        return {
            Zone.DECK: self.deck,
            Zone.HAND: self.hand,
            Zone.RESERVE: self.reserve,
            Zone.DISCARD: self.discard,
            Zone.MANA: self.mana,
            Zone.LANDMARKS: self.landmarks,
        }[zone]

    def characters(self) -> list[str]:
        return self.expeditions["hero"] + self.expeditions["companion"]


@dataclass
class Game(GameEntryPoints):
    """A game of Altered; build one with :func:`.setup.new_game` or :class:`.setup.Setup`."""

    players: dict[str, PlayerState]
    order: list[str]
    library: dict[str, CardDef] = field(default_factory=dict)
    seed: int = 0
    rng: random.Random = field(default_factory=random.Random)
    objects: dict[str, GameObject] = field(default_factory=dict)
    emblems: dict[str, Emblem] = field(default_factory=dict)
    limbo: list[str] = field(default_factory=list)  # emblem ids and cards being played, oldest first
    adventure: list[str] = field(default_factory=list)  # region ids by position (4.1.b-c)
    arena: str | None = None
    day: int = 0
    phase: Phase = Phase.SETUP
    first_player: str = "p1"
    turn_player: str | None = None
    turn_number: int = 0  # counts the Afternoon turns of the game
    pending: PendingChoice | None = None
    queue: StepQueue = field(default_factory=StepQueue)
    quick_uses: dict[tuple, int] = field(default_factory=dict)  # 1.4.6.b, this day
    reaction_uses: dict[tuple, int] = field(default_factory=dict)  # 1.4.6.c, this day
    log: list[LogEntry] = field(default_factory=list)
    next_id: int = 0
    removed: list[str] = field(default_factory=list)  # removed from the game (4.1.h)
    after_you: str | None = None  # whose turn ends once no Reactions are in Limbo (7.3.2.a)

    # -- entry points ------------------------------------------------------------------
    @property
    def acting_player(self) -> str | None:
        """The player who must act now (answer, play a Reaction, or take their turn)."""
        if self.pending is not None:
            return self.pending.player
        return PROCEDURE.waiting_for(self)

    # -- look-ups ------------------------------------------------------------------------
    def initiative(self) -> str:
        """The player with initiative: the one taking their turn, else the first player (1.4.5.a)."""
        if self.phase is Phase.AFTERNOON and self.turn_player is not None:
            return self.turn_player
        return self.first_player

    def initiative_order(self) -> list[str]:
        first = self.initiative()
        return [first, self.opponent(first)]

    def in_play(self, pid: str | None = None) -> list[str]:
        """Objects in play: heroes, Characters in expeditions, Permanents in Landmark zones (2.2.2.n)."""
        out: list[str] = []
        for p in self.order if pid is None else [pid]:
            ps = self.players[p]
            if ps.hero:
                out.append(ps.hero)
            out += ps.characters() + ps.landmarks
        return out

    def reactions_in_limbo(self, pid: str | None = None) -> list[str]:
        return [
            e
            for e in self.limbo
            if e in self.emblems
            and self.emblems[e].kind == "reaction"
            and (pid is None or self.emblems[e].controller == pid)
        ]

    def ongoing(self) -> list[Emblem]:
        return [
            self.emblems[e] for e in self.limbo if e in self.emblems and self.emblems[e].kind == "ongoing"
        ]
