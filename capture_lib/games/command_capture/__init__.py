"""Command Capture: an 8x8 board, Rome, Egypt or the Vikings, and units that each have two states.

The game's one folder: its rules (``rules``), computer players (``players``), what its board draws
(``scene``), its Timed Mode clock (``session``), course, lessons and rules index. ``DESCRIPTION`` is what
every shared layer reads of it.
"""

from capture_lib.core.description import Description, Parts
from capture_lib.games.command_capture.rules import GAME

DESCRIPTION = Description("capture_lib.games.command_capture", GAME, Parts(
    scene="scene", players="players", tuning="players.search", course="course", lessons="lessons",
    rules_index="rules_index", session="session", handout="handout", experiments="experiments", golden="golden",
), example_everything=True)

__all__ = ["DESCRIPTION", "GAME"]
