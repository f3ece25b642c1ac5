"""Run the ``rulekb`` command: ``python -m rulekb search defender``."""

from kb.cli import run

run()
