"""The engine's exceptions: the shared tree of :mod:`engine.common.errors`, citing Altered rule ids.

Each rejected action raises an :class:`IllegalAction`: ``.rules`` names the Altered rule ids that forbid the
action, ``.reason`` says why in plain words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.common.errors import EngineError, engine_tree

from .rules import RULES


class AlteredError(EngineError):
    """Base class of every exception raised by the engine; messages cite rule ids as ``Altered 4.2.3.c``."""

    registry = RULES
    cite_as = "Altered "


_TREE = engine_tree(AlteredError, __name__)
if TYPE_CHECKING:  # mypy reads each kind as the shared class; at run time it is this engine's own subclass
    from engine.common.errors import *  # noqa: F403
else:
    globals().update(_TREE)  # IllegalAction, WrongTiming, ... CardDefinitionError, SetupError
__all__ = ["AlteredError", *_TREE]
