"""Helpers for an engine's plain-data snapshot (``game.to_dict()``): the parts every game has, in a stable order."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def per_player(game: Any, describe: Callable[[Any, str], dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each player's part of the snapshot, in seat order: ``describe(game, pid)``."""
    return {pid: describe(game, pid) for pid in game.order}


def per_object(game: Any, describe: Callable[[Any, Any], dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each game object's part of the snapshot, by id in sorted order: ``describe(game, obj)``."""
    return {oid: describe(game, o) for oid, o in sorted(game.objects.items())}
