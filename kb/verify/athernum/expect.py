"""Expectations of a scenario, checked against the engine's state: each mismatch a readable line."""

from __future__ import annotations

from collections import Counter

from engine.athernum.state import Game
from engine.athernum.visibility import aliases, seen_by
from kb.verify.athernum.refs import ref
from kb.verify.expect_common import (
    check_log,
    compare_pile,
    compare_values,
    effects_mismatches,
    existence,
    is_named,
    mismatch,
    pending_mismatches,
    players_and_objects,
    winner,
)
from kb.verify.naming import StepError

_PILES = {
    "hand": "hand",
    "deck": "deck",
    "discard": "discard",
    "void": "void",
    "extra_deck": "extra_deck",
    "characters": "character_slots",
    "locations": "locations",
}
_ORDERED = {"deck", "discard"}  # 7.2.1c, 7.2.3b: order matters


def _compare_pile(game: Game, where: str, ids: list, expected: list, ordered: bool) -> list[str]:
    """A pile (empty slots left out) against the names expected in it."""
    actual = [i for i in ids if i is not None]
    return compare_pile(where, actual, expected, ordered, lambda oid: game.objects[oid].name)


def _object_id(game: Game, text: str) -> str | None:
    try:
        return ref(game, text)
    except StepError:
        return None


def check(game: Game, expect: dict, log_from: int = 0) -> list[str]:
    """Every way the game differs from ``expect``; ``log_from`` is where this scenario's log starts."""
    out: list[str] = []
    snap = game.to_dict()
    if "winner" in expect:
        out += mismatch("winner", expect["winner"], winner(game))
    for key in ("turn", "active", "priority", "victory_pool", "victory_lost", "eliminated"):
        if key in expect:
            out += mismatch(key, expect[key], snap[key])
    if "phase" in expect:
        out += mismatch("phase", expect["phase"], snap["phase"])
    if "acting" in expect:
        out += mismatch("acting", expect["acting"], game.acting_player)
    out += effects_mismatches("stack", snap["stack"] or [], expect)
    if "pending" in expect:
        out += pending_mismatches(snap["pending"], expect["pending"])
    if "combat" in expect:
        combat = snap["combat"]
        if expect["combat"] is None:
            out += mismatch("combat", None, combat)
        else:
            for k, v in expect["combat"].items():
                try:
                    wanted = None if v is None else ref(game, v)
                except StepError as exc:
                    out.append(f"combat {k}: {exc}")
                    continue
                out += mismatch(f"combat {k}", wanted, (combat or {}).get(k))
    out += players_and_objects(game, snap, expect, game.order, _check_player, _check_object)
    for pid, spec in (expect.get("view") or {}).items():
        out += _check_view(game, pid, spec or {})
    out += check_log(game.log[log_from:], expect, lambda text: ref(game, text))
    return out


def _check_player(game: Game, pid: str, snap: dict, expect: dict) -> list[str]:
    out: list[str] = []
    for key, field in _PILES.items():
        if key in expect:
            out += _compare_pile(game, f"{pid}.{key}", snap[field], expect[key], key in _ORDERED)
    if "location" in expect:
        expected = [] if expect["location"] is None else [expect["location"]]
        out += _compare_pile(game, f"{pid}.location", snap["locations"], expected, False)
    if "main" in expect:
        main = snap["main_character"]
        if expect["main"] is None:
            if main is not None:
                out.append(f"{pid}.main: expected none, got {game.objects[main].name}")
        elif main is None or not is_named(expect["main"], main, game.objects[main].name):
            out.append(f"{pid}.main: expected {expect['main']}, got {main and game.objects[main].name}")
    counts = {
        "hand_count": len(snap["hand"]),
        "deck_count": len(snap["deck"]),
        "discard_count": len(snap["discard"]),
        "resources": len(snap["resources"]),
        "resources_ready": sum(1 for r in snap["resources"] if not game.objects[r].exhausted),
        "command_tokens": snap["command_tokens"],
        "command_max": snap["command_max"],
        "victory_tokens": snap["victory_tokens"],
        "faction": snap["faction"],
    }
    out += compare_values(pid, expect, counts)
    if "deck_top" in expect:
        top = snap["deck"][: len(expect["deck_top"])]
        out += _compare_pile(game, f"{pid}.deck_top", top, expect["deck_top"], True)
    if "pool" in expect:
        actual = {k or "factionless": v for k, v in snap["resource_pool"].items() if v}
        wanted = {k or "factionless": v for k, v in expect["pool"].items() if v}
        if actual != wanted:
            out.append(f"{pid}.pool: expected {wanted}, got {actual}")
    return out


def _check_view(game: Game, pid: str, spec: dict) -> list[str]:
    """What player ``pid`` may see (``game.view``): ``sees``/``hidden`` name objects, ``objects`` their view."""
    out: list[str] = []
    view = game.view(pid)
    alias = aliases(game, pid)
    for key, visible in (("sees", True), ("hidden", False)):
        for name in spec.get(key) or []:
            try:
                oid = ref(game, name)
            except StepError as exc:
                out.append(f"view of {pid}: {exc}")
                continue
            seen, rule = seen_by(game, pid, game.objects[oid])
            shown = oid in view["objects"] and view["objects"][oid].get("name") == game.objects[oid].name
            if shown != visible or seen != visible:
                out.append(
                    f"view of {pid}: expected {name} ({oid}) to be {'visible' if visible else 'hidden'}, "
                    f"but it is {'visible' if shown else 'hidden'} (rule {rule})"
                )
    for name, props in (spec.get("objects") or {}).items():
        try:
            oid = ref(game, name)
        except StepError as exc:
            out.append(f"view of {pid}: {exc}")
            continue
        key = alias.get(oid, oid)
        data = view["objects"].get(key)
        if data is None:
            out.append(f"view of {pid}: {name} ({oid}) is not in the view")
            continue
        out += [f"view of {pid}: {m}" for m in _compare_object(game, name, key, data, props, alias)]
    return out


def _check_object(game: Game, snap: dict, name: str, props: dict) -> list[str]:
    oid = _object_id(game, name)
    exists = oid is not None and oid in snap["objects"]
    wrong = existence(name, props, exists, "card or token")
    if wrong is not None:
        return wrong
    assert oid is not None  # it exists: existence() has said what is wrong otherwise
    return _compare_object(game, name, oid, snap["objects"][oid], props)


def _compare_object(
    game: Game, name: str, oid: str, data: dict, props: dict, alias: dict | None = None
) -> list[str]:
    """Compare an object's plain data (from ``to_dict`` or a player's view, whose hidden objects go by the
    opaque ids of ``alias``) with the expected properties; an anonymous attachment is named ``hidden``."""
    alias = alias or {}
    out = []
    counters = data.get("counters", {})
    actual = {
        **data,
        "damage": counters.get("damage", 0),
        "exhaustion_counters": counters.get("exhaustion", 0),
    }
    for key, wanted in props.items():
        if key == "exists":
            continue
        got = actual.get(key)
        if key == "attached_to" and wanted is not None:
            try:
                wanted = ref(game, wanted)
            except StepError as exc:
                out.append(f"{name}.attached_to: {exc}")
                continue
            wanted = alias.get(wanted, wanted)
        if key == "attachments":
            got_names = Counter(game.objects[a].name if a in game.objects else "hidden" for a in (got or []))
            if got_names != Counter(wanted):
                out.append(
                    f"{name}.attachments: expected {sorted(wanted)}, got {sorted(got_names.elements())}"
                )
            continue
        if key in ("types", "subtypes") and got is not None:
            got, wanted = sorted(got), sorted(wanted)
        if key == "counters":
            got = {k: v for k, v in counters.items() if k in wanted or v}
        if got != wanted:
            where = data["zone"]
            out.append(f"{name} ({oid}, in {where}).{key}: expected {wanted!r}, got {got!r}")
    return out
