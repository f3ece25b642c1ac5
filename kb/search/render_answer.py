"""A judge's answer (``rulekb ask``) as it reads in a terminal: one screen, the answer first (rich, which measures
how many lines each part takes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from kb.search.render import CRUMB, explanation_lines
from kb.search.strings import strings

if TYPE_CHECKING:  # the answer's types
    from kb.ruling_view import RulingView
    from kb.search.ask import AskAnswer, AskRule, ProofSummary


def _clip(text: str, width: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


#: How many lines ``rulekb ask`` prints by default: one screen of a terminal or a phone.
SCREEN_LINES = 40
#: How many of search's hits ``ask --explain`` explains in the terminal (its JSON has them all).
EXPLAINED_HITS = 10


class AnswerPrinter:
    """Prints an answer in one of three lengths: ``brief`` (the ruling and its rule), the default (one screen:
    the ruling, the deciding rule, the proof, the other rules in a line each) or ``full`` (everything)."""

    def __init__(self, console: Console, lang: str = "en"):
        self.console = console
        self.words = strings(lang)
        self.lines: list[Text] = []

    def add(self, text: Text | str, style: str = "") -> None:
        self.lines.append(text if isinstance(text, Text) else Text(text, style=style))

    def height(self, lines: list[Text]) -> int:
        return sum(
            len(self.console.render_lines(line, self.console.options.update(height=None), pad=False))
            for line in lines
        )

    def flush(self) -> None:
        for line in self.lines:
            self.console.print(line)
        self.lines = []

    def ruling(self, view: RulingView, with_reasoning: bool) -> None:
        heading = Text(f"{self.words['ruling']} ", style="bold")
        heading.append(view.id, style="bold magenta")
        heading.append(f"  {view.game} · {view.source}", style="dim")
        self.add(heading)
        self.add(Text(view.question, style="bold"))
        self.add(Text(view.answer))
        if with_reasoning and view.reasoning:
            self.add(Text.assemble((f"{self.words['why']}: ", "bold"), view.reasoning))
        self.add(Text(view.url, style="underline dim"))

    def rule(self, rule: AskRule, full: bool) -> None:
        heading = Text(f"{self.words['rule']} ", style="bold")
        heading.append(rule.label, style="bold cyan")
        if rule.title and rule.title not in rule.label:
            heading.append(f"  {rule.title}", style="bold")
        heading.append(f"  {rule.id}", style="dim")
        self.add(heading)
        if full and rule.breadcrumb:
            self.add(Text("  " + CRUMB.join(r.label for r in rule.breadcrumb), style="dim"))
        if rule.text:
            self.add(Text("  " + rule.text))
        for passage in rule.rulebook[: None if full else 1]:
            self.add(Text.assemble((f"  {self.words['rulebook']}: ", "bold"), passage.text))
        self.add(Text(f"  {rule.url}", style="underline dim"))

    def proof(self, proof: ProofSummary) -> None:
        heading = Text(f"{self.words['proof']}: ", style="bold")
        heading.append(proof.title)
        verified = proof.status == "passed"
        heading.append(
            f"  ({self.words['verified' if verified else 'not_verified']})",
            style="green" if verified else "yellow",
        )
        self.add(heading)
        for n, line in enumerate(proof.start):
            self.add(
                Text.assemble(
                    (
                        f"  {self.words['start']}: "
                        if n == 0
                        else "  " + " " * (len(self.words["start"]) + 2),
                        "dim",
                    ),
                    line,
                )
            )
        self.add(Text.assemble((f"  {self.words['outcome']}: ", "dim"), proof.outcome))
        if proof.chain:
            from kb.proof.text import chain_summary  # the proof's machinery, only for an answer that has one

            self.add(Text.assemble((f"  {self.words['chain']}: ", "dim"), chain_summary(proof.chain)))
        self.add(Text(f"  {proof.url}", style="underline dim"))

    def brief_rule(self, rule: AskRule) -> list[Text]:
        width = max(20, self.console.width - 2)
        line = Text("  ")
        line.append(rule.label, style="cyan")
        said = rule.text or rule.title
        line.append("  " + _clip(said, max(10, width - len(rule.label) - 4)))
        return [line, Text(f"    {rule.url}", style="dim")]

    def details(self, rule: AskRule) -> None:
        """A rule's subrules, references, terms, rulings, examples and rulebook links (``--full``)."""
        w = self.words
        for title, items in (
            (w["subrules"], [(r.label, r.text, r.url) for r in rule.subrules]),
            (w["references"], [(r.label, r.text, r.url) for r in rule.references]),
            (w["terms"], [(r.label, r.text, r.url) for r in rule.terms]),
            (w["rulings"], [(r.id, f"{r.question} → {r.answer}", r.url) for r in rule.rulings]),
            (
                w["examples"],
                [(e.id, e.title + (f" ({e.status})" if e.status else ""), e.url) for e in rule.examples],
            ),
            (w["rulebook"], [(r.label, "", r.url) for r in rule.passages][:4]),
        ):
            if items:
                self.add(Text(f"  {title}", style="bold"))
            for name, text, url in items:
                line = Text("    ")
                line.append(name, style="cyan")
                if text:
                    line.append("  " + _clip(text))
                line.append(f"  {url}", style="dim")
                self.add(line)


def print_answer(answer: AskAnswer, console: Console, *, length: str = "default") -> None:
    """A judge's answer, the answer first: the ruling that settles the question (whole), the deciding rule,
    the proof, then the other rules; ``length`` is ``brief``, ``default`` (one screen) or ``full``."""
    printer = AnswerPrinter(console, answer.lang)
    words = printer.words
    if not answer.rules:
        for note in answer.notes:
            console.print(f"[dim]{words['note']}: {escape(note)}[/dim]")
        console.print(words["no_rule"])
        return
    full = length == "full"
    if answer.ruling is not None:
        printer.ruling(answer.ruling, with_reasoning=full)
    printer.rule(answer.rules[0], full)
    if full:
        printer.details(answer.rules[0])
    if length != "brief" and answer.proof is not None:
        printer.proof(answer.proof)
    notes = [Text(f"{words['note']}: {note}", style="dim") for note in answer.notes]
    if length == "brief":
        printer.lines += notes
        printer.flush()
        return
    others = answer.rules[1:]
    if others:
        printer.add(Text(words["other_rules"], style="bold"))
    if full:
        for rule in others:
            printer.rule(rule, full)
            printer.details(rule)
        printer.lines += notes
        printer.flush()
        return
    room = SCREEN_LINES - printer.height(printer.lines) - printer.height(notes) - 1
    left = 0
    for rule in others:
        lines = printer.brief_rule(rule)
        if printer.height(lines) <= room and not left:
            printer.lines += lines
            room -= printer.height(lines)
        else:
            left += 1
    if left:
        printer.add(Text(words["more_rules"].format(n=left), style="dim"))
    elif others and printer.lines[-1].plain == words["other_rules"]:
        printer.lines.pop()
    printer.lines += notes
    printer.flush()


def print_explanations(answer: AskAnswer, console: Console) -> None:
    """``ask --explain``: why search's hits, from which the answer's rules come, ranked as they did."""
    if not answer.explain:
        return
    console.print(Text("\nWhy (search's hits, best first)", style="bold"))
    for explanation in answer.explain[:EXPLAINED_HITS]:
        console.print(Text(f"{explanation.rank:>2}  {explanation.id}", style="cyan"))
        for line in explanation_lines(explanation):
            console.print(line.text())
