"""Run the ``rulekb`` command: ``python -m rulekb search defender``."""

import sys

from kb.cli import main

sys.exit(main())
