"""The Card Commander board controller."""

from __future__ import annotations

from .base import BoardController


class CardCommanderController(BoardController):
    """A Card Commander table: play against the computer, hand over a shared screen, or step through a
    worked example. ``CardCommanderController(state)`` opens on any position; ``seat`` is the player here."""

    game_slug = "card-commander"
