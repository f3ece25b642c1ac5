"""The table of question shapes: each row reads its questions alike, and the engine lifts the first shape's answer."""

from __future__ import annotations

import re

from kb.search.shapes import SCOPES, SHAPES, Answer, Shape, shape_of


def test_every_shape_names_its_answers_scope_and_is_named_once():
    """A hit says which shape lifted it, so no two shapes share a name, and every answer's scope is one the engine
    knows."""
    assert len({shape.name for shape in SHAPES}) == len(SHAPES)
    assert {answer.scope for shape in SHAPES for answer in shape.answers} <= set(SCOPES)


QUIZ = Shape(
    "quiz",
    (
        re.compile(
            r"\bhow\s+(?P<b>long|often)\s+(?:is|are)\s+(?P<x>.+?)(?:\s+(?:is|are)\s+(?P<y>.+))?$", re.I
        ),
    ),
    (Answer(re.compile("lasts"), "text", re.compile("^long$")), Answer(re.compile("each"), "text")),
)


def test_a_shape_reads_its_subjects_and_the_answer_for_the_word_asked():
    """The subjects are the phrase's alternatives without their articles, with what the thing is asked to be; the
    answer is the first whose asking word fits the question's."""
    long = shape_of(QUIZ, "How long are the night phase or the day is a turn?")
    often = shape_of(QUIZ, "how often are the counters")
    assert long is not None and often is not None
    assert (long.subjects, long.answer.says.pattern) == (("night phase", "day", "turn"), "lasts")
    assert (often.subjects, often.answer.says.pattern) == (("counters",), "each")
    assert shape_of(QUIZ, "how long") is None
