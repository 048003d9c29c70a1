"""Command Capture: an 8x8 board, Rome, Egypt or the Vikings, and units that each have two states.

The game's one folder: its rules (``rules``), computer players (``players``), what its board draws
(``scene``), its Timed Mode clock (``session``), course, lessons and rules index. ``DESCRIPTION`` is what
every shared layer reads of it.
"""

from capture_lib.core.description import Description
from capture_lib.games.command_capture.rules import GAME

DESCRIPTION = Description("capture_lib.games.command_capture", GAME, example_everything=True, summary_picture_mm=86)

__all__ = ["DESCRIPTION", "GAME"]
