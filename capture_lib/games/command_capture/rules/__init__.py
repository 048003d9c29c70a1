"""Command Capture's rules: the state, the actions and their notation, the rulings and options.

``GAME`` is the game object that ``capture_lib.load_game("command-capture")`` returns. Nothing here imports the
game's players, board or lessons.
"""

from capture_lib.games.command_capture.rules.game import CommandCaptureGame
from capture_lib.games.command_capture.rules.state import CommandCaptureState

GAME = CommandCaptureGame()

__all__ = ["GAME", "CommandCaptureGame", "CommandCaptureState"]
