"""Root conftest: scenario files under scenarios/ are pytest test items (the ``rulekb`` pytest11 plugin,
registered by installing the package, collects them)."""
