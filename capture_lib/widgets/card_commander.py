"""The Card Commander board widget."""

from __future__ import annotations

from typing import Any

from capture_lib.core.protocol import State
from capture_lib.games.card_commander.render import to_svg

from .base import BoardWidget, module_source, style_source


class CardCommanderBoard(BoardWidget):
    """A live Card Commander table: play against the computer, hand over a shared screen, or step
    through a worked example.

    ``CardCommanderBoard(state)`` opens on any position; ``seat`` is the player at this screen.
    """

    game_slug = "card-commander"
    _esm = module_source("card_commander")
    _css = style_source("card_commander")

    def public_view(self, state: State) -> dict[str, Any]:
        """The table as anyone may see it: no hand is shown."""
        return state.view(None)

    def teaching_view(self, state: State) -> dict[str, Any]:
        """Every card face up."""
        return state.view(None, everything=True)

    def picture(self, view: dict[str, Any]) -> str:
        """The SVG drawn by the engine, shown until the page's script takes over."""
        return to_svg(view)
