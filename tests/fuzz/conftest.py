"""The fuzz suite's settings: quick by default so ``make test`` stays fast; ``RULEKB_FUZZ=long`` runs it at length.

``RULEKB_FUZZ=long make test`` (or ``RULEKB_FUZZ=long .venv/bin/python -m pytest tests/fuzz``) tries a
hundred times more inputs per test; the quick profile still walks every hostile fragment below.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

settings.register_profile(
    "quick",
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.register_profile(
    "long",
    max_examples=2500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.load_profile("long" if os.environ.get("RULEKB_FUZZ") == "long" else "quick")

#: What an attacker or a careless author writes into a YAML or Markdown file: each once broke a loader.
HOSTILE = [
    "date: 2026-02-30",
    "2026-13-45",
    "Loop: &loop {abilities: [{effect: *loop}]}",
    "[" * 3000 + "]" * 3000,
    "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
    "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]",
    "resources: 200000000",
    "hand: [" + ", ".join(["Spark Tonic"] * 3000) + "]",
    "a: 1\na: 2",
    "\x1b[31mred\x1b[0m",
    "nul\x00",
    "\ufeff",
    "4.2.2[/x]",
    "[bold]x[/bold]",
    "../../../../x",
    "2026/01",
    "#" + " " * 5000 + "x",
    "- " + "\t" * 5000,
    "**" * 2000,
    "__" * 2000,
    "😀𝔄",
    "\ud83d",
    "*nowhere",
    "!!python/object:os.system 1",
    "? [a]\n: 1",
    "---\n---",
    "version: [1, {a: b}]",
    "document: ../../x",
    "1e400",
    "99999999999999999999999999",
    "- 1.1.1 x\n- 1.1.1 y",
    "> **Example.**",
    "{",
    "'",
    '"\\e"',
]

hostile_text = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=200),
    st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=3).map("\n".join),
)
