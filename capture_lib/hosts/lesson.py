"""Lessons on a live board (checked exercises, and a game's course): the anywidget board of their sessions.

The lesson itself (its steps, the checking of each try, hints, the answer on request, the static
step-through) is plain Python in ``capture_lib.session.lesson``; its data types are in
``capture_lib.core.lessons``. The board is the one board widget (``BoardWidget``) over a lesson session,
whose ``lesson`` value the panel draws; the session holds the accepted answers in Python until the
learner asks for them.
"""

from __future__ import annotations

from typing import Any

from capture_lib.core.lessons import Lesson, solution_markdown
from capture_lib.hosts.widget import BoardWidget
from capture_lib.session.lesson import lesson_controller


def lesson_board(lesson: Lesson, **kwargs: Any) -> BoardWidget:
    """A live board that runs ``lesson`` (an exercise) for its game."""
    return BoardWidget(controller=lesson_controller(lesson, **kwargs))


def course_board(slug: str, key: str | None = None) -> BoardWidget:
    """A live board that runs game ``slug``'s course, from level ``key`` (by default the first)."""
    from capture_lib.session.learn import course_controller

    return BoardWidget(controller=course_controller(slug, key))


def show_solution(lesson: Lesson) -> Any:
    """``solution_markdown`` for a notebook cell's output."""
    from IPython.display import Markdown

    return Markdown(solution_markdown(lesson))
