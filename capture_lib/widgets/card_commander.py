"""The Card Commander board widget."""

from __future__ import annotations

from capture_lib.boards.card_commander import CardCommanderController

from .base import BoardWidget, module_source, style_source


class CardCommanderBoard(BoardWidget):
    """A live Card Commander table: play against the computer, hand over a shared screen, or step
    through a worked example.

    ``CardCommanderBoard(state)`` opens on any position; ``seat`` is the player at this screen.
    """

    game_slug = "card-commander"
    controller_class = CardCommanderController
    _esm = module_source("card_commander")
    _css = style_source("card_commander")
