"""Capture the Commander's ``counter`` ceiling player: fair, but built against one opponent.

It sees only what its seat may see, but knows exactly how the rule-based player chooses. Every card
lies face down for everyone, so what the rule-based player will do is a function of public facts: for
each legal action it plays the hand out thousands of times on sampled deals (fast, on plain lists:
``rollout``), the other side choosing as the rule-based player does, and keeps the action that won
most, comparing the actions on the same deals. It shows how much a fair player could win from that
opponent by knowing it; it is no stronger in general (against random play it does worse than ``hard``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from capture_lib.core.protocol import State
from capture_lib.games.capture_the_commander.players.rollout import rollout
from capture_lib.games.capture_the_commander.players.search import TUNING
from capture_lib.search.mcts import UNTIMED, search

#: The counter player's playouts a move (a version with both sides modelled alike won the same with 12,000).
COUNTER_PLAYOUTS = 3000


def counter_player(state: State, seat: int, timed: bool = True) -> Any:
    """The fair player built against Capture the Commander's rule-based player (see the module's docstring).

    ``timed=False`` lifts the time limit, as for the simulator's levels.
    """
    if state.game.slug != "capture-the-commander":
        raise ValueError(f"the counter player is built for capture-the-commander only, not {state.game.slug}")
    tuning = replace(TUNING, rollout=rollout, tree=False)
    seconds = tuning.budgets["hard"][1] * 3 if timed else UNTIMED
    return search(state, seat, iterations=COUNTER_PLAYOUTS, seconds=seconds, tuning=tuning)
