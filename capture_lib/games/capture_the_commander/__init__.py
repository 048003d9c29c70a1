"""Capture the Commander: face-down triangular layouts; attack with uncovered cards, capture Commanders.

``GAME`` is the game object that ``capture_lib.load_game("capture-the-commander")`` returns.
"""

from .game import CaptureTheCommanderGame
from .state import CaptureTheCommanderState

GAME = CaptureTheCommanderGame()

__all__ = ["GAME", "CaptureTheCommanderGame", "CaptureTheCommanderState"]
