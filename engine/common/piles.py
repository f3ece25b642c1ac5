"""Position builders' methods for the piles every game has: a player's hand, deck, discard pile and void."""

from __future__ import annotations

from enum import Enum
from typing import Any, ClassVar


class PileMethods:
    """Mixin for an engine's ``Setup``: ``ZONE`` is its zone enum (with ``HAND``, ``DECK``, ``DISCARD`` and
    ``VOID``), and ``_pile(pid, zone, cards)`` puts cards in one of ``pid``'s piles and returns their ids."""

    ZONE: ClassVar[type[Enum]]

    def _pile(self, pid: str, zone: Any, cards: tuple[Any, ...]) -> list[str]:
        """Put ``cards`` (names, definitions or specs) in ``pid``'s pile ``zone``; the engine's builder does it."""
        raise NotImplementedError

    def hand(self, pid: str, *cards: Any) -> list[str]:
        """Put cards in ``pid``'s hand."""
        return self._pile(pid, self.ZONE["HAND"], cards)

    def deck(self, pid: str, *cards: Any) -> list[str]:
        """Put cards in ``pid``'s deck, the first one on top."""
        return self._pile(pid, self.ZONE["DECK"], cards)

    def discard(self, pid: str, *cards: Any) -> list[str]:
        """Put cards in ``pid``'s discard pile, in the order given."""
        return self._pile(pid, self.ZONE["DISCARD"], cards)

    def void(self, pid: str, *cards: Any) -> list[str]:
        """Put cards in ``pid``'s void."""
        return self._pile(pid, self.ZONE["VOID"], cards)
