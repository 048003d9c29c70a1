"""Ceiling players that cheat on purpose, to show how much of a game is luck. Never offered to players.

``oracle`` runs the same search as ``hard``, but its determinizations are drawn knowing more than
its seat may see:

- Card Commander: it knows which cards the opponent holds (every card dealt), but not which three of
  them lie face down in the lanes this round, nor a secret tie decision: those are drawn again. So
  it is a perfect card counter with perfect reads of the hand, short only of seeing a move that is
  simultaneous in effect. What it cannot win against a given opponent, no fair player can expect to;
- any other game: it searches the true state (every face-down card known).
"""

from __future__ import annotations

import random
from typing import Any

from capture_lib.core.protocol import State

from .mcts import UNTIMED, search
from .tuning import tuning_for


def _card_commander_world(state: Any, seat: int) -> Any:
    from capture_lib.games.card_commander.actions import Extra, Pass
    from capture_lib.games.card_commander.state import sort_key

    other = 1 - seat
    observation = state.observation(seat)
    hidden_placed = state.placed[other] is not None and state.placed[seat] is None
    held = tuple(state.hands[other]) + (tuple(state.placed[other]) if hidden_placed else ())

    def world(rng: random.Random) -> Any:
        sample = state.game.sample_state(observation, seat, rng)
        unseen = set(sample.deck) | set(sample.hands[other]) | (set(sample.placed[other]) if hidden_placed else set())
        cards = list(held)
        rng.shuffle(cards)
        placed = list(sample.placed)
        if hidden_placed:
            placed[other] = tuple(cards[:3])
            cards = cards[3:]
        hands = list(sample.hands)
        hands[other] = tuple(sorted(cards, key=sort_key))
        sample.hands, sample.placed = (hands[0], hands[1]), (placed[0], placed[1])
        sample.deck = tuple(sorted(unseen - set(held), key=sort_key))
        if isinstance(sample.decisions[other], Extra):
            # The opponent's secret choice stays unknown: keep its kind, take the card from its true hand.
            decisions = list(sample.decisions)
            decisions[other] = Extra(rng.choice(hands[other])) if hands[other] else Pass()
            sample.decisions = (decisions[0], decisions[1])
        return sample

    return world


def oracle_player(state: State, seat: int, timed: bool = True) -> Any:
    """The ``hard`` search with the knowledge described in the module's docstring (a ceiling, not fair play).

    ``timed=False`` lifts the time limit, as for the simulator's levels (``mcts.mcts_player``).
    """
    tuning = tuning_for(state.game.slug)
    iterations, seconds = tuning.budgets["hard"]
    seconds = seconds if timed else UNTIMED
    if state.game.slug == "card-commander" and state.phase != "commander":
        world = _card_commander_world(state, seat)
    else:
        def world(_rng: random.Random) -> State:
            return state
    return search(state, seat, iterations=iterations, seconds=seconds, tuning=tuning, determinize=world)
