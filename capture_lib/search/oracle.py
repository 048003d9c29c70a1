"""Ceiling players, to show how much of a game is luck and how far play can go. Never offered to players.

``oracle`` runs the same search as ``hard``, but its determinizations are drawn knowing more than
its seat may see: a game's players may say what it knows (``ORACLE_WORLD`` in the game's ``players``
package: Card Commander's oracle knows the opponent's hand but not the cards placed face down this
round); in any other game it searches the true state (every face-down card known). What it cannot win
against a given opponent, no fair player can expect to.

Capture the Commander's ``counter`` player, fair but built against one opponent, is that game's own
(``capture_lib.games.capture_the_commander.players.counter``).
"""

from __future__ import annotations

import random
from typing import Any

from capture_lib.core.protocol import State
from capture_lib.search.mcts import UNTIMED, search
from capture_lib.search.simple import game_package
from capture_lib.search.tuning import tuning_for


def oracle_player(state: State, seat: int, timed: bool = True) -> Any:
    """The ``hard`` search with the knowledge described in the module's docstring (a ceiling, not fair play).

    ``timed=False`` lifts the time limit, as for the simulator's levels (``mcts.mcts_player``).
    """
    tuning = tuning_for(state.game.slug)
    iterations, seconds = tuning.budgets["hard"]
    seconds = seconds if timed else UNTIMED
    package = game_package(state.game.slug)
    knows = package.ORACLE_WORLD if package is not None else None
    world = knows(state, seat) if knows is not None else None
    if world is None:
        def world(_rng: random.Random) -> State:
            return state
    return search(state, seat, iterations=iterations, seconds=seconds, tuning=tuning, determinize=world)


