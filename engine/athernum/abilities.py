"""Parse card definitions and abilities from plain data (dicts, e.g. loaded from YAML).

Every malformed field raises :class:`~.errors.CardDefinitionError` whose message names the
field path, e.g. ``abilities[1].effect.kind: unknown effect 'drwa' (did you mean 'draw'?)``.
The language is documented for rule authors in docs/authors/ability-language.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.common.fields import Field, check_value, join, read_fields
from engine.common.fields import hint as _hint

from .cards import (
    ABILITY_TYPES,
    ABILITY_ZONES,
    CARD_TYPES,
    CONDITION_KINDS,
    DURATIONS,
    KEYWORDS,
    PHASES_FOR_TRIGGERS,
    PROPERTIES,
    TOKEN_TYPES,
    TRIGGER_EVENTS,
    Ability,
    CardDef,
    Condition,
    Cost,
    EffectSpec,
    Filter,
    ResourceCost,
    Selector,
    TargetSpec,
    TokenSpec,
    Trigger,
    ValueOf,
)
from .errors import CardDefinitionError

#: For each effect kind: (required fields, optional fields). Every effect also accepts ``if``.
EFFECT_FIELDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "draw": (frozenset(), frozenset({"player", "count"})),
    "deal_damage": (frozenset({"what", "amount"}), frozenset()),
    "heal": (frozenset({"what"}), frozenset({"amount"})),
    "prevent": (frozenset({"what", "amount"}), frozenset({"duration"})),
    "place_counters": (frozenset({"what", "counter", "amount"}), frozenset()),
    "remove_counters": (frozenset({"what", "counter"}), frozenset({"amount"})),
    "place_victory_tokens": (frozenset({"what"}), frozenset({"amount"})),
    "remove_victory_tokens": (frozenset({"what"}), frozenset({"amount"})),
    "lose_victory_tokens": (frozenset({"what"}), frozenset({"amount"})),
    "modify_value": (
        frozenset({"what", "property"}),
        frozenset({"set", "add", "multiply", "duration", "condition"}),
    ),
    "set_types": (frozenset({"what", "types"}), frozenset({"duration"})),
    "add_types": (frozenset({"what", "types"}), frozenset({"duration"})),
    "create_token": (frozenset({"token"}), frozenset({"count", "attach_to", "face_down"})),
    "copy": (frozenset({"what"}), frozenset()),
    "discard": (frozenset({"what"}), frozenset()),
    "discard_from_hand": (frozenset(), frozenset({"player", "count"})),
    "return_to_hand": (frozenset({"what"}), frozenset()),
    "move_to_void": (frozenset({"what"}), frozenset()),
    "exhaust": (frozenset({"what"}), frozenset()),
    "turn_face_up": (frozenset({"what"}), frozenset()),
    "turn_face_down": (frozenset({"what"}), frozenset()),
    "gain_control": (frozenset({"what"}), frozenset()),
    "neutralise": (frozenset({"what"}), frozenset()),
    "modify_effect": (frozenset({"what"}), frozenset({"set", "add", "multiply"})),
    "search": (frozenset(), frozenset({"player", "zone", "filter", "count", "to", "reveal"})),
    "reveal": (frozenset(), frozenset({"player", "zone", "count"})),
    "shuffle": (frozenset(), frozenset({"player"})),
    "win": (frozenset(), frozenset({"player"})),
    "lose": (frozenset(), frozenset({"player"})),
    "add_resources": (frozenset(), frozenset({"faction", "amount"})),
    "name_card": (frozenset(), frozenset({"player"})),
    "reattach": (frozenset({"what", "onto"}), frozenset()),
    "grant_ability": (frozenset({"what", "ability"}), frozenset({"duration"})),
    "shuffle_into_deck": (frozenset({"what"}), frozenset()),
    "move_counters": (frozenset({"what", "onto", "counter"}), frozenset({"amount"})),
    "restrict_resources": (frozenset({"restrict"}), frozenset({"player", "duration"})),
    "turn_top_face_up": (frozenset(), frozenset({"player"})),
    "put_onto_board": (frozenset({"what"}), frozenset()),
}
EFFECT_FIELDS["move_to_void"] = (frozenset({"what"}), frozenset({"then_return"}))
EFFECT_ALIASES = {"neutralize": "neutralise"}
#: Effects that change the game state lastingly; on a static ability they are continuous (4.1.4c).
CONTINUOUS_KINDS = frozenset(
    {"modify_value", "set_types", "add_types", "prevent", "grant_ability", "restrict_resources"}
)
#: Effects whose `what` must name objects (not players or stack effects).
OBJECT_EFFECTS = frozenset(
    k for k, (req, _) in EFFECT_FIELDS.items() if "what" in req and k not in ("neutralise", "modify_effect")
)
SEARCH_ZONES = ("deck", "extra_deck", "discard", "void")
REVEAL_ZONES = ("hand", "deck_top")
TARGET_KINDS = ("permanent", "attachment", "player", "effect", "card")
OBJECT_SELECTORS = ("this", "linked", "trigger")
PLAYER_SELECTORS = ("you", "opponent", "each_player", "trigger_player")
FILTER_KEYS = frozenset(
    {
        "types",
        "subtypes",
        "controller",
        "owner",
        "faction",
        "name",
        "face_up",
        "exhausted",
        "has_victory_token_field",
        "main",
        "token",
        "other",
        "damaged",
        "max_cost",
        "extra_rule",
        "named",
    }
)
#: The fields of a card definition (chapter 2 and 1.5.2; ``vtf`` is short for ``victory_token_field``).
CARD_FIELDS = (
    Field("name", "str", required=True, rules=("1.1.1",)),
    Field("type", "choice", required=True, choices=CARD_TYPES, rules=("1.4.1",)),
    Field("faction", "str"),
    Field("subtypes", "str_list", default=()),
    Field("cost", "int", minimum=0, rules=("2.2.1",)),
    Field("ofv", "int", minimum=0, rules=("2.2.3",)),
    Field("dfv", "int", minimum=0, rules=("2.2.4",)),
    Field("item_slots", "int", minimum=0, default=0),
    Field("victory_token_field", "int", minimum=0),
    Field("vtf", "int", minimum=0),
    Field("extra_rules", "str_list", default=()),
    Field("abilities", "list", default=()),
    Field("text", "str"),
    Field("max_copies", "int", minimum=1),
)
ABILITY_KEYS = frozenset(
    {
        "type",
        "name",
        "keyword",
        "keywords",
        "trigger",
        "cost",
        "fee",
        "targets",
        "effects",
        "effect",
        "timing",
        "once_per_turn",
        "zone",
        "text",
    }
)


def _fail(path: str, problem: str) -> CardDefinitionError:
    return CardDefinitionError(path, problem)


# -- values, checked by the shared table-driven validator (engine.common.fields) ---------------
def _check(data: Any, row: Field, path: str) -> Any:
    return check_value(data, row, path, CardDefinitionError)


def _mapping(data: Any, path: str) -> Mapping[str, Any]:
    return _check(data, Field("value", "mapping"), path)


def _known_keys(data: Mapping[str, Any], allowed: Iterable[str], path: str, what: str) -> None:
    allowed = frozenset(allowed)
    for key in data:
        if key not in allowed:
            raise _fail(join(path, str(key)), f"unknown {what} field {key!r}{_hint(str(key), allowed)}")


def _int(data: Any, path: str, minimum: int = 0) -> int:
    return _check(data, Field("value", "int", minimum=minimum), path)


def _opt_int(data: Any, path: str, minimum: int = 0) -> int | None:
    return None if data is None else _int(data, path, minimum)


def _bool(data: Any, path: str) -> bool:
    return _check(data, Field("value", "bool"), path)


def _str(data: Any, path: str) -> str:
    return _check(data, Field("value", "str"), path)


def _choice(data: Any, options: Iterable[str], path: str, what: str) -> str:
    return _check(data, Field(what, "choice", choices=tuple(options)), path)


def _str_list(data: Any, path: str) -> tuple[str, ...]:
    return _check(data, Field("value", "str_list"), path)


def parse_filter(data: Any, path: str) -> Filter:
    """Parse a filter mapping such as ``{types: [character], controller: opponent}``."""
    data = _mapping(data, path)
    _known_keys(data, FILTER_KEYS, path, "filter")
    kw: dict[str, Any] = {}
    if "types" in data:
        types = _str_list(data["types"], f"{path}.types")
        for i, t in enumerate(types):
            _choice(t, TOKEN_TYPES, f"{path}.types[{i}]", "type")
        kw["types"] = frozenset(types)
    if "subtypes" in data:
        kw["subtypes"] = frozenset(_str_list(data["subtypes"], f"{path}.subtypes"))
    for key in ("controller", "owner"):
        if key in data:
            kw[key] = _choice(data[key], ("you", "opponent", "any"), f"{path}.{key}", key)
    if "faction" in data:
        kw["faction"] = "none" if data["faction"] is None else _str(data["faction"], f"{path}.faction")
    if "name" in data:
        kw["name"] = _str(data["name"], f"{path}.name")
    for key in ("face_up", "exhausted", "has_victory_token_field", "main", "token", "damaged"):
        if key in data:
            kw[key] = _bool(data[key], f"{path}.{key}")
    if "other" in data:
        kw["other"] = _bool(data["other"], f"{path}.other")
    if "max_cost" in data:
        kw["max_cost"] = _int(data["max_cost"], f"{path}.max_cost")
    if "extra_rule" in data:
        kw["extra_rule"] = _str(data["extra_rule"], f"{path}.extra_rule")
    if "named" in data:
        kw["named"] = _bool(data["named"], f"{path}.named")
    return Filter(**kw)


def parse_object_selector(data: Any, path: str, n_targets: int) -> Selector:
    """Parse ``what``: this | linked | trigger | target | 'target N' | {target: N} | {all: filter}."""
    if isinstance(data, str):
        if data in OBJECT_SELECTORS:
            return Selector(data)
        if data == "target" or data.startswith("target "):
            index = 0 if data == "target" else _parse_index(data[7:], path)
            return _target_selector(index, path, n_targets)
        raise _fail(path, f"unknown object {data!r}{_hint(data, (*OBJECT_SELECTORS, 'target', 'target 1'))}")
    data = _mapping(data, path)
    if set(data) == {"all"}:
        return Selector("all", filter=parse_filter(data["all"] or {}, f"{path}.all"))
    if set(data) == {"target"}:
        return _target_selector(_int(data["target"], f"{path}.target"), path, n_targets)
    raise _fail(path, "expected this, linked, trigger, 'target N', {target: N} or {all: {...}}")


def _parse_index(text: str, path: str) -> int:
    try:
        index = int(text.strip())
    except ValueError:
        raise _fail(path, f"bad target index {text!r}") from None
    if index < 0:
        raise _fail(path, f"bad target index {index}")
    return index


def _target_selector(index: int, path: str, n_targets: int) -> Selector:
    if index >= n_targets:
        raise _fail(path, f"refers to target {index} but the ability declares {n_targets} target group(s)")
    return Selector("target", index=index)


def parse_player_selector(data: Any, path: str, n_targets: int) -> Selector:
    """Parse ``player``: you | opponent | each_player | trigger_player | 'target N'."""
    if isinstance(data, str):
        if data in PLAYER_SELECTORS:
            return Selector(data)
        if data == "target" or data.startswith("target "):
            index = 0 if data == "target" else _parse_index(data[7:], path)
            return _target_selector(index, path, n_targets)
        raise _fail(path, f"unknown player {data!r}{_hint(data, PLAYER_SELECTORS)}")
    raise _fail(path, f"expected a player such as 'you' or 'opponent', got {data!r}")


def parse_amount(data: Any, path: str, n_targets: int) -> int | ValueOf:
    """Parse a number: a whole number or ``{value_of: ofv, of: this}``."""
    if isinstance(data, Mapping):
        _known_keys(data, ("value_of", "of"), path, "amount")
        prop = _choice(
            data.get("value_of"), ("ofv", "dfv", "victory_tokens", "damage"), f"{path}.value_of", "value"
        )
        return ValueOf(prop, parse_object_selector(data.get("of", "this"), f"{path}.of", n_targets))
    return _int(data, path)


def parse_condition(data: Any, path: str) -> Condition:
    """Parse a condition such as ``{you_control: {subtypes: [Knight]}, at_least: 2}``."""
    data = _mapping(data, path)
    kinds = [k for k in data if k in CONDITION_KINDS]
    others = [k for k in data if k not in CONDITION_KINDS and k != "at_least"]
    if others:
        raise _fail(
            f"{path}.{others[0]}", f"unknown condition {others[0]!r}{_hint(others[0], CONDITION_KINDS)}"
        )
    if len(kinds) != 1:
        raise _fail(path, f"expected exactly one condition of: {', '.join(CONDITION_KINDS)}")
    kind = kinds[0]
    value = data[kind]
    amount = _int(data.get("at_least", 1), f"{path}.at_least")
    if kind in ("you_control", "opponent_controls"):
        return Condition(kind, filter=parse_filter(value or {}, f"{path}.{kind}"), amount=amount)
    if kind in ("this_has_counters", "it_has_counters"):
        return Condition(kind, counter=_str(value, f"{path}.{kind}"), amount=amount)
    if kind in ("hand_size_at_least", "victory_tokens_on_this_at_least", "it_has_victory_tokens"):
        if isinstance(value, bool):
            return Condition(kind, amount=1 if value else 0)
        return Condition(kind, amount=_int(value, f"{path}.{kind}"))
    _bool(value, f"{path}.{kind}")
    return Condition(kind)


def parse_resource_cost(data: Any, path: str) -> ResourceCost:
    """Parse resources: a number (any faction) or ``{any: 1, ember: 1}``."""
    if isinstance(data, Mapping):
        generic = 0
        factions: list[tuple[str, int]] = []
        for key, value in data.items():
            n = _int(value, f"{path}.{key}")
            if key == "any":
                generic += n
            elif n:
                factions.append((_str(key, f"{path}.{key}"), n))
        return ResourceCost(generic, tuple(sorted(factions)))
    return ResourceCost(_int(data, path))


def parse_cost(data: Any, path: str) -> Cost:
    """Parse a cost mapping: resources, command_tokens, exhaust_self, discard, remove_victory_tokens."""
    if isinstance(data, int) and not isinstance(data, bool):
        return Cost(resources=ResourceCost(_int(data, path)))
    data = _mapping(data, path)
    keys = ("resources", "command_tokens", "exhaust_self", "discard", "remove_victory_tokens")
    _known_keys(data, keys, path, "cost")
    return Cost(
        resources=parse_resource_cost(data.get("resources", 0), f"{path}.resources"),
        command_tokens=_int(data.get("command_tokens", 0), f"{path}.command_tokens"),
        exhaust_self=_bool(data.get("exhaust_self", False), f"{path}.exhaust_self"),
        discard=_int(data.get("discard", 0), f"{path}.discard"),
        remove_victory_tokens=_int(data.get("remove_victory_tokens", 0), f"{path}.remove_victory_tokens"),
    )


def parse_target(data: Any, path: str) -> TargetSpec:
    """Parse a target group: ``{kind: permanent, filter: {...}, count: 1, up_to: false}``."""
    data = _mapping(data, path)
    _known_keys(data, ("kind", "filter", "count", "up_to", "zone"), path, "target")
    kind = _choice(data.get("kind"), TARGET_KINDS, f"{path}.kind", "target kind")
    zone = None
    if kind == "card":
        zone = _choice(data.get("zone", "discard"), ("discard", "void"), f"{path}.zone", "zone")
    elif "zone" in data:
        raise _fail(f"{path}.zone", "only targets of kind 'card' have a zone")
    count = _int(data.get("count", 1), f"{path}.count", minimum=1)
    return TargetSpec(
        kind=kind,
        filter=parse_filter(data.get("filter") or {}, f"{path}.filter"),
        count=count,
        up_to=_bool(data.get("up_to", False), f"{path}.up_to"),
        zone=zone,
    )


def parse_trigger(data: Any, path: str) -> Trigger:
    """Parse ``{when: enters}``, ``{whenever: damaged, filter: {...}}`` or ``{at: morning, turn: any}``."""
    data = _mapping(data, path)
    modes = [m for m in ("when", "whenever", "at") if m in data]
    if len(modes) != 1:
        raise _fail(path, "a trigger needs exactly one of when, whenever or at")
    mode = modes[0]
    _known_keys(data, (mode, "filter", "turn"), path, "trigger")
    if mode == "at":
        event = _choice(data["at"], PHASES_FOR_TRIGGERS, f"{path}.at", "phase")
        if "filter" in data:
            raise _fail(f"{path}.filter", "an 'at' trigger has no filter")
        turn = _choice(
            data.get("turn", "any" if event == "night" else "yours"),
            ("yours", "opponents", "any"),
            f"{path}.turn",
            "turn",
        )
        return Trigger("at", event, turn=turn)
    event = _choice(data[mode], TRIGGER_EVENTS, f"{path}.{mode}", "event")
    if "turn" in data:
        raise _fail(f"{path}.turn", "only 'at' triggers have a turn")
    flt = parse_filter(data["filter"], f"{path}.filter") if "filter" in data else None
    if mode == "when" and flt is not None:
        raise _fail(f"{path}.filter", "'when' triggers refer to this object; use 'whenever' with a filter")
    return Trigger(mode, event, filter=flt)


def parse_token(data: Any, path: str) -> TokenSpec:
    """Parse a token's characteristics for ``create_token``."""
    data = _mapping(data, path)
    keys = (
        "name",
        "type",
        "faction",
        "subtypes",
        "ofv",
        "dfv",
        "item_slots",
        "victory_token_field",
        "abilities",
    )
    _known_keys(data, keys, path, "token")
    ttype = _choice(data.get("type"), TOKEN_TYPES, f"{path}.type", "token type")
    abilities = tuple(
        parse_ability(a, f"{path}.abilities[{i}]") for i, a in enumerate(data.get("abilities") or ())
    )
    return TokenSpec(
        name=_str(data["name"], f"{path}.name") if data.get("name") is not None else None,
        type=ttype,
        faction=_str(data["faction"], f"{path}.faction") if data.get("faction") is not None else None,
        subtypes=_str_list(data.get("subtypes", ()), f"{path}.subtypes"),
        ofv=_opt_int(data.get("ofv"), f"{path}.ofv"),
        dfv=_opt_int(data.get("dfv"), f"{path}.dfv"),
        item_slots=_int(data.get("item_slots", 0), f"{path}.item_slots"),
        victory_token_field=_opt_int(data.get("victory_token_field"), f"{path}.victory_token_field"),
        abilities=abilities,
    )


def parse_effect(data: Any, path: str, targets: tuple[TargetSpec, ...], ability_type: str) -> EffectSpec:
    """Parse one effect mapping; its ``kind`` decides which fields are required or allowed."""
    data = _mapping(data, path)
    if "kind" not in data:
        raise _fail(f"{path}.kind", "missing effect kind")
    raw_kind = data["kind"]
    kind = EFFECT_ALIASES.get(raw_kind, raw_kind) if isinstance(raw_kind, str) else raw_kind
    if kind not in EFFECT_FIELDS:
        hint = _hint(raw_kind, EFFECT_FIELDS) if isinstance(raw_kind, str) else ""
        raise _fail(f"{path}.kind", f"unknown effect {raw_kind!r}{hint}")
    required, optional = EFFECT_FIELDS[kind]
    allowed = required | optional | {"kind", "if"}
    _known_keys(data, allowed, path, f"'{kind}' effect")
    for key in sorted(required):
        if key not in data:
            raise _fail(f"{path}.{key}", f"a '{kind}' effect needs {key!r}")
    n = len(targets)
    kw: dict[str, Any] = {"kind": kind}
    if "if" in data:
        kw["gate"] = parse_condition(data["if"], f"{path}.if")
    if "what" in data:
        sel = parse_object_selector(data["what"], f"{path}.what", n)
        if sel.kind == "target":
            tkind = targets[sel.index].kind
            if kind in ("neutralise", "modify_effect") and tkind != "effect":
                raise _fail(
                    f"{path}.what",
                    f"'{kind}' needs a target of kind 'effect', target {sel.index} is {tkind!r}",
                )
            if kind in OBJECT_EFFECTS and tkind in ("player", "effect"):
                raise _fail(f"{path}.what", f"'{kind}' acts on objects, target {sel.index} is a {tkind}")
        elif kind in ("neutralise", "modify_effect"):
            raise _fail(f"{path}.what", f"'{kind}' must name a target of kind 'effect'")
        kw["what"] = sel
    if "player" in data:
        sel = parse_player_selector(data["player"], f"{path}.player", n)
        if sel.kind == "target" and targets[sel.index].kind != "player":
            raise _fail(f"{path}.player", f"target {sel.index} is not a player target")
        kw["player"] = sel
    if "amount" in data:
        if kind == "heal" and data["amount"] == "all":
            kw["amount"] = None
        else:
            kw["amount"] = parse_amount(data["amount"], f"{path}.amount", n)
    elif kind in (
        "place_victory_tokens",
        "remove_victory_tokens",
        "lose_victory_tokens",
        "remove_counters",
        "add_resources",
        "move_counters",
    ):
        kw["amount"] = 1
    if "count" in data:
        kw["count"] = _int(data["count"], f"{path}.count", minimum=1)
    if "counter" in data:
        kw["counter"] = _str(data["counter"], f"{path}.counter")
    if "property" in data:
        kw["property"] = _choice(data["property"], PROPERTIES, f"{path}.property", "property")
    ops = [op for op in ("set", "add", "multiply") if op in data]
    if kind in ("modify_value", "modify_effect"):
        if len(ops) != 1:
            raise _fail(path, f"a '{kind}' effect needs exactly one of set, add or multiply")
        op = ops[0]
        kw["op"] = op
        value = data[op]
        if isinstance(value, bool) or not isinstance(value, int):
            raise _fail(f"{path}.{op}", f"expected a whole number, got {value!r}")
        if op != "add" and value < 0:
            raise _fail(f"{path}.{op}", f"must be at least 0, got {value}")
        kw["amount"] = value
    if kind in CONTINUOUS_KINDS or "duration" in data:
        default = "while_source" if ability_type == "static" else "end_of_turn"
        kw["duration"] = _choice(data.get("duration", default), DURATIONS, f"{path}.duration", "duration")
    if "condition" in data:
        kw["condition"] = parse_condition(data["condition"], f"{path}.condition")
    if "token" in data:
        kw["token"] = parse_token(data["token"], f"{path}.token")
    if "attach_to" in data:
        kw["attach_to"] = parse_object_selector(data["attach_to"], f"{path}.attach_to", n)
        if kw.get("token") is not None and kw["token"].type != "item":
            raise _fail(f"{path}.attach_to", "only item tokens can be created attached")
    if "face_down" in data:
        kw["face_down"] = _bool(data["face_down"], f"{path}.face_down")
    if "onto" in data:
        kw["onto"] = parse_object_selector(data["onto"], f"{path}.onto", n)
    if "ability" in data:
        granted = parse_ability(data["ability"], f"{path}.ability")
        if granted.type not in ("triggered", "activated"):
            raise _fail(
                f"{path}.ability.type", "only triggered and activated abilities can be granted (4.3.2b)"
            )
        kw["ability"] = granted
    if "then_return" in data:
        kw["then_return"] = _bool(data["then_return"], f"{path}.then_return")
    if "restrict" in data:
        kw["restriction"] = _choice(
            data["restrict"], ("generation", "usage"), f"{path}.restrict", "restriction"
        )
    if kind == "search":
        kw["zone"] = _choice(data.get("zone", "deck"), SEARCH_ZONES, f"{path}.zone", "zone")
        kw["to"] = _choice(data.get("to", "hand"), ("hand",), f"{path}.to", "destination")
        kw["filter"] = parse_filter(data.get("filter") or {}, f"{path}.filter")
        kw["reveal"] = _bool(data.get("reveal", True), f"{path}.reveal")
    if kind == "reveal":
        kw["zone"] = _choice(data.get("zone", "hand"), REVEAL_ZONES, f"{path}.zone", "zone")
    if kind == "add_resources" and "faction" in data:
        kw["faction"] = None if data["faction"] is None else _str(data["faction"], f"{path}.faction")
    if "types" in data:
        types = _str_list(data["types"], f"{path}.types")
        if not types:
            raise _fail(f"{path}.types", "needs at least one type")
        kw["types"] = types
    return EffectSpec(**kw)


def parse_ability(data: Any, path: str) -> Ability:
    """Parse one ability mapping (static, triggered, activated or support)."""
    data = _mapping(data, path)
    _known_keys(data, ABILITY_KEYS, path, "ability")
    atype = _choice(data.get("type"), ABILITY_TYPES, f"{path}.type", "ability type")
    keywords: set[str] = set()
    if "keyword" in data:
        keywords.add(_choice(data["keyword"], KEYWORDS, f"{path}.keyword", "keyword"))
    for i, kw_ in enumerate(_str_list(data.get("keywords", ()), f"{path}.keywords")):
        keywords.add(_choice(kw_, KEYWORDS, f"{path}.keywords[{i}]", "keyword"))
    if "objective" in keywords and atype not in ("triggered", "activated"):
        raise _fail(f"{path}.keyword", "Objective abilities are triggered or activated (4.3.5d)")
    if "command" in keywords and atype != "activated":
        raise _fail(f"{path}.keyword", "Command abilities are activated abilities (4.3.5e)")
    if "equip" in keywords and atype == "support":
        raise _fail(f"{path}.keyword", "Equip abilities are static, triggered or activated (4.3.5g)")
    trigger = None
    if atype == "triggered":
        if "trigger" not in data:
            raise _fail(f"{path}.trigger", "a triggered ability needs a trigger")
        trigger = parse_trigger(data["trigger"], f"{path}.trigger")
    elif "trigger" in data:
        raise _fail(f"{path}.trigger", f"a {atype} ability has no trigger")
    cost = Cost()
    if atype == "activated":
        if "fee" in data:
            raise _fail(f"{path}.fee", "only support abilities have an activation fee; use cost")
        cost = parse_cost(data.get("cost", {}), f"{path}.cost")
        if "command" in keywords:
            cost = Cost(
                cost.resources,
                cost.command_tokens + 1,
                cost.exhaust_self,
                cost.discard,
                cost.remove_victory_tokens,
            )
    elif atype == "support":
        if "cost" in data:
            raise _fail(f"{path}.cost", "a support ability has an activation fee ('fee'), not a cost")
        cost = parse_cost(data.get("fee", {}), f"{path}.fee")
        if cost.exhaust_self or cost.remove_victory_tokens:
            raise _fail(
                f"{path}.fee", "a support card is in hand: it cannot be exhausted or hold victory tokens"
            )
    elif "cost" in data or "fee" in data:
        raise _fail(f"{path}.cost", f"a {atype} ability has no cost")
    targets = tuple(parse_target(t, f"{path}.targets[{i}]") for i, t in enumerate(data.get("targets") or ()))
    if "effect" in data and "effects" in data:
        raise _fail(path, "use either 'effect' or 'effects', not both")
    effects: tuple[EffectSpec, ...]
    if "effect" in data:
        effects = (parse_effect(data["effect"], f"{path}.effect", targets, atype),)
    else:
        raw = data.get("effects")
        if not isinstance(raw, (list, tuple)) or not raw:
            raise _fail(f"{path}.effects", "an ability needs at least one effect")
        effects = tuple(parse_effect(e, f"{path}.effects[{i}]", targets, atype) for i, e in enumerate(raw))
    timing = _choice(data.get("timing", "any"), ("any", "day"), f"{path}.timing", "timing")
    if timing != "any" and atype != "activated":
        raise _fail(f"{path}.timing", "only activated abilities have a timing restriction")
    zone = _choice(data.get("zone", "board"), ABILITY_ZONES, f"{path}.zone", "zone")
    if zone != "board" and atype != "triggered":
        raise _fail(f"{path}.zone", "only triggered abilities may function outside the board here")
    once = _bool(data.get("once_per_turn", False), f"{path}.once_per_turn")
    if once and atype != "activated":
        raise _fail(f"{path}.once_per_turn", "only activated abilities are limited per turn")
    name = _str(data["name"], f"{path}.name") if data.get("name") is not None else None
    return Ability(
        type=atype,
        effects=effects,
        name=name,
        keywords=frozenset(keywords),
        trigger=trigger,
        cost=cost,
        targets=targets,
        timing=timing,
        once_per_turn=once,
        zone=zone,
        text=data.get("text"),
    )


def load_card(data: Any, path: str = "") -> CardDef:
    """Build a :class:`CardDef` from a mapping, raising :class:`CardDefinitionError` naming the field."""
    f = read_fields(data, CARD_FIELDS, path, CardDefinitionError)
    p = f"{path}." if path else ""
    if f["cost"] is not None and f["type"] != "character":
        raise _fail(f"{p}cost", "only characters have an acquisition cost (2.2.1)")
    if f["vtf"] is not None and f["victory_token_field"] is not None:
        raise _fail(f"{p}vtf", "give the Victory Token Field once")
    abilities = tuple(parse_ability(a, f"{p}abilities[{i}]") for i, a in enumerate(f["abilities"]))
    if sum(1 for a in abilities if a.type == "support") > 1:
        raise _fail(f"{p}abilities", "a card can have only one support ability (4.3.5f.IV)")
    for i, a in enumerate(abilities):
        if a.zone == "extra_deck" and not f["extra_rules"]:
            raise _fail(
                f"{p}abilities[{i}].zone",
                "only the operation of an extra rule lets a card act from the extra deck (7.4.2c, 7.4.2d): give the card extra_rules",
            )
    return CardDef(
        name=f["name"],
        type=f["type"],
        faction=f["faction"],
        subtypes=f["subtypes"],
        cost=f["cost"],
        ofv=f["ofv"],
        dfv=f["dfv"],
        item_slots=f["item_slots"],
        victory_token_field=f["victory_token_field"] if f["vtf"] is None else f["vtf"],
        extra_rules=f["extra_rules"],
        abilities=abilities,
        text=f["text"],
        max_copies=f["max_copies"],
    )


def load_library(data: Any) -> dict[str, CardDef]:
    """Load a card library from a list of card mappings (or a name -> mapping dict)."""
    items: list[tuple[str, Any]]
    if isinstance(data, Mapping):
        items = []
        for key, value in data.items():
            value = dict(_mapping(value, str(key)))
            value.setdefault("name", key)
            items.append((str(key), value))
    elif isinstance(data, (list, tuple)):
        items = [(f"[{i}]", v) for i, v in enumerate(data)]
    else:
        raise _fail("", "a card library is a list of cards or a mapping of name to card")
    library: dict[str, CardDef] = {}
    for path, value in items:
        card = value if isinstance(value, CardDef) else load_card(value, path)
        if card.name in library:
            raise _fail(f"{path}.name", f"duplicate card name {card.name!r}")
        library[card.name] = card
    return library


def token_def(spec: TokenSpec, faction: str | None) -> CardDef:
    """The :class:`CardDef` of a token created from ``spec`` (faction already resolved)."""
    return CardDef(
        name=spec.display_name(),
        type=spec.type,
        faction=faction,
        subtypes=spec.subtypes,
        ofv=spec.ofv,
        dfv=spec.dfv,
        item_slots=spec.item_slots,
        victory_token_field=spec.victory_token_field,
        abilities=spec.abilities,
        token=True,
    )
