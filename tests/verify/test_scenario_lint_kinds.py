"""Lint finds every kind of malformed scenario without running it: one broken copy of a good scenario per kind,
each reported as an error naming its file, line and field (with the names to try where a name is unknown)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kb.core.errors import Severity
from kb.core.loader import load_kb
from kb.core.paths import Paths
from kb.verify.scenario import discover
from kb.verify.scenario_lint import lint_scenario_files
from tests.conftest import ROOT, with_memo

BASE = {
    "athernum": "ch09/defender-takes-targets-place.yaml",
    "atnia": "combat/attack-the-player.yaml",
    "altered": "playing/reserve-cost.yaml",
}

#: kind -> (game, text replaced, replacement, the field the error names, a part of its message)
KINDS: dict[str, tuple[str, str, str, str, str]] = {
    # the envelope and the game's schema
    "unknown top-level field": ("athernum", "title:", "titel:", "titel", "titel"),
    "missing id": ("athernum", "id: athernum/ch09/defender-takes-targets-place\n", "", "", "id"),
    "steps not a list": ("athernum", "steps:\n", "steps: 3\nold_steps:\n", "steps", ""),
    "rules not a list": ("athernum", "rules: [9.3.7, 9.3.9, 9.3.12]", "rules: {a: 1}", "rules", ""),
    "unknown action": ("athernum", "- attack:", "- attak:", "steps[0]", "attak"),
    "unknown setup field": ("athernum", "  turn: 3", "  turns: 3", "setup", "turns"),
    "setup value of the wrong type": ("athernum", "  turn: 3", "  turn: three", "setup.turn", "three"),
    "unknown phase": ("athernum", "phase: combat", "phase: battle", "setup.phase", "battle"),
    "unknown player": ("athernum", "  p2:\n    main", "  p7:\n    main", "setup", "p7"),
    "unknown expectation": ("athernum", "  objects:", "  objets:", "expect", "objets"),
    "expected value of the wrong type": ("athernum", "damage: 3,", "damage: three,", "damage", "three"),
    "YAML that does not read": ("athernum", "steps:", "steps: [", "", ""),
    "card entry without a card": ("athernum", "[Ember Knight]", "[{label: x}]", "characters", "card"),
    "unknown field of a card entry": (
        "athernum",
        "[Ember Knight]",
        "[{card: Ember Knight, exhaustd: true}]",
        "characters",
        "exhaustd",
    ),
    "negative damage in setup": (
        "athernum",
        "[Ember Knight]",
        "[{card: Ember Knight, damage: -1}]",
        "damage",
        "-1",
    ),
    "six characters": (
        "athernum",
        "[Ember Knight]",
        "[" + ", ".join(["Ember Knight"] * 6) + "]",
        "characters",
        "",
    ),
    "unknown field of an object expectation": (
        "athernum",
        "{damage: 1, exhausted",
        "{damge: 1, exhausted",
        "objects",
        "damge",
    ),
    "unknown field of a log entry": (
        "athernum",
        "{rule: 9.3.7, message:",
        "{rule: 9.3.7, text:",
        "log",
        "text",
    ),
    "reject of the wrong type": (
        "athernum",
        "  - pass\n  - pass",
        "  - {pass: null, reject: {a: 1}}\n  - pass",
        "reject",
        "",
    ),
    "step naming two actions": (
        "athernum",
        "  - pass\n  - pass",
        "  - {pass: null, next_phase: null}\n  - pass",
        "steps[2]",
        "",
    ),
    # the card library
    "unknown card in play": (
        "athernum",
        "[Ember Knight]",
        "[Ember Knigt]",
        "setup.p1.characters[0]",
        "did you mean: Ember Knight",
    ),
    "unknown main character": (
        "athernum",
        "main: Aria the Bold",
        "main: Aria the Bald",
        "setup.p1.main",
        "Aria the Bold",
    ),
    "unknown card in hand": (
        "athernum",
        "    characters: [Ember Knight]",
        "    characters: [Ember Knight]\n    hand: [Tide Gaurd]",
        "setup.p1.hand[0]",
        "Tide Guard",
    ),
    "unknown attachment": (
        "athernum",
        "[Ember Knight]",
        "[{card: Ember Knight, attachments: [Iron Blaed]}]",
        "attachments[0]",
        "Iron Blade",
    ),
    "unknown card in a new game's deck": (
        "athernum",
        "setup:\n  turn: 3",
        "setup:\n  new_game: {p1: {deck: [Wandrer]}, p2: {deck: [Wanderer]}}\n  turn: 3",
        "setup.new_game.p1.deck[0]",
        "Wanderer",
    ),
    "unknown object expected": (
        "athernum",
        "    Ember Knight: {damage",
        "    Ember Knigt: {damage",
        "expect.objects.Ember Knigt",
        "Ember Knight",
    ),
    "unknown object in a zone expected": (
        "athernum",
        "  objects:",
        "  p1: {characters: [Ember Knigt]}\n  objects:",
        "expect.p1.characters[0]",
        "Ember Knight",
    ),
    "unknown object seen": (
        "athernum",
        "  objects:",
        "  view: {p1: {sees: [Wandrr]}}\n  objects:",
        "expect.view.p1.sees[0]",
        "Wanderer",
    ),
    "unknown zone": (
        "athernum",
        "{zone: character_slots,",
        "{zone: character_slot,",
        "expect.objects.p2:Wanderer.zone",
        "character_slots",
    ),
    "log citing a rule the engine never cites": (
        "athernum",
        "9.3.11, 9.3.12]",
        "9.3.11, 9.3.122]",
        "expect.log[2]",
        "9.3.12",
    ),
    "refusal citing no rule": (
        "athernum",
        "  - pass\n  - pass",
        "  - {pass: null, reject: [9.9.99]}\n  - pass",
        "steps[2].reject",
        "none of",
    ),
    "unknown argument of an action": (
        "athernum",
        "{attacker: Ember Knight, target:",
        "{attacker: Ember Knight, targt:",
        "steps[0]",
        "targt",
    ),
    "unknown card an action names": (
        "athernum",
        "{attacker: Ember Knight,",
        "{attacker: Ember Kniht,",
        "steps[0].attack.attacker",
        "Ember Knight",
    ),
    "unknown defender": (
        "athernum",
        "defend: p2:Tessa of the Tides",
        "defend: p2:Tessa of the Tide",
        "steps[1].defend",
        "Tessa of the Tides",
    ),
    "unknown object in a step's expectation": (
        "athernum",
        "    expect: {pending:",
        "    expect: {objects: {Ember Knigt: {damage: 0}}, pending:",
        "steps[0].expect.objects.Ember Knigt",
        "Ember Knight",
    ),
    "card of the scenario with an unknown field": (
        "athernum",
        "setup:",
        "cards:\n  Odd One: {type: character, cost: 1, ofv: 1, dfvv: 2}\nsetup:",
        "cards.Odd One",
        "dfv",
    ),
    "card of the scenario with a value of the wrong type": (
        "athernum",
        "setup:",
        "cards:\n  Odd One: {type: character, cost: two, ofv: 1, dfv: 2}\nsetup:",
        "cards.Odd One.cost",
        "two",
    ),
    "card of the scenario of an unknown type": (
        "athernum",
        "setup:",
        "cards:\n  Odd One: {type: charcter, cost: 1}\nsetup:",
        "cards.Odd One.type",
        "character",
    ),
    "card of the scenario with an unknown effect": (
        "athernum",
        "setup:",
        "cards:\n  Odd One:\n    type: character\n    cost: 1\n    ofv: 1\n    dfv: 1\n"
        "    abilities: [{type: activated, effect: {kind: drw, count: 1}}]\nsetup:",
        "cards.Odd One.abilities",
        "drw",
    ),
    "Atnia: unknown card on the battlefield": (
        "atnia",
        "[Rift Hound]",
        "[Rift Hund]",
        "setup.p1.battlefield[0]",
        "Rift Hound",
    ),
    "Atnia: unknown zone": (
        "atnia",
        "{damage: 0}",
        "{zone: graveyard}",
        "expect.objects.Shield Bearer.zone",
        "discard",
    ),
    "Atnia: unknown object expected": (
        "atnia",
        "    Shield Bearer: {damage",
        "    Shield Barer: {damage",
        "expect.objects.Shield Barer",
        "Shield Bearer",
    ),
    "Atnia: refusal citing no rule": (
        "atnia",
        "reject: rules/combat/p1 ",
        "reject: rules/combat/p9 ",
        "steps[0].reject",
        "none of",
    ),
    "Atnia: unknown argument of an action": (
        "atnia",
        "{attackers: [{unit: Rift Hound, target:",
        "{attackers: [{unit: Rift Hound, targt:",
        "steps[0]",
        "targt",
    ),
    "Atnia: unknown argument of an attack with commits": (
        "atnia",
        "{attackers: [{unit: Rift Hound, target: p2:Shield Bearer}]}",
        "{attackers: [Rift Hound], commits: [Spark]}",
        "steps[0]",
        "commits",
    ),
    "Atnia: unknown attacker": (
        "atnia",
        "  - attack: Rift Hound",
        "  - attack: Rift Hund",
        "steps[1].attack",
        "Rift Hound",
    ),
    "Atnia: unknown unit an attacker targets": (
        "atnia",
        "target: p2:Shield Bearer}",
        "target: p2:Shield Barer}",
        "steps[0].attack.attackers[0].target",
        "Shield Bearer",
    ),
    "Atnia: unknown blocker": (
        "atnia",
        "  - block: {}",
        "  - block: {Shield Beerer: Rift Hound}",
        "steps[2].block.Shield Beerer",
        "Shield Bearer",
    ),
    "Atnia: unknown card played": (
        "atnia",
        "  - pass\n",
        "  - play: {card: Shield Bearr, targets: [p1]}\n",
        "steps[3].play.card",
        "Shield Bearer",
    ),
    "Atnia: argument of the wrong type": (
        "atnia",
        "  - pass\n",
        "  - skill: {source: Rift Hound, skill: first}\n",
        "steps[3]",
        "first",
    ),
    "Atnia: explore to neither top nor bottom": (
        "atnia",
        "  - pass\n",
        "  - explore: {card: Rift Hound, ideal: arca, to: middle}\n",
        "steps[3]",
        "middle",
    ),
    "Atnia: decide neither yes nor no": (
        "atnia",
        "  - pass\n",
        "  - decide: maybe\n",
        "steps[3]",
        "maybe",
    ),
    "Altered: unknown argument of an action": (
        "altered",
        "  - play: courier-in-reserve",
        "  - play: {card: courier-in-reserve, expedtion: companion}",
        "steps[1]",
        "expedtion",
    ),
    "Altered: unknown card played": (
        "altered",
        "  - play: courier-in-reserve",
        "  - play: Tidal Courrier",
        "steps[1].play",
        "Tidal Courier",
    ),
    "Altered: unknown source of a quick action": (
        "altered",
        "  - play: courier-in-reserve",
        "  - quick: {source: courier-in-reserv, ability: 0}",
        "steps[1].quick.source",
        "courier-in-reserve",
    ),
    "Altered: ability of the wrong type": (
        "altered",
        "  - play: courier-in-reserve",
        "  - quick: {source: courier-in-reserve, ability: second}",
        "steps[1]",
        "second",
    ),
    "Altered: unknown card in the reserve": (
        "altered",
        "{card: Tidal Courier, label: courier-in-reserve}",
        "{card: Tidal Currier, label: courier-in-reserve}",
        "setup.p1.reserve[0].card",
        "Tidal Courier",
    ),
    "Altered: unknown object in an expedition": (
        "altered",
        "hero: [Tidal Courier]",
        "hero: [Tidal Corier]",
        "expect.p1.expeditions.hero[0]",
        "Tidal Courier",
    ),
    "Altered: card of the scenario with a value of the wrong type": (
        "altered",
        "cost: 3,",
        "cost: three,",
        "cards.Tidal Courier",
        "three",
    ),
    "Altered: log citing no rule": (
        "altered",
        "{rule: 6.1.d,",
        "{rule: 6.1.dd,",
        "expect.log[0].rule",
        "6.1.d",
    ),
}


@pytest.fixture(scope="module")
def findings(tmp_path_factory, warm_memo) -> dict[str, list]:
    """One lint run over a project holding a broken copy of a good scenario per kind; the errors by kind."""
    root = with_memo(warm_memo, tmp_path_factory.mktemp("kinds"))
    shutil.copytree(ROOT / "rules", root / "rules")
    (root / "pyproject.toml").write_text("")
    files: dict[Path, str] = {}
    for game, base in BASE.items():
        source = ROOT / "scenarios" / game
        target = root / "scenarios" / game
        target.mkdir(parents=True)
        shutil.copy(source / "cards.yaml", target / "cards.yaml")
        if (source / "cards").is_dir():
            shutil.copytree(source / "cards", target / "cards")
        text = (source / base).read_text()
        for i, (kind, (g, old, new, _, _)) in enumerate(KINDS.items()):
            if g != game:
                continue
            assert old in text, kind
            path = target / f"kind-{i:02d}.yaml"
            path.write_text(text.replace(old, new, 1).replace(f"id: {game}/", f"id: {game}/kind-{i:02d}/", 1))
            files[path] = kind
    kb = load_kb(Paths(root))
    found = lint_scenario_files(
        discover(root / "scenarios"), root / "scenarios", root, kb.graph, kb.lookup, set()
    )
    by_kind: dict[str, list] = {kind: [] for kind in KINDS}
    for problem in found.problems:
        found_kind = files.get(root / problem.path)
        if found_kind is not None and problem.severity == Severity.ERROR:
            by_kind[found_kind].append(problem)
    return by_kind


def test_the_good_scenarios_have_no_error(findings):
    """The unbroken scenarios the kinds start from lint clean (every error below comes from its breakage)."""
    for game, base in BASE.items():
        assert (ROOT / "scenarios" / game / base).exists()


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_of_malformed_scenario_is_an_error_at_its_field(findings, kind):
    """A scenario broken in this way is an error of lint naming the field, with the right names to try."""
    *_, field, text = KINDS[kind]
    errors = findings[kind]
    assert errors, f"{kind}: lint found nothing"
    assert any(field in e.field and text in e.message + e.field for e in errors), [str(e) for e in errors]
    assert all(e.line >= 1 for e in errors)
