"""Tutorials and exercises for every game, as data built with the engine.

Each game's module (``capture_lib.lessons.<game>``) defines ``tutorial()``, a guided lesson of a few
steps, and ``exercises()``, the checked questions at the end of its chapter. Both return
``capture_lib.lessons.types.Lesson`` values whose every answer has been played through the engine.
"""

from __future__ import annotations

import importlib
from typing import Any

#: The games that have lessons, by slug.
MODULES = {
    "card-commander": "capture_lib.lessons.card_commander",
    "capture-the-commander": "capture_lib.lessons.capture_the_commander",
    "command-capture": "capture_lib.lessons.command_capture",
    "medieval-capture": "capture_lib.lessons.medieval_capture",
}


def _module(slug: str) -> Any:
    if slug not in MODULES:
        raise ValueError(f"no lessons for {slug!r}; games with lessons: {', '.join(MODULES)}")
    return importlib.import_module(MODULES[slug])


def tutorial(slug: str) -> Any:
    """The guided tutorial of game ``slug`` (a ``Lesson``)."""
    return _module(slug).tutorial()


def exercises(slug: str) -> list[Any]:
    """The exercises of game ``slug``'s chapter (``Lesson`` values, one question each)."""
    return list(_module(slug).exercises())
