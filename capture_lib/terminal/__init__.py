"""The terminal game: each game's board drawn for a terminal, and the loop that plays it.

A layer above the games: it reads only observations, the notation of legal actions and each game's
public data (Medieval Capture's board), and no game imports it. ``view_for(slug)`` gives a game's
``TerminalView`` (``capture_lib/terminal/<game>.py``); ``play.play_in_terminal`` runs a game.
"""

from __future__ import annotations

import importlib

from capture_lib.terminal.base import TerminalView


def view_for(slug: str) -> TerminalView:
    """The terminal view of the game ``slug`` (``ValueError`` for a game without one)."""
    try:
        module = importlib.import_module(f"capture_lib.terminal.{slug.replace('-', '_')}")
    except ModuleNotFoundError:
        raise ValueError(f"no terminal view for the game {slug!r}") from None
    return module.VIEW
