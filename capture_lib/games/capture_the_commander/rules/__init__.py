"""Capture the Commander's rules: the state, the actions and their notation, the rulings and options.

``GAME`` is the game object that ``capture_lib.load_game("capture-the-commander")`` returns. Nothing here imports the
game's players, board or lessons.
"""

from capture_lib.games.capture_the_commander.rules.game import CaptureTheCommanderGame
from capture_lib.games.capture_the_commander.rules.state import CaptureTheCommanderState

GAME = CaptureTheCommanderGame()

__all__ = ["GAME", "CaptureTheCommanderGame", "CaptureTheCommanderState"]
