"""Card Commander: three lanes, three rounds, and a Commander whose bonus favours some suits.

The game's one folder: its rules (``rules``), computer players (``players``), what its board draws
(``scene``, for every renderer), lessons and rules index. ``DESCRIPTION`` is what every shared layer
reads of it.
"""

from capture_lib.core.description import Description
from capture_lib.games.card_commander.rules import GAME

DESCRIPTION = Description("capture_lib.games.card_commander", GAME, summary_picture_mm=90)

__all__ = ["DESCRIPTION", "GAME"]
