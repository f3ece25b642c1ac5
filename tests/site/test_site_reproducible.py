"""Reproducible builds: the same tree gives a byte-identical site whatever the hash seed and the time."""

from __future__ import annotations

import filecmp
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

#: Curated terms, each defined by a rule whose text uses "permanent": they share their place in the document, so
#: only an explicit order keeps the glossary's "Used in" list of Permanent the same from one build to the next.
TERMS = """terms:
  - term: Name Keeping
    defined_by: "1.1.2"
  - term: Lethal Damage
    defined_by: "2.1.1"
  - term: Token Name
    defined_by: "1.1.2a"
  - term: Discarding
    defined_by: "2.1.1"
"""

BUILD = """
import sys
from pathlib import Path
from tests.site.project import make_project
from kb.site.build import build_site
root = Path(sys.argv[1])
paths = make_project(root)
(root / "rules" / "athernum" / "terms.yaml").write_text(sys.argv[2], encoding="utf-8")
build_site(paths, root / "site")
"""


def _build(root: Path, seed: str) -> Path:
    env = {**os.environ, "PYTHONHASHSEED": seed, "SOURCE_DATE_EPOCH": "1735689600"}
    env.pop("RULEKB_ROOT", None)
    done = subprocess.run(
        [sys.executable, "-c", BUILD, str(root), TERMS],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return root / "site"


def _differences(a: Path, b: Path) -> list[str]:
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    files_b = sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    if files_a != files_b:
        return [f"the file lists differ: {sorted(set(files_a) ^ set(files_b))[:10]}"]
    _, mismatch, errors = filecmp.cmpfiles(a, b, [str(p) for p in files_a], shallow=False)
    return mismatch + errors


def test_two_builds_under_different_hash_seeds_are_byte_identical(tmp_path):
    """Building the same project twice, seconds apart and under other PYTHONHASHSEEDs, gives the same bytes."""
    first = _build(tmp_path / "one", "1")
    second = _build(tmp_path / "two", "2")
    assert (first / "athernum" / "glossary.html").is_file()
    assert _differences(first, second) == []
