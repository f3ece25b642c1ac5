"""The garbage collector is held back while a build (or the index alone) is made, and handed back as it was."""

import gc

import pytest

from kb.core.collector import collector_paused


def test_the_collector_is_off_inside_and_on_again_after_even_on_an_error():
    """Inside the block the cyclic collector does not run; after it (an exception too) it runs as before."""
    assert gc.isenabled()
    with pytest.raises(RuntimeError), collector_paused():
        assert not gc.isenabled()
        raise RuntimeError("stop")
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_caller_stays_off():
    """A caller that had turned the collector off finds it still off after the block."""
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
