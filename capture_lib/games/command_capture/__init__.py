"""Command Capture: an 8x8 board, Rome, Egypt or the Vikings, and units that each have two states.

``GAME`` is the game object that ``capture_lib.load_game("command-capture")`` returns.
"""

from .game import CommandCaptureGame
from .state import CommandCaptureState

GAME = CommandCaptureGame()

__all__ = ["GAME", "CommandCaptureGame", "CommandCaptureState"]
