"""Reading card definitions from plain data (YAML/JSON), checking them against the excerpt.

A card is a mapping; see ``docs/authors/altered.md`` for the language. Sub-types are checked
against their lists (2.2.2.a-h, 2.2.2.k-l), statistics against 2.2.9.a-c, durations against
2.2.13.a-b, token descriptions against 2.2.2.j and 2.2.9.e.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from typing import Any

import yaml

from engine.common.fields import Field, read_fields

from . import subtypes as ST
from .cards import (
    CARD_TYPES,
    DAILY_EFFECTS,
    DURATIONS,
    PHASE_TRIGGERS,
    STATISTICS,
    Ability,
    CardDef,
    Cost,
    Passive,
    Step,
    TargetSpec,
    Trigger,
)
from .errors import CardDefinitionError
from .tokens import parse_token

TARGET_KINDS = ("expedition", "character", "reserve_card", "own_reserve_card")
PASSIVE_KINDS = ("cannot", "costs_less", "stats", "regions_are", "may_play_from", "instead")
PROHIBITABLE = (
    "move_forward",
    "sacrifice",
    "discard_from_reserve",
    "play_from_discard",
    "play_from_reserve",
    "gain_boost",
)
WHO = ("you", "each")
VERB_ARGS: dict[str, tuple[str, ...]] = {
    "resupply": ("who", "may"),
    "draw": ("count", "who"),
    "sabotage": ("target",),
    "create_token": ("token", "count", "where", "target"),
    "sacrifice": ("who",),
    "boost": ("what", "amount", "target"),
    "ongoing": ("duration", "passive", "link", "target"),
    "after_you": (),
    "move_forward": ("expedition", "target"),
    "move": ("what", "target", "to"),
    "if": ("condition", "then"),
    "may_pay": ("cost", "then"),
    "discard": ("count", "who"),
}
MOVE_DESTINATIONS = (
    "your_hand",
    "your_reserve",
    "owner_reserve",
    "hero_expedition",
    "companion_expedition",
    "owner_discard",
)


def _fail(path: str, problem: str, *rules: str):
    raise CardDefinitionError(path, problem, *rules)


def _int(value, path: str, rule: str = "", minimum: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        _fail(path, f"expected a whole number >= {minimum}, not {value!r}", *((rule,) if rule else ()))
    return value


def _stats(value, path: str) -> tuple[int, int, int]:
    """Three numbers, Forest, Mountain, Water (2.2.9.a-b)."""
    if isinstance(value, Mapping):
        unknown = [k for k in value if k not in STATISTICS]
        if unknown:
            _fail(
                path,
                f"unknown statistic(s) {', '.join(map(str, unknown))}; there are three: forest, mountain, water",
                "2.2.9.b",
            )
        value = [value.get(s, 0) for s in STATISTICS]
    if isinstance(value, str):
        value = value.split("/")
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        _fail(path, f"a Character has three statistics (Forest, Mountain, Water), not {value!r}", "2.2.9.b")
    out = []
    for v in value:
        if isinstance(v, str) and v.strip().isdigit():
            v = int(v)
        if isinstance(v, bool) or not isinstance(v, int):
            _fail(path, f"statistics are numbers, not {v!r}", "2.2.9.a")
        out.append(v)
    return tuple(out)


def _cost(data, path: str) -> Cost:
    if data in (None, {}):
        return Cost()
    if isinstance(data, int) and not isinstance(data, bool):
        return Cost(mana=_int(data, path))
    if not isinstance(data, Mapping):
        _fail(path, f"a cost is a number or a mapping, not {data!r}")
    known = ("mana", "exhaust_me", "discard_me", "hand_to_reserve", "sacrifice")
    unknown = [k for k in data if k not in known]
    if unknown:
        _fail(path, f"unknown cost part(s) {', '.join(unknown)} (known: {', '.join(known)})")
    return Cost(
        mana=_int(data.get("mana", 0), f"{path}.mana"),
        exhaust_me=bool(data.get("exhaust_me", False)),
        discard_me=bool(data.get("discard_me", False)),
        hand_to_reserve=_int(data.get("hand_to_reserve", 0), f"{path}.hand_to_reserve"),
        sacrifice=_int(data.get("sacrifice", 0), f"{path}.sacrifice"),
    )


def _trigger(data, path: str) -> Trigger:
    if not isinstance(data, Mapping) or len(data) != 1:
        _fail(path, "a trigger is one of at, after, played, gains_boost, tokens_created")
    ((key, value),) = data.items()
    if key == "at":
        if value not in PHASE_TRIGGERS:
            _fail(path, f"'at' names a phase ({', '.join(PHASE_TRIGGERS)}), not {value!r}")
        return Trigger(at=value)
    if key == "after":
        if value not in DAILY_EFFECTS:
            _fail(path, f"'after' names a daily effect ({', '.join(DAILY_EFFECTS)}), not {value!r}")
        return Trigger(after=value)
    if key == "played":
        if value not in ("hand", "reserve", "any"):
            _fail(path, f"'played' is hand, reserve or any, not {value!r}")
        return Trigger(played=value)
    if key == "gains_boost":
        return Trigger(gains_boost=True)
    if key == "tokens_created":
        return Trigger(tokens_created=True)
    _fail(path, f"unknown trigger {key!r}")
    raise AssertionError


def _targets(data, path: str) -> tuple[TargetSpec, ...]:
    out = []
    for i, t in enumerate(data or []):
        where = f"{path}[{i}]"
        if isinstance(t, str):
            t = {"kind": t}
        if not isinstance(t, Mapping) or t.get("kind") not in TARGET_KINDS:
            _fail(where, f"a target kind is one of {', '.join(TARGET_KINDS)}")
        out.append(TargetSpec(t["kind"], bool(t.get("up_to", False))))
    return tuple(out)


def _condition(data, path: str) -> dict:
    if not isinstance(data, Mapping) or len(data) != 1:
        _fail(path, "a condition is one of first_player, control_at_least, it_is")
    ((key, value),) = data.items()
    if key == "first_player":
        return {"first_player": bool(value)}
    if key == "control_at_least":
        if not isinstance(value, Mapping) or "subtype" not in value:
            _fail(path, "control_at_least needs a subtype and a count")
        return {
            "control_at_least": {"subtype": str(value["subtype"]), "count": _int(value.get("count", 1), path)}
        }
    if key == "it_is":
        return {"it_is": str(value)}
    _fail(path, f"unknown condition {key!r}")
    raise AssertionError


def _passive(data, path: str, *, in_emblem: bool = False) -> Passive:
    if not isinstance(data, Mapping):
        _fail(path, "a passive ability is a mapping")
    if "duration" in data and not in_emblem:
        _fail(path, "only Ongoing Emblems have a duration; a passive ability of a card has none", "2.2.13.b")
    kinds = [k for k in data if k in PASSIVE_KINDS]
    extra = [k for k in data if k not in PASSIVE_KINDS and k not in ("text", "duration")]
    if len(kinds) != 1 or extra:
        _fail(path, f"a passive ability has exactly one of {', '.join(PASSIVE_KINDS)}")
    kind = kinds[0]
    value = data[kind]
    if kind == "cannot":
        if value not in PROHIBITABLE:
            _fail(path, f"'cannot' names one of {', '.join(PROHIBITABLE)}, not {value!r}")
    elif kind == "costs_less":
        value = _int(value, path)
    elif kind == "stats":
        if not isinstance(value, Mapping) or any(k not in STATISTICS for k in value):
            _fail(path, "a statistics bonus maps forest/mountain/water to numbers", "2.2.9.b")
        value = tuple(_int(value.get(s, 0), path, "2.2.9.a", minimum=-99) for s in STATISTICS)
    elif kind == "regions_are":
        subs = tuple(value if isinstance(value, list) else [value])
        trouble = ST.problem("region", subs)
        if trouble:
            _fail(path, trouble[0], trouble[1])
        value = subs
    elif kind == "may_play_from":
        if value not in ("discard",):
            _fail(path, "may_play_from names a zone cards are not normally played from: discard")
    elif kind == "instead":
        if (
            not isinstance(value, Mapping)
            or value.get("event") != "discard_from_reserve"
            or value.get("to") != "hand"
        ):
            _fail(path, "instead supports {event: discard_from_reserve, to: hand}")
        value = ("discard_from_reserve", "hand")
    return Passive(kind, value)


def _step(data, path: str) -> Step:
    if isinstance(data, str):
        data = {data: {}}
    if not isinstance(data, Mapping) or len(data) != 1:
        _fail(path, f"a step is one verb ({', '.join(VERB_ARGS)}, or simultaneously), not {data!r}")
    ((verb, args),) = data.items()
    if verb == "simultaneously":
        return Step(
            "simultaneously",
            {},
            tuple(_step(s, f"{path}.simultaneously[{i}]") for i, s in enumerate(args or [])),
        )
    if verb not in VERB_ARGS:
        _fail(path, f"unknown verb {verb!r} (known: {', '.join(VERB_ARGS)})")
    args = dict(args or {})
    unknown = [k for k in args if k not in (*VERB_ARGS[verb], "text")]
    if unknown:
        _fail(path, f"{verb}: unknown argument(s) {', '.join(unknown)} (known: {', '.join(VERB_ARGS[verb])})")
    if "who" in args and args["who"] not in WHO:
        _fail(f"{path}.who", f"who is one of {', '.join(WHO)}")
    if verb == "create_token":
        args["token"] = parse_token(args.get("token", ""), f"{path}.token")
        if args.get("where", "target") not in ("target", "hero", "companion", "each"):
            _fail(f"{path}.where", "where is target, hero, companion or each")
        args["count"] = _int(args.get("count", 1), f"{path}.count", minimum=1)
    if verb == "ongoing":
        if args.get("duration") not in DURATIONS:
            _fail(
                f"{path}.duration",
                f"a duration is one of {', '.join(DURATIONS)} (this Turn, this Afternoon, "
                f"this Day), not {args.get('duration')!r}",
                "2.2.13.a",
            )
        args["passive"] = _passive(args.get("passive"), f"{path}.passive", in_emblem=True)
    if verb == "move" and args.get("to") not in MOVE_DESTINATIONS:
        _fail(f"{path}.to", f"to is one of {', '.join(MOVE_DESTINATIONS)}")
    if verb in ("if", "may_pay"):
        if verb == "if":
            args["condition"] = _condition(args.get("condition"), f"{path}.condition")
        else:
            args["cost"] = _cost(args.get("cost"), f"{path}.cost")
        args["then"] = tuple(_step(s, f"{path}.then[{i}]") for i, s in enumerate(args.get("then") or []))
    if verb in ("draw", "boost", "discard"):
        key = "amount" if verb == "boost" else "count"
        args[key] = _int(args.get(key, 1), f"{path}.{key}", minimum=1)
    return Step(verb, args)


def _effect(data, path: str) -> tuple[Step, ...]:
    if data is None:
        return ()
    if not isinstance(data, list):
        data = [data]
    return tuple(_step(s, f"{path}[{i}]") for i, s in enumerate(data))


def _ability(data, path: str) -> Ability:
    if not isinstance(data, Mapping) or len(data) != 1:
        _fail(path, "an ability is one of reaction, quick, support, passive")
    ((kind, body),) = data.items()
    body = dict(body or {})
    text = str(body.get("text", ""))
    if kind == "passive":
        return Ability("passive", text, passive=_passive(body, path))
    if "duration" in body:
        _fail(path, "only Ongoing Emblems have a duration", "2.2.13.b")
    if kind == "reaction":
        return Ability(
            "reaction",
            text,
            trigger=_trigger(body.get("trigger"), f"{path}.trigger"),
            condition=_condition(body["condition"], f"{path}.condition") if body.get("condition") else None,
            targets=_targets(body.get("targets"), f"{path}.targets"),
            effect=_effect(body.get("effect"), f"{path}.effect"),
        )
    if kind in ("quick", "support"):
        return Ability(
            kind,
            text,
            cost=_cost(body.get("cost"), f"{path}.cost"),
            targets=_targets(body.get("targets"), f"{path}.targets"),
            effect=_effect(body.get("effect"), f"{path}.effect"),
        )
    _fail(path, f"unknown ability kind {kind!r}")
    raise AssertionError


#: The fields of a card definition (2.2); the nested ones (stats, abilities, targets, effect, terrains) are read
#: by the parsers above, and which card types may have which fields is checked by :func:`load_card`.
CARD_FIELDS = (
    Field("name", "str", required=True),
    Field("type", "choice", required=True, choices=CARD_TYPES),
    Field("subtypes", "str_list", default=()),
    Field("cost", "int", minimum=0),
    Field("reserve_cost", "int", minimum=0),
    Field("stats"),
    Field("abilities", "list", default=()),
    Field("targets"),
    Field("effect"),
    Field("terrains"),
    Field("role"),
    Field("text", default=""),
    Field("duration"),
)


def load_card(data: Mapping, path: str = "") -> CardDef:
    """One card from plain data; raises :class:`CardDefinitionError` naming the field and the rule."""
    path = path or (str(data.get("name") or "card") if isinstance(data, Mapping) else "card")
    f = read_fields(data, CARD_FIELDS, path, CardDefinitionError)
    name, ctype = f["name"].strip(), f["type"]
    if f["duration"] is not None:
        _fail(f"{path}.duration", "only Ongoing Emblems have a duration", "2.2.13.b")
    subs = f["subtypes"]
    role = f["role"]
    terrains: tuple[tuple[str, ...], ...] = ()
    if ctype == "region":
        if role not in ("hero", "companion", "arena", "tumult"):
            _fail(f"{path}.role", "a region's role is hero, companion, arena or tumult")
        if role == "tumult":
            if subs:
                _fail(
                    f"{path}.subtypes",
                    "a Tumult region's sub-types are the symbols of each orientation: give them as terrains",
                    "2.2.2.l",
                )
            raw = f["terrains"] or []
            if raw and not isinstance(raw[0], list):
                raw = [raw]
            if not 1 <= len(raw) <= 2:
                _fail(
                    f"{path}.terrains", "a Tumult card has the terrains of one or two orientations", "2.2.2.l"
                )
            for i, t in enumerate(raw):
                trouble = ST.problem("region", tuple(t))
                if trouble:
                    _fail(f"{path}.terrains[{i}]", trouble[0], trouble[1], "2.2.2.l")
            terrains = tuple(tuple(t) for t in raw)
        else:
            if subs and tuple(sorted(subs)) != tuple(sorted(ST.FULL_REGION)):
                _fail(f"{path}.subtypes", f"the {role} region is Forest, Mountain and Water", "2.2.2.k")
            subs = ST.FULL_REGION
    else:
        if role is not None or f["terrains"]:
            _fail(path, "only regions have a role and terrains")
        trouble = ST.problem(ctype, subs)
        if trouble:
            _fail(f"{path}.subtypes", trouble[0], trouble[1])
    if len(set(subs)) != len(subs):
        _fail(f"{path}.subtypes", "a sub-type is listed twice", "2.2.2.c")
    stats = None
    if ctype == "character":
        if f["stats"] is None:
            _fail(f"{path}.stats", "a Character has three statistics: Forest, Mountain, Water", "2.2.9.b")
        stats = _stats(f["stats"], f"{path}.stats")
    elif f["stats"] is not None:
        _fail(f"{path}.stats", f"only Characters have statistics, not a {ctype}", "2.2.9.c")
    cost = reserve_cost = None
    if ctype in ("character", "spell", "permanent"):
        cost, reserve_cost = f["cost"] or 0, f["reserve_cost"]
    elif f["cost"] is not None or f["reserve_cost"] is not None:
        _fail(f"{path}.cost", f"a {ctype} is not played and has no cost")
    if ctype != "spell" and (f["effect"] or f["targets"]):
        _fail(f"{path}.effect", "only spells have an effect of their own; give other cards abilities")
    abilities = tuple(_ability(a, f"{path}.abilities[{i}]") for i, a in enumerate(f["abilities"]))
    return CardDef(
        name=name,
        type=ctype,
        subtypes=subs,
        cost=cost,
        reserve_cost=reserve_cost,
        stats=stats,
        abilities=abilities,
        targets=_targets(f["targets"], f"{path}.targets"),
        effect=_effect(f["effect"], f"{path}.effect"),
        terrains=terrains,
        role=role,
        text=str(f["text"]),
    )


def load_library(data: Mapping) -> dict[str, CardDef]:
    """A card library: a mapping of name to definition (or a list of definitions with names)."""
    items = data.items() if isinstance(data, Mapping) else ((d.get("name"), d) for d in data)
    out: dict[str, CardDef] = {}
    for name, body in items:
        body = {"name": name, **(body or {})}
        out[str(name)] = load_card(body, str(name))
    return out


#: The cards the engine holds besides a game's library, as data (``data/builtin_cards.yaml``).
BUILTIN_FILE = "builtin_cards.yaml"


@cache
def _builtin() -> dict[str, dict[str, dict[str, Any]]]:
    """The built-in cards file, read once: its ``adventure`` and ``placeholder`` cards by name."""
    data: dict[str, dict[str, dict[str, Any]]] = yaml.safe_load(
        files(__package__).joinpath("data", BUILTIN_FILE).read_text(encoding="utf-8")
    )
    return data


def default_adventure() -> dict[str, dict[str, Any]]:
    """The Adventure cards every game has, by name: used when a game names none (4.1.b-c)."""
    return dict(_builtin()["adventure"])


def builtin_cards() -> dict[str, CardDef]:
    """The default Adventure cards and the Mana Orb placeholder."""
    return load_library({**_builtin()["adventure"], **_builtin()["placeholder"]})
