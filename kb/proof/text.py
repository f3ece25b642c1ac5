"""An example's proof in a terminal (``rulekb example ID``), in the site's order: verdict, rulings proved, the
board at the start with card statistics, each step in words, the end state checked, the engine's log as rules."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from kb.proof.model import CheckLine, ExampleProof, LogEntry, pile_runs
from kb.verify.board import Area, Board, CardFace, object_label

STATUS_STYLE = {"passed": "green", "failed": "red", "error": "red", "xfail": "yellow"}


def card_words(face: CardFace) -> str:
    """``Ember Knight [power 3, health 2] (exhausted; with Torch [power 1])``: a card with statistics and marks."""
    words = face.name
    if face.stats:
        words += " [" + ", ".join(f"{k} {v}" for k, v in face.stats.items()) + "]"
    more = [*face.marks, *(f"with {card_words(a)}" for a in face.attached)]
    return words + (f" ({'; '.join(more)})" if more else "")


def area_words(area: Area) -> str:
    """An area and what it holds: cards with statistics, a pile as runs of names (``Deck: 3× Wanderer``)."""
    if not area.cards:
        return f"{area.name}: empty"
    if area.pile:
        return f"{area.name}: " + ", ".join(
            f"{n}× {name}" if n > 1 else name for name, n in pile_runs(area.cards)
        )
    return f"{area.name}: " + ", ".join(card_words(c) for c in area.cards)


def board_lines(board: Board) -> list[str]:
    """A position in lines: the game's facts, then each player (counters, areas), then the shared areas."""
    lines = [", ".join(f"{k} {v}" for k, v in board.facts.items())] if board.facts else []
    for player in board.players:
        counters = ", ".join(f"{k} {v}" for k, v in player.counters.items())
        areas = [area_words(a) for a in player.areas if a.cards]
        lines.append(
            f"{player.id}"
            + (f" ({counters})" if counters else "")
            + (": " + "; ".join(areas) if areas else "")
        )
    lines += [area_words(a) for a in board.shared if a.cards]
    return lines


def start_summary(proof: ExampleProof) -> list[str]:
    """The start position in at most two lines: the game's moment, then each player's cards in play by name
    (``example`` shows their statistics)."""
    if proof.start is None:
        return []
    board = proof.start
    moment = ", ".join(
        f"{k} {v}" for k, v in board.facts.items() if k.casefold() in ("turn", "round", "phase")
    )
    sides = []
    for player in board.players:
        names = [c.name for a in player.areas if not a.pile for c in a.cards]
        if names:
            sides.append(f"{player.id}: {', '.join(names)}")
    sides += [
        f"{a.name}: {', '.join(c.name for c in a.cards)}" for a in board.shared if a.cards and not a.pile
    ]
    return [line for line in (moment, "; ".join(sides)) if line]


def outcome_line(proof: ExampleProof) -> str:
    """What the example ends in: its end checks held (or which did not), or its last step's outcome."""
    held = [c for c in proof.checks if c.held]
    if proof.checks:
        failed = [c for c in proof.checks if not c.held]
        shown = failed or held
        return "; ".join(check_words(c) for c in shown[:2]) + (
            f" (+{len(shown) - 2})" if len(shown) > 2 else ""
        )
    return proof.steps[-1].outcome if proof.steps else proof.verdict


def chain_summary(chain: list[str], limit: int = 12) -> str:
    """The rule chain in brief: each rule once, where it first applied, without its game; ``…`` past ``limit``."""
    rules = list(dict.fromkeys(r.split(":", 1)[-1] for r in chain))
    return " → ".join(rules[:limit]) + (" → …" if len(rules) > limit else "")


def check_words(check: CheckLine) -> str:
    said = f"{check.what} = {check.expected}"
    return said if check.held else f"{said}, but reached {check.reached}"


def _check(console: Console, check: CheckLine, indent: str) -> None:
    """One expectation with whether the engine met it, a failed one in red."""
    console.print(
        Text(f"{indent}{'✓' if check.held else '✗'} {check_words(check)}", style="" if check.held else "red")
    )


def _log(console: Console, entries: list[LogEntry], indent: str) -> None:
    for entry in entries:
        line = Text(indent)
        line.append(entry.rule or "—", style="cyan")
        line.append(f"  {object_label(entry.message)}")
        console.print(line)


def print_proof(proof: ExampleProof, console: Console, url: str = "") -> None:
    """The whole proof, as the site's example page shows it."""
    status = str(proof.status)
    console.print(Text.assemble((proof.title, "bold"), "  ", (proof.id, "dim")))
    console.print(Text(proof.verdict, style=STATUS_STYLE.get(status, "")))
    if proof.reason:
        console.print(Text(proof.reason, style="yellow"))
    if url:
        console.print(Text(url, style="underline dim"))
    console.print(Text.assemble(("Rules: ", "bold"), ", ".join(r.split(":", 1)[-1] for r in proof.rules)))
    for ruling in proof.rulings:
        console.print(
            Text.assemble(
                ("Proves " if ruling.proves else "Related ", "bold"),
                (ruling.id, "magenta"),
                f"  {ruling.question}",
            )
        )
    if proof.start is not None:
        console.print(
            Text("\nWhat the engine presented" if proof.presented else "\nAt the start", style="bold")
        )
        for line in board_lines(proof.start):
            console.print(Text(f"  {line}"))
    if proof.written:
        console.print(Text("  as written: " + "; ".join(proof.written), style="dim"))
    if proof.setup_log:
        console.print(Text("  setup log", style="dim"))
        _log(console, proof.setup_log, "    ")
    if proof.steps:
        console.print(Text("\nSteps", style="bold"))
    for step in proof.steps:
        console.print(
            Text.assemble(
                f"  {step.number}. ", (step.words, "bold"), (f"  ({step.when})" if step.when else "", "dim")
            )
        )
        if step.outcome:
            console.print(Text(f"     → {step.outcome}", style="red" if step.refused else ""))
        for change in step.changes:
            console.print(Text(f"     {change}", style="dim"))
        for check in step.checks:
            _check(console, check, "     ")
        _log(console, step.log, "       ")
    if proof.further_log:
        console.print(Text("\nFurther log", style="bold"))
        _log(console, proof.further_log, "  ")
    if proof.checks:
        console.print(Text("\nEnd state", style="bold"))
        for check in proof.checks:
            _check(console, check, "  ")
    if proof.end is not None:
        console.print(Text("\nReached", style="bold"))
        for line in board_lines(proof.end):
            console.print(Text(f"  {line}", style="dim"))
    if proof.chain:
        console.print(Text.assemble(("\nRule chain: ", "bold"), " → ".join(proof.chain)))
