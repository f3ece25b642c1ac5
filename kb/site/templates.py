"""The Jinja2 environment of the site's page templates (``kb/templates/site``).

HTML templates autoescape everything; the one Markdown template (graph views) receives only text
already escaped for Markdown by the view that feeds it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from types import CodeType

from jinja2 import Environment, FileSystemBytecodeCache, PackageLoader, StrictUndefined, select_autoescape
from jinja2.bccache import Bucket

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


#: The templates compiled in this process, by the settings that decide their code, the template and its source's
#: checksum: MkDocs makes a new theme environment for every build, and builds in one process (``rulekb serve``, the
#: tests) of projects whose folders hold none yet would compile Material's templates again (0.14 s CPU a build).
_COMPILED: dict[tuple[object, str, str | None], CodeType] = {}


def _settings(env: Environment) -> tuple[object, ...]:
    """What of ``env`` its compiled templates depend on (two environments alike in these compile alike)."""
    return (
        type(env),
        tuple(sorted(env.extensions)),
        env.block_start_string,
        env.block_end_string,
        env.variable_start_string,
        env.variable_end_string,
        env.comment_start_string,
        env.comment_end_string,
        env.line_statement_prefix,
        env.line_comment_prefix,
        env.trim_blocks,
        env.lstrip_blocks,
        env.newline_sequence,
        env.keep_trailing_newline,
        env.optimized,
        env.is_async,
        env.autoescape if isinstance(env.autoescape, bool) else id(env),
        env.finalize is None or id(env),
        env.code_generator_class,
    )


class _KeptBytecode(FileSystemBytecodeCache):
    """A folder's compiled templates, and this process's (``_COMPILED``) before them; a template this process
    compiled is written to the folder too, for the next process, if the folder lacks it."""

    def __init__(self, folder: Path, settings: tuple[object, ...]) -> None:
        super().__init__(str(folder))
        self.settings = settings

    def load_bytecode(self, bucket: Bucket) -> None:
        code = _COMPILED.get((self.settings, bucket.key, bucket.checksum))
        if code is not None:
            bucket.code = code
            if not (Path(self.directory) / (self.pattern % bucket.key)).exists():
                super().dump_bytecode(bucket)
            return
        super().load_bytecode(bucket)
        if bucket.code is not None:
            _COMPILED[(self.settings, bucket.key, bucket.checksum)] = bucket.code

    def dump_bytecode(self, bucket: Bucket) -> None:
        super().dump_bytecode(bucket)
        if bucket.code is not None:
            _COMPILED[(self.settings, bucket.key, bucket.checksum)] = bucket.code


def keep_compiled(env: Environment, folder: Path) -> None:
    """Keep ``env``'s compiled templates in ``folder`` for the next process (each is compiled again only when its
    source changes), and in this process for its next environment alike, unless it keeps them somewhere already."""
    if env.bytecode_cache is None:
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = _KeptBytecode(folder, _settings(env))


def render(template: str, **context: object) -> str:
    """Render one template of the site."""
    return environment().get_template(template).render(**context)
