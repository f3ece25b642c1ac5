"""Running Athernum scenarios on the reference engine (``engine.athernum``)."""
