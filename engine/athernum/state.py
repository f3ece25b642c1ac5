"""The game state: objects (cards and tokens in zones), players, the stack and the game itself.

Everything here is plain data. The rules that change it live in the other modules;
:class:`Game` only offers the entry points (``apply``, ``legal_actions``, ``to_dict``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from engine.common import choices
from engine.common import game as common_game
from engine.common.game import GameEntryPoints
from engine.common.procedure import StepQueue
from engine.common.results import GameResult

from .cards import Ability, CardDef, Condition, EffectSpec, Filter
from .parameters import CR_PARAMETERS, RuleParameters

if TYPE_CHECKING:
    from .log import LogEntry

# The CR's values; a game reads its own from ``game.params`` (rule parameters, see .parameters).
CHARACTER_SLOTS = CR_PARAMETERS.character_slots  # 7.1.2a
LOCATION_SLOTS = 1  # 7.1.3a
DEFAULT_COMMAND_MAX = CR_PARAMETERS.command_token_max  # 10.2.2
STARTING_HAND = CR_PARAMETERS.starting_hand  # 8.0.5a


class Phase(str, Enum):
    """The phases of a turn (chapter 9), plus setup and the end of the game."""

    SETUP = "setup"
    MORNING = "morning"
    DAY = "day"
    COMBAT = "combat"
    EVENING = "evening"
    NIGHT = "night"
    ENDED = "ended"


class Zone(str, Enum):
    """Every zone of chapter 7; ITEM_SLOT means attached to a host permanent (7.3)."""

    DECK = "deck"
    HAND = "hand"
    DISCARD = "discard"
    VOID = "void"
    EXTRA_DECK = "extra_deck"
    MAIN = "main_character"
    CHARACTERS = "character_slots"
    LOCATION = "location_slot"
    RESOURCES = "resource_zone"
    ITEM_SLOT = "item_slot"


PERMANENT_ZONES = frozenset({Zone.MAIN, Zone.CHARACTERS, Zone.LOCATION, Zone.RESOURCES})
BOARD_ZONES = PERMANENT_ZONES | {Zone.ITEM_SLOT}
PILE_ZONES = frozenset({Zone.DECK, Zone.HAND, Zone.DISCARD, Zone.VOID, Zone.EXTRA_DECK})
#: The supertype a face-down permanent keeps is read from its zone (6.1.3).
ZONE_SUPERTYPE = {
    Zone.MAIN: "character",
    Zone.CHARACTERS: "character",
    Zone.LOCATION: "location",
    Zone.RESOURCES: "resource",
    Zone.ITEM_SLOT: "item",
}


@dataclass(slots=True)
class GameObject:
    """A card or token in the game, identified by a stable ``id`` such as ``p1:Ember Knight#2``.

    ``incarnation`` grows on every zone change: a reference taken before a move no longer
    matches afterwards, which is how targets become invalid (4.3.5c.V).
    """

    id: str
    definition: CardDef
    owner: str
    is_token: bool = False
    zone: Zone = Zone.DECK
    controller: str = ""
    face_down: bool = False
    exhausted: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    victory_tokens: int = 0
    attached_to: str | None = None
    attachments: list[str] = field(default_factory=list)
    timestamp: int = 0
    incarnation: int = 0
    created_zone: Zone | None = None
    flips: int = 0  # grows each time it turns face-down: its continuous effects end (4.3.5a.II)

    @property
    def name(self) -> str:
        """The printed name (1.1.7)."""
        return self.definition.name

    @property
    def on_board(self) -> bool:
        """On the game board (a permanent or an attachment)."""
        return self.zone in BOARD_ZONES

    def counter(self, kind: str) -> int:
        """How many counters of ``kind`` it has."""
        return self.counters.get(kind, 0)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Last known information about an object (4.2.3d.III), taken when an event happened."""

    id: str
    name: str
    owner: str
    controller: str
    zone: Zone
    incarnation: int
    types: frozenset[str]
    subtypes: frozenset[str]
    faction: str | None
    ofv: int | None
    dfv: int | None
    victory_tokens: int
    damage: int
    face_down: bool
    exhausted: bool
    is_token: bool
    is_main: bool
    linked_to: str | None
    has_vtf: bool
    extra_rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TargetRef:
    """A chosen target: an object (with its incarnation), a player, or a stack effect."""

    kind: str  # object | player | effect
    id: str
    incarnation: int = 0


@dataclass(slots=True)
class StackEntry:
    """An effect on the stack (cards are never on the stack, 4.1.0)."""

    id: str
    kind: str  # static | triggered | activated | support | command | equip
    controller: str
    label: str
    effects: tuple[EffectSpec, ...]
    rule: str
    ability: Ability | None = None
    source_id: str | None = None
    source_inc: int = 0
    source: Snapshot | None = None
    targets: tuple[tuple[TargetRef, ...], ...] = ()
    trigger: Snapshot | None = None
    trigger_player: str | None = None
    modifications: list[tuple[str, int]] = field(default_factory=list)
    answers: dict[int, Any] = field(default_factory=dict)
    valid: tuple[tuple[TargetRef, ...], ...] | None = None  # targets still legal on resolution
    named: str | None = None  # the card name named while it resolves (1.1.5)


@dataclass(slots=True)
class PendingAbility:
    """A triggered ability (or a static ability to place) waiting to be put on a stack."""

    id: str
    kind: str
    controller: str
    ability: Ability
    rule: str
    source_id: str | None
    source_inc: int
    source: Snapshot | None
    trigger: Snapshot | None = None
    trigger_player: str | None = None
    targets: tuple[tuple[TargetRef, ...], ...] | None = None
    ordered: bool = False  # its place in the order is fixed (statics of one card, or already chosen)


@dataclass(slots=True, kw_only=True)
class TimedEffect:
    """What every lasting result of a resolved effect records (keyword fields): its source as it was then (id,
    incarnation and face-down count: a "while" duration ends with that source, 4.3.5a.II), when it was created
    (``timestamp``, ``turn``, ``phase``), how long it lasts (``duration``, 4.2.1a) and who controls it."""

    source_id: str | None = None
    source_inc: int = 0
    source_flips: int = 0
    timestamp: int
    turn: int
    phase: Phase
    duration: str
    controller: str


@dataclass(slots=True)
class Modifier(TimedEffect):
    """A continuous change to a property of permanents (4.4), from a resolved effect."""

    property: str  # ofv | dfv | item_slots | victory_token_field | types
    op: str  # set | add | multiply
    amount: Any  # int, or a tuple of types for the types property
    applies: str  # fixed | all | linked
    targets: tuple[tuple[str, int], ...] = ()
    filter: Filter | None = None
    condition: Condition | None = None
    equip: bool = False


@dataclass(slots=True)
class Grant(TimedEffect):
    """An ability granted to a permanent or attachment by an effect (4.3.1, 4.3.2b): it works whatever
    the object's state, until its duration ends or the object changes zones."""

    target: tuple[str, int]
    ability: Ability


@dataclass(slots=True)
class Restriction(TimedEffect):
    """A resolved effect restricting the generation or the usage of resources by a player (5.0.3h)."""

    player: str
    what: str  # generation | usage
    label: str


@dataclass(slots=True)
class Shield(TimedEffect):
    """A resolved prevention effect: the next ``remaining`` damage to ``target`` is prevented (4.3.4b)."""

    target: tuple[str, int]
    remaining: int


@dataclass(slots=True)
class PendingChoice(choices.PendingChoice):
    """A decision the engine waits for; ``legal_actions`` lists the answers.

    kinds: ``main_character``, ``trigger_order``, ``targets``, ``cards``, ``defender``, ``keep``, ``name``.
    """

    ref: str | None = None
    effect_index: int | None = None


@dataclass(slots=True)
class Combat:
    """The combat in progress (9.3.5-9.3.12)."""

    attacker: str
    attacker_inc: int
    target: str
    target_inc: int
    defender: str | None = None
    defender_inc: int = 0
    defender_declared: bool = False


#: The :class:`PlayerState` attribute holding each zone's ordered id list (see ``PlayerState.zone_list``).
ZONE_LISTS = {
    Zone.DECK: "deck",
    Zone.HAND: "hand",
    Zone.DISCARD: "discard",
    Zone.VOID: "void",
    Zone.EXTRA_DECK: "extra_deck",
    Zone.RESOURCES: "resources",
    Zone.LOCATION: "locations",
}


@dataclass(slots=True)
class PlayerState:
    """One player's zones and personal counts."""

    id: str
    deck: list[str] = field(default_factory=list)  # index 0 is the top (7.2.3d)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # last is the top
    void: list[str] = field(default_factory=list)
    extra_deck: list[str] = field(default_factory=list)
    main_character: str | None = None  # the selected card, wherever it is (3.0.3)
    main_slot: str | None = None
    character_slots: list[str | None] = field(default_factory=lambda: [None] * CHARACTER_SLOTS)
    locations: list[str] = field(default_factory=list)
    resources: list[str] = field(default_factory=list)
    pool: dict[str | None, int] = field(default_factory=dict)  # faction -> resources (None: factionless)
    command_tokens: int = DEFAULT_COMMAND_MAX
    command_max: int = DEFAULT_COMMAND_MAX
    lose_flag: str | None = None  # 4.2.3a: set by an effect, with its reason
    win_flag: str | None = None  # 4.2.3b
    drew_from_empty: bool = False  # 4.2.4b
    solvency_turn: int = 0  # turn in which Solvency was last used (9.2.3)
    contingency_turn: int = 0  # 9.2.4
    location_turn: int = 0  # 2.4.2: the turn in which locations were last played
    locations_played: int = 0  # how many locations were played in that turn (2.4.2, locations_per_turn)
    ability_uses: dict[str, int] = field(default_factory=dict)  # "source|index" -> turn used
    face_up_top: set[str] = field(
        default_factory=set
    )  # deck cards turned face-up (seen while on top, 4.3.2d)

    def zone_list(self, zone: Zone) -> list[str]:
        """The ordered id list of a pile zone, the resource zone, or the locations (KeyError for another zone)."""
        return getattr(self, ZONE_LISTS[zone])

    def locations_this_turn(self, turn: int) -> int:
        """How many locations this player played in ``turn`` (2.4.2)."""
        return self.locations_played if self.location_turn == turn else 0

    def characters(self) -> list[str]:
        """The occupied character slots, in slot order."""
        return [c for c in self.character_slots if c is not None]

    def pool_total(self) -> int:
        """All resources in the pool."""
        return sum(self.pool.values())


def new_player(pid: str, params: RuleParameters = CR_PARAMETERS) -> PlayerState:
    """A player with the rules' number of character slots (7.1.2a) and a full command token supply (10.2.2)."""
    return PlayerState(
        pid,
        character_slots=[None] * params.character_slots,
        command_tokens=params.command_token_max,
        command_max=params.command_token_max,
    )


@dataclass(frozen=True, slots=True)
class EntryPoints(common_game.EntryPoints):
    """Athernum's entry points: also what one player may see (see :mod:`.visibility`)."""

    view: Callable[[Game, str], dict[str, Any]]
    seen_by: Callable[[Game, str, GameObject], tuple[bool, str]]


@dataclass
class Game(GameEntryPoints):
    """A game of Athernum in progress. Build one with :func:`.setup.new_game` or :class:`.setup.Setup`.

    The player who may act now is :attr:`acting_player`; :meth:`legal_actions` lists what
    they may do and :meth:`apply` performs an action (or raises :class:`.errors.IllegalAction`);
    ``to_dict`` and ``view`` give its state as plain data.
    """

    ENTRY_POINTS: ClassVar[EntryPoints]

    players: dict[str, PlayerState]
    order: list[str]
    seed: int = 0
    objects: dict[str, GameObject] = field(default_factory=dict)
    turn: int = 0
    phase: Phase = Phase.SETUP
    active: str | None = None
    priority: str | None = None
    passes: int = 0
    stack: list[StackEntry] | None = None
    victory_pool: int = 0
    victory_lost: int = 0
    victory_added: int = 0  # every token ever added to the pool
    modifiers: list[Modifier] = field(default_factory=list)
    shields: list[Shield] = field(default_factory=list)
    grants: list[Grant] = field(default_factory=list)  # 4.3.2b
    restrictions: list[Restriction] = field(default_factory=list)  # 5.0.3h
    relinked: list[tuple[str, str]] = field(
        default_factory=list
    )  # attachments reassigned since the last check (4.2.1b)
    pending: PendingChoice | None = None
    queue: StepQueue = field(default_factory=StepQueue)
    triggered: list[PendingAbility] = field(default_factory=list)  # identified, not yet placed
    placing: list[PendingAbility] = field(default_factory=list)  # being ordered / targeted
    entered: list[tuple[str, int]] = field(default_factory=list)  # 4.2.2g bookkeeping
    played_fields: list[tuple[str, int]] = field(
        default_factory=list
    )  # item cards with a field played (1.5.3)
    combat: Combat | None = None
    combat_turn: int = 0
    result: GameResult | None = None
    log: list[LogEntry] = field(default_factory=list)
    rng: random.Random = field(default_factory=random.Random)
    resolving: StackEntry | None = None
    sbc_keep: dict[str, str] = field(default_factory=dict)  # answers to 2.2.7c choices
    main_choices: dict[str, str] = field(default_factory=dict)  # secret selections during setup (8.0.1a)
    attached: set[str] = field(default_factory=set)  # ids of every object in an item slot (for 4.2.2e)
    next_timestamp: int = 1
    next_id: int = 1
    turn_limit: int = 200
    final_turn: int | None = None  # set when the turn limit is reached (11.1.5)
    library: dict[str, CardDef] = field(default_factory=dict)
    params: RuleParameters = CR_PARAMETERS  # the numbers read from the rules (2.4.2, 7.1.2a, 10.2.2, 8.0.5a)
    night_of: str | None = None  # during the night: the player whose turn just ended (9.5.1, D-NIGHT)
    eliminated: list[str] = field(
        default_factory=list
    )  # lost while others play on, in that order (4.2.4a, D-LEFT-GAME)

    # -- entry points -------------------------------------------------------------------
    @property
    def acting_player(self) -> str | None:
        """The player who must act now: the one answering a choice, else the priority holder."""
        if self.result is not None:
            return None
        if self.pending is not None:
            return self.pending.player
        return self.priority

    @property
    def turn_owner(self) -> str | None:
        """The player whose turn it is; during the night, whose turn has just ended (9.5.1, decision D-NIGHT)."""
        return self.active if self.active is not None else self.night_of

    @property
    def over(self) -> bool:
        """The game has a result."""
        return self.result is not None

    def view(self, pid: str) -> dict:
        """``to_dict`` as player ``pid`` may see it: hidden cards are anonymous (6.1.4, 7.2.3c, 7.4.1a, 7.4.2b, 2.1.2c)."""
        return self.ENTRY_POINTS.view(self, pid)

    def can_see(self, pid: str, oid: str) -> bool:
        """May player ``pid`` look at object ``oid`` now? (see :mod:`.visibility`)"""
        return self.ENTRY_POINTS.seen_by(self, pid, self.objects[oid])[0]

    # -- small helpers used everywhere ------------------------------------------------
    def obj(self, oid: str) -> GameObject:
        """The object with this id."""
        return self.objects[oid]

    @property
    def playing(self) -> list[str]:
        """The players still in the game, in turn order (``order`` less those who lost and left, 4.2.4a, D-LEFT-GAME)."""
        return [p for p in self.order if p not in self.eliminated] if self.eliminated else list(self.order)

    def opponents(self, pid: str) -> list[str]:
        """``pid``'s opponents: every other player still in the game ("your opponent" is any other player,
        chapter 0; decision D-OPPONENT), in turn order beginning with the player after ``pid``."""
        i, n = self.order.index(pid), len(self.order)
        return [p for p in (self.order[(i + k) % n] for k in range(1, n)) if p not in self.eliminated]

    def next_player(self, pid: str) -> str:
        """The player still in the game who comes after ``pid`` in turn order (D-TURN-ORDER); ``pid`` itself
        may have left the game."""
        rest = self.opponents(pid)
        return rest[0] if rest else pid

    def stamp(self) -> int:
        """A new timestamp (for "most recent" comparisons, 4.4.1a, 2.4.4a)."""
        self.next_timestamp += 1
        return self.next_timestamp

    def is_main(self, obj: GameObject) -> bool:
        """Is ``obj`` its owner's main character (3.0.5)?"""
        return self.players[obj.owner].main_character == obj.id

    def board_ids(self, pid: str | None = None) -> list[str]:
        """Ids of all permanents (main, characters, location, resources) of one or all players."""
        out: list[str] = []
        for p in self.order if pid is None else (pid,):
            ps = self.players[p]
            if ps.main_slot is not None:
                out.append(ps.main_slot)
            out.extend(c for c in ps.character_slots if c is not None)
            out.extend(ps.locations)
            out.extend(ps.resources)
        return out

    def attachment_ids(self, pid: str | None = None) -> list[str]:
        """Ids of all attachments on the permanents of one or all players."""
        out: list[str] = []
        for hid in self.board_ids(pid):
            out.extend(self.objects[hid].attachments)
        return out

    def collected(self, pid: str) -> int:
        """Victory Tokens on permanents ``pid`` controls (9.2.4a, 4.2.3c)."""
        return sum(self.objects[o].victory_tokens for o in self.board_ids(pid))

    def fewest_victory_tokens(self, pid: str) -> bool:
        """Has ``pid`` collected fewer Victory Tokens than each other player still in the game (9.2.4a)?"""
        mine = self.collected(pid)
        return all(mine < self.collected(p) for p in self.opponents(pid))
