"""The game state: cards in zones, players, the horizon, combat and the game itself.

Everything here is plain data. The rules that change it live in the other modules; :class:`Game`
only offers the entry points (``apply``, ``legal_actions``, ``to_dict``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from engine.common import choices
from engine.common.game import GameEntryPoints
from engine.common.procedure import StepQueue
from engine.common.results import GameResult

from .cards import Ability, CardDef, Effect

if TYPE_CHECKING:
    from .log import LogEntry


class Phase(str, Enum):
    """The phases of a round (rules/round-phases), plus setup and the end of the game."""

    SETUP = "setup"
    PRE_ROUND = "pre_round"
    ROUND_START = "round_start"
    MAIN = "main"
    COMBAT = "combat"
    ROUND_END = "round_end"
    DRAW = "draw"
    ENDED = "ended"


class Zone(str, Enum):
    """The zones of rules/zones."""

    DECK = "deck"
    HAND = "hand"
    BATTLEFIELD = "battlefield"
    DISCARD = "discard"
    HORIZON = "horizon"
    VOID = "void"
    CHANNEL = "channel"
    LOCATION = "location"


#: Where damage can occur and where it lasts (rules/extra-notes/p1, rules/playing-cards-and-the-horizon/p4).
DAMAGE_ZONES = frozenset({Zone.HORIZON, Zone.BATTLEFIELD})


@dataclass(frozen=True, slots=True)
class Limits:
    """The numbers the rules state, so that a changed rule text can change them."""

    life: int = 20  # rules/p2
    counters: int = 2  # rules/energy-system/p1
    max_counters: int = 10  # rules/energy-system/p1
    attacks: int = 3  # rules/combat-phase-outline/p5
    battlefield: int = 16  # rules/extra-notes/p3
    starting_hand: int = 5  # rules/starting-the-game/p1
    max_hand: int = 10  # rules/round-phases/p5.1
    starting_locations: int = 3  # rules/card-types/p4.1


@dataclass(slots=True)
class Buff:
    """A change to a unit's health and offense: timed, from an aura, or from an equipped weapon."""

    id: int
    health: int
    offense: int
    until: str  # permanent | round_end | aura | weapon
    source: str | None = None


@dataclass(slots=True)
class Card:
    """A card (or a created object: a summoned unit, a Wilderness) with a stable id such as ``p1:Ember Squire#2``.

    ``incarnation`` grows whenever it moves to a new zone, except from the horizon to the battlefield or
    location zone when it resolves: a target chosen before a move no longer matches afterwards
    (rules/extra-notes/p4).
    """

    id: str
    definition: CardDef
    owner: str
    controller: str
    zone: Zone | None = Zone.DECK  # None: not yet placed
    flipped: bool = False
    damage: int = 0
    buffs: list[Buff] = field(default_factory=list)
    incarnation: int = 0
    created: bool = False  # summoned or created by exploring: it ceases to exist when it leaves play
    ideal: str | None = None  # the ideal of a Wilderness location
    wielder: str | None = None  # a weapon: the unit it is equipped to
    weapon: str | None = None  # a unit: the weapon equipped to it
    arrived: int = 0  # when it entered the battlefield (game.stamp), for guardian
    arrive_targets: tuple | None = None  # targets chosen for its arrive ability when it was played

    @property
    def name(self) -> str:
        return self.definition.name

    @property
    def type(self) -> str:
        return self.definition.type

    @property
    def is_unit(self) -> bool:
        return self.definition.type == "unit"


@dataclass(frozen=True, slots=True)
class TargetRef:
    """A chosen target: a card with the incarnation it had when chosen, or a player."""

    id: str
    incarnation: int = 0
    player: bool = False


@dataclass(slots=True)
class Entry:
    """Something on the horizon: a played card, a skill, or a triggered ability (rules/zones/p5)."""

    id: str
    kind: str  # card | skill | trigger
    controller: str
    speed: str
    label: str
    card: str | None = None  # the played card
    source: str | None = None  # the card whose skill or trigger it is
    ability: Ability | None = None
    effects: tuple[Effect, ...] = ()
    targets: tuple[TargetRef | None, ...] = ()
    event: dict | None = None

    @property
    def origin(self) -> str:
        """The card this entry comes from: the played card, or the card whose skill or trigger it is."""
        card = self.card or self.source
        assert card is not None, f"{self.label} comes from a card"
        return card


@dataclass(slots=True)
class Window:
    """A player's turn at being active: whether they took a non-infinite action, and whether their pass must
    hand the horizon over instead of resolving it (decision D-INFINITE-SOURCE)."""

    player: str
    acted: bool = False
    hand_over: bool = False
    attacked: bool = False


@dataclass(slots=True)
class Combat:
    """The combat in progress (rules/combat-phase-outline)."""

    attacker: str
    defender: str
    step: str  # block | fight | strike
    attackers: list[tuple[str, str]] = field(
        default_factory=list
    )  # (unit, player or unit attacked), in order
    blocks: dict[str, str] = field(default_factory=dict)  # attacking unit -> blocking unit
    blocked_at: int = 0  # game.stamp when blockers were declared
    inc: dict[str, int] = field(default_factory=dict)  # incarnation of each combatant when it joined


@dataclass(slots=True)
class PendingChoice(choices.PendingChoice):
    """A decision the engine waits for; ``legal_actions`` lists the answers.

    kinds: ``targets``, ``may``, ``discard``, ``board_full``, ``recycle``.
    """

    ref: Any = None  # what the choice is about: an entry, a card and rule... (per kind)


@dataclass(slots=True)
class PlayerState:
    """One player's zones, life and energy."""

    id: str
    life: int = 20
    energy: int = 0
    counters: int = 2
    deck: list[str] = field(default_factory=list)  # index 0 is the top
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # oldest first
    void: list[str] = field(default_factory=list)
    channel: list[str] = field(default_factory=list)
    locations: list[str] = field(default_factory=list)
    battlefield: list[str] = field(default_factory=list)  # left to right; a weapon follows its wielder
    attacks: int = 0  # attacks made this round
    max_hand: int | None = None  # this round's maximum hand size, set in the draw phase
    channelled: int = 0  # cards in the channel zone when the draw phase began

    def pile(self, zone: Zone) -> list[str]:
        """The ordered id list of one of this player's zones (not the shared horizon)."""
        return {
            Zone.DECK: self.deck,
            Zone.HAND: self.hand,
            Zone.DISCARD: self.discard,
            Zone.VOID: self.void,
            Zone.CHANNEL: self.channel,
            Zone.LOCATION: self.locations,
            Zone.BATTLEFIELD: self.battlefield,
        }[zone]


@dataclass
class Game(GameEntryPoints):
    """A game of Atnia in progress. Build one with :func:`.setup.new_game` or :class:`.setup.Setup`.

    The player who must act now is :attr:`acting_player`; :meth:`legal_actions` lists what they may do and
    :meth:`apply` performs an action (or raises :class:`.errors.IllegalAction`, leaving the game unchanged).
    """

    players: dict[str, PlayerState]
    order: list[str]
    seed: int = 0
    rng: random.Random = field(default_factory=random.Random)
    library: dict[str, CardDef] = field(default_factory=dict)
    limits: Limits = field(default_factory=Limits)
    objects: dict[str, Card] = field(default_factory=dict)
    round: int = 0
    phase: Phase = Phase.SETUP
    first: str | None = None  # the first player of the round
    active: str | None = None
    window: Window | None = None
    passes: int = 0  # passes in a row after doing nothing (rules/round-phases/p3.2)
    horizon: list[Entry] = field(default_factory=list)  # bottom to top
    combat: Combat | None = None
    pending: PendingChoice | None = None
    queue: StepQueue = field(default_factory=StepQueue)
    events: list[dict] = field(default_factory=list)  # happened, triggers not yet collected
    placing: list = field(default_factory=list)  # triggered abilities being put onto the horizon
    added: list[Entry] = field(
        default_factory=list
    )  # non-infinite entries added by triggers, not yet answered
    resolving: bool = False  # the horizon is resolving after a pass
    bottom_controller: str | None = None  # controller of the bottom entry when resolution began
    ended_by: str | None = None  # who made the last pass of the last round's main phase
    result: GameResult | None = None
    log: list[LogEntry] = field(default_factory=list)
    next_id: int = 0
    clock: int = 0

    # -- entry points ---------------------------------------------------------------------
    @property
    def acting_player(self) -> str | None:
        """The player who must act now: the one answering a choice, else the active player."""
        if self.result is not None:
            return None
        if self.pending is not None:
            return self.pending.player
        return self.active

    def order_from_first(self) -> list[str]:
        """The players from the round's first player on."""
        assert self.first is not None, "a round has a first player"
        return [self.first, *(p for p in self.order if p != self.first)]

    @property
    def over(self) -> bool:
        """The game has a result."""
        return self.result is not None

    # -- small helpers --------------------------------------------------------------------
    def card(self, cid: str) -> Card:
        """The card with this id."""
        return self.objects[cid]

    def stamp(self) -> int:
        """A new timestamp: later events get larger ones."""
        self.clock += 1
        return self.clock

    def entry_of(self, cid: str) -> Entry | None:
        """The horizon entry of a played card."""
        return next((e for e in self.horizon if e.card == cid), None)
