"""Rule ids: parsing CR numbers, qualifying them by game, and normalising what a judge types."""

from __future__ import annotations

import re
from dataclasses import dataclass

DEFAULT_GAME = "athernum"

#: Athernum CR numbers: ``4``, ``4.2.0``, ``4.2.2a``, ``3.0.7e.II``, ``4.3.5c.IIb``, ``12.2.A``, ``12.2.Ab``.
CR_NUMBER = re.compile(
    r"^(?P<chapter>\d+)\.(?P<section>\d+)\.(?P<rule>\d+|[A-Z])(?P<letter>[a-z])?"
    r"(?:\.(?P<roman>[IVX]+)(?P<sub>[a-z])?)?$"
)
#: Dotted numbers as other documents write them: ``1.4.6.b``, ``4.1.a``, ``2.2.13.c``.
DOTTED_NUMBER = re.compile(r"^\d+(?:\.(?:\d+|[a-z]))+$")

#: A rule number as the CR scan may spell it, with roman numerals misread as ``l``.
SCANNED_CR_NUMBER = re.compile(
    r"^(?P<head>\d+\.\d+\.(?:\d+|[A-Z])[a-z]?)\.(?P<roman>[IVXl]+)(?P<sub>[a-z])?$"
)


def repair_scanned_number(number: str) -> str:
    """Return ``number`` with roman numerals misread as ``l`` restored (``4.3.5c.Ilb`` → ``4.3.5c.IIb``).

    A trailing lowercase letter after the numeral is a sub-item letter, except that an ``l``
    directly inside the numeral belongs to it: ``Ilb`` reads as ``II`` + ``b``.
    """
    m = SCANNED_CR_NUMBER.match(number)
    if not m or "l" not in m.group("roman"):
        return number
    roman = m.group("roman").replace("l", "I")
    return f"{m.group('head')}.{roman}{m.group('sub') or ''}"


def cr_parent_number(number: str) -> str | None:
    """The number of the structural parent of an Athernum CR number, or None for a chapter.

    ``4.2.2a`` → ``4.2.2``; ``4.2.2`` → ``4.2.0``; ``4.2.0`` → ``4``; ``4.3.5c.IIb`` → ``4.3.5c.II``.
    """
    m = CR_NUMBER.match(number)
    if not m:
        return None
    chapter, section, rule, letter, roman, sub = m.group(
        "chapter", "section", "rule", "letter", "roman", "sub"
    )
    base = f"{chapter}.{section}.{rule}"
    if sub:
        return f"{base}{letter or ''}.{roman}"
    if roman:
        return f"{base}{letter or ''}"
    if letter:
        return base
    if rule != "0":
        return f"{chapter}.{section}.0"
    return chapter


def dotted_parent_number(number: str) -> str | None:
    """The parent of a dotted number (``1.4.6.b`` → ``1.4.6``), or None at the top."""
    if "." not in number:
        return None
    return number.rsplit(".", 1)[0]


def qualify(game: str, local: str) -> str:
    """The qualified id of a node: ``athernum`` + ``4.2.2a`` → ``athernum:4.2.2a``."""
    return f"{game}:{local}"


def split_qualified(node_id: str) -> tuple[str, str]:
    """Split ``game:local`` into its two parts; a bare id belongs to the Athernum CR."""
    if ":" in node_id:
        game, local = node_id.split(":", 1)
        return game, local
    return DEFAULT_GAME, node_id


_RULE_PREFIX = re.compile(r"^\s*(?:rule|regel|cr)\s+", re.IGNORECASE)


@dataclass(frozen=True)
class LookupKey:
    """A judge's typed id reduced to the form the graph's lookup table is keyed by."""

    game: str
    local: str

    @property
    def key(self) -> str:
        return f"{self.game}:{self.local}".casefold()


def normalise_lookup(text: str) -> LookupKey:
    """Reduce what a judge types (``rule 4.2.2a.``, ``ATHERNUM:3.0.2C.L``) to a lookup key.

    Accepts a ``rule`` prefix, a trailing period, any case, a game prefix, and the CR scan's
    misread roman numerals.
    """
    text = _RULE_PREFIX.sub("", text.strip()).strip().rstrip(".").strip()
    game, local = split_qualified(text)
    game = game.strip().casefold() or DEFAULT_GAME
    local = local.strip().rstrip(".")
    if game == DEFAULT_GAME:
        local = _canonical_cr_case(local)
    return LookupKey(game, local)


def _canonical_cr_case(local: str) -> str:
    """Give a typed CR number the CR's own case, so that the scan's ``l`` can be told from a letter."""
    parts = local.split(".")
    if len(parts) < 3 or not parts[0].isdigit() or not parts[1].isdigit():
        return local
    head = parts[2]
    if head[:1].isalpha():  # 12.2.A / 12.2.Ab: an extra-rule letter, then a sub-letter
        parts[2] = head[:1].upper() + head[1:].lower()
    else:
        parts[2] = head.lower()
    if len(parts) >= 4:
        tail = parts[3]
        numeral = re.match(r"^[ivxlIVXL]+", tail)
        if numeral:
            roman = numeral.group(0)
            rest = tail[len(roman) :]
            # "Ilb" / "ilb": the last l may be the sub-letter only when nothing follows it
            roman = roman.upper().replace("L", "I")
            parts[3] = roman + rest.lower()
    return ".".join(parts)


_SLUG_STRIP = re.compile(r"[^\w\s-]", re.UNICODE)
_SLUG_SPACE = re.compile(r"[\s_-]+")


def slugify(text: str) -> str:
    """A stable, readable slug of a heading: ``Who Starts the Game?`` → ``who-starts-the-game``."""
    text = text.casefold().replace("&", " and ").replace("/", " ")
    text = _SLUG_STRIP.sub("", text)
    text = _SLUG_SPACE.sub("-", text).strip("-")
    return text or "section"
