"""Capture the Commander: face-down triangular layouts; attack with uncovered cards, capture Commanders.

The game's one folder: its rules (``rules``), computer players (``players``), what its boards and
pictures draw (``scene``), lessons and rules index. ``DESCRIPTION`` is what every shared layer reads of it.
"""

from capture_lib.core.description import Description
from capture_lib.games.capture_the_commander.rules import GAME

DESCRIPTION = Description("capture_lib.games.capture_the_commander", GAME, summary_picture_mm=62)

__all__ = ["DESCRIPTION", "GAME"]
