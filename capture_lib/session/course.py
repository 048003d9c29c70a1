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


def overview(slug: str) -> str:
    """The course of game ``slug`` in a sentence or two for its page, counted and listed from the course itself:
    "Twenty-six short levels teach the game one idea at a time, in nine stages: Set-up, Moving, ... and A whole
    game." (a count written by hand goes stale the day a level is added)."""
    from capture_lib.core.lessons import number_words

    levels = course(slug).levels
    stages = [stage for stage, _ in course(slug).stages]
    listed = ", ".join(stages[:-1]) + f" and {stages[-1]}" if len(stages) > 1 else stages[0]
    last = levels[-1]
    end = f" The last level, *{last.title}*, is played to the end against the computer." if last.solver else ""
    return (f"{number_words(len(levels)).capitalize()} short levels teach the game one idea at a time, in the order "
            f"you need them, in {number_words(len(stages))} stages: {listed}.{end}")


def exercises(slug: str) -> list[Lesson]:
    """The exercises of game ``slug``'s chapter (one question each); ``ValueError`` for a game without any."""
    description = _described(slug)
    part = description.lessons
    if part is None:
        raise ValueError(f"{description.title} has no exercises")
    return list(part.exercises())
