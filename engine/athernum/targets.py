"""Targets: what may be chosen when an ability is used, and what is still legal when it resolves.

Targets are chosen on activation (or when a triggered ability is put on the stack) and checked
again on resolution; invalid ones are dropped and the rest are affected (4.3.5b.III, 4.3.5c.V).
In actions, a target is an id: an object id, a player id, or a stack effect id.
"""

from __future__ import annotations

from itertools import combinations, product

from .cards import TargetSpec
from .errors import InvalidTarget
from .state import BOARD_ZONES, Game, TargetRef, Zone
from .values import matches

Choice = tuple[tuple[str, ...], ...]


def candidates(game: Game, spec: TargetSpec, you: str, source_id: str | None) -> list[TargetRef]:
    """Everything that may be chosen for one target group now."""
    flt = spec.filter
    out: list[TargetRef] = []
    if spec.kind == "player":
        for pid in game.playing:
            if flt.controller == "any" or (pid == you) == (flt.controller == "you"):
                out.append(TargetRef("player", pid))
        return out
    if spec.kind == "effect":
        for entry in game.stack or ():
            if flt.controller == "any" or (entry.controller == you) == (flt.controller == "you"):
                out.append(TargetRef("effect", entry.id))
        return out
    if spec.kind == "card":
        zone = Zone.DISCARD if spec.zone == "discard" else Zone.VOID
        for pid in game.order:
            for oid in game.players[pid].zone_list(zone):
                o = game.objects[oid]
                if matches(game, o, flt, you, source_id):
                    out.append(TargetRef("object", oid, o.incarnation))
        return out
    ids = game.board_ids() if spec.kind == "permanent" else game.attachment_ids()
    for oid in ids:
        o = game.objects[oid]
        if matches(game, o, flt, you, source_id):
            out.append(TargetRef("object", oid, o.incarnation))
    return out


def still_legal(game: Game, spec: TargetSpec, ref: TargetRef, you: str, source_id: str | None) -> bool:
    """Is a chosen target still legal on resolution (same object, still matching)?"""
    if ref.kind == "player":  # a player who lost and left the game is no longer a legal target (D-LEFT-GAME)
        return ref.id in game.players and ref.id not in game.eliminated
    if ref.kind == "effect":
        return any(e.id == ref.id for e in game.stack or ())
    o = game.objects.get(ref.id)
    if o is None or o.incarnation != ref.incarnation:
        return False
    if spec.kind in ("permanent", "attachment") and o.zone not in BOARD_ZONES:
        return False
    return matches(game, o, spec.filter, you, source_id)


def _group_sizes(spec: TargetSpec, available: int, strict: bool) -> list[int]:
    if spec.up_to:
        return list(range(min(spec.count, available), -1, -1))
    if strict:
        return [spec.count] if available >= spec.count else []
    return [min(spec.count, available)]


def options(
    game: Game, specs: tuple[TargetSpec, ...], you: str, source_id: str | None, *, strict: bool
) -> list[Choice]:
    """Every way to choose all target groups (``strict``: each group must be filled, 4.3.5c)."""
    if not specs:
        return [()]
    per_group: list[list[tuple[str, ...]]] = []
    for spec in specs:
        ids = [r.id for r in candidates(game, spec, you, source_id)]
        group: list[tuple[str, ...]] = []
        for size in _group_sizes(spec, len(ids), strict):
            group.extend(combinations(ids, size))
        if not group:
            return []
        per_group.append(group)
    return [tuple(tuple(sorted(g)) for g in c) for c in product(*per_group)]


def resolve_choice(
    game: Game,
    specs: tuple[TargetSpec, ...],
    chosen: Choice,
    you: str,
    source_id: str | None,
    *,
    strict: bool,
    rules: tuple[str, ...] = (),
) -> tuple[tuple[TargetRef, ...], ...]:
    """Check a chosen set of targets and turn ids into references; raise :class:`InvalidTarget` citing
    ``rules`` (the rules that set the ability's target requirement), else the targeting rule of its kind."""
    cite = rules or ("4.3.5c.V" if strict else "4.3.5b.III",)
    if len(chosen) != len(specs):
        raise InvalidTarget(f"the ability has {len(specs)} target group(s), {len(chosen)} given", *cite)
    out = []
    for i, (spec, ids) in enumerate(zip(specs, chosen)):
        ids = tuple(ids)
        cands = {r.id: r for r in candidates(game, spec, you, source_id)}
        if len(set(ids)) != len(ids):
            raise InvalidTarget(f"target group {i} names the same target twice", *cite)
        sizes = _group_sizes(spec, len(cands), strict)
        if len(ids) not in sizes:
            if not sizes:
                raise InvalidTarget(
                    f"target group {i} needs {spec.count} legal target(s) but only {len(cands)} exist", *cite
                )
            raise InvalidTarget(
                f"target group {i} needs {' or '.join(map(str, sizes))} target(s), {len(ids)} given", *cite
            )
        refs = []
        for tid in ids:
            if tid not in cands:
                raise InvalidTarget(f"{tid} is not a legal {spec.kind} target for group {i}", *cite)
            refs.append(cands[tid])
        out.append(tuple(refs))
    return tuple(out)
