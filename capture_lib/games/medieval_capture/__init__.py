"""Capture: A Medieval Wargame: rock trails, rivers, lakes, a Cathedral, hidden Knights and three Crowns.

The game's one folder: its rules (``rules``), computer players (``players``), what its board draws
(``scene``, with ``board.css``), lessons and rules index. ``DESCRIPTION`` is what every
shared layer reads of it.
"""

from capture_lib.core.description import Description
from capture_lib.games.medieval_capture.rules import GAME

DESCRIPTION = Description("capture_lib.games.medieval_capture", GAME, example_seat=0, summary_picture_mm=100)

__all__ = ["DESCRIPTION", "GAME"]
