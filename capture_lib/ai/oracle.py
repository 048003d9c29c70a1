"""Ceiling players, to show how much of a game is luck and how far play can go. Never offered to players.

``oracle`` runs the same search as ``hard``, but its determinizations are drawn knowing more than
its seat may see:

- Card Commander: it knows which cards the opponent holds (every card dealt), but not which three of
  them lie face down in the lanes this round, nor a secret tie decision: those are drawn again. So
  it is a perfect card counter with perfect reads of the hand, short only of seeing a move that is
  simultaneous in effect. What it cannot win against a given opponent, no fair player can expect to;
- any other game: it searches the true state (every face-down card known).

``counter`` plays fair (it sees only what its seat may see) but is built against one opponent: it
knows exactly how the rule-based player chooses. Only for Capture the Commander, where every card
lies face down for everyone, so what the rule-based player will do is a function of public facts:
for each legal action it plays the hand out thousands of times on sampled deals (fast, on plain
lists: ``capture_the_commander.rollout``), the other side choosing as the rule-based player does,
and keeps the action that won most, comparing the actions on the same deals. It shows how much a
fair player could win from that opponent by knowing it; it is no stronger in general (against
random play it does worse than ``hard``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from capture_lib.core.protocol import State

from .mcts import UNTIMED, search
from .tuning import tuning_for

#: The counter player's playouts a move (a version with both sides modelled alike won the same with 12,000).
COUNTER_PLAYOUTS = 3000


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


def counter_player(state: State, seat: int, timed: bool = True) -> Any:
    """The fair player built against Capture the Commander's rule-based player (see the module's docstring).

    ``timed=False`` lifts the time limit, as for the simulator's levels.
    """
    if state.game.slug != "capture-the-commander":
        raise ValueError(f"the counter player is built for capture-the-commander only, not {state.game.slug}")
    from .capture_the_commander.rollout import rollout
    from .capture_the_commander.search import TUNING

    tuning = replace(TUNING, rollout=rollout, tree=False)
    seconds = tuning.budgets["hard"][1] * 3 if timed else UNTIMED
    return search(state, seat, iterations=COUNTER_PLAYOUTS, seconds=seconds, tuning=tuning)
