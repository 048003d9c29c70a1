"""The terminal game: each game's board drawn for a terminal, and the loop that plays it.

A layer above the games: it reads only observations, the notation of legal actions and each game's
public data (Medieval Capture's board), and no game imports it. ``view_for(slug)`` gives a game's
``TerminalView`` (its description's ``terminal`` part); ``play.play_in_terminal`` runs a game.
"""

from __future__ import annotations

from capture_lib.render.text import TerminalView


def view_for(slug: str) -> TerminalView:
    """The terminal view of the game ``slug`` (``ValueError`` for a game without one)."""
    from capture_lib.games import describe

    try:
        module = describe(slug).part("terminal")
    except LookupError as err:
        raise ValueError(str(err)) from None
    if module is None:
        raise ValueError(f"no terminal view for the game {slug!r}")
    return module.VIEW
