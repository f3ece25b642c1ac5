"""Strict YAML: what an author or an attacker could write becomes a refusal naming the line, never a crash."""

from __future__ import annotations

import pytest

from kb.core.yamlpos import MAX_DEPTH, MAX_NODES, YamlInvalid, load_located

BILLION_LAUGHS = "\n".join(
    [f"a0: &a0 [{', '.join(['lol'] * 9)}]"]
    + [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 9)]
)


def refusal(text: str) -> YamlInvalid:
    with pytest.raises(YamlInvalid) as caught:
        load_located(text)
    return caught.value


def test_data_and_lines_are_kept():
    """Every key and list item keeps its line, so messages can point at it."""
    located = load_located("a: 1\nb:\n  - x\n  - {c: 2}\n")
    assert located.data == {"a": 1, "b": ["x", {"c": 2}]}
    assert located.line_of(("b", 1, "c")) == 4 and located.line_of(("b", 0)) == 3
    assert located.line_of(("b", 7, "zzz")) == 2


def test_an_invalid_date_stays_text():
    """``date: 2026-02-30`` is the text it reads as, not a crash of the date constructor."""
    assert load_located("date: 2026-02-30\nok: 2026-02-03\n").data == {
        "date": "2026-02-30",
        "ok": "2026-02-03",
    }


def test_duplicate_keys_are_refused_with_both_lines():
    """A key written twice is an error, not a silent win of the last value."""
    error = refusal("a: 1\nb: 2\na: 3\n")
    assert error.line == 3 and "duplicate key 'a' (first on line 1)" in error.message


def test_a_recursive_alias_is_refused():
    """An alias inside the value it names (``&loop {effect: *loop}``) is refused, not a recursion error."""
    error = refusal("Loop: &loop {abilities: [{effect: *loop}]}\n")
    assert error.line == 1 and "recursion" in error.message


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 200_000])
def test_deep_nesting_is_refused(depth):
    """Nesting deeper than the bound is refused early, however deep (the C parser would crash at 100,000)."""
    assert "nesting deeper" in refusal("[" * depth + "]" * depth).message
    block = "".join(" " * i + "a:\n" for i in range(min(depth, 3_000)))
    assert "nesting deeper" in refusal(block + " " * 3_000 + "x\n").message


def test_an_alias_bomb_is_refused():
    """A billion-laughs document is refused by its expanded size before anything is built."""
    error = refusal(BILLION_LAUGHS)
    assert f"more than {MAX_NODES:,} values" in error.message and error.line > 1


def test_aliases_within_bounds_still_work():
    """Anchors, aliases and merge keys, as authors use them, load as before."""
    data = load_located("base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\nd: [*b, *b]\n").data
    assert isinstance(data, dict)
    assert data["c"] == {"x": 1, "y": 2} and data["d"] == [{"x": 1}, {"x": 1}]


@pytest.mark.parametrize("text", ['a: "\\e[31mred"\n', 'a: "nul\\0"\n', "a: \x1b[31m\n", "a: \x00\n"])
def test_control_characters_are_refused(text):
    """A control character, written raw or as an escape, is refused with its line."""
    error = refusal(text)
    assert error.line == 1 and ("control character" in error.message or "#x" in error.message)


@pytest.mark.parametrize(
    "text, words",
    [
        ("a: [1, 2\n", "invalid YAML"),
        ("a: 1\n---\nb: 2\n", "a second"),
        ("? [a]\n: 1\n", "plain value"),
        ("a: &a [1]\n*a : 2\n", "plain value"),
        ("x: !!python/object:os.system 1\n", "could not determine a constructor"),
        ("x: *nowhere\n", "no anchor"),
    ],
)
def test_malformed_yaml_is_a_refusal(text, words):
    """Syntax errors, several documents, complex keys (written or aliased), unsafe tags and unknown aliases are
    refusals."""
    assert words in str(refusal(text))


def test_a_text_read_again_gives_the_same_data_as_a_copy_of_its_own():
    """A text parsed before (lint, fingerprints and verify read each scenario in one build) gives equal data and
    lines, and a reader changing what it got changes nothing another reader gets."""
    text = "id: x\nshared: &s {a: [1, 2]}\nagain: *s\nsteps:\n  - play: Coin Clerk\n"
    first = load_located(text)
    assert isinstance(first.data, dict)
    first.data["steps"].append({"pass": True})
    first.data["shared"]["a"].append(3)
    second = load_located(text)
    assert second.data == {
        "id": "x",
        "shared": {"a": [1, 2]},
        "again": {"a": [1, 2]},
        "steps": [{"play": "Coin Clerk"}],
    }
    assert second.data["shared"] is second.data["again"]  # an alias stays the value it names
    assert second.line_of(("steps", 0)) == 5
