"""Card Commander: three lanes, three rounds, and a Commander whose bonus favours some suits.

The game's one folder: its rules (``rules``), computer players (``players``), what its board draws
(``scene``, for every renderer), lessons and rules index. ``DESCRIPTION`` is what every shared layer
reads of it.
"""

from capture_lib.core.description import Description, Parts
from capture_lib.games.card_commander.rules import GAME

DESCRIPTION = Description("capture_lib.games.card_commander", GAME, Parts(
    scene="scene", players="players", tuning="players.search", course="course", lessons="lessons",
    rules_index="rules_index", session=None, handout="handout", experiments="experiments", golden="golden",
))

__all__ = ["DESCRIPTION", "GAME"]
