"""Fixtures for the engine tests."""

from __future__ import annotations

import pytest

from engine.athernum import load_library
from tests.engine.engine_helpers import TEST_CARDS


@pytest.fixture
def lib():
    """The test card library (see engine_helpers.TEST_CARDS)."""
    return load_library(TEST_CARDS)
