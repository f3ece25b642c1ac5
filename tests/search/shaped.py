"""A question read as one of the shapes of ``kb.search.shapes``, for the tests of each shape."""

from __future__ import annotations

from kb.search.shapes import Asked, shapes_of


def read_as(shape: str, question: str) -> Asked | None:
    """The question read as the shape named ``shape``; none when it is not of that shape."""
    return next((asked for asked in shapes_of(question) if asked.shape == shape), None)


def subjects_as(shape: str, question: str) -> tuple[str, ...]:
    """The subjects the question names as the shape named ``shape``; none when it is not of that shape."""
    asked = read_as(shape, question)
    return asked.subjects if asked else ()
