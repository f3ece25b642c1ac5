"""Card definitions as plain data: types, ideals, speeds, stats and a small ability language.

A card is a mapping (see ``docs/authors/atnia.md``)::

    Ember Squire: {type: unit, cost: 2, ideals: {talentus: 1}, speed: slow, offense: 2, health: 2,
                   keywords: [challenger],
                   abilities: [{when: arrive, targets: [{kind: unit, side: enemy}], effects: [{damage: 1}]}]}

``ideals`` is the devotion requirement of a non-location card (rules/the-7-ideals/p1) and the devotion a
location provides (rules/locations/p1). :func:`load_card` and :func:`load_library` check the data and raise
:class:`~engine.atnia.errors.CardDefinitionError` naming the bad field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.common.fields import Field, check_value, read_fields

from .errors import CardDefinitionError

IDEALS = ("arca", "eminus", "materia", "epoca", "zelor", "talentus", "deitas")
#: The short list at the end of the document names two ideals differently (decision D-IDEAL-NAMES).
IDEAL_ALIASES = {"ancestra": "epoca", "ecclesia": "deitas"}
TYPES = ("unit", "item", "spell", "location")
SPEEDS = ("slow", "fast", "burst", "infinite")
SPEED_ALIASES = {"∞": "infinite", "infinity": "infinite", "inf": "infinite"}
KEYWORDS = ("challenger", "guardian")
#: Events a triggered ability can wait for ("whenever x happens, y happens").
EVENTS = ("arrive", "attack", "block", "destroyed", "channel", "explore", "play", "round_start", "round_end")
#: Whose event it must be: the card itself, an allied/enemy card, or (for player events) you/your opponent.
EVENT_OWNERS = ("self", "ally", "other_ally", "enemy", "any", "you", "opponent")
TRIGGER_ZONES = ("battlefield", "location", "horizon", "discard", "channel")
TARGET_KINDS = ("unit", "item", "player", "unit_or_player")
SIDES = ("any", "ally", "enemy")
#: Where an effect goes when it does not use a chosen target.
RECIPIENTS = (
    "self",
    "you",
    "opponent",
    "each_player",
    "each_unit",
    "each_ally_unit",
    "each_enemy_unit",
    "other_ally_units",
)
DURATIONS = ("permanent", "round_end")
OPS = (
    "damage",
    "buff",
    "destroy",
    "void",
    "return",
    "draw",
    "gain_energy",
    "summon",
    "discard",
    "pay_energy",
    "do",
    "may",
)


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What a target must be: a unit, item or player, on which side, in which zones."""

    kind: str = "unit"
    side: str = "any"
    zones: tuple[str, ...] = ("battlefield", "horizon")


@dataclass(frozen=True, slots=True)
class Effect:
    """One instruction of a card's text, done in order on resolution."""

    op: str
    amount: int = 0
    target: int | None = None  # index into the chosen targets
    to: str | None = None  # a recipient from RECIPIENTS when no target is used
    health: int = 0
    offense: int = 0
    until: str = "permanent"
    cards: tuple[str, ...] = ()
    inner: tuple[Effect, ...] = ()  # 'do' (x) / 'may' effects
    then: tuple[Effect, ...] = ()  # 'do x to do y': the y part (rules/extra-notes/p6)


@dataclass(frozen=True, slots=True)
class Ability:
    """A triggered ability, a skill or an aura, at position ``index`` of the text box (rules/kinds-of-game-objects/p2)."""

    kind: str  # trigger | skill | aura
    index: int
    on: str | None = None
    of: str = "self"
    zone: str | None = None
    speed: str = "infinite"
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    cost: int = 0
    flip: bool = False
    health: int = 0
    offense: int = 0
    affects: str = "other_ally_units"
    per_ally_unit: bool = False
    text: str = ""


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as printed (rules/parts-of-a-card): name, cost, ideals, type, subtypes, speed, stats, text."""

    name: str
    type: str
    cost: int = 0
    ideals: tuple[tuple[str, int], ...] = ()
    speed: str = "slow"
    offense: int | None = None
    health: int | None = None
    subtypes: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    abilities: tuple[Ability, ...] = ()
    grants: tuple[int, int] = (0, 0)  # a weapon's (offense, health) for the unit it is equipped to
    text: str = ""

    @property
    def requirement(self) -> dict[str, int]:
        """The devotion needed to play it (none for locations, rules/locations/p1)."""
        return {} if self.type == "location" else dict(self.ideals)

    @property
    def ideal_names(self) -> tuple[str, ...]:
        """Its ideals: what channelling it adds devotion to (rules/channel-system/p2)."""
        return tuple(i for i, _ in self.ideals)

    @property
    def is_weapon(self) -> bool:
        return self.type == "item" and "Weapon" in self.subtypes

    @property
    def arrive_ability(self) -> Ability | None:
        """The first 'arrive' triggered ability: its targets are chosen as the card is played (rules/extra-notes/p2)."""
        return next(
            (a for a in self.abilities if a.kind == "trigger" and a.on == "arrive" and a.of == "self"), None
        )

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


def _fail(path: str, problem: str) -> CardDefinitionError:
    return CardDefinitionError(path, problem)


def _int(
    data: Mapping, key: str, path: str, default: int | None = 0, minimum: int | None = None
) -> int | None:
    value = data.get(key, default)
    return (
        None
        if value is None
        else check_value(value, Field(key, "int", minimum=minimum), f"{path}.{key}", CardDefinitionError)
    )


def _choice(value: Any, allowed: tuple[str, ...], path: str, aliases: Mapping[str, str] | None = None) -> str:
    text = str(value).strip().casefold() if value is not None else ""
    text = (aliases or {}).get(text, text)
    if text not in allowed:
        raise _fail(path, f"{value!r} is not one of {', '.join(allowed)}")
    return text


def ideal(value: Any, path: str = "ideal") -> str:
    """An ideal's canonical name (Ancestra and Ecclesia are read as Epoca and Deitas)."""
    return _choice(value, IDEALS, path, IDEAL_ALIASES)


def speed(value: Any, path: str = "speed") -> str:
    """A speed's canonical name (``∞`` is ``infinite``)."""
    return _choice(value, SPEEDS, path, SPEED_ALIASES)


def _ideals(data: Any, path: str) -> tuple[tuple[str, int], ...]:
    if data is None:
        return ()
    if isinstance(data, list):
        data = dict.fromkeys(data, 1)
    if not isinstance(data, Mapping):
        raise _fail(path, "expected a mapping of ideal to amount, e.g. {arca: 2}")
    out: dict[str, int] = {}
    for key, amount in data.items():
        name = ideal(key, f"{path}.{key}")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise _fail(f"{path}.{key}", f"expected an amount of devotion (0 or more), not {amount!r}")
        out[name] = out.get(name, 0) + amount
    return tuple(out.items())


def _targets(data: Any, path: str) -> tuple[TargetSpec, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        raise _fail(path, "expected a list of target kinds")
    out = []
    for i, item in enumerate(data):
        where = f"{path}[{i}]"
        if isinstance(item, str):
            item = {"kind": item}
        if not isinstance(item, Mapping):
            raise _fail(where, "expected a target kind or a mapping {kind, side, zones}")
        unknown = set(item) - {"kind", "side", "zones"}
        if unknown:
            raise _fail(where, f"unknown field(s) {', '.join(sorted(unknown))}")
        kind = _choice(item.get("kind", "unit"), TARGET_KINDS, f"{where}.kind")
        side = _choice(item.get("side", "any"), SIDES, f"{where}.side")
        zones = item.get("zones", ["battlefield", "horizon"])
        zones = [zones] if isinstance(zones, str) else zones
        out.append(
            TargetSpec(
                kind, side, tuple(_choice(z, ("battlefield", "horizon"), f"{where}.zones") for z in zones)
            )
        )
    return tuple(out)


def _effects(data: Any, path: str, n_targets: int) -> tuple[Effect, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        raise _fail(path, "expected a list of effects")
    return tuple(_effect(item, f"{path}[{i}]", n_targets) for i, item in enumerate(data))


def _recipient(item: Mapping, path: str, n_targets: int, needed: bool) -> tuple[int | None, str | None]:
    """An effect's target index or recipient keyword (target 0 by default when the card has targets)."""
    target, to = item.get("target"), item.get("to")
    if target is not None and to is not None:
        raise _fail(path, "give either 'target' or 'to', not both")
    if to is not None:
        return None, _choice(to, RECIPIENTS, f"{path}.to")
    if target is None and needed:
        if n_targets == 0:
            raise _fail(
                path, "needs 'target' (the card has targets) or 'to' (self, you, opponent, each_unit...)"
            )
        target = 0
    if target is not None and (
        isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < n_targets
    ):
        raise _fail(f"{path}.target", f"no target number {target!r} (the card has {n_targets})")
    return target, None


def _effect(item: Any, path: str, n_targets: int) -> Effect:
    if not isinstance(item, Mapping):
        raise _fail(path, "expected a mapping such as {damage: 2, target: 0}")
    ops = [k for k in item if k in OPS]
    if len(ops) != 1:
        raise _fail(path, f"an effect names exactly one of {', '.join(OPS)}")
    op = ops[0]
    unknown = set(item) - {op, "target", "to", "until", "then"}
    if unknown:
        raise _fail(path, f"unknown field(s) {', '.join(sorted(unknown))}")
    value = item[op]
    until = _choice(item.get("until", "permanent"), DURATIONS, f"{path}.until")
    if op in ("damage", "draw", "gain_energy", "discard", "pay_energy"):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise _fail(f"{path}.{op}", f"expected an amount, not {value!r}")
        needed = op == "damage"
        target, to = _recipient(item, path, n_targets, needed) if needed else (None, None)
        return Effect(op, amount=value, target=target, to=to)
    if op == "buff":
        if not isinstance(value, Mapping) or set(value) - {"health", "offense"}:
            raise _fail(f"{path}.buff", "expected {health: n, offense: n} (negative numbers are debuffs)")
        target, to = _recipient(item, path, n_targets, True)
        return Effect(
            op,
            target=target,
            to=to,
            health=_int(value, "health", path) or 0,
            offense=_int(value, "offense", path) or 0,
            until=until,
        )
    if op in ("destroy", "void", "return"):
        if isinstance(value, bool) or value is None:
            target, to = _recipient(item, path, n_targets, True)
        elif isinstance(value, int):
            target, to = _recipient({"target": value}, path, n_targets, True)
        else:
            target, to = _recipient({"to": value}, path, n_targets, True)
        return Effect(op, target=target, to=to)
    if op == "summon":
        names = [value] if isinstance(value, str) else value
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise _fail(f"{path}.summon", "expected a card name or a list of card names")
        return Effect(op, cards=tuple(names))
    if op == "do":
        inner = _effects(value, f"{path}.do", n_targets)
        then = _effects(item.get("then"), f"{path}.then", n_targets)
        if not inner or not then:
            raise _fail(path, "'do x to do y' needs both 'do' (x) and 'then' (y)")
        return Effect(op, inner=inner, then=then)
    return Effect(op, inner=_effects(value, f"{path}.may", n_targets))  # may


def _ability(item: Any, index: int, path: str, card_type: str) -> Ability:
    if not isinstance(item, Mapping):
        raise _fail(path, "expected a mapping")
    text = str(item.get("text", ""))
    kind = "aura" if "aura" in item else "skill" if "skill" in item else "trigger"
    allowed = {
        "aura": {"aura", "text"},
        "skill": {"skill", "speed", "targets", "effects", "text"},
        "trigger": {"when", "of", "zone", "speed", "targets", "effects", "text"},
    }[kind]
    unknown = set(item) - allowed
    if unknown:
        raise _fail(path, f"unknown field(s) {', '.join(sorted(map(str, unknown)))} for a {kind}")
    if "aura" in item:
        aura = item["aura"]
        if not isinstance(aura, Mapping) or set(aura) - {"health", "offense", "affects", "per_ally_unit"}:
            raise _fail(f"{path}.aura", "expected {health, offense, affects, per_ally_unit}")
        return Ability(
            "aura",
            index,
            health=_int(aura, "health", path) or 0,
            offense=_int(aura, "offense", path) or 0,
            affects=_choice(
                aura.get("affects", "other_ally_units"),
                ("other_ally_units", "each_ally_unit"),
                f"{path}.aura.affects",
            ),
            per_ally_unit=bool(aura.get("per_ally_unit", False)),
            text=text,
        )
    targets = _targets(item.get("targets"), f"{path}.targets")
    effects = _effects(item.get("effects"), f"{path}.effects", len(targets))
    if "skill" in item:
        skill = item["skill"] or {}
        if not isinstance(skill, Mapping) or set(skill) - {"cost", "flip"}:
            raise _fail(f"{path}.skill", "expected {cost: n, flip: true|false}")
        return Ability(
            "skill",
            index,
            speed=speed(item.get("speed", "fast"), f"{path}.speed"),
            targets=targets,
            effects=effects,
            cost=_int(skill, "cost", f"{path}.skill", minimum=0) or 0,
            flip=bool(skill.get("flip", False)),
            text=text,
        )
    if "when" not in item:
        raise _fail(
            path, "an ability is a trigger (when: ...), a skill (skill: {...}) or an aura (aura: {...})"
        )
    on = _choice(item["when"], EVENTS, f"{path}.when")
    default_zone = {"location": "location", "spell": "horizon"}.get(card_type, "battlefield")
    if on == "destroyed" and item.get("of", "self") == "self":
        default_zone = "discard"
    return Ability(
        "trigger",
        index,
        on=on,
        of=_choice(item.get("of", "self"), EVENT_OWNERS, f"{path}.of"),
        zone=_choice(item.get("zone", default_zone), TRIGGER_ZONES, f"{path}.zone"),
        speed=speed(item.get("speed", "infinite"), f"{path}.speed"),
        targets=targets,
        effects=effects,
        text=text,
    )


#: The fields of a card definition (rules/parts-of-a-card, rules/card-types); the engine's own parsers read
#: the nested ones (ideals, speed, targets, effects, abilities) and normalise type names.
CARD_FIELDS = (
    Field("name", "str", required=True),
    Field("type", "str", required=True),
    Field("cost", "int", minimum=0, default=0),
    Field("ideals"),
    Field("speed", default="slow"),
    Field("offense", "int"),
    Field("health", "int"),
    Field("subtypes", "str_list", default=()),
    Field("keywords", "str_list", default=()),
    Field("targets"),
    Field("effects"),
    Field("abilities", "list", default=()),
    Field("grants", "mapping", default={}),
    Field("text", default=""),
)


def load_card(data: Mapping[str, Any], path: str | None = None) -> CardDef:
    """A card definition from plain data; raises :class:`CardDefinitionError` naming the bad field."""
    path = path or (str(data.get("name") or "").strip() if isinstance(data, Mapping) else "") or "card"
    f = read_fields(data, CARD_FIELDS, path, CardDefinitionError)
    name = f["name"].strip()
    ctype = _choice(f["type"], TYPES, f"{path}.type")
    offense, health = f["offense"], f["health"]
    if ctype == "unit" and (offense is None or health is None):
        raise _fail(path, "a unit has an offense and a health stat (rules/card-types/p1)")
    if ctype != "unit" and offense is not None:
        raise _fail(f"{path}.offense", "only units have an offense stat (rules/card-types/p1)")
    targets = _targets(f["targets"], f"{path}.targets")
    grants = f["grants"]
    if set(grants) - {"offense", "health"}:
        raise _fail(f"{path}.grants", "expected {offense: n, health: n}")
    return CardDef(
        name=name,
        type=ctype,
        cost=f["cost"],
        ideals=_ideals(f["ideals"], f"{path}.ideals"),
        speed=speed(f["speed"], f"{path}.speed"),
        offense=offense,
        health=health,
        subtypes=f["subtypes"],
        keywords=tuple(_choice(k, KEYWORDS, f"{path}.keywords") for k in f["keywords"]),
        targets=targets,
        effects=_effects(f["effects"], f"{path}.effects", len(targets)),
        abilities=tuple(
            _ability(a, i, f"{path}.abilities[{i}]", ctype) for i, a in enumerate(f["abilities"])
        ),
        grants=(_int(grants, "offense", path) or 0, _int(grants, "health", path) or 0),
        text=str(f["text"]),
    )


def load_library(data: Mapping[str, Any] | list) -> dict[str, CardDef]:
    """Cards by name from a mapping ``name -> definition`` (or a list of definitions with ``name``)."""
    items = data.items() if isinstance(data, Mapping) else ((d.get("name"), d) for d in data)
    out: dict[str, CardDef] = {}
    for name, definition in items:
        if not isinstance(definition, Mapping):
            raise _fail(str(name), "expected a mapping")
        card = load_card({"name": name, **definition}, str(name))
        out[card.name] = card
    return out


@dataclass(frozen=True, slots=True)
class DeckList:
    """A deck: its cards, and up to three starting locations kept beside it (rules/card-types/p4.1)."""

    cards: tuple[str, ...]
    starting_locations: tuple[str, ...] = field(default=())
