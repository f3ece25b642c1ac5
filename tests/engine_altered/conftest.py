"""Fixtures for the Altered engine tests."""

from __future__ import annotations

import pytest

from tests.engine_altered.altered_helpers import library


@pytest.fixture
def lib():
    """The scenario card library plus the test-only cards of altered_helpers."""
    return library()
