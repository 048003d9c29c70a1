"""capture_lib: rules engines for four tabletop capture games, and the layers built on them.

The public face is small: ``load_game(slug)`` gives a game, ``game.new_game(seed=...)`` a state;
see the book's introduction for the whole protocol.
"""

from capture_lib.core.chance import CHANCE
from capture_lib.core.errors import GameNotAvailable, IllegalAction
from capture_lib.games import describe, list_games, load_game, read_saved

__all__ = ["CHANCE", "GameNotAvailable", "IllegalAction", "describe", "list_games", "load_game", "read_saved"]
__version__ = "0.1.0"
