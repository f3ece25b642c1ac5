"""Expectations of an Atnia scenario, checked against the engine's state: each mismatch a readable line."""

from __future__ import annotations

from engine.atnia.state import Game
from kb.verify.atnia.refs import ref
from kb.verify.expect_common import (
    check_log,
    compare_pile,
    compare_values,
    effects_mismatches,
    existence,
    mismatch,
    pending_mismatches,
    players_and_objects,
    winner,
)
from kb.verify.naming import StepError

#: Player zones an expectation can list; ordered ones are compared in order (deck: top first; discard: oldest
#: first; battlefield: left to right).
PILES = ("hand", "deck", "discard", "void", "channel", "locations", "battlefield")
ORDERED = {"deck", "discard", "battlefield"}
COUNTS = ("life", "energy", "counters", "attacks", "max_hand")


def _compare(game: Game, where: str, ids: list[str], expected: list[str], ordered: bool) -> list[str]:
    return compare_pile(where, ids, expected, ordered, lambda cid: game.objects[cid].name)


def _card_id(game: Game, text: str) -> str | None:
    try:
        return ref(game, text)
    except StepError:
        return None


def check(game: Game, expect: dict) -> list[str]:
    """Every way the game differs from ``expect``."""
    out: list[str] = []
    snap = game.to_dict()
    if "winner" in expect:
        out += mismatch("winner", expect["winner"], winner(game))
    for key in ("round", "phase", "first", "active"):
        if key in expect:
            out += mismatch(key, expect[key], snap[key])
    if "acting" in expect:
        out += mismatch("acting", expect["acting"], game.acting_player)
    out += effects_mismatches("horizon", snap["horizon"], expect)
    if "pending" in expect:
        out += pending_mismatches(snap["pending"], expect["pending"])
    if "combat" in expect:
        out += _check_combat(game, snap["combat"], expect["combat"])
    out += players_and_objects(game, snap, expect, ("p1", "p2"), _check_player, _check_object)
    out += check_log(game.log, expect, lambda text: ref(game, text))
    return out


def _check_combat(game: Game, combat: dict | None, expected: dict | None) -> list[str]:
    if expected is None:
        return [] if combat is None else [f"combat: expected none, got step {combat['step']}"]
    if combat is None:
        return ["combat: expected a combat in progress, got none"]
    out = []
    for key in ("step", "attacker", "defender"):
        if key in expected and expected[key] != combat[key]:
            out.append(f"combat {key}: expected {expected[key]!r}, got {combat[key]!r}")
    if "attackers" in expected:
        out += _compare(
            game, "combat attackers", [u for u, _ in combat["attackers"]], expected["attackers"], True
        )
    if "blocks" in expected:
        try:
            wanted = {ref(game, b): ref(game, a) for b, a in expected["blocks"].items()}
        except StepError as exc:
            return out + [f"combat blocks: {exc}"]
        actual = {b: a for a, b in combat["blocks"].items()}
        if wanted != actual:
            out.append(
                f"combat blocks: expected {expected['blocks']}, got "
                + str({game.card(b).name: game.card(a).name for b, a in actual.items()})
            )
    return out


def _check_player(game: Game, pid: str, snap: dict, expect: dict) -> list[str]:
    out: list[str] = []
    for key in PILES:
        if key in expect:
            out += _compare(game, f"{pid}.{key}", snap[key], expect[key], key in ORDERED)
    out += compare_values(pid, expect, {key: snap[key] for key in COUNTS})
    out += compare_values(
        pid,
        expect,
        {
            f"{key}_count": len(snap[key])
            for key in ("hand", "deck", "discard", "channel", "locations", "battlefield", "void")
        },
    )
    if "deck_top" in expect:
        out += _compare(
            game, f"{pid}.deck_top", snap["deck"][: len(expect["deck_top"])], expect["deck_top"], True
        )
    if "deck_bottom" in expect:
        n = len(expect["deck_bottom"])
        out += _compare(
            game, f"{pid}.deck_bottom", snap["deck"][-n:] if n else [], expect["deck_bottom"], True
        )
    if "devotion" in expect:
        actual = {k: v for k, v in snap["devotion"].items() if v}
        wanted = {k: v for k, v in expect["devotion"].items() if v}
        if actual != wanted:
            out.append(f"{pid}.devotion: expected {wanted}, got {actual}")
    return out


def _check_object(game: Game, snap: dict, name: str, props: dict) -> list[str]:
    cid = _card_id(game, name)
    wrong = existence(name, props, cid is not None and cid in snap["objects"], "card", gone="not to exist")
    if wrong is not None:
        return wrong
    data = snap["objects"][cid]
    out = []
    for key, wanted in props.items():
        if key == "exists":
            continue
        got = data.get(key)
        if key in ("wielder", "weapon") and wanted is not None:
            try:
                wanted = ref(game, wanted)
            except StepError as exc:
                out.append(f"{name}.{key}: {exc}")
                continue
        if got != wanted:
            out.append(f"{name} ({cid}, in {data['zone']}).{key}: expected {wanted!r}, got {got!r}")
    return out
