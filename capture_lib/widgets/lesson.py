"""Lessons on a live board (tutorials and checked exercises): the anywidget host of a lesson controller.

The lesson itself (its steps, the checking of each try, hints, the answer on request, the static
step-through) is plain Python in ``capture_lib.boards.lesson``; its data types are in
``capture_lib.lessons.types``. The board here is the game's own board widget with the lesson panel
added (``lesson_board``): its synced ``lesson`` value comes from the controller, which holds the
accepted answers in Python until the learner asks for them.
"""

from __future__ import annotations

from typing import Any

import traitlets

from capture_lib.boards.lesson import (  # noqa: F401 - the names the notebooks and tests import from here
    STATIC_BOOK,
    lesson_controller_class,
    lesson_frames,
    static_book,
)
from capture_lib.lessons.types import Check, Lesson, Step, check_lesson, solution_markdown  # noqa: F401

from .base import HERE, BoardWidget

#: The board class of every game, by slug (module, class name); imported only when asked for.
BOARDS = {
    "card-commander": ("capture_lib.widgets.card_commander", "CardCommanderBoard"),
    "capture-the-commander": ("capture_lib.widgets.capture_the_commander", "CaptureTheCommanderBoard"),
    "command-capture": ("capture_lib.widgets.command_capture", "CommandCaptureBoard"),
    "medieval-capture": ("capture_lib.widgets.medieval_capture", "MedievalCaptureBoard"),
}


class LessonMixin:
    """The lesson panel added to a game's board widget (see ``lesson_board``).

    The synced ``lesson`` value is declared on the class that ``lesson_class`` makes, since traits must
    live on a ``HasTraits`` class; the controller (``capture_lib.boards.lesson.LessonController``) makes it.
    """

    _controller: Any

    @property
    def step(self) -> Step:
        """The step the learner is on."""
        return self._controller.step

    @property
    def status(self) -> str:
        """``try`` (waiting), ``wrong`` (the last try was refused), ``right`` or ``revealed`` (answer shown)."""
        return self._controller.status

    def lesson_command(self, command: Any) -> None:
        """``next``, ``back``, ``again`` (start the step over), ``hint`` or ``answer`` (show and play it)."""
        self._call("lesson_command", command)  # type: ignore[attr-defined]


_CLASSES: dict[str, type] = {}


def lesson_class(game_slug: str) -> type:
    """The lesson board class of a game: its board class with the lesson panel (made once)."""
    if game_slug not in _CLASSES:
        if game_slug not in BOARDS:
            raise ValueError(f"no board for {game_slug!r}; games: {', '.join(BOARDS)}")
        import importlib

        module, name = BOARDS[game_slug]
        base: type[BoardWidget] = getattr(importlib.import_module(module), name)
        script = (HERE / "lesson.js").read_text(encoding="utf-8")
        style = (HERE / "lesson.css").read_text(encoding="utf-8")
        cls = type(name.replace("Board", "Lesson"), (LessonMixin, base), {
            "__module__": __name__,
            "lesson": traitlets.Dict().tag(sync=True),
            "controller_class": lesson_controller_class(game_slug),
            "__doc__": f"{base.__doc__.splitlines()[0] if base.__doc__ else name} With a lesson panel.",
            "_esm": str(base._esm) + "\n" + script,
            "_css": str(getattr(base, "_css", "")) + "\n" + style,
        })
        _CLASSES[game_slug] = cls
    return _CLASSES[game_slug]


def lesson_board(lesson: Lesson, **kwargs: Any) -> BoardWidget:
    """A live board that runs ``lesson`` (a tutorial or an exercise) for its game."""
    return lesson_class(lesson.game)(lesson, **kwargs)


def show_solution(lesson: Lesson) -> Any:
    """``solution_markdown`` for a notebook cell's output."""
    from IPython.display import Markdown

    return Markdown(solution_markdown(lesson))
