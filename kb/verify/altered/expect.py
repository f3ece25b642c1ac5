"""Expectations of an Altered scenario, checked against the engine's state: each mismatch a readable line."""

from __future__ import annotations

from engine.altered.state import Game
from kb.verify.altered.refs import ref
from kb.verify.expect_common import (
    check_log,
    compare_pile,
    compare_values,
    existence,
    is_named,
    labels_match,
    mismatch,
    players_and_objects,
)
from kb.verify.naming import StepError

_PILES = ("hand", "reserve", "discard", "landmarks", "deck")
_ORDERED = {"deck", "discard", "deck_top"}  # the Deck from its top, the Discard pile oldest first


def _name(game: Game, oid: str) -> str:
    if oid in game.objects:
        return game.objects[oid].name
    return game.emblems[oid].name if oid in game.emblems else oid


def _compare(game: Game, where: str, ids: list[str], expected: list[str], ordered: bool) -> list[str]:
    return compare_pile(where, ids, expected, ordered, lambda oid: _name(game, oid))


def check(game: Game, expect: dict) -> list[str]:
    """Every way the game differs from ``expect``."""
    out: list[str] = []
    snap = game.to_dict()
    for key in ("day", "phase", "first_player", "turn_player", "initiative"):
        if key in expect:
            out += mismatch(key, expect[key], snap[key])
    if "acting" in expect:
        out += mismatch("acting", expect["acting"], game.acting_player)
    if "pending" in expect:
        out += _check_pending(game, snap["pending"], expect["pending"])
    if "limbo" in expect:
        labels = [
            f"{e} {game.emblems[e].name} {game.emblems[e].source_name} {game.emblems[e].text}"
            if e in game.emblems
            else f"{e} {_name(game, e)}"
            for e in game.limbo
        ]
        if not labels_match(expect["limbo"], labels):
            out.append(f"limbo (oldest first): expected {expect['limbo']}, got {labels}")
    if "removed" in expect:
        out += _compare(game, "removed", snap["removed"], expect["removed"], False)
    out += players_and_objects(game, snap, expect, ("p1", "p2"), _check_player, _check_object)
    out += check_log(game.log, expect, lambda text: ref(game, text))
    return out


def _check_pending(game: Game, pending: dict | None, expected: dict | None) -> list[str]:
    if expected is None:
        return (
            []
            if pending is None
            else [f"pending: expected none, got {pending['kind']} for {pending['player']}"]
        )
    if pending is None:
        return [f"pending: expected {expected}, got none"]
    out = []
    for key in ("kind", "player"):
        if key in expected and expected[key] != pending[key]:
            out.append(f"pending {key}: expected {expected[key]!r}, got {pending[key]!r}")
    if "options" in expected:
        out += _compare(game, "pending options", pending["options"], expected["options"], False)
    if "known" in expected:
        known = pending["known"]
        ok = len(known) == len(expected["known"]) and all(
            (("player" not in e) or e["player"] == k["player"])
            and e.get("text", "").casefold() in k["text"].casefold()
            for e, k in zip(expected["known"], known)
        )
        if not ok:
            out.append(f"pending known: expected {expected['known']}, got {known}")
    return out


def _check_player(game: Game, pid: str, snap: dict, expect: dict) -> list[str]:
    out: list[str] = []
    for key in _PILES:
        if key in expect:
            out += _compare(game, f"{pid}.{key}", snap[key], expect[key], key in _ORDERED)
    if "deck_top" in expect:
        out += _compare(
            game, f"{pid}.deck_top", snap["deck"][: len(expect["deck_top"])], expect["deck_top"], True
        )
    for exp, names in (expect.get("expeditions") or {}).items():
        out += _compare(game, f"{pid}.expeditions.{exp}", snap["expeditions"][exp], names, False)
    for exp, pos in (expect.get("positions") or {}).items():
        if snap["positions"][exp] != pos:
            out.append(f"{pid}.positions.{exp}: expected {pos}, got {snap['positions'][exp]}")
    if "hero" in expect:
        hero = snap["hero"]
        if (expect["hero"] is None) != (hero is None) or (
            hero is not None and not is_named(expect["hero"], hero, _name(game, hero))
        ):
            out.append(f"{pid}.hero: expected {expect['hero']}, got {hero and _name(game, hero)}")
    counts = {
        "hand_count": len(snap["hand"]),
        "deck_count": len(snap["deck"]),
        "reserve_count": len(snap["reserve"]),
        "discard_count": len(snap["discard"]),
        "mana_count": len(snap["mana"]),
        "mana_ready": snap["mana_ready"],
        "passed": snap["passed"],
    }
    out += compare_values(pid, expect, counts)
    return out


def _check_object(game: Game, snap: dict, name: str, props: dict) -> list[str]:
    try:
        oid = ref(game, name)
    except StepError:
        oid = None
    data = snap["objects"].get(oid) or snap["emblems"].get(oid)
    wrong = existence(name, props, data is not None, "object")
    if wrong is not None:
        return wrong
    out = []
    for key, wanted in props.items():
        if key == "exists":
            continue
        got = data.get(key)
        if key == "stats" and isinstance(wanted, list) and got is not None:
            got = [got["forest"], got["mountain"], got["water"]]
        elif key == "stats" and isinstance(wanted, dict) and got is not None:
            got = {k: got[k] for k in wanted}
        if key in ("types", "subtypes") and got is not None:
            got, wanted = sorted(got), sorted(wanted)
        if got != wanted:
            out.append(f"{name} ({oid}, in {data.get('zone')}).{key}: expected {wanted!r}, got {got!r}")
    return out
