"""The engine's exceptions: the shared tree of :mod:`engine.common.errors`, citing Atnia rule ids.

Every rejected action raises a subclass of :class:`IllegalAction`, which carries the ids of the
rules that forbid it (``.rules``, e.g. ``rules/speed/p2``) and the reason in plain words
(``.reason``). A rejected action never changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.common.errors import EngineError, engine_tree

from .rules import RULES


class AtniaError(EngineError):
    """Base class of every exception raised by the engine; messages cite bare rule ids (``rules/speed/p2``)."""

    registry = RULES


_TREE = engine_tree(AtniaError, __name__)
if TYPE_CHECKING:  # mypy reads each kind as the shared class; at run time it is this engine's own subclass
    from engine.common.errors import *  # noqa: F403
else:
    globals().update(_TREE)  # IllegalAction, WrongTiming, ... CardDefinitionError, SetupError
__all__ = ["AtniaError", *_TREE]
