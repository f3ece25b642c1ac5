"""The ``rulekb`` command: a click group whose commands live in ``kb/commands/``."""

from __future__ import annotations

import importlib
import os
import sys

import click
from rich.console import Console
from rich.markup import escape

from kb.errors import RulekbError

#: Modules that each add commands to the group (one concern per module).
COMMAND_MODULES = ("kb.commands.core", "kb.commands.verify", "kb.commands.diff", "kb.commands.search")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="rulekb")
def cli() -> None:
    """rulekb: the rules of Athernum (and Atnia, Altered) as a graph, with examples that run."""


for _module in COMMAND_MODULES:
    importlib.import_module(_module)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; user errors become messages with a non-zero exit, never tracebacks."""
    err = Console(stderr=True)
    try:
        result = cli.main(args=argv, prog_name="rulekb", standalone_mode=False)
    except click.exceptions.Abort:
        err.print("aborted")
        return 130
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        exc.show()
        return exc.exit_code
    except RulekbError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False, markup=True)
        return 2
    except KeyboardInterrupt:
        err.print("interrupted")
        return 130
    except Exception as exc:  # the last line of defence: a message, and the traceback only on request
        if os.environ.get("RULEKB_DEBUG"):
            raise
        err.print(f"[red]internal error:[/red] {escape(type(exc).__name__)}: {escape(str(exc))} "
                  "(set RULEKB_DEBUG=1 for the traceback)")
        return 70
    return result if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())
