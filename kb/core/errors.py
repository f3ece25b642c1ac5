"""The small exception tree of kb, and the problems a source or input file can have."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path


class Severity(StrEnum):
    """How bad a problem is: errors stop a build, warnings and notes are reported."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Problem:
    """One finding about a file: where it is, which field, what is wrong."""

    path: str
    line: int
    field: str
    message: str
    severity: Severity = Severity.ERROR
    code: str = "source"

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        field = f" [{self.field}]" if self.field else ""
        return f"{where}: {self.severity}{field}: {self.message}"

    def to_dict(self) -> dict[str, object]:
        return {
            "path": self.path,
            "line": self.line,
            "field": self.field,
            "message": self.message,
            "severity": str(self.severity),
            "code": self.code,
        }


class RulekbError(Exception):
    """Base of every error kb reports to a user as a message rather than a traceback."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled whole, whatever its ``__init__`` takes: a build step run in another process (kb/forked.py)
        fails there with the error it would raise here."""
        return (_rebuilt, (type(self), self.args, self.__dict__))


def _rebuilt(cls: type[RulekbError], args: tuple[object, ...], state: dict[str, object]) -> RulekbError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class SourceError(RulekbError):
    """One or more rule sources are invalid; carries every problem found, not only the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        errors = [p for p in problems if p.severity == Severity.ERROR]
        super().__init__("\n".join(str(p) for p in errors) or "invalid rule sources")


class GateError(SourceError):
    """The rules parse but are not fit to publish: lint errors or failing scenarios (a draft build publishes anyway)."""


class ImportFormatError(RulekbError):
    """A document given to the importer is not in a format it knows."""


class NotFound(RulekbError):
    """A rule, term or document that was asked for is not in the knowledge base."""


def rel(path: Path | str, root: Path | None = None) -> str:
    """A path as the user would read it: relative to the project root when it lies inside it."""
    path = Path(path)
    if root is not None:
        try:
            return str(path.resolve().relative_to(root.resolve()))
        except ValueError:
            pass
    return str(path)
