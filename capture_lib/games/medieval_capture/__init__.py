"""Capture: A Medieval Wargame: rock trails, rivers, lakes, a Cathedral, hidden Knights and three Crowns.

The game's one folder: its rules (``rules``), computer players (``players``), what its board draws
(``scene``, with ``board.css``), lessons and rules index. ``DESCRIPTION`` is what every
shared layer reads of it.
"""

from capture_lib.core.description import Description, Parts
from capture_lib.games.medieval_capture.rules import GAME

DESCRIPTION = Description("capture_lib.games.medieval_capture", GAME, Parts(
    scene="scene", players="players", tuning="players.search", course="course", lessons="lessons",
    rules_index="rules_index", session=None, handout="handout", experiments="experiments", golden="golden",
), example_seat=0)

__all__ = ["DESCRIPTION", "GAME"]
