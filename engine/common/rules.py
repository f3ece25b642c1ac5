"""The registry of the rule ids an engine may cite, with a one-line summary each.

An engine never cites an id its registry does not hold: log entries and rejections check it when they are
built, so a mistyped id is caught as a bug in the engine rather than shown to a player.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


class RuleRegistry(dict[str, str]):
    """Rule id -> one-line summary (a plain ``dict`` to its readers); ``name`` says where it lives, for errors."""

    def __init__(self, name: str, rules: Mapping[str, str]) -> None:
        """Hold ``rules`` (id -> summary) under the dotted ``name`` an error message gives."""
        super().__init__(rules)
        self.name = name

    def summary(self, rule_id: str) -> str:
        """The one-line summary of a cited rule; KeyError for an id the engine does not cite."""
        return self[rule_id]

    def check(self, rule_ids: Iterable[str]) -> tuple[str, ...]:
        """The ids as a tuple, after checking that each is registered here (KeyError names the first that is not)."""
        ids = tuple(rule_ids)
        for rid in ids:
            if rid not in self:
                raise KeyError(f"rule id {rid!r} is not in {self.name}")
        return ids
