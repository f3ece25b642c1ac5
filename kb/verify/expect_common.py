"""Expectations every game checks alike: piles of named objects, the log, plain values; each mismatch a line."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kb.verify.naming import StepError


def mismatch(label: str, expected, actual) -> list[str]:
    """``label: expected …, got …`` when the two differ."""
    return [] if expected == actual else [f"{label}: expected {expected!r}, got {actual!r}"]


def compare_values(prefix: str, expect: dict, actual: dict) -> list[str]:
    """Each value of ``actual`` the expectation names and that differs, as ``prefix.key: expected …, got …``."""
    return [
        f"{prefix}.{key}: expected {expect[key]!r}, got {value!r}"
        for key, value in actual.items()
        if key in expect and expect[key] != value
    ]


def is_named(expected: str, oid: str, name: str) -> bool:
    """An expected entry names an object by id or label, or by its name in any case."""
    return expected == oid or expected.casefold() == name.casefold()


def compare_pile(
    where: str, ids: list, expected: list, ordered: bool, name_of: Callable[[str], str]
) -> list[str]:
    """A pile against the names expected in it: in order, or as a multiset when order does not matter."""
    if ordered:
        ok = len(ids) == len(expected) and all(is_named(e, a, name_of(a)) for a, e in zip(ids, expected))
    else:
        remaining = list(ids)
        ok = True
        for e in expected:
            hit = next((a for a in remaining if is_named(e, a, name_of(a))), None)
            if hit is None:
                ok = False
                break
            remaining.remove(hit)
        ok = ok and not remaining
    if ok:
        return []
    shown = [name_of(i) for i in ids]
    return [f"{where}: expected {expected}, got {shown if ordered else sorted(shown)}"]


def labels_match(expected: list, labels: list) -> bool:
    """Each expected text is part of the label at its place (a stack, a horizon, Limbo), in any case."""
    return len(labels) == len(expected) and all(
        str(e).casefold() in str(a).casefold() for e, a in zip(expected, labels)
    )


def effects_mismatches(key: str, entries: list[dict], expect: dict) -> list[str]:
    """``<key>_size``, and ``<key>``: texts in the labels of the effects waiting there (a stack, a horizon)."""
    out = []
    if f"{key}_size" in expect:
        out += mismatch(f"{key}_size", expect[f"{key}_size"], len(entries))
    if key in expect:
        labels = [e["label"] for e in entries]
        if not labels_match(expect[key], labels):
            out.append(f"{key} (bottom to top): expected {expect[key]}, got {labels}")
    return out


def existence(
    name: str, props: dict, exists: bool, noun: str, gone: str = "to no longer exist"
) -> list[str] | None:
    """What is wrong with whether an expected object exists; None when its properties are to be compared."""
    if "exists" in props and props["exists"] != exists:
        return [
            f"{name}: expected it {'to exist' if props['exists'] else gone}, but it "
            f"{'does' if exists else 'does not'}"
        ]
    if not exists:
        return [] if props.get("exists") is False else [f"{name}: no such {noun} in the game"]
    return None


def winner(game) -> str:
    """Who won, as an expectation says it: a player, ``draw`` or ``none``."""
    result = game.result
    return "none" if result is None else ("draw" if result.winner is None else result.winner)


def pending_mismatches(pending: dict | None, expected: dict | None) -> list[str]:
    """A pending choice against ``pending:`` (``null``: none; else the kind, player … it must have)."""
    if expected is None:
        return mismatch("pending choice", None, pending and pending["kind"])
    return [
        m for k, v in expected.items() for m in mismatch(f"pending choice {k}", v, (pending or {}).get(k))
    ]


def players_and_objects(
    game, snap: dict, expect: dict, players: Sequence[str], check_player: Callable, check_object: Callable
) -> list[str]:
    """The mismatches of each player's expectations (``p1``, ``p2``…, in ``players`` order), then of each named
    object's (``objects:``), checked by the game's own ``check_player(game, pid, snap, spec)`` and
    ``check_object(game, snap, name, spec)``."""
    out: list[str] = []
    for pid in players:
        if pid in expect:
            out += check_player(game, pid, snap["players"][pid], expect[pid])
    for name, props in (expect.get("objects") or {}).items():
        out += check_object(game, snap, name, props)
    return out


def _log_matches(entry, spec, obj: str | None) -> bool:
    """Whether a log entry is the one an expectation describes: its rule, and kind, text, player if given, and the
    object ``obj`` (the id its ``object`` names, if it names one)."""
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
    return obj is None or obj in entry.objects


def _log_object(log: Sequence, spec, object_id: Callable[[str], str]) -> str | None:
    """The id a log expectation's ``object`` names (None: it names none): an object of the game, else an id the log
    gives an object that has left the game (a token that ceased to exist, an emblem that ended); StepError if none."""
    if not isinstance(spec, dict) or "object" not in spec:
        return None
    try:
        return object_id(spec["object"])
    except StepError as exc:
        if any(spec["object"] in entry.objects for entry in log):
            return spec["object"]
        raise StepError(f"{exc} (an object that has left the game goes by the id the log gives it)") from None


def check_log(log: Sequence, expect: dict, object_id: Callable[[str], str]) -> list[str]:
    """``log:`` entries found in that order, ``no_log:`` entries found nowhere; ``object_id`` resolves the name an
    entry's ``object`` gives (raising StepError), and a name of nothing is reported under its field."""
    out: list[str] = []
    wanted: dict[str, list] = {"log": [], "no_log": []}  # (spec, the id its object names)
    for key, specs in wanted.items():
        for index, spec in enumerate(expect.get(key) or []):
            try:
                specs.append((spec, _log_object(log, spec, object_id)))
            except StepError as exc:
                out.append(f"{key}[{index}].object: {exc}")
    position = 0
    for spec, obj in wanted["log"]:
        found = next((i for i in range(position, len(log)) if _log_matches(log[i], spec, obj)), None)
        if found is None:
            out.append(
                f"log: expected an entry citing {spec if isinstance(spec, dict) else {'rule': spec}} "
                f"(after entry {position}), none found"
            )
        else:
            position = found + 1
    for spec, obj in wanted["no_log"]:
        hit = next((e for e in log if _log_matches(e, spec, obj)), None)
        if hit is not None:
            out.append(f"log: expected no entry citing {spec}, found: {hit.message} ({hit.rule})")
    return out
