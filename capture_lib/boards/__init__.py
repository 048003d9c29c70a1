"""The boards layer: every live board's logic in plain Python, for every host (no Jupyter import).

``BoardController`` (``base.py``) holds a board's game, seat, mode, curtain, computer opponent,
undo, saves and the values its page reads; each game has its controller (``CONTROLLERS``), and
``lesson.py`` adds tutorials and exercises. Hosts: the anywidget boards (``capture_lib.widgets``) wrap
a controller; the book's in-browser engine rebuilds one from its recipe (``from_recipe``) and drives
it with ``values()`` and ``handle(message)``. Layers: boards sit above ``games``, ``ai`` and
``lessons``, below ``widgets``.
"""

from __future__ import annotations

from .base import BoardController
from .recipes import from_recipe

#: Every game's controller class, by slug (module, class name); imported only when asked for.
CONTROLLERS = {
    "card-commander": ("capture_lib.boards.card_commander", "CardCommanderController"),
    "capture-the-commander": ("capture_lib.boards.capture_the_commander", "CaptureTheCommanderController"),
    "command-capture": ("capture_lib.boards.command_capture", "CommandCaptureController"),
    "medieval-capture": ("capture_lib.boards.medieval_capture", "MedievalCaptureController"),
}

__all__ = ["CONTROLLERS", "BoardController", "controller_class", "from_recipe"]


def controller_class(game_slug: str) -> type[BoardController]:
    """The controller class of game ``game_slug``; ``ValueError`` naming the games for another."""
    import importlib

    if game_slug not in CONTROLLERS:
        raise ValueError(f"no board for {game_slug!r}; games: {', '.join(CONTROLLERS)}")
    module, name = CONTROLLERS[game_slug]
    return getattr(importlib.import_module(module), name)
