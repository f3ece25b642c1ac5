"""Stable ids for card instances: ``p1:Ember Knight#2`` is the second ``Ember Knight`` of player ``p1``."""

from __future__ import annotations

from collections.abc import Container


def instance_id(taken: Container[str], pid: str, name: str) -> str:
    """The id of a new instance of card ``name`` owned by ``pid``: ``pid:name#k``, ``k`` the first number free."""
    k = 1
    while f"{pid}:{name}#{k}" in taken:
        k += 1
    return f"{pid}:{name}#{k}"
