"""Search results and judge answers as a judge reads them in a terminal (rich)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from kb.search.results import SearchHit, SearchResult

KIND_STYLE = {"rule": "cyan", "section": "cyan", "chapter": "cyan", "term": "green", "ruling": "magenta",
              "scenario": "yellow", "example": "yellow", "remark": "yellow", "paragraph": "blue",
              "document": "blue"}
CRUMB = " › "


def snippet_text(hit: SearchHit) -> Text:
    """The hit's snippet with the matched words highlighted."""
    text = Text()
    for part, matched in hit.snippet:
        text.append(part, style="bold yellow" if matched else None)
    return text


def hit_heading(n: int, hit: SearchHit) -> Text:
    """``1  4.2.2a  athernum:4.2.2a  rule · 12.30`` — rank, label, qualified id, kind, score, and why."""
    style = KIND_STYLE.get(hit.kind, "white")
    heading = Text(f"{n:>2}  ", style="dim")
    heading.append(hit.label, style=f"bold {style}")
    if hit.title and hit.number and hit.title not in hit.label:
        heading.append(f"  {hit.title}", style="bold")
    heading.append(f"  {hit.id}", style="dim")
    status = hit.extra.get("status")
    kind = f"{hit.kind} ({status})" if status else hit.kind
    heading.append(f"  {kind} · {hit.score:.2f}", style="dim")
    if hit.via != "text":
        heading.append(f"  [{hit.via}]", style="dim italic")
    return heading


def print_hits(result: SearchResult, console: Console) -> None:
    """Every hit: heading, breadcrumb, highlighted snippet, and its link on the site."""
    for note in result.notes:
        console.print(f"[dim]note: {escape(note)}[/dim]")
    if not result.hits:
        console.print("no results" + ("" if result.notes else f" for {escape(result.query)!r}"))
        return
    for n, hit in enumerate(result.hits, start=1):
        console.print(hit_heading(n, hit))
        if hit.breadcrumb:
            console.print(Text("    " + CRUMB.join(hit.breadcrumb), style="dim"))
        body = Text("    ")
        body.append_text(snippet_text(hit))
        console.print(body)
        console.print(Text(f"    {hit.url}", style="underline dim"))


def _clip(text: str, width: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def print_answer(answer, console: Console) -> None:
    """A judge's answer: each rule in its context, then what touches it, every item with its site link."""
    for note in answer.notes:
        console.print(f"[dim]note: {escape(note)}[/dim]")
    if not answer.rules:
        console.print("no rule found for this question")
        return
    for n, rule in enumerate(answer.rules, start=1):
        heading = Text(f"{n}. ", style="bold")
        heading.append(rule.label, style="bold cyan")
        heading.append(f"  {rule.id}  ", style="dim")
        heading.append(f"[{rule.found_by}]", style="dim italic")
        console.print(heading)
        if rule.breadcrumb:
            console.print(Text("   " + CRUMB.join(r.label for r in rule.breadcrumb), style="dim"))
        if rule.text:
            console.print(Text("   " + rule.text))
        console.print(Text(f"   {rule.url}", style="underline dim"))
        _section(console, "Subrules", [(r.label, r.text, r.url) for r in rule.subrules])
        _section(console, "References", [(r.label, r.text, r.url) for r in rule.references])
        _section(console, "Terms", [(r.label, r.text, r.url) for r in rule.terms])
        _section(console, "Rulings", [(r.id, f"{r.question} → {r.answer}", r.url) for r in rule.rulings])
        _section(console, "Examples", [(e.id, f"{e.title}" + (f" ({e.status})" if e.status else ""), e.url)
                                       for e in rule.examples])
        _section(console, "Rulebook", [(r.label, "", r.url) for r in rule.passages][:4])
        console.print()


def _section(console: Console, title: str, items: list[tuple[str, str, str]]) -> None:
    if not items:
        return
    console.print(Text(f"   {title}", style="bold"))
    for name, text, url in items:
        line = Text("     ")
        line.append(name, style="cyan")
        if text:
            line.append("  " + _clip(text))
        line.append(f"  {url}", style="dim")
        console.print(line)
