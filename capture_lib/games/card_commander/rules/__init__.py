"""Card Commander's rules: the state, the actions and their notation, the rulings and options.

``GAME`` is the game object that ``capture_lib.load_game("card-commander")`` returns. Nothing here imports the
game's players, board or lessons.
"""

from capture_lib.games.card_commander.rules.game import CardCommanderGame
from capture_lib.games.card_commander.rules.state import BONUSES, CardCommanderState, card_value

GAME = CardCommanderGame()

__all__ = ["BONUSES", "GAME", "CardCommanderGame", "CardCommanderState", "card_value"]
