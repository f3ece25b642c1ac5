"""Small rulekb projects for site tests: rule sources, rulings, a not-testable list and verify results.

Everything hostile (``<script>``) goes into each kind of input the site shows, so that a test can
prove none of it reaches a page unescaped.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from kb.build import STEPS
from kb.core.paths import Paths
from kb.core.yamlio import yaml_load
from kb.verify.board import Area, Board, CardFace, Change, PlayerBoard
from kb.verify.results import Check, LogLine, ScenarioResult, Status, StepRecord, VerifyResults, write_results
from kb.verify.scenario import discover, game_of

SCRIPT = '<script>alert("{}")</script>'
#: The steps of ``rulekb build`` that make a site with its search index from sources and stored results.
SITE_STEPS = [
    s for s in STEPS if s.name in {"parse rules and build the graph", "index for search", "generate the site"}
]

CR = """---
game: athernum
document: cr
title: 'Athernum: The Old World — Comprehensive Rules'
language: en
version: test
numbering: cr
licence: CC BY-NC-SA 4.0
attribution: 'Athernum: The Old World © 2025 Shaarigan – Schroedinger Entertainment'
---

# 0. Core Concepts

## Definitions {{.glossary}}

- **Permanent** Any face-up card or token on the board {term}
- **Token** A temporary game element without a card back

# 1. Card Elements

## 1.1.0 Card Name

- 1.1.1 Every card has a name {rule}
- 1.1.2 A permanent keeps its name; see 1.1.1
  - 1.1.2a A token has the name its effect gives it

# 2. Board

## 2.1.0 Permanents

- 2.1.1 A permanent is discarded when its damage equals its value, as 1.1.2 says
"""

RULINGS = """rulings:
  - id: R-T-001
    question: 'Does a card named {question} have a name?'
    answer: 'Yes, by 1.1.1. {answer}'
    rules: ["1.1.1"]
    scenarios: ["athernum/names/pass"]
    source: cr
    date: 2025-01-01
  - id: R-T-002
    question: The rulebook discards a permanent only when damage exceeds its value; which wins?
    answer: The CR wins (2.1.1).
    rules: ["2.1.1"]
    scenarios: ["athernum/board/fail"]
    source: cr
    reasoning: The rulebook disagrees with 2.1.1; the engine follows the CR.
    date: 2025-01-02
  - id: R-T-003
    question: Which name does a copied token have?
    answer: The name its effect gives it.
    rules: ["1.1.2a"]
    source: interpretation
    date: 2025-01-03
"""

NOT_TESTABLE = """rules:
  - rule: "1.1.2a"
    reason: how a token's name is printed is a matter of card layout
  - rule: "9.9.9"
    reason: not a rule at all
"""


def _results() -> VerifyResults:
    passing = ScenarioResult(
        id="athernum/names/pass",
        game="athernum",
        path="scenarios/athernum/names/pass.yaml",
        title="A card keeps its name " + SCRIPT.format("title"),
        rules=["athernum:1.1.1"],
        rulings=["R-T-001"],
        status=Status.PASSED,
        duration=0.012,
        steps=[
            StepRecord(
                1,
                "p1: play Ember Knight",
                "ok",
                key="play",
                args={"card": "Ember Knight " + SCRIPT.format("step")},
                player="p1",
                changes=[Change("Ember Knight", "place", "p1 hand", "p1 character slots")],
                checks=[Check(["p1", "characters"], ["Ember Knight"], True)],
            ),
            StepRecord(2, "pass", "ok", key="pass", player="p2"),
        ],
        start=Board(
            {"Turn": "1"},
            [
                PlayerBoard(
                    "p1",
                    {"Command tokens": "2"},
                    [Area("Hand", [CardFace("p1:Ember Knight#1", "Ember Knight", {"OFV": "3", "DFV": "2"})])],
                )
            ],
        ),
        checks=[Check(["p1", "hand"], [], True)],
        log=[
            LogLine(1, "athernum:1.1.1", "rule", "setup: decks shuffled", step=None),
            LogLine(
                2,
                "athernum:1.1.1",
                "play",
                "Ember Knight keeps its name " + SCRIPT.format("log"),
                1,
                "day",
                1,
            ),
            LogLine(3, "athernum:2.1.1", "check", "nothing is discarded", 1, "day", 2),
        ],
    )
    failing = ScenarioResult(
        id="athernum/board/fail",
        game="athernum",
        path="scenarios/athernum/board/fail.yaml",
        title="Damage equal to the value discards",
        rules=["athernum:2.1.1"],
        rulings=["R-T-002"],
        status=Status.FAILED,
        reason="expected Ember Knight in the discard pile",
        diff="- discard: [Ember Knight]\n+ discard: []",
        steps=[StepRecord(1, "p2 deals 2 damage to Ember Knight", "ok")],
        checks=[
            Check(
                ["p1", "discard"], ["Ember Knight"], False, ["p1.discard: expected ['Ember Knight'], got []"]
            )
        ],
    )
    xfail = ScenarioResult(
        id="athernum/board/xfail",
        game="athernum",
        path="scenarios/athernum/board/xfail.yaml",
        title="The rulebook's reading",
        rules=["athernum:2.1.1"],
        rulings=[],
        status=Status.XFAIL,
        reason="the engine follows the CR, not the rulebook",
    )
    error = ScenarioResult(
        id="athernum/broken",
        game="athernum",
        path="scenarios/athernum/broken.yaml",
        title="A broken file",
        rules=["athernum:99.9.9"],
        rulings=[],
        status=Status.ERROR,
        reason="scenarios/athernum/broken.yaml:3: steps: expected a list",
    )
    return VerifyResults(generated="2025-01-01T00:00:00", scenarios=[passing, failing, xfail, error])


def make_project(root: Path, *, hostile: bool = True, with_proof: bool = True) -> Paths:
    """A project at ``root`` with a small CR, and (optionally) rulings, a not-testable list and results."""
    mark = SCRIPT.format if hostile else (lambda _: "")
    (root / "rules" / "athernum").mkdir(parents=True, exist_ok=True)
    (root / "rules" / "athernum" / "cr.md").write_text(
        CR.format(term=mark("term"), rule=mark("rule")), encoding="utf-8"
    )
    paths = Paths(root)
    if with_proof:
        (root / "rules" / "athernum" / "rulings.yaml").write_text(
            RULINGS.format(question=mark("question"), answer=mark("answer")), encoding="utf-8"
        )
        (root / "scenarios" / "athernum").mkdir(parents=True, exist_ok=True)
        (root / "scenarios" / "athernum" / "not-testable.yaml").write_text(NOT_TESTABLE, encoding="utf-8")
        write_results(paths, _results())
    return paths


REPO_RULINGS = """rulings:
  - id: R-SITE-1
    question: Is a main character with lethal damage discarded like any other permanent?
    answer: No. 4.2.2a discards a permanent, but 3.0.7e exhausts the main character instead.
    rules: ["4.2.2a", "3.0.7e"]
    scenarios: ["athernum/state-based/lethal-damage"]
    source: cr
    date: 2025-01-01
"""


#: The games whose own rulings, not-testable lists and scenarios the repository copy keeps as they are.
OTHER_GAMES = ("atnia", "altered")
ALL_GAMES = ("athernum", *OTHER_GAMES)
#: The one scenario of another game the repository copy records as failed (by its place in file order).
FAILED_ALTERED = 0


def repository_scenarios(repo: Path, games: tuple[str, ...] = OTHER_GAMES) -> list[ScenarioResult]:
    """Results for the repository's own scenarios of ``games``, read from their files (not run): all passed,
    except the first Altered scenario, which failed (so that a game shows more than one status)."""
    scenarios_dir = repo / "scenarios"
    out: list[ScenarioResult] = []
    for game in games:
        for path in discover(scenarios_dir, [scenarios_dir / game]):
            data = yaml_load(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or not data.get("id"):
                continue
            own = game_of(path, scenarios_dir)
            rules = [str(r) if ":" in str(r) else f"{own}:{r}" for r in data.get("rules") or []]
            out.append(
                ScenarioResult(
                    id=str(data["id"]),
                    game=game,
                    path=str(path.relative_to(repo)),
                    title=str(data.get("title") or ""),
                    rules=rules,
                    rulings=[str(r) for r in data.get("rulings") or []],
                    status=Status.PASSED,
                    duration=0.01,
                )
            )
    altered = [s for s in out if s.game == "altered"]
    if altered:
        altered[FAILED_ALTERED].status = Status.FAILED
        altered[FAILED_ALTERED].reason = "recorded as failed by the site tests"
    return out


def copy_repository_rules(repo: Path, root: Path) -> Paths:
    """A copy of this repository's rule sources with a fixed Athernum ruling and a verify result proving rule
    4.2.2a; Atnia and Altered keep their own rulings and not-testable lists, with a result for each scenario."""
    shutil.copytree(repo / "rules", root / "rules", ignore=shutil.ignore_patterns("rulings.yaml"))
    (root / "rules" / "athernum" / "rulings.yaml").write_text(REPO_RULINGS, encoding="utf-8")
    for game in OTHER_GAMES:
        for name, folder in (("rulings.yaml", "rules"), ("not-testable.yaml", "scenarios")):
            source = repo / folder / game / name
            if source.is_file():
                (root / folder / game).mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, root / folder / game / name)
    paths = Paths(root)
    proof = ScenarioResult(
        id="athernum/state-based/lethal-damage",
        game="athernum",
        path="scenarios/athernum/state-based/lethal-damage.yaml",
        title="A permanent with lethal damage is discarded",
        rules=["athernum:4.2.2a", "athernum:4.2.0"],
        rulings=["R-SITE-1"],
        status=Status.PASSED,
        duration=0.02,
        steps=[
            StepRecord(
                0,
                "p1: activate Stone Breaker",
                "ok",
                key="activate",
                args={"source": "Stone Breaker"},
                player="p1",
                checks=[Check(["objects", "Stone Golem"], {"counters": {"damage": 3}}, True)],
            ),
            StepRecord(
                1,
                "pass",
                "ok",
                key="pass",
                player="p2",
                checks=[Check(["p2", "discard"], ["Stone Golem"], True)],
            ),
        ],
        log=[
            LogLine(
                1,
                "athernum:4.1.9",
                "state-based-check",
                "the stack is closed: state-based check",
                1,
                "day",
                1,
            ),
            LogLine(
                2,
                "athernum:4.2.2a",
                "discard",
                "Stone Golem has 3 damage counters, DFV 3: discarded",
                1,
                "day",
                1,
            ),
        ],
    )
    write_results(
        paths, VerifyResults(generated="2025-01-01T00:00:00", scenarios=[proof, *repository_scenarios(repo)])
    )
    return paths


def copy_repository_proof(repo: Path, root: Path) -> Paths:
    """A copy of this repository's rules, rulings and not-testable lists as they are, with a result for every
    scenario of every game read from its file (as :func:`repository_scenarios`): the pages as readers meet them."""
    shutil.copytree(repo / "rules", root / "rules")
    for game in ALL_GAMES:
        source = repo / "scenarios" / game / "not-testable.yaml"
        if source.is_file():
            (root / "scenarios" / game).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, root / "scenarios" / game / "not-testable.yaml")
    paths = Paths(root)
    write_results(
        paths, VerifyResults(generated="2025-01-01T00:00:00", scenarios=repository_scenarios(repo, ALL_GAMES))
    )
    return paths


# --- releases ------------------------------------------------------------------------------------

#: The current CR's chapter 1 and 2 as an earlier release had them: 1.1.1 worded otherwise (with its own
#: hostile text), today's 1.1.2a numbered 1.1.3 (same page), today's 2.1.1 numbered 1.1.4 (another page),
#: and a rule 1.1.5 since removed.
OLD_RULES = """- 1.1.1 Every card has one printed name {old}
- 1.1.2 A permanent keeps its name; see 1.1.1
- 1.1.3 A token has the name its effect gives it
- 1.1.4 A permanent is discarded when its damage equals its value, as 1.1.2 says
- 1.1.5 Every card has a card back

# 2. Board

## 2.1.0 Permanents
"""

#: A hand-written page linking to the old numbers: the strict build fails unless each anchor exists.
OLD_LINKS = """# Old links

[1.1.3](../athernum/cr/1.md#1.1.3), [1.1.4](../athernum/cr/1.md#1.1.4), [1.1.5](../athernum/cr/1.md#1.1.5).
"""


def old_release(current: str, *, hostile: bool = True) -> str:
    """The small CR as its earlier release ``2025-06`` had it (see OLD_RULES)."""
    start = current.index("- 1.1.1 ")
    end = current.index("- 2.1.1 ")
    end = current.index("\n", end) + 1
    old = OLD_RULES.format(old=SCRIPT.format("old") if hostile else "")
    return current[:start] + old + current[end:]


def make_release_project(root: Path) -> Paths:
    """The small project with two releases of its CR (``cr@2025-06.md`` beside ``cr.md``) and a page of old links."""
    paths = make_project(root)
    cr = root / "rules" / "athernum" / "cr.md"
    (root / "rules" / "athernum" / "cr@2025-06.md").write_text(
        old_release(cr.read_text(encoding="utf-8")), encoding="utf-8"
    )
    (root / "docs" / "authors").mkdir(parents=True, exist_ok=True)
    (root / "docs" / "authors" / "old-links.md").write_text(OLD_LINKS, encoding="utf-8")
    return paths


def page_file(site: Path, page: str) -> str:
    """The HTML file of a page of a built ``site``, relative to it, whichever URL style the site uses:
    ``athernum/cr/4`` is ``athernum/cr/4/index.html`` with directory URLs, ``athernum/cr/4.html`` without."""
    page = page.strip("/")
    if not page:
        return "index.html"
    for candidate in (f"{page}.html", f"{page}/index.html"):
        if (site / candidate).is_file():
            return candidate
    raise FileNotFoundError(f"{site} has no page {page}")


def listed_examples(site: Path, fragment: str) -> list[tuple[str, str, str]]:
    """The examples listed in ``fragment`` of a page of ``site``, as ``(url from the site root, title, status)``: the
    lists name their game and numbers in its script of examples, which rk-examples.js draws them from."""
    found = []
    for game, *numbers in (names.split() for names in re.findall(r'data-examples="([^"]+)"', fragment)):
        script = (site / "assets/rulekb/examples" / f"{game}.js").read_text(encoding="utf-8")
        examples = json.loads(script.split('"] = ', 1)[1].rstrip().rstrip(";"))
        found += [tuple(examples[int(n)]) for n in numbers]
    return found


def page_html(site: Path, page: str) -> str:
    """The HTML of a page of a built ``site`` (see :func:`page_file`)."""
    return (site / page_file(site, page)).read_text(encoding="utf-8")


# --- the proof of real examples ------------------------------------------------------------------

#: How many scenarios of each game the proof project runs (evenly spread over the game's files, in file order).
PROOF_SAMPLE = 30


def proof_sample(scenarios_dir: Path, game: str, size: int = PROOF_SAMPLE) -> list[Path]:
    """``size`` scenario files of ``game`` spread evenly over its files in sorted order: the same ones every run."""
    files = discover(scenarios_dir, [scenarios_dir / game])
    step = max(1, len(files) // size)
    return files[::step][:size]


def make_proof_project(repo: Path, root: Path) -> tuple[Paths, list[Path]]:
    """A copy of this repository's rules and scenarios with a sample of each game's scenarios run on its engine."""
    from kb.core.loader import load_kb
    from kb.verify.session import verify

    for folder in ("rules", "scenarios"):
        shutil.copytree(repo / folder, root / folder)
    paths = Paths(root)
    sample = proof_files(paths)
    verify(load_kb(paths), sample, jobs=1)
    return paths, sample


def proof_files(paths: Paths) -> list[Path]:
    """The scenario files the proof project runs: each game's sample."""
    return [path for game in ("athernum", "atnia", "altered") for path in proof_sample(paths.scenarios, game)]
