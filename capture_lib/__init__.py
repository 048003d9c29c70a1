"""capture_lib: rules engines for four tabletop capture games, and the layers built on them.

The public face is small: ``load_game(slug)`` gives a game, ``game.new_game(seed=...)`` a state;
see the book's introduction for the whole protocol.
"""

from .core.chance import CHANCE
from .core.errors import GameNotAvailable, IllegalAction
from .core.registry import list_games, load_game

__all__ = ["CHANCE", "GameNotAvailable", "IllegalAction", "list_games", "load_game"]
__version__ = "0.1.0"
