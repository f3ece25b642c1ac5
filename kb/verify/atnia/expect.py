"""Expectations of an Atnia scenario, checked against the engine's state: each mismatch a readable line."""

from __future__ import annotations

from engine.atnia.state import Game
from kb.verify.atnia.refs import StepError, ref

#: Player zones an expectation can list; ordered ones are compared in order (deck: top first; discard: oldest
#: first; battlefield: left to right).
PILES = ("hand", "deck", "discard", "void", "channel", "locations", "battlefield")
ORDERED = {"deck", "discard", "battlefield"}
COUNTS = ("life", "energy", "counters", "attacks", "max_hand")


def _matches(game: Game, cid: str, expected: str) -> bool:
    """An expected entry names a card by id, label or name."""
    return expected == cid or expected.casefold() == game.objects[cid].name.casefold()


def _compare(game: Game, where: str, ids: list[str], expected: list[str], ordered: bool) -> list[str]:
    if ordered:
        ok = len(ids) == len(expected) and all(_matches(game, a, e) for a, e in zip(ids, expected))
    else:
        remaining = list(ids)
        ok = True
        for e in expected:
            hit = next((a for a in remaining if _matches(game, a, e)), None)
            if hit is None:
                ok = False
                break
            remaining.remove(hit)
        ok = ok and not remaining
    if ok:
        return []
    names = [game.objects[i].name for i in ids]
    return [f"{where}: expected {expected}, got {names if ordered else sorted(names)}"]


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


def check(game: Game, expect: dict) -> list[str]:
    """Every way the game differs from ``expect``."""
    out: list[str] = []
    snap = game.to_dict()

    def same(label: str, expected, actual) -> None:
        if expected != actual:
            out.append(f"{label}: expected {expected!r}, got {actual!r}")

    if "winner" in expect:
        result = game.result
        same("winner", expect["winner"], "none" if result is None else ("draw" if result.winner is None
                                                                          else result.winner))
    for key in ("round", "phase", "first", "active"):
        if key in expect:
            same(key, expect[key], snap[key])
    if "acting" in expect:
        same("acting", expect["acting"], game.acting_player)
    horizon = snap["horizon"]
    if "horizon_size" in expect:
        same("horizon_size", expect["horizon_size"], len(horizon))
    if "horizon" in expect:
        labels = [e["label"] for e in horizon]
        if len(labels) != len(expect["horizon"]) or not all(
                str(e).casefold() in str(a).casefold() for e, a in zip(expect["horizon"], labels)):
            out.append(f"horizon (bottom to top): expected {expect['horizon']}, got {labels}")
    if "pending" in expect:
        pending = snap["pending"]
        if expect["pending"] is None:
            same("pending choice", None, pending and pending["kind"])
        else:
            for k, v in expect["pending"].items():
                same(f"pending choice {k}", v, (pending or {}).get(k))
    if "combat" in expect:
        out += _check_combat(game, snap["combat"], expect["combat"])
    for pid in ("p1", "p2"):
        if pid in expect:
            out += _check_player(game, pid, snap["players"][pid], expect[pid])
    for name, props in (expect.get("objects") or {}).items():
        out += _check_object(game, snap, name, props)
    position = 0
    for spec in expect.get("log") or []:
        found = next((i for i in range(position, len(game.log)) if _log_matches(game, game.log[i], spec)), None)
        if found is None:
            out.append(f"log: expected an entry citing {spec if isinstance(spec, dict) else {'rule': spec}} "
                       f"(after entry {position}), none found")
        else:
            position = found + 1
    for spec in expect.get("no_log") or []:
        hit = next((e for e in game.log if _log_matches(game, e, spec)), None)
        if hit is not None:
            out.append(f"log: expected no entry citing {spec}, found: {hit.message} ({hit.rule})")
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
        out += _compare(game, "combat attackers", [u for u, _ in combat["attackers"]], expected["attackers"], True)
    if "blocks" in expected:
        try:
            wanted = {ref(game, b): ref(game, a) for b, a in expected["blocks"].items()}
        except StepError as exc:
            return out + [f"combat blocks: {exc}"]
        actual = {b: a for a, b in combat["blocks"].items()}
        if wanted != actual:
            out.append(f"combat blocks: expected {expected['blocks']}, got "
                       + str({game.card(b).name: game.card(a).name for b, a in actual.items()}))
    return out


def _check_player(game: Game, pid: str, snap: dict, expect: dict) -> list[str]:
    out: list[str] = []
    for key in PILES:
        if key in expect:
            out += _compare(game, f"{pid}.{key}", snap[key], expect[key], key in ORDERED)
    for key in COUNTS:
        if key in expect and expect[key] != snap[key]:
            out.append(f"{pid}.{key}: expected {expect[key]!r}, got {snap[key]!r}")
    for key in ("hand", "deck", "discard", "channel", "locations", "battlefield", "void"):
        count = f"{key}_count"
        if count in expect and expect[count] != len(snap[key]):
            out.append(f"{pid}.{count}: expected {expect[count]}, got {len(snap[key])}")
    if "deck_top" in expect:
        out += _compare(game, f"{pid}.deck_top", snap["deck"][: len(expect["deck_top"])], expect["deck_top"], True)
    if "deck_bottom" in expect:
        n = len(expect["deck_bottom"])
        out += _compare(game, f"{pid}.deck_bottom", snap["deck"][-n:] if n else [], expect["deck_bottom"], True)
    if "devotion" in expect:
        actual = {k: v for k, v in snap["devotion"].items() if v}
        wanted = {k: v for k, v in expect["devotion"].items() if v}
        if actual != wanted:
            out.append(f"{pid}.devotion: expected {wanted}, got {actual}")
    return out


def _check_object(game: Game, snap: dict, name: str, props: dict) -> list[str]:
    try:
        cid = ref(game, name)
    except StepError:
        cid = None
    exists = cid is not None and cid in snap["objects"]
    if "exists" in props and props["exists"] != exists:
        return [f"{name}: expected it {'to exist' if props['exists'] else 'not to exist'}, but it "
                f"{'does' if exists else 'does not'}"]
    if not exists:
        return [] if props.get("exists") is False else [f"{name}: no such card in the game"]
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
