"""The choice an engine waits for: who must answer, what is asked, under which rule, and the allowed answers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(slots=True)
class PendingChoice:
    """A decision the engine waits for; ``legal_actions`` lists the answers. An engine adds its own fields.

    ``options`` are ids or words; ``min`` / ``max`` bound how many of them an answer picks.
    """

    kind: str
    player: str
    prompt: str
    rule: str
    options: tuple[str, ...] = ()
    min: int = 0
    max: int = 0

    def to_dict(self, *, bounds: bool = True) -> dict[str, Any]:
        """Plain data for a snapshot; ``bounds`` adds ``min`` and ``max``."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "player": self.player,
            "prompt": self.prompt,
            "rule": self.rule,
            "options": list(self.options),
        }
        if bounds:
            out.update(min=self.min, max=self.max)
        return out
