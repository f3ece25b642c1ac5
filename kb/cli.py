"""The ``rulekb`` command: a click group whose commands live in ``kb/commands/``."""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import os
import sys
import threading
from pathlib import Path
from typing import NoReturn

import click

from kb.core.errors import RulekbError
from kb.core.paths import ROOT_VARIABLE
from kb.styled_output import Line, print_lines

#: The exit codes of every command, shown under ``--help`` (and in the README).
EXIT_CODES = """\b
Exit codes:
  0    done; something found
  1    nothing found (search, ask), differences (diff --exit-code), errors found (lint), examples failing (verify)
  2    bad input or usage: an unknown id, option or file, a source that does not read
  70   internal error (RULEKB_DEBUG=1 shows the traceback)
  130  interrupted"""

#: The garbage collector's thresholds while a command runs. A command builds hundreds of thousands of lasting
#: objects (the graph, the verify results' boards, the index's entries), and with Python's defaults (700, 10, 10)
#: the collector rescans them all again and again while they are made: a build after a one-rule edit spent about
#: a sixth of its CPU there (verify 0.60 -> 0.38 s, index 1.05 -> 0.53 s CPU with these).
GC_THRESHOLDS = (100_000, 50, 100)

#: Each command and the module that defines it (one concern per module). A module is imported only
#: when one of its commands runs, so that a quick command (``rulekb search``) loads only what it needs.
COMMANDS = {
    "import": "kb.commands.core",
    "build": "kb.commands.core",
    "serve": "kb.commands.core",
    "rule": "kb.commands.core",
    "lint": "kb.commands.core",
    "graph": "kb.commands.core",
    "verify": "kb.commands.verify",
    "review": "kb.commands.verify",
    "diff": "kb.commands.diff",
    "renumber": "kb.commands.diff",
    "init": "kb.commands.init",
    "search": "kb.commands.search",
    "ask": "kb.commands.search",
    "index": "kb.commands.search",
    "ruling": "kb.commands.lookup",
    "example": "kb.commands.lookup",
}


class LazyGroup(click.Group):
    """A group that imports a command's module on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            importlib.import_module(COMMANDS[name])
        return self.commands.get(name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_CODES)
@click.version_option(package_name="rulekb")
@click.option(
    "--root",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help=f"The project folder (default: ${ROOT_VARIABLE}, else the nearest folder from here upwards "
    "holding rules/ and mkdocs.yml).",
)
def cli(root: Path | None) -> None:
    """rulekb: the rules of Athernum (and Atnia, Altered) as a graph, with examples that run."""
    if root is not None:  # the environment, so that worker processes and the MkDocs plugin find it too
        os.environ[ROOT_VARIABLE] = str(root.resolve())


def main(argv: list[str] | None = None) -> int:
    """Run the command line; user errors become messages with a non-zero exit, never tracebacks."""
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        result = cli.main(args=argv, prog_name="rulekb", standalone_mode=False)
    except click.exceptions.Abort:
        print_lines([Line.of("aborted")], stderr=True)
        return 130
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except RulekbError as exc:
        print_lines([Line().add("error:", "red").add(f" {exc}")], stderr=True)
        return 2
    except KeyboardInterrupt:
        print_lines([Line.of("interrupted")], stderr=True)
        return 130
    except (
        OSError
    ) as exc:  # a file the system refused (missing folder, permissions, full disk): the user's to fix
        where = f": {exc.filename}" if exc.filename else ""
        print_lines([Line().add("error:", "red").add(f" {exc.strerror or exc}{where}")], stderr=True)
        return 2
    except Exception as exc:  # the last line of defence: a message, and the traceback only on request
        if os.environ.get("RULEKB_DEBUG"):
            raise
        message = f" {type(exc).__name__}: {exc} (set RULEKB_DEBUG=1 for the traceback)"
        print_lines([Line().add("internal error:", "red").add(message)], stderr=True)
        return 70
    return result if isinstance(result, int) else 0


def run() -> NoReturn:
    """The ``rulekb`` program: :func:`main`, then the exit handlers and the output flushed, and the process ends
    without tearing its objects down one by one: after a build that took 0.7 s of CPU, as much as parse, lint and
    verify together. Only when no other thread runs (one could still be writing); else the usual exit."""
    code = main()
    if threading.active_count() > 1:
        sys.exit(code)
    atexit._run_exitfuncs()  # what exiting would run: temporary folders' cleanup, weakref finalizers
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing more to say
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    # Run through the imported module: commands register on ``kb.cli.cli``, not on this ``__main__`` copy.
    from kb.cli import run as _run

    _run()
