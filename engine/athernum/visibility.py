"""Hidden information: what one player may see of the game (``game.view(pid)``).

The engine itself knows everything; a player does not. :func:`seen_by` says whether a player may
look at an object, citing the rule that decides it:

* a hand is hidden from opponents (7.4.1a); its owner sees it;
* a deck is kept face-down and is not visible to any player (7.2.3a, 7.2.3c), not even its owner,
  except a card turned face-up on its top (4.3.2d) and cards a player is choosing from (a search);
* an extra deck is seen by its owner only (7.4.2b);
* discard piles and voids are public (7.2.1c, 7.2.2b);
* face-up permanents and attachments are public; a face-down permanent is seen by its controller
  only (6.1.4) unless it is exhausted, which everyone may look at (6.2.5); a face-down attachment is
  seen by the controller of its linked target (2.1.2c, 6.1.4);
* a selected main character waits face-down in its slot, seen by its player only (3.0.2a, 8.0.1b).

In a view an object the viewer may not see keeps no identity: its id is replaced by an opaque one
(``p2:hand#3``) and only what is public remains - where it is, its owner and controller, and on the
board its supertype from the zone (6.1.3), its state and its markers, which stay visible (10.0.7).
"""

from __future__ import annotations

from typing import Any

from .snapshot import game_to_dict
from .state import BOARD_ZONES, ZONE_SUPERTYPE, Game, GameObject, Zone


def seen_by(game: Game, pid: str, obj: GameObject) -> tuple[bool, str]:
    """Whether ``pid`` may look at ``obj`` now, and the rule that says so."""
    zone = obj.zone
    choice = game.pending
    if (
        choice is not None
        and choice.player == pid
        and choice.kind in ("cards", "main_character")
        and obj.id in choice.options
    ):
        return (
            True,
            "7.4.2c"
            if zone is Zone.EXTRA_DECK
            else "8.0.1a"
            if choice.kind == "main_character"
            else "7.2.3b",
        )
    if zone is Zone.HAND:
        return obj.owner == pid, "7.4.1a"
    if zone is Zone.DECK:
        if obj.id in game.players[obj.owner].face_up_top and game.players[obj.owner].deck[:1] == [obj.id]:
            return True, "4.3.2d"
        return False, "7.2.3c"
    if zone is Zone.EXTRA_DECK:
        return obj.owner == pid, "7.4.2b"
    if zone is Zone.DISCARD:
        return True, "7.2.1c"
    if zone is Zone.VOID:
        return True, "7.2.2b"
    if not obj.face_down:
        return True, "6.1.4"
    if obj.exhausted:
        return True, "6.2.5"
    if zone is Zone.ITEM_SLOT:
        host = game.objects.get(obj.attached_to) if obj.attached_to else None
        return host is not None and host.controller == pid, "2.1.2c"
    return obj.controller == pid, "6.1.4"


def aliases(game: Game, pid: str) -> dict[str, str]:
    """For every object ``pid`` may not see: its real id -> an opaque id such as ``p1:hand#2``."""
    out: dict[str, str] = {}
    counts: dict[str, int] = {}

    def hide(o: GameObject, who: str) -> None:
        ok, _ = seen_by(game, pid, o)
        if ok:
            return
        key = f"{who}:{o.zone.value}"
        counts[key] = counts.get(key, 0) + 1
        out[o.id] = f"{key}#{counts[key]}"

    for p in game.order:
        ps = game.players[p]
        for zone in (Zone.HAND, Zone.DECK, Zone.EXTRA_DECK, Zone.DISCARD, Zone.VOID):
            for oid in ps.zone_list(zone):
                hide(game.objects[oid], p)
        for oid in game.board_ids(p):
            o = game.objects[oid]
            hide(o, p)
            for aid in o.attachments:
                hide(game.objects[aid], p)
    return out


def _hidden_object(game: Game, o: GameObject, alias: dict[str, str]) -> dict[str, Any]:
    """What anyone may know of an object they cannot look at: where it is, and on the board its markers."""
    out: dict[str, Any] = {
        "hidden": True,
        "name": None,
        "owner": o.owner,
        "controller": o.controller,
        "zone": o.zone.value,
        "token": o.is_token,
    }
    if o.zone in BOARD_ZONES:
        out.update(
            face_down=o.face_down,
            exhausted=o.exhausted,
            counters=dict(sorted(o.counters.items())),  # 10.0.7
            victory_tokens=o.victory_tokens,  # 10.0.7
            types=[ZONE_SUPERTYPE[o.zone]],  # 6.1.3
            subtypes=[],
            attached_to=alias.get(o.attached_to, o.attached_to) if o.attached_to else None,
            attachments=[alias.get(a, a) for a in o.attachments],
        )
    return out


def game_view(game: Game, pid: str) -> dict[str, Any]:
    """``game.to_dict()`` as ``pid`` may see it: objects they may not look at are anonymous (see the module)."""
    if pid not in game.players:
        raise KeyError(f"unknown player {pid!r}")
    full = game_to_dict(game)
    alias = aliases(game, pid)

    def m(x):
        return alias.get(x, x) if isinstance(x, str) else x

    objects: dict[str, Any] = {}
    for oid, data in full["objects"].items():
        if oid in alias:
            objects[alias[oid]] = _hidden_object(game, game.objects[oid], alias)
        else:
            data = dict(data)
            data["hidden"] = False
            if "attached_to" in data:
                data["attached_to"] = m(data["attached_to"])
                data["attachments"] = [m(a) for a in data["attachments"]]
            objects[oid] = data
    full["objects"] = dict(sorted(objects.items()))
    for pdata in full["players"].values():
        for key in (
            "character_slots",
            "locations",
            "resources",
            "hand",
            "deck",
            "discard",
            "void",
            "extra_deck",
        ):
            pdata[key] = [m(x) for x in pdata[key]]
        pdata["main_character"] = m(pdata["main_character"])
    for entry, real in zip(full["stack"] or (), game.stack or ()):
        if (
            entry["source"] in alias
        ):  # an ability of a card the viewer may not look at (e.g. a granted one, 4.3.2b)
            entry["label"] = (
                f"{alias[entry['source']]}: {real.ability.label() if real.ability else 'an ability'}"
            )
        entry["source"] = m(entry["source"])
        entry["targets"] = [[m(t) for t in g] for g in entry["targets"]]
    if full["combat"]:
        full["combat"] = {k: m(v) for k, v in full["combat"].items()}
    choice = full["pending"]
    if choice is not None:
        choice["options"] = [m(o) for o in choice["options"]]
    full["viewer"] = pid
    return full
