"""Capture the Commander: face-down triangular layouts; attack with uncovered cards, capture Commanders.

The game's one folder: its rules (``rules``), computer players (``players``), what its boards and
pictures draw (``scene``), lessons and rules index. ``DESCRIPTION`` is what every shared layer reads of it.
"""

from capture_lib.core.description import Description, Parts
from capture_lib.games.capture_the_commander.rules import GAME

DESCRIPTION = Description("capture_lib.games.capture_the_commander", GAME, Parts(
    scene="scene", players="players", tuning="players.search", course="course", lessons="lessons",
    rules_index="rules_index", session=None, handout="handout", experiments="experiments", golden="golden",
))

__all__ = ["DESCRIPTION", "GAME"]
