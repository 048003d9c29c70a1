"""One board session for every game and every host (no Jupyter import).

``BoardController`` (``board.py``) holds a board's game, seat, mode, curtain, computer opponent, undo,
saves and the values its page reads, for any game (its description says where the game differs);
``lesson.py`` adds the exercises, ``learn.py`` the courses. Hosts: the anywidget board (``capture_lib.hosts.widget``)
wraps a session; the book's in-browser engine rebuilds one from its recipe (``from_recipe``) and drives
it with ``values()`` and ``handle(message)``; the terminal plays through one too.
"""

from __future__ import annotations

from capture_lib.session.board import BoardController
from capture_lib.session.recipes import from_recipe

__all__ = ["BoardController", "from_recipe"]
