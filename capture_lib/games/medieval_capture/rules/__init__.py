"""Capture: A Medieval Wargame's rules: the state, the actions and their notation, the rulings and options.

``GAME`` is the game object that ``capture_lib.load_game("medieval-capture")`` returns. Nothing here imports the
game's players, board or lessons.
"""

from capture_lib.games.medieval_capture.rules.board import BOARD, Board, load_board
from capture_lib.games.medieval_capture.rules.game import MedievalCaptureGame
from capture_lib.games.medieval_capture.rules.state import MedievalCaptureState

GAME = MedievalCaptureGame()

__all__ = ["BOARD", "GAME", "Board", "MedievalCaptureGame", "MedievalCaptureState", "load_board"]
