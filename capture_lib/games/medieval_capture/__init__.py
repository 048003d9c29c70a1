"""Capture: A Medieval Wargame: rock trails, rivers, lakes, a Cathedral, hidden Knights and three Crowns.

``GAME`` is the game object that ``capture_lib.load_game("medieval-capture")`` returns.
"""

from .board import BOARD, Board, load_board
from .game import MedievalCaptureGame
from .state import MedievalCaptureState

GAME = MedievalCaptureGame()

__all__ = ["BOARD", "GAME", "Board", "MedievalCaptureGame", "MedievalCaptureState", "load_board"]
