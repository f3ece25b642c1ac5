"""Token descriptions written in an effect: ``Brassbug 2/2/2 Robot`` (2.2.2.j, 2.2.9.e).

The name comes first, then the statistics separated by forward slashes (Forest, Mountain, Water),
then the sub-types separated by commas.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import subtypes as ST
from .errors import CardDefinitionError

_TOKEN = re.compile(r"^(?P<name>.+?)\s+(?P<stats>\S+/\S+(?:/\S+)*)(?:\s+(?P<subs>.+))?$")


@dataclass(frozen=True, slots=True)
class TokenSpec:
    """A token a creating effect defines: its name, statistics and sub-types."""

    name: str
    stats: tuple[int, int, int]
    subtypes: tuple[str, ...]

    @property
    def text(self) -> str:
        stats = "/".join(str(s) for s in self.stats)
        return f"{self.name} {stats} {', '.join(self.subtypes)}".strip()


def parse_token(text: str, path: str = "token") -> TokenSpec:
    """Read ``Name F/M/W Sub, Sub``; statistics must be three numbers, sub-types character sub-types."""
    match = _TOKEN.match(str(text).strip())
    if not match:
        raise CardDefinitionError(path, f"{text!r} is not 'Name F/M/W Sub-types'", "2.2.9.e")
    parts = match.group("stats").split("/")
    if len(parts) != 3:
        raise CardDefinitionError(
            path,
            f"a token has three statistics (Forest/Mountain/Water), not {len(parts)}",
            "2.2.9.b",
            "2.2.9.e",
        )
    if not all(re.fullmatch(r"\d+", p) for p in parts):
        raise CardDefinitionError(path, f"statistics are numbers, not {match.group('stats')!r}", "2.2.9.a")
    subs = tuple(s.strip() for s in (match.group("subs") or "").split(",") if s.strip())
    trouble = ST.problem("character", subs)
    if trouble:
        raise CardDefinitionError(path, f"token sub-types: {trouble[0]}", trouble[1], "2.2.2.j")
    return TokenSpec(match.group("name").strip(), tuple(int(p) for p in parts), subs)  # type: ignore[arg-type]
