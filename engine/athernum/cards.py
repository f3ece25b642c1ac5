"""Card definitions and the ability-language data model (immutable dataclasses).

A :class:`CardDef` is what is printed on a card (chapter 1); its abilities (chapter 4)
are plain data: a trigger or cost, targets, and a list of :class:`EffectSpec`.
Parsing from dicts/YAML lives in :mod:`.abilities`; see docs/authors/ability-language.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CARD_TYPES = ("character", "item", "location")
TOKEN_TYPES = ("character", "item", "location", "resource")
PROPERTIES = ("ofv", "dfv", "item_slots", "victory_token_field")
DURATIONS = ("end_of_turn", "end_of_phase", "your_next_turn", "permanent", "while_source")
ABILITY_TYPES = ("static", "triggered", "activated", "support")
KEYWORDS = ("objective", "command", "equip")
#: Where a triggered ability works besides the board (4.3.2c, 4.3.2d, 7.4.2d).
ABILITY_ZONES = ("board", "discard", "void", "deck_top", "extra_deck")
TRIGGER_EVENTS = (
    "enters",  # a permanent entered the game board
    "leaves",  # a permanent left the game board
    "discarded",  # a card was put into a discard pile
    "damaged",  # damage counters were dealt to a permanent
    "attacks",  # declared as attacker
    "attacked",  # chosen as the target of an attack
    "defends",  # declared as defender
    "exhausted",  # became exhausted
    "turned_face_up",
    "drawn",  # a card was drawn (subject: the card)
    "victory_token_placed",
    "played",  # a card was played from hand
)
PHASES_FOR_TRIGGERS = ("morning", "day", "combat", "evening", "night")


class _Shared:
    """Mixin: definitions are immutable and shared by every game, never deep-copied."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self

    def __copy__(self) -> _Shared:
        return self


@dataclass(frozen=True, slots=True)
class Filter(_Shared):
    """Conditions an object must meet; ``controller``/``owner`` are relative to the ability's controller."""

    types: frozenset[str] = frozenset()  # any of these supertypes
    subtypes: frozenset[str] = frozenset()  # any of these subtypes
    controller: str = "any"  # you | opponent | any
    owner: str = "any"
    faction: str | None = None  # a faction, "yours", "none" (factionless), or None for any
    name: str | None = None
    face_up: bool | None = None
    exhausted: bool | None = None
    has_victory_token_field: bool | None = None
    main: bool | None = None
    token: bool | None = None
    other: bool = False  # anything but the ability's own source
    damaged: bool | None = None
    max_cost: int | None = None
    extra_rule: str | None = None  # has this extra rule keyword (1.6.4; kept when exhausted, 6.2.4b)
    named: bool = False  # has the name named earlier by the same ability (1.1.5)


ANY = Filter()


@dataclass(frozen=True, slots=True)
class Selector(_Shared):
    """Who or what an effect acts on.

    Objects: ``this``, ``linked`` (an attachment's linked target), ``target`` (chosen target
    group ``index``), ``all`` (every permanent matching ``filter``), ``trigger`` (the object
    that caused the trigger, last known state). Players: ``you``, ``opponent``,
    ``each_player``, ``target`` (a player target), ``trigger_player``.
    """

    kind: str
    index: int = 0
    filter: Filter | None = None


@dataclass(frozen=True, slots=True)
class ValueOf(_Shared):
    """A number read from the game: the current ``property`` of the selected object."""

    property: str  # ofv | dfv | victory_tokens | damage
    of: Selector


Amount = int | ValueOf


@dataclass(frozen=True, slots=True)
class Condition(_Shared):
    """A yes/no question about the game, asked for an effect's ``if`` or a conditional modifier."""

    kind: str
    filter: Filter | None = None
    amount: int = 1
    counter: str | None = None  # for this_has_counters / it_has_counters (10.5.4)


CONDITION_KINDS = (
    "you_control",  # you control at least `amount` permanents matching `filter`
    "opponent_controls",
    "hand_size_at_least",
    "victory_tokens_on_this_at_least",
    "it_has_victory_tokens",  # the affected object has >= amount victory tokens (modifiers)
    "it_is_damaged",  # the affected object has damage counters (modifiers)
    "you_have_fewer_victory_tokens",  # fewer collected than each other player
    "this_has_counters",  # the ability's own card has at least `amount` counters of `counter` (10.5.4)
    "it_has_counters",  # the affected object has at least `amount` counters of `counter` (modifiers, 10.5.4)
)


@dataclass(frozen=True, slots=True)
class ResourceCost(_Shared):
    """A resource cost: ``generic`` of any faction plus specific ``(faction, n)`` pairs (4.3.5c.IIa)."""

    generic: int = 0
    factions: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """All resources of the cost, any faction included."""
        return self.generic + sum(n for _, n in self.factions)


NO_RESOURCES = ResourceCost()


@dataclass(frozen=True, slots=True)
class Cost(_Shared):
    """The [Cost] of an activated ability (4.3.5c.II) or the Activation Fee of a support ability."""

    resources: ResourceCost = NO_RESOURCES
    command_tokens: int = 0
    exhaust_self: bool = False
    discard: int = 0  # cards from hand, chosen when activating
    remove_victory_tokens: int = 0  # from the source; they return to the pool (10.1.5)

    @property
    def is_free(self) -> bool:
        """Nothing to pay at all."""
        return (
            self.resources.total == 0
            and not self.command_tokens
            and not self.exhaust_self
            and not self.discard
            and not self.remove_victory_tokens
        )


FREE = Cost()


@dataclass(frozen=True, slots=True)
class TargetSpec(_Shared):
    """A group of targets chosen on activation and checked again on resolution."""

    kind: str  # permanent | attachment | player | effect | card
    filter: Filter = ANY
    count: int = 1
    up_to: bool = False
    zone: str | None = None  # for kind=card: discard | void


@dataclass(frozen=True, slots=True)
class Trigger(_Shared):
    """When a triggered ability triggers: ``when`` (this object), ``whenever`` (any matching), ``at`` (a phase)."""

    mode: str  # when | whenever | at
    event: str  # an entry of TRIGGER_EVENTS, or a phase for mode "at"
    filter: Filter | None = None
    turn: str = "yours"  # for "at": yours | opponents | any


@dataclass(frozen=True, slots=True)
class TokenSpec(_Shared):
    """The characteristics of a token an effect creates (1.4.5, 2.1.3c)."""

    name: str | None
    type: str
    faction: str | None = None  # a faction, or "yours" for the controller's faction
    subtypes: tuple[str, ...] = ()
    ofv: int | None = None
    dfv: int | None = None
    item_slots: int = 0
    victory_token_field: int | None = None
    abilities: tuple[Ability, ...] = ()

    def display_name(self) -> str:
        """The token's name: given, or its characteristics followed by 'Token' (1.1.6, 2.5.8)."""
        if self.name:
            return self.name
        words = list(self.subtypes) or [self.type.capitalize()]
        return " ".join(words) + " Token"


@dataclass(frozen=True, slots=True)
class EffectSpec(_Shared):
    """One effect of an ability; which fields matter depends on ``kind`` (see :data:`.abilities.EFFECT_FIELDS`)."""

    kind: str
    what: Selector | None = None
    player: Selector | None = None
    amount: Amount | None = None
    count: int = 1
    counter: str | None = None
    property: str | None = None
    op: str | None = None  # set | add | multiply
    duration: str | None = None
    condition: Condition | None = None  # conditional modifier (4.4.2d)
    gate: Condition | None = None  # the effect's `if`: skip it unless true
    token: TokenSpec | None = None
    attach_to: Selector | None = None
    face_down: bool = False
    zone: str | None = None
    filter: Filter | None = None
    to: str | None = None
    reveal: bool = False
    faction: str | None = None
    types: tuple[str, ...] = ()
    up_to: bool = True
    onto: Selector | None = None  # reattach / move_counters: the destination permanent
    ability: Ability | None = None  # grant_ability: the ability granted (4.3.2b)
    then_return: bool = False  # move_to_void: then return it to the zone it came from (7.5.5, 7.5.6)
    restriction: str | None = None  # restrict_resources: generation | usage (5.0.3h)


@dataclass(frozen=True, slots=True)
class Ability(_Shared):
    """One ability (4.3.1): its type, keywords, trigger or cost, targets and effects."""

    type: str  # static | triggered | activated | support
    effects: tuple[EffectSpec, ...]
    name: str | None = None
    keywords: frozenset[str] = frozenset()
    trigger: Trigger | None = None
    cost: Cost = FREE
    targets: tuple[TargetSpec, ...] = ()
    timing: str = "any"  # any | day (only in your day phase with no stack)
    once_per_turn: bool = False
    zone: str = "board"  # where a triggered ability functions: board | discard | void (4.3.2c)
    text: str | None = None

    @property
    def is_objective(self) -> bool:
        """Carries the Objective keyword (4.3.5d)."""
        return "objective" in self.keywords

    @property
    def is_command(self) -> bool:
        """Carries the Command keyword (4.3.5e)."""
        return "command" in self.keywords

    @property
    def is_equip(self) -> bool:
        """Carries the Equip keyword (4.3.5g)."""
        return "equip" in self.keywords

    def label(self) -> str:
        """A short human label such as 'Rally', 'Objective ability' or 'triggered ability'."""
        if self.name:
            return self.name
        if self.keywords:
            return "/".join(sorted(k.capitalize() for k in self.keywords)) + " ability"
        return f"{self.type} ability"


@dataclass(frozen=True, slots=True)
class CardDef(_Shared):
    """A card as printed (chapter 1), or a token's characteristics; immutable and shared."""

    name: str
    type: str
    faction: str | None = None
    subtypes: tuple[str, ...] = ()
    cost: int | None = None  # acquisition cost; characters only (2.2.1)
    ofv: int | None = None
    dfv: int | None = None
    item_slots: int = 0
    victory_token_field: int | None = None
    extra_rules: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    text: str | None = None
    max_copies: int | None = (
        None  # the card states its own copy limit for decks (11.0.2d "unless ... stated otherwise")
    )
    token: bool = False
    hidden_copy: bool = False  # a copy of a face-down permanent (6.3): no abilities or values
    has_objective: bool = field(default=False, init=False, repr=False, compare=False)
    triggered: tuple[Ability, ...] = field(default=(), init=False, repr=False, compare=False)
    watchers: tuple[Ability, ...] = field(default=(), init=False, repr=False, compare=False)
    offboard_triggers: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        triggered = tuple(a for a in self.abilities if a.type == "triggered")
        object.__setattr__(self, "has_objective", any(a.is_objective for a in self.abilities))
        object.__setattr__(self, "triggered", triggered)
        object.__setattr__(
            self, "watchers", tuple(a for a in triggered if a.trigger and a.trigger.mode != "when")
        )
        object.__setattr__(self, "offboard_triggers", any(a.zone != "board" for a in triggered))

    @property
    def has_vtf(self) -> bool:
        """Has a Victory Token Field (1.5)."""
        return self.victory_token_field is not None

    @property
    def unique(self) -> bool:
        """Has the Unique extra rule (12.2.A)."""
        return "Unique" in self.extra_rules

    def support_ability(self) -> Ability | None:
        """The card's one support ability, if any (4.3.5f.IV)."""
        for ab in self.abilities:
            if ab.type == "support":
                return ab
        return None


@dataclass(frozen=True, slots=True)
class DeckList(_Shared):
    """A deck as card names: the 60-card main deck and the optional extra deck (11.0.2)."""

    main: tuple[str, ...]
    extra: tuple[str, ...] = field(default=())
