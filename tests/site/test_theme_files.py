"""The theme's files listed once per process (kb/site/theme_files.py)."""

from __future__ import annotations

import os
import time

import jinja2

from kb.site.theme_files import ListedOnceLoader


def _write(folder, files):
    for name in files:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x", encoding="utf-8")


def _settle(*folders):
    """Date every directory a minute back, as a theme that has been still for a while."""
    past = time.time() - 60
    for folder in folders:
        for directory in [folder, *(p for p in folder.rglob("*") if p.is_dir())]:
            os.utime(directory, (past, past))


def test_the_theme_is_listed_as_jinja_lists_it_and_again_once_a_file_is_added_or_removed(tmp_path):
    """A kept listing names the files Jinja's loader names, and a file added to or removed from any directory of a
    theme folder since is seen at once (serve rebuilds after a theme edit)."""
    first, second = tmp_path / "theme", tmp_path / "base"
    _write(first, ["main.html", "assets/a.css", ".icons/x/y.svg"])
    _write(second, ["main.html", "partials/footer.html"])
    folders = [str(first), str(second)]
    _settle(first, second)
    loader = ListedOnceLoader(folders)
    assert loader.list_templates() == jinja2.FileSystemLoader(folders).list_templates()
    _write(first, [".icons/x/z.svg"])
    (second / "partials" / "footer.html").unlink()
    assert loader.list_templates() == jinja2.FileSystemLoader(folders).list_templates()
    assert ".icons/x/z.svg" in loader.list_templates()
    assert "partials/footer.html" not in loader.list_templates()


def test_a_missing_theme_folder_lists_nothing_until_it_exists(tmp_path):
    """A theme folder that does not exist lists no file, as Jinja's loader does, and its files once it is made."""
    loader = ListedOnceLoader([str(tmp_path / "later")])
    assert loader.list_templates() == []
    _write(tmp_path / "later", ["main.html"])
    assert loader.list_templates() == ["main.html"]
