"""The engine's exceptions: the shared tree of :mod:`engine.common.errors`, citing CR rule ids.

Every rejected action raises a subclass of :class:`IllegalAction`, which carries the CR
rule ids that forbid it (``.rules``) and the reason in plain words (``.reason``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.common.errors import EngineError, engine_tree

from .rules import RULES


class AthernumError(EngineError):
    """Base class of every exception raised by the engine; messages cite rule ids as ``CR 9.3.5``."""

    registry = RULES
    cite_as = "CR "


_TREE = engine_tree(AthernumError, __name__)
if TYPE_CHECKING:  # mypy reads each kind as the shared class; at run time it is this engine's own subclass
    from engine.common.errors import *  # noqa: F403
else:
    globals().update(_TREE)  # IllegalAction, WrongTiming, ... CardDefinitionError, SetupError
__all__ = ["AthernumError", *_TREE]
