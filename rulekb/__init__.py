"""``python -m rulekb``: the ``rulekb`` command run as a module (the code lives in the ``kb`` package)."""
