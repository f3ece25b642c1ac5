"""``rulekb lint``: every problem in the rule sources in one run, most serious first."""

from __future__ import annotations

import re
from collections import Counter

from whoosh.lang.porter2 import stem

from kb.core.errors import Problem, Severity, rel
from kb.core.graph import containment
from kb.core.ids import CR_NUMBER
from kb.core.loader import KnowledgeBase
from kb.core.nodes import EdgeKind, NodeKind, SourceDocument
from kb.core.parameters import read_parameters
from kb.core.rulings import Ruling, load_rulings, rulings_file
from kb.core.text import words
from kb.ruling_review import suspect_rulings
from kb.verify.adapters import adapter_for
from kb.verify.coverage import NOT_TESTABLE_FILE, RuleCoverage, classify, primary_document, read_not_testable
from kb.verify.fingerprint import lint_scenarios
from kb.verify.scenario import discover
from kb.verify.scenario_lint import did_you_mean, lint_scenario_files
from kb.verify.vocabulary import did_you_mean as suggest

#: Longer "words" are not words a typo made (and their one-typo variants would be too many to list).
LONGEST_WORD = 40
ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}


def _cr_key(number: str) -> tuple[int, ...]:
    m = CR_NUMBER.match(number)
    if not m:
        return ()
    rule = m.group("rule")
    key = [int(m.group("chapter")), int(m.group("section")), int(rule) if rule.isdigit() else 100 + ord(rule)]
    key.append(ord(m.group("letter")) - 96 if m.group("letter") else 0)
    key.append(ROMAN.get(m.group("roman") or "", 0))
    key.append(ord(m.group("sub")) - 96 if m.group("sub") else 0)
    return tuple(key)


def _dotted_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) if p.isdigit() else ord(p) - 96 for p in number.split("."))


def numbering(document: SourceDocument, display: str) -> list[Problem]:
    """Gaps and disorder among the numbered children of each node (warnings; notes in an excerpt)."""
    if document.meta.numbering == "none":
        return []
    keyf = _cr_key if document.meta.numbering == "cr" else _dotted_key
    excerpt = document.meta.is_excerpt
    siblings: dict[str, list] = {}
    for node in document.nodes:
        if node.number and node.kind in (NodeKind.RULE, NodeKind.SECTION):
            siblings.setdefault(node.parent or "", []).append(node)
    problems = []
    for nodes in siblings.values():
        previous = None
        for node in nodes:
            key = keyf(node.number)
            if previous is not None:
                prev_key = keyf(previous.number)
                if key <= prev_key:
                    problems.append(
                        Problem(
                            display,
                            node.line,
                            "number",
                            f"{node.number} comes after {previous.number}: numbering out of order",
                            Severity.INFO if excerpt else Severity.WARNING,
                            code="disorder",
                        )
                    )
                elif len(key) == len(prev_key):
                    diff = [i for i, (a, b) in enumerate(zip(key, prev_key)) if a != b]
                    if (
                        diff
                        and key[diff[0]] - prev_key[diff[0]] > 1
                        and all(k == 0 for k in key[diff[0] + 1 :])
                    ):
                        problems.append(
                            Problem(
                                display,
                                node.line,
                                "number",
                                f"gap in numbering between {previous.number} and {node.number}",
                                Severity.INFO if excerpt else Severity.WARNING,
                                code="gap",
                            )
                        )
            previous = node
    return problems


def _holds(parent: str, number: str) -> bool:
    """Whether a node numbered ``parent`` may hold ``number``: 4.2.2 holds 4.2.2a and 4.2.2.a, the section 1.1.0
    holds 1.1.1, 12.2.A holds 12.2.Aa; 1 does not hold 12.1."""
    prefix = parent[:-2] if parent.endswith(".0") else parent
    return number.startswith(prefix) and len(number) > len(prefix) and not number[len(prefix)].isdigit()


def structure(document: SourceDocument, display: str) -> list[Problem]:
    """A numbered rule outside the document's structure (``77.7.7a`` appended after chapter 12) is on no page:
    an error (a note in an excerpt, whose structure is partial)."""
    if document.meta.numbering == "none":
        return []
    by_id = {node.id: node for node in document.nodes}
    problems = []
    for node in document.nodes:
        if not node.number or node.kind not in (NodeKind.RULE, NodeKind.SECTION):
            continue
        parent = by_id.get(node.parent or "")
        if parent is not None and parent.number and _holds(parent.number, node.number):
            continue
        under = (
            f"under {parent.number}"
            if parent is not None and parent.number
            else "outside every chapter and section"
        )
        problems.append(
            Problem(
                display,
                node.line,
                "number",
                f"{node.number} is {under}: no section of the document can hold that number",
                Severity.INFO if document.meta.is_excerpt else Severity.ERROR,
                code="outside-structure",
            )
        )
    return problems


def unused_terms(kb: KnowledgeBase) -> list[Problem]:
    """Glossary terms that no rule or paragraph uses."""
    graph = kb.graph
    problems = []
    for node_id, data in graph.node_items():
        if data.kind != NodeKind.TERM:
            continue
        users = [u for u, _, k in graph.in_edges(node_id, keys=True) if k == EdgeKind.USES_TERM.value]
        if not users:
            problems.append(
                Problem(
                    data.path,
                    data.line,
                    "term",
                    f"the term {data.title!r} is defined but no rule uses it",
                    Severity.WARNING,
                    code="unused-term",
                )
            )
    return problems


LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


def _one_typo_apart(word: str, other: str) -> bool:
    """Whether ``other`` is ``word`` with one typo: a letter left out, two neighbours swapped, or one letter a-z
    put in or written for another (what generating every such variant of ``word`` would find, without making the
    hundreds of variants of each rare word)."""
    n, m = len(word), len(other)
    if m == n:
        diff = [i for i in range(n) if word[i] != other[i]]
        if not diff:  # a letter written for itself, or two equal neighbours swapped
            return any(c in LETTERS for c in word) or any(word[i] == word[i + 1] for i in range(n - 1))
        if len(diff) == 1:
            return other[diff[0]] in LETTERS
        i, j = diff[0], diff[-1]
        return len(diff) == 2 and j == i + 1 and word[i] == other[j] and word[j] == other[i]
    if abs(m - n) != 1:
        return False
    longer, shorter = (word, other) if n > m else (other, word)
    i = next((k for k in range(len(shorter)) if longer[k] != shorter[k]), len(shorter))
    return longer[:i] + longer[i + 1 :] == shorter and (longer is word or longer[i] in LETTERS)


def misspellings(kb: KnowledgeBase) -> list[Problem]:
    """Words of rule text used once that are one typo away from a word used often ("Devensive").

    Only numbered rule documents are checked: their vocabulary is small and regular enough that a
    rare near-twin of a frequent word is usually a typo, where prose would give false alarms.
    """
    problems = []
    english = [d for d in kb.documents if d.meta.language == "en" and d.meta.numbering != "none"]
    counts: Counter[str] = Counter()
    capitalised: Counter[str] = Counter()
    for document in english:
        for node in document.nodes:
            text = f"{node.title} {node.text}"
            counts.update(w for w in words(text) if len(w) > 3)
            capitalised.update(w.lower() for w in re.findall(r"(?<=[a-z,] )[A-Z][a-z]{3,}", text))
    # Rule text capitalises its game terms ("Defensive Value"), so a near-twin of a capitalised term is the
    # likely typo; lowercase near-twins are usually other words. Frequent capitalised words, by first letter:
    frequent: dict[str, list[str]] = {}
    for c in sorted(counts):
        if counts[c] >= 3 and capitalised[c] * 2 >= counts[c]:
            frequent.setdefault(c[0], []).append(c)
    for document in english:
        display = rel(document.path, kb.paths.root)
        seen: set[str] = set()
        for node in document.nodes:
            for word in words(f"{node.title} {node.text}"):
                if not 6 <= len(word) <= LONGEST_WORD or counts[word] > 1 or word in seen:
                    continue
                candidates = [
                    c
                    for c in frequent.get(word[0], ())
                    if abs(len(c) - len(word)) <= 1 and _one_typo_apart(word, c) and stem(c) != stem(word)
                ]
                if candidates:
                    seen.add(word)
                    best = max(candidates, key=lambda c: counts[c])
                    problems.append(
                        Problem(
                            display,
                            node.line,
                            "text",
                            f"{node.id}: {word!r} may be a misspelling of {best!r}",
                            Severity.WARNING,
                            code="misspelling",
                        )
                    )
    return problems


def repairs(kb: KnowledgeBase) -> list[Problem]:
    """The importer's repairs, listed for review."""
    return [
        Problem(path, r.line, r.kind, str(r).split(": ", 1)[1], Severity.INFO, code="import-repair")
        for path, found in kb.repairs.items()
        for r in found
    ]


def curated_data(kb: KnowledgeBase, rulings: list[Ruling], problems: list[Problem]) -> list[Problem]:
    """Problems in the rulings (malformed, duplicate ids, resting on rules that do not exist) and in the rule
    parameters the engines read from the rules."""
    found = problems + suspect_rulings(rulings, kb.graph)
    for ruling in rulings:
        for rule in ruling.rules:
            if rule not in kb.graph:
                found.append(
                    Problem(
                        ruling.path,
                        ruling.line,
                        f"{ruling.id}.rules",
                        f"{ruling.id} rests on {rule}, "
                        "which is not a rule" + did_you_mean(kb.lookup, kb.graph, rule),
                        code="dangling-reference",
                    )
                )
    return found + read_parameters(kb.paths, kb.graph).problems


def engine_decisions(kb: KnowledgeBase, rulings: list[Ruling]) -> list[Problem]:
    """Each engine decision is stated once, in a ruling of its game that names it (``decision:``), and a ruling names
    only decisions its engine has (errors); a decision resting on a rule its rulings do not cite is a warning."""
    problems = []
    for game in sorted({d.meta.game for d in kb.documents}):
        adapter = adapter_for(game, kb.paths.scenarios)
        decisions = {d.id: d for d in getattr(adapter, "decisions", ())}
        path = rulings_file(kb.paths, game)
        if not decisions or not path.exists():
            continue
        own = [r for r in rulings if r.game == game]
        for ruling in own:
            for name in ruling.decisions:
                if name not in decisions:
                    problems.append(
                        Problem(
                            ruling.path,
                            ruling.line,
                            f"{ruling.id}.decision",
                            f"{ruling.id} names {name}, which is no decision of the {game} engine"
                            + suggest(name, decisions),
                            code="dangling-reference",
                        )
                    )
        for decision in decisions.values():
            stating = [r for r in own if decision.id in r.decisions]
            published = getattr(decision, "ruling", None)  # an engine may name the ruling that states it
            if not stating or (published and published not in {r.id for r in stating}):
                problems.append(
                    Problem(
                        rel(path, kb.paths.root),
                        1,
                        "decision",
                        f"the {game} engine's decision {decision.id} ({decision.reading}) is stated by no ruling"
                        + (f"; its engine names {published}" if published else "")
                        + f": add 'decision: {decision.id}' to the ruling that states it",
                        code="decision-unpublished",
                    )
                )
                continue
            cited = {rule for r in stating for rule in r.rules}
            missing = [rule for rule in decision.rules if f"{game}:{rule}" not in cited]
            if missing:
                problems.append(
                    Problem(
                        stating[0].path,
                        stating[0].line,
                        f"{stating[0].id}.rules",
                        f"the engine's decision {decision.id} rests on {', '.join(missing)}, which "
                        f"{', '.join(r.id for r in stating)} {'does' if len(stating) == 1 else 'do'} not cite "
                        "(cite it there, or renumber the engine's decision after a new release)",
                        Severity.WARNING,  # the engine's numbers stay stale until its maintainers renumber them
                        code="decision-rules",
                    )
                )
    return problems


def untested(kb: KnowledgeBase, cited: set[str]) -> list[Problem]:
    """A warning for each testable rule that no scenario cites (directly or through all its subrules) and that
    its game's not-testable list does not name: a new rule should not pass silently."""
    problems = []
    tree = containment(kb.graph)
    for game in sorted({d.meta.game for d in kb.documents}):
        listed = kb.paths.scenarios / game / NOT_TESTABLE_FILE
        if primary_document(kb.graph, game) is None or not (kb.paths.scenarios / game).is_dir():
            continue
        reasons, found = read_not_testable(listed, rel(listed, kb.paths.root))
        problems += found
        coverage = classify(kb.graph, game, cited, reasons, tree)
        for rule, status in coverage.rules.items():
            if (
                status == RuleCoverage.MISSING
                and not any(  # the deepest missing rules, not each of their parents
                    coverage.rules.get(c) == RuleCoverage.MISSING for c in tree.get(rule, [])
                )
            ):
                data = kb.node(rule)
                problems.append(
                    Problem(
                        data.path,
                        data.line,
                        "scenario",
                        f"{rule} has no scenario; write one, "
                        f"or list it in {rel(listed, kb.paths.root)} with the reason",
                        Severity.WARNING,
                        code="untested",
                    )
                )
    return problems


def lint(kb: KnowledgeBase) -> list[Problem]:
    """Every finding about the knowledge base: source problems, numbering, terms, spelling, repairs."""
    found = list(kb.problems)
    for document in kb.documents:
        found += numbering(document, rel(document.path, kb.paths.root))
        found += structure(document, rel(document.path, kb.paths.root))
    found += unused_terms(kb)
    found += misspellings(kb)
    found += repairs(kb)
    rulings, ruling_problems = load_rulings(kb.paths)
    found += curated_data(kb, rulings, ruling_problems)
    found += engine_decisions(kb, rulings)
    if kb.paths.scenarios.is_dir():
        files = discover(kb.paths.scenarios)
        found += lint_scenarios(
            kb.paths.scenarios, kb.paths.root, kb.graph, files, cache=kb.paths.memo / "fingerprints.pickle"
        )
        scenarios = lint_scenario_files(
            files,
            kb.paths.scenarios,
            kb.paths.root,
            kb.graph,
            kb.lookup,
            {r.id for r in rulings},
            memo=kb.paths.memo,
        )
        found += scenarios.problems + untested(kb, scenarios.cited)
    order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
    return sorted(found, key=lambda p: (order[p.severity], p.path, p.line))
