"""The Capture the Commander board widget (2 to 4 players)."""

from __future__ import annotations

from capture_lib.boards.capture_the_commander import CaptureTheCommanderController

from .base import BoardWidget, module_source, style_source


class CaptureTheCommanderBoard(BoardWidget):
    """A live Capture the Commander table: every layout, coverage on each card, click to attack.

    ``CaptureTheCommanderBoard(players=3)`` starts a new game for three; ``CaptureTheCommanderBoard(state)``
    opens on any position. ``seat`` is the player at this screen; in ``computer`` mode every other
    seat is played by the simple computer player.
    """

    game_slug = "capture-the-commander"
    controller_class = CaptureTheCommanderController
    _esm = module_source("capture_the_commander")
    _css = style_source("capture_the_commander")
