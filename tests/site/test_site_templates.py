"""Compiled templates kept for the next environment alike in this process and in the folder (kb/site/templates.py)."""

from __future__ import annotations

import jinja2

from kb.site.templates import keep_compiled


def _env(theme) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(theme)), auto_reload=False)


def test_a_new_environment_alike_takes_the_templates_compiled_in_this_process_and_follows_an_edit(
    tmp_path, monkeypatch
):
    """A second environment (MkDocs' next build) renders a template without compiling it again, even with its
    compiled templates kept in another, empty folder, which then holds them for the next process; an edited template
    is compiled anew, and an environment with other settings compiles its own."""
    theme = tmp_path / "theme"
    theme.mkdir()
    (theme / "page.html").write_text("<p>{{ x }}</p>", encoding="utf-8")
    compiled: list[str] = []
    real = jinja2.Environment.compile

    def counted(self, source, name=None, filename=None, *args, **kwargs):
        compiled.append(name)
        return real(self, source, name, filename, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    first = _env(theme)
    keep_compiled(first, tmp_path / "one")
    assert first.get_template("page.html").render(x="<a>") == "<p><a></p>" and compiled == ["page.html"]
    second = _env(theme)
    keep_compiled(second, tmp_path / "two")
    assert second.get_template("page.html").render(x=1) == "<p>1</p>" and compiled == ["page.html"]
    assert [p.name for p in (tmp_path / "two").iterdir()] == [p.name for p in (tmp_path / "one").iterdir()]
    (theme / "page.html").write_text("<b>{{ x }}</b>", encoding="utf-8")
    third = _env(theme)
    keep_compiled(third, tmp_path / "two")
    assert third.get_template("page.html").render(x=2) == "<b>2</b>" and len(compiled) == 2
    other = jinja2.Environment(loader=jinja2.FileSystemLoader(str(theme)), autoescape=True)
    keep_compiled(other, tmp_path / "three")
    assert other.get_template("page.html").render(x="<a>") == "<b>&lt;a&gt;</b>" and len(compiled) == 3
