"""Expectations of a scenario, checked against the engine's state: each mismatch a readable line."""

from __future__ import annotations

from collections import Counter

from engine.athernum.state import Game
from engine.athernum.visibility import aliases, seen_by
from kb.verify.athernum.refs import StepError, ref

_PILES = {"hand": "hand", "deck": "deck", "discard": "discard", "void": "void", "extra_deck": "extra_deck",
          "characters": "character_slots", "locations": "locations"}
_ORDERED = {"deck", "discard"}  # 7.2.1c, 7.2.3b: order matters


def _names(game: Game, ids: list) -> list[str]:
    return [game.objects[i].name for i in ids if i is not None]


def _matches_name(game: Game, oid: str, expected: str) -> bool:
    """An expected entry names a card by name, label or id."""
    return expected in (oid, game.objects[oid].name) or expected.casefold() == game.objects[oid].name.casefold()


def _compare_pile(game: Game, where: str, ids: list, expected: list, ordered: bool) -> list[str]:
    actual = [i for i in ids if i is not None]
    if ordered:
        ok = len(actual) == len(expected) and all(_matches_name(game, a, e) for a, e in zip(actual, expected))
    else:
        remaining = list(actual)
        ok = True
        for e in expected:
            hit = next((a for a in remaining if _matches_name(game, a, e)), None)
            if hit is None:
                ok = False
                break
            remaining.remove(hit)
        ok = ok and not remaining
    if ok:
        return []
    shown = _names(game, actual)
    return [f"{where}: expected {expected}, got {shown if ordered else sorted(shown)}"]


def _log_matches(game: Game, entry, spec) -> bool:
    """Whether a log entry is the one an expectation describes: its rule, and kind, text, object, player if given."""
    rule = str(spec["rule"] if isinstance(spec, dict) else spec)
    if entry.rule != rule:
        return False
    if isinstance(spec, dict):
        if "kind" in spec and entry.kind != spec["kind"]:
            return False
        if "message" in spec and spec["message"].casefold() not in entry.message.casefold():
            return False
        if "player" in spec and entry.player != spec["player"]:
            return False
        if "object" in spec:
            try:
                wanted = ref(game, spec["object"])
            except StepError:
                return False
            if wanted not in entry.objects:
                return False
    return True


def check(game: Game, expect: dict, log_from: int = 0) -> list[str]:
    """Every way the game differs from ``expect``; ``log_from`` is where this scenario's log starts."""
    out: list[str] = []
    snap = game.to_dict()

    def same(label: str, expected, actual) -> None:
        if expected != actual:
            out.append(f"{label}: expected {expected!r}, got {actual!r}")

    if "winner" in expect:
        result = game.result
        actual = "none" if result is None else ("draw" if result.winner is None else result.winner)
        same("winner", expect["winner"], actual)
    for key in ("turn", "active", "priority", "victory_pool", "victory_lost"):
        if key in expect:
            same(key, expect[key], snap[key])
    if "phase" in expect:
        same("phase", expect["phase"], snap["phase"])
    if "acting" in expect:
        same("acting", expect["acting"], game.acting_player)
    stack = snap["stack"] or []
    if "stack_size" in expect:
        same("stack_size", expect["stack_size"], len(stack))
    if "stack" in expect:
        labels = [e["label"] for e in stack]
        if len(labels) != len(expect["stack"]) or not all(
                str(e).casefold() in str(a).casefold() for e, a in zip(expect["stack"], labels)):
            out.append(f"stack (bottom to top): expected {expect['stack']}, got {labels}")
    if "pending" in expect:
        pending = snap["pending_choice"]
        if expect["pending"] is None:
            same("pending choice", None, pending and pending["kind"])
        else:
            for k, v in expect["pending"].items():
                same(f"pending choice {k}", v, (pending or {}).get(k))
    if "combat" in expect:
        combat = snap["combat"]
        if expect["combat"] is None:
            same("combat", None, combat)
        else:
            for k, v in expect["combat"].items():
                try:
                    wanted = None if v is None else ref(game, v)
                except StepError as exc:
                    out.append(f"combat {k}: {exc}")
                    continue
                same(f"combat {k}", wanted, (combat or {}).get(k))
    for pid in ("p1", "p2"):
        if pid in expect:
            out += _check_player(game, pid, snap["players"][pid], expect[pid])
    for name, props in (expect.get("objects") or {}).items():
        out += _check_object(game, snap, name, props)
    for pid, spec in (expect.get("view") or {}).items():
        out += _check_view(game, pid, spec or {})
    log = game.log[log_from:]
    position = 0
    for spec in expect.get("log") or []:
        found = next((i for i in range(position, len(log)) if _log_matches(game, log[i], spec)), None)
        if found is None:
            out.append(f"log: expected an entry citing {spec if isinstance(spec, dict) else {'rule': spec}} "
                       f"(after entry {position}), none found")
        else:
            position = found + 1
    for spec in expect.get("no_log") or []:
        hit = next((e for e in log if _log_matches(game, e, spec)), None)
        if hit is not None:
            out.append(f"log: expected no entry citing {spec}, found: {hit.message} ({hit.rule})")
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
        elif main is None or not _matches_name(game, main, expect["main"]):
            out.append(f"{pid}.main: expected {expect['main']}, got {main and game.objects[main].name}")
    counts = {"hand_count": len(snap["hand"]), "deck_count": len(snap["deck"]), "discard_count": len(snap["discard"]),
              "resources": len(snap["resources"]),
              "resources_ready": sum(1 for r in snap["resources"] if not game.objects[r].exhausted),
              "command_tokens": snap["command_tokens"], "command_max": snap["command_max"],
              "victory_tokens": snap["victory_tokens"], "faction": snap["faction"]}
    for key, actual in counts.items():
        if key in expect and expect[key] != actual:
            out.append(f"{pid}.{key}: expected {expect[key]!r}, got {actual!r}")
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
                out.append(f"view of {pid}: expected {name} ({oid}) to be {'visible' if visible else 'hidden'}, "
                           f"but it is {'visible' if shown else 'hidden'} (rule {rule})")
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
    try:
        oid = ref(game, name)
    except StepError:
        oid = None
    exists = oid is not None and oid in snap["objects"]
    if "exists" in props and props["exists"] != exists:
        return [f"{name}: expected it {'to exist' if props['exists'] else 'to no longer exist'}, "
                f"but it {'does' if exists else 'does not'}"]
    if not exists:
        return [] if props.get("exists") is False else [f"{name}: no such card or token in the game"]
    return _compare_object(game, name, oid, snap["objects"][oid], props)


def _compare_object(game: Game, name: str, oid: str, data: dict, props: dict, alias: dict | None = None) -> list[str]:
    """Compare an object's plain data (from ``to_dict`` or a player's view, whose hidden objects go by the
    opaque ids of ``alias``) with the expected properties; an anonymous attachment is named ``hidden``."""
    alias = alias or {}
    out = []
    counters = data.get("counters", {})
    actual = {**data, "damage": counters.get("damage", 0), "exhaustion_counters": counters.get("exhaustion", 0)}
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
                out.append(f"{name}.attachments: expected {sorted(wanted)}, got {sorted(got_names.elements())}")
            continue
        if key in ("types", "subtypes") and got is not None:
            got, wanted = sorted(got), sorted(wanted)
        if key == "counters":
            got = {k: v for k, v in counters.items() if k in wanted or v}
        if got != wanted:
            where = data["zone"]
            out.append(f"{name} ({oid}, in {where}).{key}: expected {wanted!r}, got {got!r}")
    return out
