"""Search quality over judge questions: recall@k and mean reciprocal rank of the rules a good answer contains.

A question lists what its answer needs; an item that is a list of ids means any one of them will do (the
CR often says the same thing twice). recall@k of a question is the share of its needs met in the first
k hits; its reciprocal rank is 1 / the rank of the first hit that meets any need.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_GAME = "athernum"


@dataclass(frozen=True)
class JudgeQuestion:
    """A question as a judge asks it, its language, and the rules a good answer contains."""

    question: str
    needs: tuple[frozenset[str], ...]  # each need: the qualified ids that satisfy it
    lang: str = "en"
    block: str = ""  # the named set it belongs to (a held-out block, or a group: en, de, atnia, altered)
    sealed: bool = False  # held out until tuning is finished: measured once, at the end
    batch: str = ""  # the round of writing it came from (e.g. sealed-s6), to measure one round alone


@dataclass
class QuestionResult:
    """How one question fared: its needs met in the top k, and the rank of the first useful hit."""

    question: JudgeQuestion
    ranking: list[str]
    recall: float
    first_rank: int | None  # 1-based; None when no need is met anywhere in the ranking

    @property
    def reciprocal_rank(self) -> float:
        return 1.0 / self.first_rank if self.first_rank else 0.0


@dataclass
class QualityReport:
    """recall@k and MRR over a question set, overall and per language, with every question's result."""

    k: int
    results: list[QuestionResult] = field(default_factory=list)

    def recall(self, lang: str | None = None) -> float:
        rs = [r for r in self.results if lang is None or r.question.lang == lang]
        return sum(r.recall for r in rs) / len(rs) if rs else 0.0

    def mrr(self, lang: str | None = None) -> float:
        rs = [r for r in self.results if lang is None or r.question.lang == lang]
        return sum(r.reciprocal_rank for r in rs) / len(rs) if rs else 0.0

    def recall_at(self, k: int, lang: str | None = None) -> float:
        """recall@k for another k than the report's (recall@1: the first hit alone), from the rankings kept."""
        rs = [r for r in self.results if lang is None or r.question.lang == lang]
        return sum(score_question(r.question, r.ranking, k).recall for r in rs) / len(rs) if rs else 0.0

    def misses(self) -> list[QuestionResult]:
        return [r for r in self.results if r.recall < 1.0]

    def only(self, block: str) -> QualityReport:
        """The results of one named block of questions."""
        return QualityReport(self.k, [r for r in self.results if r.question.block == block])


def _qualify(rule: object) -> str:
    text = str(rule)
    return text if ":" in text else f"{DEFAULT_GAME}:{text}"


def load_questions(path: Path) -> list[JudgeQuestion]:
    """The judge questions of a YAML file (``questions:`` with ``q``, ``rules``, optional ``lang``, ``block``,
    ``sealed`` and ``batch``)."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out = []
    for entry in data.get("questions") or []:
        needs = tuple(
            frozenset(_qualify(r) for r in (item if isinstance(item, list) else [item]))
            for item in entry["rules"]
        )
        out.append(
            JudgeQuestion(
                str(entry["q"]),
                needs,
                str(entry.get("lang", "en")),
                str(entry.get("block", "")),
                bool(entry.get("sealed", False)),
                str(entry.get("batch", "")),
            )
        )
    return out


def score_question(question: JudgeQuestion, ranking: list[str], k: int) -> QuestionResult:
    """recall@k and the first useful rank of one ranking of hit ids."""
    top = set(ranking[:k])
    met = sum(1 for need in question.needs if need & top)
    useful = set().union(*question.needs)
    first = next((i for i, node_id in enumerate(ranking, start=1) if node_id in useful), None)
    return QuestionResult(question, ranking, met / len(question.needs), first)


def evaluate(questions: list[JudgeQuestion], rank: Callable[[str], list[str]], k: int = 5) -> QualityReport:
    """Run every question through ``rank`` (question → hit ids, best first) and score the rankings."""
    report = QualityReport(k)
    for question in questions:
        report.results.append(score_question(question, rank(question.question), k))
    return report
