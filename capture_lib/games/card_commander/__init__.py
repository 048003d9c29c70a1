"""Card Commander: three lanes, three rounds, and a Commander whose bonus favours some suits.

``GAME`` is the game object that ``capture_lib.load_game("card-commander")`` returns.
"""

from .game import CardCommanderGame
from .state import BONUSES, CardCommanderState, card_value

GAME = CardCommanderGame()

__all__ = ["BONUSES", "GAME", "CardCommanderGame", "CardCommanderState", "card_value"]
