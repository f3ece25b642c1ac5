"""Another game's engine plugs in through the ``rulekb.adapters`` entry point."""

from __future__ import annotations

from importlib.metadata import EntryPoint, EntryPoints

from kb.verify import adapters


class _Engine:
    """A stand-in adapter of a game rulekb does not ship."""

    game = "mygame"

    def __init__(self, scenarios_dir):
        self.scenarios_dir = scenarios_dir


def test_a_game_without_a_shipped_engine_finds_its_adapter_through_the_entry_point(monkeypatch, tmp_path):
    """An installed package registering `mygame` under rulekb.adapters runs mygame's scenarios; others get none."""
    point = EntryPoint("mygame", f"{__name__}:_Engine", adapters.ENTRY_POINT_GROUP)
    monkeypatch.setattr(
        adapters,
        "entry_points",
        lambda group, name: EntryPoints(p for p in [point] if p.group == group and p.name == name),
    )
    monkeypatch.setattr(adapters, "_cache", {})
    found = adapters.adapter_for("mygame", tmp_path)
    assert isinstance(found, _Engine) and found.scenarios_dir == tmp_path
    assert adapters.adapter_for("othergame", tmp_path) is None
