"""Root conftest: scenario files under scenarios/ are pytest test items."""

pytest_plugins = ["kb.pytest_plugin"]
