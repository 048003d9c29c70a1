"""Every game's lessons, as data built with the engine, found through each game's description.

Each game's ``course`` part (``capture_lib/games/<game>/course.py``, as its description declares it) defines
``course()``, its levels in stages (``capture_lib.core.lessons.Course``), and its ``lessons`` part defines
``exercises()``, the checked questions at the end of its chapter (``Lesson`` values). Every level and every
answer is played through the engine. A game may have neither.
"""

from __future__ import annotations

from capture_lib.core.description import Description
from capture_lib.core.lessons import Course, Lesson


def _described(slug: str) -> Description:
    from capture_lib.games import describe

    try:
        return describe(slug)
    except LookupError as err:
        raise ValueError(str(err)) from None


def games_with_lessons() -> list[str]:
    """The slugs of the games that have lessons, in the book's order."""
    from capture_lib.games import descriptions

    return [d.slug for d in descriptions() if d.parts.lessons is not None]


def course(slug: str) -> Course:
    """The course of game ``slug``: its levels, in stages (``capture_lib.core.lessons.Course``); ``ValueError``
    for a game without one."""
    description = _described(slug)
    part = description.course
    if part is None:
        raise ValueError(f"{description.title} has no course")
    return part.course()


def games_with_a_course() -> list[str]:
    """The slugs of the games that have a course, in the book's order."""
    from capture_lib.games import descriptions

    return [d.slug for d in descriptions() if d.parts.course is not None]


def exercises(slug: str) -> list[Lesson]:
    """The exercises of game ``slug``'s chapter (one question each); ``ValueError`` for a game without any."""
    description = _described(slug)
    part = description.lessons
    if part is None:
        raise ValueError(f"{description.title} has no exercises")
    return list(part.exercises())
