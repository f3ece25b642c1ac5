"""The Jinja2 environment of the site's page templates (``kb/templates/site``).

HTML templates autoescape everything; the one Markdown template (graph views) receives only text
already escaped for Markdown by the view that feeds it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemBytecodeCache, PackageLoader, StrictUndefined, select_autoescape

from kb.proof.model import pile_runs
from kb.site.i18n import tr


def _percent(value: float | None) -> str:
    """A share in whole percent, with one decimal where rounding would hide a rule (99.8 %, not 100 %)."""
    if value is None:
        return "—"
    whole = f"{value:.0f}"
    if float(whole) != round(value, 1) and (whole in ("0", "100") or value < 1 or value > 99):
        return f"{value:.1f}\u00a0%"
    return f"{whole}\u00a0%"


@lru_cache(maxsize=1)
def environment() -> Environment:
    """The shared template environment (templates are compiled once per process)."""
    env = Environment(
        loader=PackageLoader("kb", "templates/site"),
        autoescape=select_autoescape(["html"], default_for_string=True, default=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["percent"] = _percent
    env.globals["tr"] = tr
    env.filters["runs"] = pile_runs
    return env


def keep_compiled(env: Environment, folder: Path) -> None:
    """Keep ``env``'s compiled templates in ``folder`` for the next process (each is compiled again only when its
    source changes), unless it keeps them somewhere already."""
    if env.bytecode_cache is None:
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(str(folder))


def render(template: str, **context: object) -> str:
    """Render one template of the site."""
    return environment().get_template(template).render(**context)
