"""Curated data kept beside the rule sources: glossary additions and aliases, and link overrides."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kb.core.errors import Problem

TERMS_FILE = "terms.yaml"
LINKS_FILE = "links.yaml"


@dataclass(frozen=True)
class ExtraTerm:
    """A term the CR defines in a numbered rule rather than in chapter 0 (``Offensive Value`` in 2.2.3)."""

    term: str
    defined_by: str
    aliases: tuple[str, ...] = ()
    line: int = 0


@dataclass
class Curated:
    """Every game's curated glossary additions and link overrides."""

    extra_terms: dict[str, list[ExtraTerm]] = field(default_factory=dict)  # game → terms
    aliases: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)  # game → term → aliases
    defined_by: dict[str, dict[str, str]] = field(default_factory=dict)  # game → term → rule number
    explains_add: dict[str, list[str]] = field(default_factory=dict)  # qualified section id → rule ids
    explains_remove: dict[str, list[str]] = field(default_factory=dict)
    translates: dict[str, str | None] = field(default_factory=dict)  # qualified DE id → EN id (None: unlink)
    files: list[Path] = field(default_factory=list)
    #: Where each link override is written: (section, rule) of ``explains`` and a translated section, → (file, line).
    written: dict[tuple[str, ...], tuple[str, int]] = field(default_factory=dict)


def _str_list(value: object) -> list[str] | None:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, (str, int, float)) for v in value):
        return [str(v) for v in value]
    return None


def _section(data: dict, name: str, kind: type, display: str, text: str, problems: list[Problem]):
    from kb.core.yamlio import line_of  # YAML is for reading the files: their names alone need none

    """``data[name]`` when it is a ``kind`` (list or dict); a problem and an empty one when it is not."""
    value = data.get(name)
    if value is None:
        return kind()
    if not isinstance(value, kind):
        problems.append(
            Problem(
                display,
                line_of(text, f"{name}:"),
                name,
                f"expected a {'list' if kind is list else 'mapping'} under '{name}:'",
            )
        )
        return kind()
    return value


def _qualify(game: str, ref: str) -> str:
    return ref if ":" in ref else f"{game}:{ref}"


def load_curated(rules_dir: Path, display_root: Path) -> tuple[Curated, list[Problem]]:
    """Read every game's ``terms.yaml`` and ``links.yaml``, reporting each malformed entry by file and line."""
    from kb.core.yamlio import line_of, load_located_mapping, load_mapping

    curated = Curated()
    problems: list[Problem] = []
    for game_dir in sorted(p for p in rules_dir.iterdir() if p.is_dir()) if rules_dir.is_dir() else []:
        game = game_dir.name
        terms_path = game_dir / TERMS_FILE
        if terms_path.exists():
            display = str(terms_path.relative_to(display_root))
            curated.files.append(terms_path)
            data, text = load_mapping(terms_path, display, problems)
            for i, entry in enumerate(_section(data, "terms", list, display, text, problems)):
                if not isinstance(entry, dict) or not entry.get("term") or not entry.get("defined_by"):
                    problems.append(
                        Problem(
                            display,
                            line_of(text, str(entry)[:20]),
                            f"terms[{i}]",
                            "each added term needs 'term' and 'defined_by'",
                        )
                    )
                    continue
                aliases = _str_list(entry.get("aliases", [])) or []
                curated.extra_terms.setdefault(game, []).append(
                    ExtraTerm(
                        str(entry["term"]),
                        str(entry["defined_by"]),
                        tuple(aliases),
                        line_of(text, f"term: {entry['term']}"),
                    )
                )
            for term, aliases in _section(data, "aliases", dict, display, text, problems).items():
                values = _str_list(aliases)
                if values is None:
                    problems.append(
                        Problem(
                            display,
                            line_of(text, f"{term}:"),
                            f"aliases.{term}",
                            "aliases must be a list of strings",
                        )
                    )
                    continue
                curated.aliases.setdefault(game, {})[str(term)] = tuple(values)
            for term, rule in _section(data, "defined_by", dict, display, text, problems).items():
                curated.defined_by.setdefault(game, {})[str(term)] = str(rule)
        links_path = game_dir / LINKS_FILE
        if links_path.exists():
            display = str(links_path.relative_to(display_root))
            curated.files.append(links_path)
            data, text, located = load_located_mapping(links_path, display, problems)
            for section, change in _section(data, "explains", dict, display, text, problems).items():
                if not isinstance(change, dict):
                    problems.append(
                        Problem(
                            display,
                            line_of(text, f"{section}:"),
                            f"explains.{section}",
                            "expected 'add' and/or 'remove' lists",
                        )
                    )
                    continue
                key = _qualify(game, str(section))
                for name, target in (("add", curated.explains_add), ("remove", curated.explains_remove)):
                    values = _str_list(change.get(name, []))
                    if values is None:
                        problems.append(
                            Problem(
                                display,
                                line_of(text, f"{section}:"),
                                f"explains.{section}.{name}",
                                "expected a list of rule ids",
                            )
                        )
                        continue
                    target.setdefault(key, []).extend(_qualify(game, v) for v in values)
                    for i, value in enumerate(values):
                        line = located.line_of(("explains", section, name, i))
                        curated.written[(key, _qualify(game, value))] = (display, line)
            for de, en in _section(data, "translates", dict, display, text, problems).items():
                curated.translates[_qualify(game, str(de))] = _qualify(game, str(en)) if en else None
                curated.written[(_qualify(game, str(de)),)] = (display, located.line_of(("translates", de)))
    return curated, problems
