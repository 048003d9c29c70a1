"""Trap Race's rules (``GAME``): the state, the actions and their notation, its ruling and option."""

from tests.toy_game.rules.game import TrapRaceGame

GAME = TrapRaceGame()

__all__ = ["GAME"]
